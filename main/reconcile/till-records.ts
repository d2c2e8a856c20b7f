// What Tilldesk recorded of things at the gateway, as TillRecords: this till's own records
// (read-only, every seal checked, through the same readers the shift reports use), and in a
// shop the other tills' facts from the shop's events (pulled from its PostgreSQL, each signed
// by its till). Nothing here writes.
//
// Two ways in. A Z-report's step matches the report's own read of its period (`periodRecords`:
// the collections journal from where the last Z-report left it, the journals and the books), so
// it reads no file again and its cost follows the period, not the till's age. A day on the
// Reconcile screen (`ownRecords`) reads the stores that cover any day: the books' `day` for
// hosted payments, refunds and debits (their journals, the books and the books' days, none
// trimmed before the day is past), the payout journal with its archive, and the collections
// journal, never trimmed, once.
import type { Environment } from '../../common/ipc/shared'
import type { Activity } from '../shifts/activity'
import { emptyActivity } from '../shifts/activity'
import type { SealOf } from '../shifts/sources'
import { payoutFacts, readCollections, sourcePaths, transferFact } from '../shifts/sources'
import type { TillRecord } from './match'

export interface TillRecords {
  records: TillRecord[]
  /** Sources that could not be read, in words. */
  problems: string[]
}

/** What the reconciliation reads of the books (main/shifts/books.ts `day`). */
export interface DayBooks {
  day(
    environment: Environment,
    fromMs: number,
    toMs: number,
  ): Promise<Pick<Activity, 'hostedPayments' | 'refunds' | 'debits' | 'warnings'>>
}

const ms = (iso: string | null | undefined): number => {
  const t = typeof iso === 'string' ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? 0 : t
}

/** An activity's records as the match reads them. */
export function periodRecords(activity: Activity, till: string): TillRecords {
  const records: TillRecord[] = []
  for (const p of activity.hostedPayments)
    records.push({ source: 'payment', ...p, atMs: ms(p.createdAt), till })
  for (const r of activity.refunds)
    records.push({ source: 'refund', ...r, atMs: ms(r.createdAt), till })
  for (const d of activity.debits)
    records.push({
      source: 'debit',
      reference: d.reference,
      amount: d.amount,
      currency: d.currency,
      status: d.status,
      atMs: ms(d.createdAt),
      till,
    })
  for (const p of activity.payouts)
    records.push({
      source: 'payout',
      reference: p.reference,
      amount: p.amount,
      currency: p.currency,
      // Decided "not paid" after it was sent: the gateway's failed (or no record) agrees.
      status: p.decided === 'not_paid' ? 'not_paid' : p.state,
      // A payout goes to the gateway when approved and sent, after it was drafted: its last
      // step dates it.
      atMs: ms(p.updatedAt),
      till,
    })
  for (const t of activity.transfers ?? []) {
    // Given by the shop's rule to another till's sale: that till counts it.
    if (t.claimed) continue
    records.push({
      source: 'transfer_in',
      reference: t.reference,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      atMs: ms(t.createdAt),
      till,
    })
  }
  return { records, problems: [...activity.warnings] }
}

/**
 * This till's records for a window (a day and its margins) in one environment: hosted
 * payments, refunds and debits from `books`, payouts from their journal, transfers from the
 * collections journal, each seal checked.
 */
export async function ownRecords(options: {
  dataDir: string
  environment: Environment
  till: string
  books: DayBooks
  sealOf: SealOf
  window: { fromMs: number; toMs: number }
}): Promise<TillRecords> {
  const { dataDir, environment, window } = options
  const activity = emptyActivity()
  const settled = await options.books.day(environment, window.fromMs, window.toMs)
  activity.hostedPayments.push(...settled.hostedPayments)
  activity.refunds.push(...settled.refunds)
  activity.debits.push(...settled.debits)
  activity.warnings.push(...settled.warnings)
  const paths = sourcePaths(dataDir, environment)
  try {
    await payoutFacts(paths.payouts, options.sealOf(environment, 'payouts'), activity)
  } catch (error) {
    activity.warnings.push(`Payouts: ${error instanceof Error ? error.message : 'not readable'}`)
  }
  try {
    const { transfers } = readCollections(
      paths.collections,
      options.sealOf(environment, 'collections'),
    )
    activity.transfers = transfers.map(transferFact)
  } catch (error) {
    activity.warnings.push(
      `Collections: ${error instanceof Error ? error.message : 'not readable'}`,
    )
  }
  return periodRecords(activity, options.till)
}

/** A shop event as the reconciliation reads it (main/shop/events.ts). */
export interface ShopFact {
  tillId: string
  kind: string
  body: Record<string, unknown>
  createdAt: string
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const amountOf = (v: unknown): number | null =>
  typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null

/**
 * The other tills' records, from the shop's events: each payout's latest state
 * (`payout.state`), and every transfer the shop's watcher handed to the tills
 * (`transfer.seen`, main/shop/claims.ts, whichever till's watcher told it). This till's own
 * payouts are left out: its journal is the better record of them. Events of another
 * environment are left out too.
 */
export function shopRecords(
  events: Iterable<ShopFact>,
  ownTill: string,
  environment: string,
): TillRecord[] {
  const latest = new Map<string, TillRecord>()
  for (const e of events) {
    const env = str(e.body.environment)
    // A `transfer.seen` carries the gateway scope ("sandbox|https://…"): its first part.
    if (env !== null && env.split('|')[0] !== environment) continue
    const till = str(e.body.tillName) ?? e.tillId
    if (e.kind === 'payout.state' && e.tillId !== ownTill) {
      const reference = str(e.body.reference)
      const amount = amountOf(e.body.amountMinor)
      if (!reference || amount === null) continue
      latest.set(`payout|${reference}`, {
        source: 'payout',
        reference,
        amount,
        currency: str(e.body.currency) ?? 'NGN',
        // Decided not paid reads as decided, as this till's own (above); a till of an older
        // build tells no decision, and its `rejected` stays as it was.
        status: e.body.decided === 'not_paid' ? 'not_paid' : (str(e.body.state) ?? 'unknown'),
        atMs: ms(str(e.body.at) ?? e.createdAt),
        till,
      })
    } else if (e.kind === 'transfer.seen') {
      const reference = str(e.body.reference)
      const amount = amountOf(e.body.amountMinor)
      if (!reference || amount === null) continue
      latest.set(`transfer_in|${reference}`, {
        source: 'transfer_in',
        reference,
        amount,
        currency: str(e.body.currency) ?? 'NGN',
        status: str(e.body.rawStatus) ?? str(e.body.status) ?? 'unknown',
        atMs: ms(str(e.body.createdAt) ?? e.createdAt),
        till,
      })
    }
  }
  return [...latest.values()]
}
