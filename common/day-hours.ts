// The day's money by hour, for the charts on Overview, Shift and Shop → Today: per currency
// (never summed across currencies) and per local hour of the till's time zone, with integer
// minor units added as BigInt and sent as strings. The reports count; this only spreads
// what they count over the hours of the day.
import { dateFormat } from './intl'
import type { HourFigures } from './ipc/shifts'

export type HourSeries = 'transfer' | 'checkout' | 'payouts'

/**
 * One formatter per time zone (common/intl.ts): a report places every amount it counts, and
 * one formatter per amount made each report a native peak the process kept (docs/perf.md).
 */
const hourFormat = (timeZone: string): Intl.DateTimeFormat =>
  dateFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })

/** The hour of the day (0–23) of an ISO time in `timeZone` (the computer's when absent). */
export function localHour(iso: string, timeZone?: string): number | null {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  // The computer's zone as it is now (it may change while the till runs): no formatter kept.
  if (timeZone === undefined) return date.getHours()
  const hour = Number(hourFormat(timeZone).format(date).replace(/\D/g, ''))
  return Number.isInteger(hour) && hour >= 0 && hour < 24 ? hour : null
}

interface Bucket {
  hour: number
  currency: string
  transfer: bigint
  checkout: bigint
  payouts: bigint
}

export class HourBuckets {
  readonly #buckets = new Map<string, Bucket>()

  constructor(private readonly timeZone?: string) {}

  /** Adds `amount` (minor units, > 0) to its local hour; anything else is left out. */
  add(iso: string, currency: string, series: HourSeries, amount: bigint | number): void {
    const value = BigInt(amount)
    const hour = localHour(iso, this.timeZone)
    if (hour === null || value <= 0n || !currency) return
    const key = `${currency}|${hour}`
    let bucket = this.#buckets.get(key)
    if (!bucket) {
      bucket = { hour, currency, transfer: 0n, checkout: 0n, payouts: 0n }
      this.#buckets.set(key, bucket)
    }
    bucket[series] += value
  }

  /** By currency, then hour; only hours with money in them. */
  rows(): HourFigures[] {
    return [...this.#buckets.values()]
      .sort((a, b) => a.currency.localeCompare(b.currency) || a.hour - b.hour)
      .map((b) => ({
        hour: b.hour,
        currency: b.currency,
        transferMinor: String(b.transfer),
        checkoutMinor: String(b.checkout),
        payoutsMinor: String(b.payouts),
      }))
  }
}
