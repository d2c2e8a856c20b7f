// The day of test/support/books-day.ts reconciled against the gateway, as the Reconcile screen
// and the Z-report's step do it (main/reconcile/service.ts): the sandbox's own lists, read
// through the signed client, matched by reference to every till's records, which a test may
// edit first to inject a difference.
import type { ReconcileReport } from '../../common/ipc/reconcile'
import type { TillRecord } from '../../main/reconcile/match'
import { ReconcileService } from '../../main/reconcile/service'
import { ownRecords } from '../../main/reconcile/till-records'
import type { BooksDay } from './books-day'

/**
 * What the tills recorded, as Tilldesk's side of the match: each till's payments, refunds and
 * debits read by the Reconcile screen's own reader (main/reconcile/till-records.ts, through the
 * shift reports' books and their days, so a payment its journal dropped and a Z-report let go
 * of still counts), its payouts (read from the payout journal by the same reader), and the
 * transfers of its collections ledger.
 */
export async function tillRecords(
  day: BooksDay,
  window: { fromMs: number; toMs: number },
): Promise<TillRecord[]> {
  const out: TillRecord[] = []
  for (const till of day.tills) {
    const own = await ownRecords({
      dataDir: till.dir,
      environment: 'demo',
      till: till.name,
      books: till.books,
      sealOf: (_environment, journal) => till.sealOf(journal),
      window,
    })
    if (own.problems.length > 0) throw new Error(own.problems.join(' '))
    out.push(...own.records.filter((r) => r.source !== 'transfer_in'))
    for (const t of till.ledger.allTransfers())
      // Given by the shop's rule to another till's sale: that till counts it.
      if (!t.claimedBy)
        out.push({
          source: 'transfer_in',
          reference: t.reference,
          amount: t.amount,
          currency: t.currency,
          status: t.gatewayStatus ?? t.status,
          atMs: Date.parse(t.createdAt),
          till: till.name,
        })
  }
  return out
}

/** The shop's reconciliation of [fromMs, toMs), with the tills' records as `edit` leaves them. */
export function reconcileDay(
  day: BooksDay,
  fromMs: number,
  toMs: number,
  edit: (records: TillRecord[]) => TillRecord[] = (records) => records,
): Promise<ReconcileReport> {
  const service = new ReconcileService({
    gateway: async () => day.client,
    records: async (_environment, window) => ({
      records: edit(await tillRecords(day, window)),
      problems: [],
      scope: 'shop',
      tills: day.tills.map((t) => t.name),
      stale: false,
    }),
    environment: () => 'demo',
    timeZone: () => 'UTC',
    pdf: null,
    now: () => day.now(),
  })
  return service.span(fromMs, toMs)
}
