// The shop's day, read from shop events (this till's own and the others' as pulled): each
// till's collections by outcome and payouts by state, the payouts waiting for approval on any
// till, and the day's events as CSV. Amounts stay integer minor units (strings on the wire,
// BigInt while adding) and are never summed across currencies.
import type { ShopOverview, ShopTillDay, ShopWaitingPayout } from '../../common/ipc/shop'
import { HourBuckets } from '../../common/day-hours'
import { csvRow } from '../collections/csv'
import type { ShopEvent } from './events'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const minor = (value: unknown): bigint =>
  typeof value === 'string' && /^\d{1,18}$/.test(value) ? BigInt(value) : 0n

/** The local calendar day (YYYY-MM-DD) of an ISO time, in this till's time zone. */
export function localDay(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date)
}

const when = (e: ShopEvent) => text(e.body.closedAt) || text(e.body.at) || e.createdAt

/** `events` in the order the shop agreed on (own first is fine: keys never cross tills). */
export function shopOverview(
  events: readonly ShopEvent[],
  day: string,
  timeZone?: string,
): ShopOverview {
  const tills = new Map<string, ShopTillDay>()
  const latestPayout = new Map<string, ShopEvent>()
  const hours = new HourBuckets(timeZone)
  const tillOf = (e: ShopEvent): ShopTillDay => {
    let till = tills.get(e.tillId)
    if (!till) {
      till = {
        tillId: e.tillId,
        tillName: text(e.body.tillName) || e.tillId,
        collections: [],
        payouts: {},
      }
      tills.set(e.tillId, till)
    }
    if (text(e.body.tillName)) till.tillName = text(e.body.tillName)
    return till
  }
  for (const e of events) {
    if (e.kind === 'payout.state') latestPayout.set(`${e.tillId}|${text(e.body.reference)}`, e)
    if (localDay(when(e), timeZone) !== day) continue
    if (e.kind === 'charge.closed') {
      const till = tillOf(e)
      const outcome = e.body.state === 'cancelled' ? 'cancelled' : text(e.body.outcome) || 'unknown'
      const currency = text(e.body.currency) || 'unknown'
      let row = till.collections.find((c) => c.outcome === outcome && c.currency === currency)
      if (!row) {
        row = { outcome, currency, count: 0, dueMinor: '0', receivedMinor: '0' }
        till.collections.push(row)
      }
      row.count += 1
      row.dueMinor = String(BigInt(row.dueMinor) + minor(e.body.amountDueMinor))
      row.receivedMinor = String(BigInt(row.receivedMinor) + minor(e.body.receivedMinor))
      hours.add(when(e), currency, 'transfer', minor(e.body.receivedMinor))
    }
  }
  const waiting: ShopWaitingPayout[] = []
  for (const e of latestPayout.values()) {
    const state = text(e.body.state)
    if (localDay(when(e), timeZone) === day) {
      const till = tillOf(e)
      till.payouts[state] = (till.payouts[state] ?? 0) + 1
      if (state === 'success')
        hours.add(when(e), text(e.body.currency), 'payouts', minor(e.body.amountMinor))
    }
    if (state === 'awaiting_approval') {
      waiting.push({
        tillId: e.tillId,
        tillName: text(e.body.tillName) || e.tillId,
        reference: text(e.body.reference),
        amountMinor: minor(e.body.amountMinor).toString(),
        currency: text(e.body.currency),
        bankName: text(e.body.bankName),
        accountName: text(e.body.accountName),
        narration: text(e.body.narration),
        maker: text(e.body.maker),
        at: when(e),
      })
    }
  }
  for (const till of tills.values())
    till.collections.sort((a, b) => (a.currency + a.outcome).localeCompare(b.currency + b.outcome))
  return {
    day,
    tills: [...tills.values()].sort((a, b) => a.tillName.localeCompare(b.tillName)),
    waiting: waiting.sort((a, b) => a.at.localeCompare(b.at)),
    hours: hours.rows(),
  }
}

/** The day's shop events, one row each: the shop's audit trail for a spreadsheet. */
export function shopEventsCsv(
  events: readonly ShopEvent[],
  day: string,
  timeZone?: string,
): string {
  let out = csvRow([
    'time',
    'till',
    'event',
    'reference',
    'state',
    'amount_minor',
    'currency',
    'by',
  ])
  for (const e of events) {
    if (localDay(when(e), timeZone) !== day) continue
    out += csvRow([
      when(e),
      text(e.body.tillName) || e.tillId,
      e.kind,
      text(e.body.reference) || text(e.body.chargeId),
      text(e.body.state) || text(e.body.outcome),
      text(e.body.amountMinor) || text(e.body.receivedMinor),
      text(e.body.currency),
      text(e.body.maker) || text(e.body.cashier),
    ])
  }
  return out
}
