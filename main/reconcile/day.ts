// A calendar day in the till's time zone as an instant range: from its midnight to the next,
// found with Intl (main/shifts/endOfDay.ts), so a 23- or 25-hour day comes out right.
import { endOfDayAfter, wallTime } from '../shifts/endOfDay'

export function dayBounds(day: string, timeZone: string): { fromMs: number; toMs: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  // Start well before the day anywhere on Earth, and step from midnight to midnight.
  let at = Date.UTC(year, month - 1, date) - 36 * 3_600_000
  for (let step = 0; step < 4; step++) {
    const midnight = endOfDayAfter(at, '00:00', timeZone)
    const w = wallTime(midnight, timeZone)
    if (w.year === year && w.month === month && w.day === date)
      return { fromMs: midnight, toMs: endOfDayAfter(midnight, '00:00', timeZone) }
    at = midnight
  }
  throw new RangeError(`No such day in ${timeZone}: ${day}`)
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone)
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`
}
