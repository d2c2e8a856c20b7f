// What a direct debit is to the exactly-once core (main/exactly-once/tracker.ts): charged with
// our payment reference, read back by it, final when success or failed. A 2xx acceptance
// means the debit exists even when it gives no status (the spec shows no acceptance body): it
// is pending from there on and never sent again. The rest of its life is the core's.
import type { DebitRecord } from '../../common/api/directDebits'
import { unconfirmedNotice } from '../exactly-once/outcome-view'
import { outcomeKind } from '../exactly-once/kind'
import type { GatewayClient, ResponseOf } from '../gateway'
import { english } from '../kernel/errors'
import { stillChecking } from '../gateway/cashier-errors'
import { FINAL_DEBIT, type DebitEntry, type MandateEntry } from './mandate-entries'

/** The debit's acceptance (fields not shown) or its status record. */
type DebitAnswer = ResponseOf<'debit'> | DebitRecord

export interface DebitsGateway {
  directDebits: Pick<GatewayClient['directDebits'], 'debit' | 'status'>
}

/** Reads a mandate back from the gateway (MandatesService.refresh) after a debit moves. */
export interface MandateRefresh {
  refresh(mandateReference: string): Promise<MandateEntry>
}

/**
 * Folds the gateway's answer in (a final status is kept by the core). Any field the answer
 * leaves out keeps what this till recorded when it sent the debit (what the gateway
 * accepted); nothing is guessed.
 */
function fold(e: DebitEntry, record: DebitAnswer): DebitEntry {
  return {
    ...e,
    mandateReference: record.mandate_reference ?? e.mandateReference,
    amount: record.amount ?? e.amount,
    currency: record.currency ?? e.currency,
    narration: record.narration ?? e.narration,
    // A 2xx without a status: the debit exists, its outcome not yet known.
    status: record.status ?? (e.status === 'starting' ? 'pending' : e.status),
    failureReason: record.failure_reason ?? null,
    completedAt: record.completed_at ?? null,
    notice: null,
  }
}

export function debitKind(mandates: MandateRefresh) {
  return outcomeKind<DebitEntry, DebitsGateway, DebitAnswer, DebitRecord>({
    words: { noun: 'debit' },
    referenceOf: (e) => e.paymentReference,
    startedById: (e) => e.chargedById,
    open: (e) => e.status === 'starting',
    final: (e) => FINAL_DEBIT.includes(e.status),
    send: async (gateway, e) =>
      gateway.directDebits.debit({
        mandate_reference: e.mandateReference,
        debit_amount: e.amount,
        narration: e.narration,
        customer_email:
          e.customerEmail ?? (await mandates.refresh(e.mandateReference)).customerEmail,
        payment_reference: e.paymentReference,
      }),
    lookup: (gateway, reference) => gateway.directDebits.status(reference),
    answerReference: (answer) => answer.payment_reference,
    accepted: fold,
    fold,
    unknown: (_, uncertainty) => ({
      notice: uncertainty.review
        ? unconfirmedNotice(uncertainty, 'debit')
        : english({ key: 'mandates.debitNotice.waiting' }),
    }),
    decided: (_, resolution) => ({
      status: resolution.made ? 'success' : 'not_paid',
      completedAt: resolution.at,
      notice: null,
    }),
    // A pending debit is a charge on its way: "not charged" is contradicted by it too.
    contradicts: (record, made) =>
      made
        ? record.status === 'failed'
        : record.status === 'pending' || record.status === 'success',
    statusWords: (record) => record.status,
    lookupFailed: (e, error) => ({ ...e, notice: stillChecking(error, 'checkDebit') }),
    gaveUp: (e) => ({
      ...e,
      notice: english({ key: 'mandates.debitNotice.gaveUp' }),
    }),
  })
}
