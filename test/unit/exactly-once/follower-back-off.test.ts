// A follower's back-off: a failed turn waits from the base, doubling to the most; a lost request
// that may still land is not looked at before it can have; a turn that went as usual, or "Retry
// now", starts again from the base; a schedule without a back-off keeps its own pace.
import { describe, expect, it } from 'vitest'
import { Follower, type CheckResult, type Timers } from '../../../main/exactly-once/follower'

/** Timers that fire when the test says: `fire()` runs the one timer armed; `armed` its wait. */
function oneTimer(): Timers & { armed: () => number; fire: () => void } {
  let pending: { run: () => void; ms: number } | null = null
  return {
    now: () => 0,
    setTimeout: (run, ms) => (pending = { run, ms }),
    clearTimeout: () => (pending = null),
    armed: () => pending?.ms ?? Number.NaN,
    fire: () => {
      const due = pending
      pending = null
      due?.run()
    },
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** Follows one key whose checks answer `results` in turn, and returns each wait armed. */
async function waits(
  follower: Follower,
  timers: ReturnType<typeof oneTimer>,
  results: CheckResult[],
) {
  const seen: number[] = []
  const answers = [...results]
  follower.follow(
    'K',
    async () => answers.shift() ?? 'final',
    () => undefined,
    { afterMs: 0 },
  )
  while (answers.length > 0) {
    timers.fire()
    await settle()
    seen.push(timers.armed())
  }
  return seen
}

const steps = [{ untilMs: Infinity, everyMs: 5_000 }]
const backOff = { baseMs: 1_000, maxMs: 8_000 }
const within = (ms: number, jittered: number) => jittered >= ms * 0.8 && jittered <= ms * 1.2

describe('Follower back-off', () => {
  it('doubles from the base to the most per failed turn, jittered', async () => {
    const timers = oneTimer()
    const failed: CheckResult = { backOffMs: 0 }
    const seen = await waits(
      new Follower({ steps, backOff }, timers),
      timers,
      Array(5).fill(failed),
    )
    const expected = [1_000, 2_000, 4_000, 8_000, 8_000]
    expect(seen.every((ms, i) => within(expected[i] ?? 0, ms))).toBe(true)
  })

  it('waits for a lost request to land (at most the most) without counting a miss', async () => {
    const timers = oneTimer()
    const seen = await waits(new Follower({ steps, backOff }, timers), timers, [
      { backOffMs: 3_000 },
      { backOffMs: 30_000 },
      { backOffMs: 0 },
    ])
    expect(seen.slice(0, 2)).toEqual([3_000, 8_000])
    expect(within(1_000, seen[2] ?? 0)).toBe(true)
  })

  it('starts again from the base after a usual turn, and keeps a hold as asked', async () => {
    const timers = oneTimer()
    const f: CheckResult = { backOffMs: 0 }
    const seen = await waits(new Follower({ steps, backOff }, timers), timers, [
      f,
      f,
      { afterMs: 700 },
      f,
      'continue',
      f,
    ])
    expect(seen[2]).toBe(700)
    expect(within(4_000, seen[3] ?? 0)).toBe(true)
    expect(seen[4]).toBe(5_000)
    expect(within(1_000, seen[5] ?? 0)).toBe(true)
  })

  it('"Retry now" starts the back-off again from the base', async () => {
    const timers = oneTimer()
    const follower = new Follower({ steps, backOff }, timers)
    const f: CheckResult = { backOffMs: 0 }
    await waits(follower, timers, [f, f, f])
    follower.follow(
      'K',
      async () => f,
      () => undefined,
    )
    follower.checkNow()
    await settle()
    expect(within(1_000, timers.armed())).toBe(true)
  })

  it('keeps to the schedule where it has no back-off', async () => {
    const timers = oneTimer()
    const seen = await waits(new Follower({ steps }, timers), timers, [
      { backOffMs: 0 },
      { backOffMs: 3_000 },
    ])
    expect(seen).toEqual([5_000, 5_000])
  })
})
