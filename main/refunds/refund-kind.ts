// What a refund is to the exactly-once core (main/exactly-once/tracker.ts): sent with
// `POST /refunds` under our reference, looked up with `GET /refunds/:reference`, final when
// success or failed. Everything else about its life (lookups, resends, review, decisions, the
// fence) is the core's.
import type { Refund } from '../../common/api/refunds'
import { outcomeKind } from '../exactly-once/kind'
import { ownRefund } from './own-record'
import { FINAL, type RefundEntry, type RefundsGateway } from './refund-entry'

/**
 * Folds a gateway record into the entry (a final status is kept by the core). The refund
 * record's fields are not shown in the spec: any it leaves out keep what this till sent (the
 * entry is written before sending), and a status the till does not know is kept as `unknown`
 * and followed, never read as failed.
 */
function fold(entry: RefundEntry, record: Refund, at: string): RefundEntry {
  return {
    ...entry,
    paymentReference: record.payment_reference ?? entry.paymentReference,
    amount: record.amount ?? entry.amount,
    currency: record.currency ?? entry.currency,
    status: record.status,
    reason: record.reason ?? entry.reason,
    failureReason: record.failure_reason ?? null,
    createdAt: record.created_at ?? entry.createdAt,
    updatedAt: record.updated_at ?? at,
  }
}

export const refundKind = outcomeKind<RefundEntry, RefundsGateway, Refund, Refund>({
  notMade: 'not refunded',
  words: { noun: 'refund', made: 'made' },
  referenceOf: (e) => e.reference,
  startedById: (e) => e.issuedById,
  open: (e) => e.status === 'starting' || e.status === 'needs_review',
  final: (e) => FINAL.includes(e.status),
  // The exact amount the supervisor confirmed, even for "full": if the balance moved
  // meanwhile, the gateway refuses rather than refunding a different figure.
  send: async (gateway, e) =>
    ownRefund(
      await gateway.refunds.initialize({
        payment_reference: e.paymentReference,
        amount: e.amount,
        reason: e.reason ?? '',
        reference: e.reference,
      }),
      e.reference,
      'initializeRefund',
    ),
  lookup: (gateway, reference) => gateway.refunds.get(reference),
  answerReference: (record) => record.reference,
  // A 2xx: the refund exists, in whatever status the answer gives.
  accepted: fold,
  fold,
  unknown: (e, uncertainty) => ({
    status: uncertainty.review && e.status === 'starting' ? 'needs_review' : e.status,
  }),
  decided: (_, resolution) => ({
    status: resolution.made ? 'success' : 'not_refunded',
    updatedAt: resolution.at,
  }),
  contradicts: (record, made) =>
    made
      ? record.status === 'failed'
      : ['pending', 'processing', 'success'].includes(record.status),
  statusWords: (record) => record.status,
})
