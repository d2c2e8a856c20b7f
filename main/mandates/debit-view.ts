// A journalled debit as the screen shows it.
import type { DebitView } from '../../common/ipc/mandates'
import { FINAL_DEBIT, type DebitEntry } from './mandate-entries'

export function toDebitView(entry: DebitEntry, following: boolean): DebitView {
  return {
    paymentReference: entry.paymentReference,
    mandateReference: entry.mandateReference,
    amount: entry.amount,
    currency: entry.currency,
    narration: entry.narration,
    status: entry.status,
    final: FINAL_DEBIT.includes(entry.status),
    failureReason: entry.failureReason,
    createdAt: entry.createdAt,
    completedAt: entry.completedAt,
    following,
    notice: entry.notice,
  }
}
