// The keyed twin of a payment's journaled notice, so the Payments screen says it in the till's
// language. The journal keeps the notice as main's English; our sentences are read back by key
// from it (common/words/read-back.ts): a status the till does not know (the gateway's word
// quoted as written) and a failed check (the cashier's gateway error, then "the till keeps
// checking", for debits too). A notice of other words (an older till's) is shown as written.
import type { Said } from '../../common/ipc/contract'
import { ERROR_WORDS } from '../../common/words/errors'
import { readBack, sentencesOf } from '../../common/words/read-back'
import { noticeSay } from '../exactly-once/outcome-view'
import type { PaymentEntry } from './payment-entry'

/** Our sentences a payment's notice can be (payment-kind.ts words them from these keys). */
export const PAYMENT_NOTICES = {
  waitingCustomer: { key: 'payments.notice.waitingCustomer' },
} as const satisfies Record<string, Said>

const words = ERROR_WORDS.en
const NOTICES = sentencesOf(words.payments.notice, 'payments.notice')
const CHECKING = sentencesOf({ keepsChecking: words.cashier.keepsChecking }, 'cashier')
const CASHIER = sentencesOf(words.cashier, 'cashier')
const ACTIONS = sentencesOf(words.actions, 'actions')

/**
 * A notice that a check failed and the till keeps checking, keyed: the cashier's sentence
 * (cashier-errors.ts) with its action inside; the gateway's quoted words stay as written.
 */
export function checkingNoticeSaid(notice: string): Said | undefined {
  return readBack(CHECKING, notice, (_, problem) =>
    readBack(CASHIER, problem, (name, found) =>
      name === 'action' ? readBack(ACTIONS, found) : undefined,
    ),
  )
}

export function paymentNoticeSay(entry: PaymentEntry): { noticeSay: Said } | Record<string, never> {
  return noticeSay(
    entry,
    'payment',
    Object.values(PAYMENT_NOTICES),
    (notice) => readBack(NOTICES, notice) ?? checkingNoticeSaid(notice),
  )
}
