// The keyed twin of a payment's journaled notice, so the Payments screen says it in the till's
// language; a notice of other words (an older till's, the gateway unreachable) is shown as written.
import type { Said } from '../../common/ipc/contract'
import { noticeSay } from '../exactly-once/outcome-view'
import type { PaymentEntry } from './payment-entry'

/** Our sentences a payment's notice can be (payment-kind.ts words them from these keys). */
export const PAYMENT_NOTICES = {
  waitingCustomer: { key: 'payments.notice.waitingCustomer' },
} as const satisfies Record<string, Said>

export const paymentNoticeSay = (entry: PaymentEntry) =>
  noticeSay(entry, 'payment', Object.values(PAYMENT_NOTICES))
