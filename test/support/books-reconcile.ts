// The day of test/support/books-day.ts reconciled against the gateway, as the Reconcile screen
// and the Z-report's step do it (main/reconcile/service.ts): the sandbox's own lists, read
// through the signed client, matched by reference to every till's records. Tilldesk's side is
// each till's collections ledger (the transfers it recorded, as till-records.ts reads them from
// its journal) and debits journal, which a test may edit first to inject a difference.
import type { ReconcileReport } from '../../common/ipc/reconcile'
import type { TillRecord } from '../../main/reconcile/match'
import { ReconcileService } from '../../main/reconcile/service'
import type { BooksDay } from './books-day'

/** Every transfer and debit the tills recorded, as Tilldesk's side of the match. */
export function tillRecords(day: BooksDay): TillRecord[] {
  return day.tills.flatMap((till) => [
    ...till.debitFacts().map((d) => ({
      source: 'debit' as const,
      reference: d.reference,
      amount: d.amount,
      currency: d.currency,
      status: d.status,
      atMs: Date.parse(d.createdAt),
      till: till.name,
    })),
    ...till.ledger
      .allTransfers()
      // Given by the shop's rule to another till's sale: that till counts it.
      .filter((t) => !t.claimedBy)
      .map((t) => ({
        source: 'transfer_in' as const,
        reference: t.reference,
        amount: t.amount,
        currency: t.currency,
        status: t.gatewayStatus ?? t.status,
        atMs: Date.parse(t.createdAt),
        till: till.name,
      })),
  ])
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
    records: async () => ({
      records: edit(tillRecords(day)),
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
