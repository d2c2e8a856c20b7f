// A journalled debit as the screen shows it, with why its outcome is unknown (or how a
// supervisor decided it) in words.
import type { DebitView } from '../../common/ipc/mandates'
import { decisionOutcomeView, type Decider } from '../exactly-once/decision'
import { noticeSay } from '../exactly-once/outcome-view'
import { DEBIT_WORDS } from './debit-kind'
import { checkingNoticeSaid } from '../payments/payment-notice'
import type { Said } from '../../common/ipc/contract'
import { FINAL_DEBIT, type DebitEntry } from './mandate-entries'

export function toDebitView(
  entry: DebitEntry,
  following: boolean,
  viewer: Decider | null = null,
): DebitView {
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
    ...noticeSay(entry, 'debit', DEBIT_NOTICES, checkingNoticeSaid),
    outcome: decisionOutcomeView(
      { ...entry, startedById: entry.chargedById, open: entry.status === 'starting' },
      viewer,
      DEBIT_WORDS,
    ),
  }
}

/** Our sentences a debit's journaled notice can be (debit-kind.ts words them from these keys). */
const DEBIT_NOTICES: readonly Said[] = [
  { key: 'mandates.debitNotice.waiting' },
  { key: 'mandates.debitNotice.gaveUp' },
]
