// A payment's notices reach a French screen in French: "still waiting for the customer", a
// status the till does not know (the gateway's word quoted) and the gateway unreachable while
// checking. The view carries each keyed (noticeSay) beside main's English; they came as
// English only.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import { gatewayError } from '../payouts/helpers'
import type { PaymentRecord } from '../../../common/api/payments'
import { applyPaymentRecord, type PaymentEntry } from '../../../main/payments/payment-entry'
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

  it('of a status the till does not know is keyed, the gateway’s word quoted as written', () => {
    const record = { reference: 'PAY-1', status: 'unknown', raw_status: 'on_hold' } as PaymentRecord
    const odd = applyPaymentRecord(entry, record, '2026-11-24T13:05:00.000Z')
    const keyed = paymentNoticeSay(odd)
    expect(keyed.noticeSay).toEqual({
      key: 'payments.notice.unknownStatus',
      params: { status: 'on_hold' },
    })
    expect(odd.notice).toBe(english(keyed.noticeSay!))
    const french = sayIn(ERROR_WORDS.fr, keyed.noticeSay!, 'fr-CI')!
    expect(french).toContain('« on_hold »')
    expect(englishIn(french.replace('on_hold', ''))).toEqual([])
  })

  it.each([
    ['unreachable', gatewayError('network')],
    ['too slow', gatewayError('timeout')],
    ['in trouble', gatewayError('server', { status: 502 })],
    ['busy', gatewayError('rate_limited', { retryAfterMs: 3_000 })],
    ['refusing', gatewayError('unprocessable', { message: 'Try later' })],
  ])('when the gateway is %s while checking is keyed, French with no English word', (_, error) => {
    const failed = paymentKind(() => 'Till 1').lookupFailed!(entry, error)!
    const keyed = paymentNoticeSay(failed)
    expect(keyed.noticeSay?.key).toBe('cashier.keepsChecking')
    expect(failed.notice).toBe(english(keyed.noticeSay!))
    const french = sayIn(ERROR_WORDS.fr, keyed.noticeSay!, 'fr-CI')!
    expect(englishIn(french.replace('Try later', ''))).toEqual([])
  })

  it('of other words stays as written, unkeyed', () => {
    expect(paymentNoticeSay({ ...entry, notice: 'An older till’s words.' })).toEqual({})
    expect(paymentNoticeSay(entry)).toEqual({})
  })
})
