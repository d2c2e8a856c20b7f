// Till records no list of the day showed, looked up one by one by reference before they are
// called missing: a payout drafted yesterday and sent today, a payment the list dates by its
// completion. Debits have no list at all, so every one of the day's is looked up here. GET
// only, a bounded number, one at a time. Only the gateway's JSON "no such record" (404 with a
// body, recordAbsent) says it is missing; any other failure leaves it unchecked, in words.
import type {
  BothLanguages,
  ReconcileDifference,
  ReconcileSource,
} from '../../common/ipc/reconcile'
import type { EndpointName } from '../../common/api/endpoints'
import { isGatewayError } from '../gateway/errors'
import { ownRecord } from '../gateway/own-record'
import type { ReconcileGateway } from './gateway-lists'
import { compare, tillOnly, type GatewayRecord, type TillRecord, type Totals } from './match'
import { notes } from '../../common/words/reconcile'

export interface LookupResult {
  matched: number
  differences: ReconcileDifference[]
  notes: BothLanguages[]
}

/**
 * The gateway's record for `r`, by its reference. One that names another reference says
 * nothing about ours (main/gateway/own-record.ts): it is thrown, so `r` is left unchecked,
 * never matched by another customer's record.
 */
function lookup(gateway: ReconcileGateway, r: TillRecord): Promise<unknown> | null {
  const ours =
    <T>(call: EndpointName, theirs: (record: T) => string | undefined) =>
    (record: T) =>
      ownRecord(record, theirs(record), r.reference, call, `${r.source} ${theirs(record)}`)
  switch (r.source) {
    case 'payout':
      return gateway.disbursements
        .verify(r.reference)
        .then(ours('verifyDisbursement', (t) => t.reference))
    case 'payment':
      return gateway.payments.verify(r.reference).then(ours('verifyPayment', (p) => p.reference))
    case 'refund':
      return gateway.refunds.get(r.reference).then(ours('getRefund', (f) => f.reference))
    case 'debit':
      return gateway.directDebits
        .status(r.reference)
        .then(ours('debitStatus', (d) => d.payment_reference))
    case 'transfer_in':
      return null // the spec offers no look-up of one transfer: the list is all there is
  }
}

function asRecord(source: ReconcileSource, reference: string, found: unknown): GatewayRecord {
  const v = (typeof found === 'object' && found !== null ? found : {}) as Record<string, unknown>
  const at = typeof v.created_at === 'string' ? Date.parse(v.created_at) : NaN
  return {
    source,
    reference,
    amount: typeof v.amount === 'number' && Number.isSafeInteger(v.amount) ? v.amount : null,
    currency: typeof v.currency === 'string' ? v.currency : null,
    status:
      (typeof v.raw_status === 'string' && v.raw_status) ||
      (typeof v.status === 'string' && v.status) ||
      'unknown',
    atMs: Number.isNaN(at) ? null : at,
  }
}

export async function lookUp(
  gateway: ReconcileGateway,
  records: readonly TillRecord[],
  max = 200,
  /** Lists that could not be read: a record of one with no look-up is left unchecked. */
  unread: ReadonlySet<ReconcileSource> = new Set(),
  /** The day's totals: a record found by look-up counts at the gateway (and as matched). */
  tally?: Totals,
): Promise<LookupResult> {
  const out: LookupResult = { matched: 0, differences: [], notes: [] }
  const unchecked = new Map<ReconcileSource, number>()
  const leave = (source: ReconcileSource) => unchecked.set(source, (unchecked.get(source) ?? 0) + 1)
  let asked = 0
  for (const r of records) {
    const call = asked < max ? lookup(gateway, r) : null
    if (r.source === 'transfer_in') {
      if (unread.has('transfer_in')) leave(r.source)
      else out.differences.push(tillOnly(r))
      continue
    }
    if (call === null) {
      leave(r.source)
      continue
    }
    asked++
    try {
      const found = asRecord(r.source, r.reference, await call)
      const difference = compare(found, r)
      // Looked up by our reference: one that names no currency (a debit's status record)
      // counts in the till record's row, not in a row of its own.
      tally?.gateway(found, r)
      if (difference) out.differences.push(difference)
      else {
        out.matched++
        tally?.matched(r.source, r.currency)
      }
    } catch (error) {
      if (isGatewayError(error) && error.recordAbsent) out.differences.push(tillOnly(r))
      else leave(r.source)
    }
  }
  for (const [source, count] of unchecked) out.notes.push(notes.unchecked(source, count))
  return out
}
