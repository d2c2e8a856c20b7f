// Session tokens for the Authorization header (docs/gateway-assumptions.md: issued at
// POST /sandbox/session-tokens, bound to the issuing key, expiring on the sandbox clock).
import { randomBytes } from 'node:crypto'
import type { SandboxClock } from '../clock'
import type { TokenChecker } from '../auth'
import type { Persistable } from './context'

interface Session {
  token: string
  key_id: string
  expires_at_ms: number
}

export class Sessions implements Persistable, TokenChecker {
  private readonly sessions = new Map<string, Session>()

  constructor(
    private readonly clock: SandboxClock,
    private readonly changed: () => void,
  ) {}

  issue(keyId: string, ttlSeconds: number): { token: string; expires_at: string } {
    this.prune()
    const session: Session = {
      token: `st_${randomBytes(24).toString('hex')}`,
      key_id: keyId,
      expires_at_ms: this.clock.nowMs() + ttlSeconds * 1000,
    }
    this.sessions.set(session.token, session)
    this.changed()
    return { token: session.token, expires_at: this.clock.iso(session.expires_at_ms) }
  }

  valid(token: string, keyId: string): boolean {
    const session = this.sessions.get(token)
    return !!session && session.key_id === keyId && session.expires_at_ms > this.clock.nowMs()
  }

  private prune(): void {
    const now = this.clock.nowMs()
    for (const [token, s] of this.sessions) if (s.expires_at_ms <= now) this.sessions.delete(token)
  }

  snapshot(): unknown {
    return [...this.sessions.values()]
  }

  restore(data: unknown): void {
    this.sessions.clear()
    for (const s of (data as Session[] | undefined) ?? []) this.sessions.set(s.token, { ...s })
  }
}
