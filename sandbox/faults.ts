// Fault injection for chaos tests. A rule fires for a matching gateway request with its rate,
// drawn from a seeded RNG so a run replays exactly. "before" means the request never reached
// the state (nothing happened); "after" means the write committed and then the response was
// lost — the case that makes exactly-once payouts hard.
import type { Socket } from 'node:net'
import type * as z from 'zod'
import { FaultRule, type FaultKind } from '../common/api/sandboxControls'
import { seededRng, type Rng } from './rng'

export type { FaultRule }
export type FaultRuleInput = z.input<typeof FaultRule>

export class FaultInjector {
  private rules: FaultRule[] = []
  private rng: Rng

  constructor(rules: readonly FaultRuleInput[] = [], seed = 1) {
    this.rng = seededRng(seed)
    this.set(rules)
  }

  /** Replaces every rule; a seed restarts the random sequence. */
  set(rules: readonly FaultRuleInput[], seed?: number): FaultRule[] {
    this.rules = rules.map((r) => FaultRule.parse(r))
    if (seed !== undefined) this.rng = seededRng(seed)
    return this.list()
  }

  /** False when no rule is set: the common case costs one check per request. */
  get active(): boolean {
    return this.rules.length > 0
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }))
  }

  /** The fault for this request, if one fires. Each matching rule draws once, in order. */
  pick(method: string, path: string): FaultRule | null {
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue
      if (rule.path_prefix && !path.startsWith(rule.path_prefix)) continue
      if (rule.path_prefixes && !rule.path_prefixes.some((prefix) => path.startsWith(prefix)))
        continue
      if (this.rng.next() < rule.rate) return rule
    }
    return null
  }

  /**
   * The picked fault was served. A rule with `times` counts down here, not when picked: an
   * "after" fault on a request the handler refused (a 4xx) had nothing to lose, so it stays.
   */
  fired(rule: FaultRule): void {
    if (rule.times === undefined) return
    const at = this.rules.indexOf(rule)
    if (at < 0) return
    if (rule.times <= 1) this.rules.splice(at, 1)
    else this.rules[at] = { ...rule, times: rule.times - 1 }
  }
}

const KINDS: readonly string[] = ['500', '502', 'timeout', 'reset', '429']

/**
 * Parses a CLI fault: `KIND:RATE[:WHEN[:PATH_PREFIX[:METHOD]]]`, e.g. `500:0.1:before`,
 * `timeout:0.05:after:/disbursements`, `429:0.2`. A 429's Retry-After is 1 s.
 */
export function parseFaultSpec(spec: string): FaultRule {
  const [kind, rate, when = 'before', pathPrefix, method] = spec.split(':')
  if (!kind || !KINDS.includes(kind))
    throw new Error(`Fault "${spec}": kind must be one of ${KINDS.join(', ')}.`)
  const parsed = FaultRule.safeParse({
    kind: kind as z.infer<typeof FaultKind>,
    rate: rate === undefined || rate === '' ? Number.NaN : Number(rate),
    when,
    ...(pathPrefix ? { path_prefix: pathPrefix } : {}),
    ...(method ? { method: method.toUpperCase() } : {}),
  })
  if (!parsed.success)
    throw new Error(
      `Fault "${spec}": ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} (format KIND:RATE[:before|after[:PATH_PREFIX[:METHOD]]], rate 0..1).`,
    )
  return parsed.data
}

/**
 * Sockets held open by a "timeout" fault. Each is destroyed after `holdMs` (past any sensible
 * client timeout) or when the sandbox closes, so nothing dangles.
 */
export class HeldSockets {
  private readonly held = new Map<Socket, NodeJS.Timeout>()

  constructor(private readonly holdMs: number) {}

  hold(socket: Socket): void {
    const release = () => {
      const timer = this.held.get(socket)
      if (timer) clearTimeout(timer)
      this.held.delete(socket)
    }
    const timer = setTimeout(() => {
      release()
      socket.destroy()
    }, this.holdMs)
    this.held.set(socket, timer)
    socket.once('close', release)
  }

  get size(): number {
    return this.held.size
  }

  releaseAll(): void {
    for (const [socket, timer] of this.held) {
      clearTimeout(timer)
      socket.destroy()
    }
    this.held.clear()
  }
}
