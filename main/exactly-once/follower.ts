// Follows gateway records (payments, refunds, debits, payouts) until final, asking on a schedule
// that slows as the record ages: quick while a customer is likely at the till, sparse later,
// and ending at a deadline so a forgotten checkout doesn't poll forever. One follow per key; a
// manual check never doubles the schedule.

/**
 * `afterMs`: check again then rather than on the schedule (a hold). `backOffMs`: this turn
 * failed, or a lost answer is still unknown: again not before `backOffMs` (its request may still
 * land), else after the schedule's back-off; on a schedule without one, as usual. `continue`
 * starts the back-off again from its base.
 */
export type CheckResult = 'final' | 'continue' | { afterMs: number } | { backOffMs: number }

export interface FollowSchedule {
  /** Until `untilMs` after following began, check every `everyMs`; the last step ends it. */
  readonly steps: ReadonlyArray<{ readonly untilMs: number; readonly everyMs: number }>
  /**
   * Per turn backed off in a row, from `baseMs` doubling to `maxMs`, jittered so a batch lost
   * together is not in lockstep.
   */
  readonly backOff?: { readonly baseMs: number; readonly maxMs: number }
}

export interface Timers {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: Timers = {
  now: () => Date.now(),
  // Following must never keep a Node process (tests, preview shutdown) alive by itself.
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

interface Followed {
  startedAt: number
  /** Set once armed (at once, in follow), and at each re-arm. */
  timer?: unknown
  check: () => Promise<CheckResult>
  onGiveUp: () => void
  /** A check is out now: a timer or "Retry now" meanwhile doesn't ask again. */
  running?: boolean
  /** Turns backed off in a row. */
  misses: number
}

export class Follower {
  readonly #followed = new Map<string, Followed>()

  constructor(
    private readonly schedule: FollowSchedule,
    private readonly timers: Timers = realTimers,
  ) {}

  /**
   * Checks `key` after the first interval (or as `first` asks), then on schedule until `check`
   * says final. A key already followed keeps its age (the cadence doesn't reset), with the new
   * callbacks.
   */
  follow(key: string, check: Followed['check'], onGiveUp: () => void, first?: CheckResult) {
    const existing = this.#followed.get(key)
    if (existing) return void Object.assign(existing, { check, onGiveUp })
    const entry: Followed = { startedAt: this.timers.now(), check, onGiveUp, misses: 0 }
    this.#followed.set(key, entry)
    this.#arm(key, entry, first)
  }

  isFollowing(key: string): boolean {
    return this.#followed.has(key)
  }

  stop(key: string): void {
    const entry = this.#followed.get(key)
    if (entry) this.timers.clearTimeout(entry.timer)
    this.#followed.delete(key)
  }

  stopAll(): void {
    for (const key of [...this.#followed.keys()]) this.stop(key)
  }

  /**
   * Checks every key followed now rather than at its time ("Retry now"), its back-off from the
   * base again; a key being checked at the moment is left to that check, so nothing is asked
   * twice at once.
   */
  checkNow(): void {
    for (const [key, entry] of this.#followed) {
      entry.misses = 0
      if (entry.running) continue
      this.timers.clearTimeout(entry.timer)
      void this.#run(key, entry)
    }
  }

  get size(): number {
    return this.#followed.size
  }

  #arm(key: string, entry: Followed, result: CheckResult = 'continue'): void {
    const age = this.timers.now() - entry.startedAt
    const delay = this.schedule.steps.find((step) => age < step.untilMs)?.everyMs
    if (delay === undefined) {
      this.#followed.delete(key)
      return entry.onGiveUp()
    }
    const wait = this.#wait(entry, result) ?? delay
    entry.timer = this.timers.setTimeout(() => void this.#run(key, entry), wait)
  }

  /** The wait `result` asks for, or undefined for the schedule's. */
  #wait(entry: Followed, result: CheckResult): number | undefined {
    if (typeof result !== 'object') {
      entry.misses = 0
      return undefined
    }
    if ('afterMs' in result) return result.afterMs
    const backOff = this.schedule.backOff
    if (!backOff) return undefined
    if (result.backOffMs > 0) return Math.min(result.backOffMs, backOff.maxMs)
    const ms = Math.min(backOff.maxMs, backOff.baseMs * 2 ** entry.misses++)
    return ms * (0.8 + Math.random() * 0.4)
  }

  async #run(key: string, entry: Followed): Promise<void> {
    if (this.#followed.get(key) !== entry || entry.running) return
    entry.running = true
    let result: CheckResult = 'continue'
    try {
      result = await entry.check()
    } catch {
      // The check records its own notice; an error only means "try again on schedule".
    }
    entry.running = false
    if (this.#followed.get(key) !== entry) return
    if (result === 'final') this.#followed.delete(key)
    else this.#arm(key, entry, result)
  }
}

const SECOND = 1000
const MINUTE = 60 * SECOND

/** A customer at a hosted checkout: quick for 2 minutes, then slower, stop after 30. */
export const CHECKOUT_SCHEDULE: FollowSchedule = {
  steps: [
    { untilMs: 2 * MINUTE, everyMs: 2 * SECOND },
    { untilMs: 10 * MINUTE, everyMs: 5 * SECOND },
    { untilMs: 30 * MINUTE, everyMs: 15 * SECOND },
  ],
}

/** Refunds and debits settle at the banks' pace: check often at first, stop after 2 hours. */
export const SETTLEMENT_SCHEDULE: FollowSchedule = {
  steps: [
    { untilMs: 1 * MINUTE, everyMs: 2 * SECOND },
    { untilMs: 10 * MINUTE, everyMs: 10 * SECOND },
    { untilMs: 120 * MINUTE, everyMs: 60 * SECOND },
  ],
}

/**
 * An entry waiting for a supervisor, or decided: still looked up now and then, so a late answer
 * from the gateway settles it first (or overrules the decision).
 */
export const REVIEW_LOOKUP_SCHEDULE: FollowSchedule = {
  steps: [{ untilMs: Number.POSITIVE_INFINITY, everyMs: 15 * MINUTE }],
}
