// A state context with a hand-driven clock and captured events, for state-machine tests.
import { SandboxClock } from '../../../sandbox/clock'
import type { Emit } from '../../../sandbox/events'
import { seededRng } from '../../../sandbox/rng'
import { Scheduler } from '../../../sandbox/scheduler'
import type { StateContext } from '../../../sandbox/state/context'
import { SandboxState } from '../../../sandbox/state'
import type { Minor } from '../../../common/money'

export interface Harness {
  ctx: StateContext
  state: SandboxState
  clock: SandboxClock
  events: { type: string; data: unknown; status?: string | undefined }[]
  changes: () => number
  /** Moves business time forward, running whatever became due. */
  advanceMs(ms: number): void
  stop(): void
}

export function harness(
  options: { start?: string; settleDelayMs?: number; balance?: number } = {},
): Harness {
  const wall = Date.parse(options.start ?? '2026-03-15T10:00:00.000Z')
  const clock = new SandboxClock(() => wall)
  const scheduler = new Scheduler(clock, (error) => {
    throw error
  })
  const events: Harness['events'] = []
  const emit: Emit = (type, data, opts) => {
    events.push({ type, data, status: opts?.status })
  }
  let changes = 0
  const ctx: StateContext = {
    clock,
    scheduler,
    emit,
    rng: seededRng(7),
    settleDelayMs: options.settleDelayMs ?? 1000,
    changed: () => {
      changes += 1
    },
    baseUrl: () => 'http://127.0.0.1:1',
  }
  const state = new SandboxState(
    ctx,
    options.balance === undefined ? undefined : (options.balance as Minor),
  )
  return {
    ctx,
    state,
    clock,
    events,
    changes: () => changes,
    advanceMs: (ms) => clock.advance(ms / 1000),
    stop: () => scheduler.stop(),
  }
}

export const m = (n: number): Minor => n as Minor
