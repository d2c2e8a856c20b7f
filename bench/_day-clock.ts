// The calendar for a bench's compressed days: the process's `Date` moved forward, so each
// compressed day falls on a date of its own at the till and at the Demo gateway alike. Neither
// takes one clock as a whole (the collections watcher's scheduler and the payouts read the
// machine's clock, the sandbox's Date header and signature window too), so the clock they all
// read, `Date`, is the one moved: in the till's process here, and in each Demo gateway's process
// by bench/_sandbox-process.ts. Timers and `performance.now()` run on the monotonic clock and
// are not moved, so every duration a bench times is real. Installed when this module is first
// imported, so it must be imported before the till's and the gateway's modules: some keep a
// reference to `Date.now` from when they load.
const RealDate = Date
let offsetMs = 0

/** The real clock, for a bench's own wall-time limits. */
export const realNow = (): number => RealDate.now()

/** Replaces the global `Date` with one `offsetMs` ahead (once per process). */
function installDayClock(): void {
  if (globalThis.Date !== RealDate) return
  const Shifted = function (this: unknown, ...args: unknown[]) {
    const now = RealDate.now() + offsetMs
    // `Date()` called without `new` is the current time as a string.
    if (!new.target) return new RealDate(now).toString()
    return Reflect.construct(RealDate, args.length === 0 ? [now] : args, new.target) as Date
  } as unknown as DateConstructor
  Object.setPrototypeOf(Shifted, RealDate)
  Object.defineProperty(Shifted, 'prototype', { value: RealDate.prototype })
  Object.defineProperty(Shifted, 'now', { value: () => RealDate.now() + offsetMs })
  globalThis.Date = Shifted
}

/** Moves this process's clock forward by `ms`. */
export function advanceDayClock(ms: number): void {
  if (!(ms >= 0)) throw new RangeError('The clock only moves forward.')
  offsetMs += ms
}

installDayClock()
