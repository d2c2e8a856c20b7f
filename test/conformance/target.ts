// Which gateway the suite judges. Under vitest it starts the Tilldesk sandbox in-process on
// port 0; `npm run conformance -- --base-url … --key-id … --secret …` (cli.ts) points it at an
// external gateway sandbox through CONFORMANCE_* environment variables instead.
import { randomBytes } from 'node:crypto'
import type { TestContext } from 'vitest'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox'
import { SignedClient, type Credentials } from './client'

export const ENV = {
  baseUrl: 'CONFORMANCE_BASE_URL',
  keyId: 'CONFORMANCE_KEY_ID',
  secret: 'CONFORMANCE_SECRET',
} as const

export interface Target {
  client: SignedClient
  /** True when judging an external gateway (no in-process sandbox). */
  external: boolean
  /** The /sandbox/* controls answer to our key (clock, faults, simulated customers). */
  controls: boolean
  /** The in-process sandbox, when there is one. */
  local: RunningSandbox | null
  /** A key holding only the `banks` capability (in-process only). */
  limitedKey: Credentials | null
  /** A revoked key (in-process only). */
  revokedKey: Credentials | null
  /** A fresh merchant reference, unique across runs (external gateways keep state). */
  ref(prefix?: string): string
  /** The server's business date (the sandbox clock's), YYYY-MM-DD (UTC). */
  today(): string
  /** Moves the sandbox clock forward (needs controls) and keeps today() in step. */
  advance(seconds: number): Promise<void>
  close(): Promise<void>
}

const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase()
let counter = 0
const ref = (prefix = 'CF') => `${prefix}_${RUN}_${(counter++).toString(36)}`

export const CONTROLS_REASON =
  'needs the sandbox controls (/sandbox/*), which this gateway does not offer to this key'
export const LOCAL_REASON = 'needs the in-process sandbox (extra keys or start options)'

/** Skips the running test with a reason unless `condition` holds. */
export function requires(ctx: TestContext, condition: boolean, reason: string): void {
  if (!condition) ctx.skip(reason)
}

export async function openTarget(sandboxOptions: SandboxOptions = {}): Promise<Target> {
  const baseUrl = process.env[ENV.baseUrl]
  if (baseUrl) {
    const client = new SignedClient(baseUrl.replace(/\/+$/, ''), {
      keyId: process.env[ENV.keyId] ?? '',
      secret: process.env[ENV.secret] ?? '',
    })
    await client.syncClock()
    const probe = await client.get('/sandbox/faults')
    const controls = probe.status === 200
    // Records are dated by the sandbox clock, which other runs may have moved forward.
    let businessSkewMs = 0
    const advance = async (seconds: number) => {
      const res = await client.post<{ data?: { now?: string } }>('/sandbox/clock/advance', {
        seconds,
      })
      if (res.status !== 200)
        throw new Error(`clock advance answered HTTP ${res.status}: ${res.text}`)
      const now = Date.parse(res.body.data?.now ?? '')
      if (Number.isFinite(now)) businessSkewMs = now - Date.now()
    }
    if (controls) await advance(0)
    return {
      client,
      external: true,
      controls,
      local: null,
      limitedKey: null,
      revokedKey: null,
      ref,
      today: () => new Date(Date.now() + businessSkewMs).toISOString().slice(0, 10),
      advance,
      close: async () => {},
    }
  }

  const main = { keyId: `cf_main_${RUN}`, secret: randomBytes(32).toString('hex') }
  const limited = { keyId: `cf_limited_${RUN}`, secret: randomBytes(32).toString('hex') }
  const revoked = { keyId: `cf_revoked_${RUN}`, secret: randomBytes(32).toString('hex') }
  const local = await startSandbox({
    settleDelayMs: 40,
    webhookBaseDelayMs: 20,
    faultHoldMs: 5_000,
    ...sandboxOptions,
    keys: [
      { key_id: main.keyId, secret: main.secret, capabilities: ['*'] },
      { key_id: limited.keyId, secret: limited.secret, capabilities: ['banks'] },
      { key_id: revoked.keyId, secret: revoked.secret, capabilities: ['*'], revoked: true },
    ],
  })
  const client = new SignedClient(local.url, main)
  return {
    client,
    external: false,
    controls: true,
    local,
    limitedKey: limited,
    revokedKey: revoked,
    ref,
    today: () => local.clock.now().toISOString().slice(0, 10),
    advance: async (seconds) => {
      const res = await client.post('/sandbox/clock/advance', { seconds })
      if (res.status !== 200)
        throw new Error(`clock advance answered HTTP ${res.status}: ${res.text}`)
    },
    close: () => local.close(),
  }
}

/** ISO date `days` after `date`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
