// What every state machine needs from the running sandbox.
import type { SandboxClock } from '../clock'
import type { Emit } from '../events'
import type { Rng } from '../rng'
import type { Scheduler } from '../scheduler'

export interface StateContext {
  clock: SandboxClock
  scheduler: Scheduler
  emit: Emit
  /** Seeded: virtual account numbers. */
  rng: Rng
  /** Time from acceptance to the final status of debits, refunds and transfers. */
  settleDelayMs: number
  /** Marks state dirty so --data persists it. */
  changed: () => void
  /** The sandbox's own base URL (for the hosted checkout page). */
  baseUrl: () => string
}

/** A part of the state that survives a restart with --data. */
export interface Persistable {
  snapshot(): unknown
  restore(data: unknown): void
}
