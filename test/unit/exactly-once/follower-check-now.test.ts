// "Retry now" on a follower: every key followed is checked at once instead of at its time, then
// goes back to its schedule; a key whose check is out at that moment is not asked twice.
import { describe, expect, it } from 'vitest'
import { Follower, type CheckResult, type Timers } from '../../../main/exactly-once/follower'
import { deferred } from '../../support/deferred'

/** Timers that fire only when the test says: `fire()` runs every timer armed so far. */
function manualTimers(): Timers & { armed: () => number[]; fire: () => void } {
  let now = 0
  const timers = new Map<number, { run: () => void; ms: number }>()
  let next = 1
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { run, ms })
      return next++
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    armed: () => [...timers.values()].map((t) => t.ms),
    fire: () => {
      const due = [...timers.values()]
      timers.clear()
      for (const t of due) {
        now += t.ms
        t.run()
      }
    },
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('Follower.checkNow', () => {
  it('checks every key now, not at its time, and then keeps to the schedule', async () => {
    const timers = manualTimers()
    const follower = new Follower({ steps: [{ untilMs: Infinity, everyMs: 60_000 }] }, timers)
    const checked: string[] = []
    const check = (key: string) => async (): Promise<CheckResult> => {
      checked.push(key)
      return 'continue'
    }
    follower.follow('a', check('a'), () => undefined)
    follower.follow('b', check('b'), () => undefined)
    expect(timers.armed()).toEqual([60_000, 60_000])

    follower.checkNow()
    await settle()
    expect(checked).toEqual(['a', 'b'])
    // The minute's timers were replaced: one new timer each, on the schedule.
    expect(timers.armed()).toEqual([60_000, 60_000])
  })

  it('leaves a key whose check is out to that check: nothing is asked twice at once', async () => {
    const timers = manualTimers()
    const follower = new Follower({ steps: [{ untilMs: Infinity, everyMs: 1_000 }] }, timers)
    const answer = deferred<void>()
    let checks = 0
    follower.follow(
      'a',
      async () => {
        checks++
        await answer.promise
        return 'final'
      },
      () => undefined,
    )
    timers.fire()
    expect(checks).toBe(1)
    follower.checkNow()
    follower.checkNow()
    await settle()
    expect(checks).toBe(1)
    answer.resolve()
    await settle()
    expect(follower.isFollowing('a')).toBe(false)
    expect(timers.armed()).toEqual([])
  })
})
