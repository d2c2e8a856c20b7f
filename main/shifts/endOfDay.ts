// When a shift passes the end of the business day. The end of day is a wall-clock time
// ("22:00") in the till's time zone; the instant it falls on is found with Intl, so daylight
// saving and zones without it both come out right, with no time-zone table of our own.

import { dateFormat } from '../../common/intl'

/** One formatter per zone (common/intl.ts). */
const formatter = (timeZone: string): Intl.DateTimeFormat =>
  dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })

interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The wall-clock reading of `ms` in `timeZone`. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const out: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(ms))
    if (part.type !== 'literal') out[part.type] = Number(part.value)
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour!,
    minute: out.minute!,
    second: out.second!,
  }
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - Math.floor(ms / 1000) * 1000
}

/** The instant a wall-clock time occurs in `timeZone` (the later reading in a DST overlap). */
function instantOf(
  day: { year: number; month: number; day: number },
  hhmm: string,
  timeZone: string,
): number {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number]
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour, minute)
  const first = guess - offsetAt(guess, timeZone)
  return guess - offsetAt(first, timeZone)
}

/**
 * The first end of day strictly after `openedMs`: a shift opened at 08:00 ends its day at
 * 22:00 the same day; one opened at 23:00 (a night shift) at 22:00 the next day.
 */
export function endOfDayAfter(openedMs: number, endOfDay: string, timeZone: string): number {
  const today = wallTime(openedMs, timeZone)
  const candidate = instantOf(today, endOfDay, timeZone)
  if (candidate > openedMs) return candidate
  // Noon UTC of the next calendar day never crosses a date line twice.
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1, 12))
  return instantOf(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    endOfDay,
    timeZone,
  )
}

/** The computer's own time zone: what "the till's local time" means unless an admin sets one. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone
