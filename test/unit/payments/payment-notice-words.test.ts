// A payment's "still waiting for the customer" notice reaches a French screen in French: the
// view carries it keyed (noticeSay) beside main's English. It came as English only.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import type { PaymentEntry } from '../../../main/payments/payment-entry'
import { paymentKind } from '../../../main/payments/payment-kind'
import { paymentNoticeSay } from '../../../main/payments/payment-notice'
import { englishIn } from '../../support/english-words'

const entry: PaymentEntry = {
  reference: 'PAY-1',
  status: 'pending',
  email: 'ada@example.com',
  customerName: null,
  description: null,
  amount: 500_000 as PaymentEntry['amount'],
  currency: 'NGN',
  amountRefunded: 0 as PaymentEntry['amount'],
  paymentMethod: null,
  authorizationUrl: null,
  createdAt: '2026-11-24T13:00:00.000Z',
  paidAt: null,
  verifiedAt: null,
  takenBy: 'Ada',
  notice: null,
}

describe('a payment’s notice', () => {
  it('still waiting for the customer is keyed, with French that has no English word', () => {
    const waiting = paymentKind(() => 'Till 1').gaveUp!(entry)!
    const keyed = paymentNoticeSay(waiting)
    expect(keyed.noticeSay?.key).toBe('payments.notice.waitingCustomer')
    expect(waiting.notice).toBe(english(keyed.noticeSay!))
    const french = sayIn(ERROR_WORDS.fr, keyed.noticeSay!, 'fr-CI')
    expect(french).toBeTruthy()
    expect(englishIn(french!)).toEqual([])
  })

  it('of other words stays as written, unkeyed', () => {
    expect(paymentNoticeSay({ ...entry, notice: 'An older till’s words.' })).toEqual({})
    expect(paymentNoticeSay(entry)).toEqual({})
  })
})
