// The one place that turns values into words for the screen: dates, times, money, counts,
// plurals and account numbers, through Intl in the till's locale (en-NG unless set). Screens
// never call toLocaleString themselves, so a time reads the same on the till, the approval
// screen, the receipt and the customer display.
import { formatMoney as formatMinor, type Currency, type Minor } from '../../common/money'

let current = 'en-NG'

/** The till's locale; every formatter below follows it. */
export function setLocale(locale: string): void {
  current = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-NG'
  cache.clear()
}

export const locale = (): string => current

type Formatter =
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules | Intl.RelativeTimeFormat
const cache = new Map<string, Formatter>()
function cached<T extends Formatter>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined
  if (!found) {
    found = make()
    cache.set(key, found)
  }
  return found
}

const asDate = (value: string | number | Date): Date =>
  value instanceof Date ? value : new Date(value)

// One time format everywhere: 24-hour "14:05". Tills run past midnight; am/pm is one more
// thing to misread, and seconds only matter in the audit export.
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }

/** "14:05". */
export function formatTime(value: string | number | Date): string {
  return cached(`t:${current}`, () => new Intl.DateTimeFormat(current, TIME)).format(asDate(value))
}

/** "24 Nov 2026". */
export function formatDate(value: string | number | Date): string {
  return cached(`d:${current}`, () => new Intl.DateTimeFormat(current, DATE)).format(asDate(value))
}

/** "November 2026" ("novembre 2026"): a calendar month, read in UTC as written. */
export function formatMonth(value: string | number | Date): string {
  return cached(
    `m:${current}`,
    () => new Intl.DateTimeFormat(current, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(asDate(value))
}

/** "24 Nov 2026, 14:05": the date and the one time format. */
export function formatDateTime(value: string | number | Date): string {
  return `${formatDate(value)}, ${formatTime(value)}`
}

/** "Today" / "Aujourd’hui", "Yesterday" / "Hier": the locale's own word, capitalised. */
function dayWord(daysAgo: 0 | 1): string {
  const word = cached(
    `r:${current}`,
    () => new Intl.RelativeTimeFormat(current, { numeric: 'auto' }),
  ).format(-daysAgo, 'day')
  return word.charAt(0).toLocaleUpperCase(current) + word.slice(1)
}

/**
 * Every time in a list names its day: "Today, 14:05", "Yesterday, 14:05", else
 * "24 Nov 2026, 14:05". A bare time reads as today's when the list holds older rows.
 */
export function formatWhen(value: string | number | Date, now: Date = new Date()): string {
  const date = asDate(value)
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)
  if (date.toDateString() === now.toDateString()) return `${dayWord(0)}, ${formatTime(date)}`
  if (date.toDateString() === yesterday.toDateString()) return `${dayWord(1)}, ${formatTime(date)}`
  return formatDateTime(date)
}

/** "1,234". */
export function formatNumber(value: number): string {
  return cached(`n:${current}`, () => new Intl.NumberFormat(current)).format(value)
}

/** Money in minor units, exact (never through a float): "₦12,500.50". A currency code this
 * till does not list (from the gateway) still shows, with its code. */
export function formatMoney(amount: Minor, currency: Currency | (string & {})): string {
  return formatMinor(amount, currency, current)
}

/**
 * "1 row", "2 rows", "1,204 transfers": the count and the right form of the noun. `many` is the
 * plural when it is not the noun plus "s" ("1 entry", "2 entries").
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${plural(count, one, many)}`
}

/** The right form of a noun for a count, by the locale's plural rules. */
export function plural(count: number, one: string, many = `${one}s`): string {
  const rules = cached(`p:${current}`, () => new Intl.PluralRules(current))
  return rules.select(count) === 'one' ? one : many
}

/** NUBAN account numbers read best as 3-3-4 ("901 234 5678"); others in fours. */
export function groupDigits(digits: string): string {
  if (/^\d{10}$/.test(digits))
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

// A date field's placeholder and its error are in the message catalogue
// (components.dates), in the till's language; the day order stays day first in both.

/** "2026-11-24" → "24/11/2026"; anything else as it is. */
export function dayToInput(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso
}

/**
 * What the cashier typed ("24/11/2026", "24-11-2026", "24.11.26") as "2026-11-24"; empty stays
 * empty; null when it is not a real day (31/02, month 13).
 */
export function inputToDay(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed)
  if (!match) return null
  const day = Number(match[1])
  const month = Number(match[2])
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3])
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** "2 min", "1 h 5 min", "45 s": a duration for people. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const rest = minutes % 60
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${Math.floor(minutes / 60)} h`
}
