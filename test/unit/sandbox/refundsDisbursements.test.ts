// Refund and transfer state machines: refunds never exceed the payment (property-tested),
// transfers walk pending -> processing -> final and put failed money back.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { InitializeDisbursementRequest } from '../../../common/api/disbursements'
import { SandboxError } from '../../../sandbox/errors'
import { harness, m, type Harness } from './helpers'

let h: Harness
afterEach(() => h?.stop())

function paid(amount: number, reference = 'P1') {
  h.state.payments.initialize({
    email: 'a@example.com',
    amount: m(amount),
    currency: 'NGN',
    reference,
  })
  return h.state.payments.complete(reference, 'success')
}

describe('refunds', () => {
  it('go pending -> processing -> success and add to amount_refunded', () => {
    h = harness({ settleDelayMs: 1000 })
    paid(10_000)
    const refund = h.state.refunds.initialize({
      payment_reference: 'P1',
      amount: m(2_500),
      reference: 'R1',
    })
    expect(refund.status).toBe('pending')
    h.advanceMs(500)
    expect(h.state.refunds.get('R1').status).toBe('processing')
    h.advanceMs(500)
    expect(h.state.refunds.get('R1').status).toBe('success')
    expect(h.state.payments.get('P1').amount_refunded).toBe(2_500)
    expect(h.events.filter((e) => e.type === 'refund_status_update').map((e) => e.status)).toEqual([
      'processing',
      'success',
    ])
    expect(h.state.refunds.counts()).toEqual({
      pending: 0,
      processing: 0,
      success: 1,
      failed: 0,
      total: 1,
    })
  })

  it('only from successful payments', () => {
    h = harness()
    h.state.payments.initialize({
      email: 'a@example.com',
      amount: m(100),
      currency: 'NGN',
      reference: 'P1',
    })
    expect(() => h.state.refunds.initialize({ payment_reference: 'P1' })).toThrow(SandboxError)
    h.state.payments.complete('P1', 'abandoned')
    expect(() => h.state.refunds.initialize({ payment_reference: 'P1' })).toThrow(
      /Only successful payments/,
    )
  })

  it('never add up to more than the payment, whatever the sequence (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            amount: fc.option(fc.integer({ min: 1, max: 1_200_000 }), { nil: undefined }),
            advanceMs: fc.integer({ min: 0, max: 1500 }),
          }),
          { maxLength: 25 },
        ),
        (paymentAmount, attempts) => {
          h = harness({ settleDelayMs: 1000 })
          try {
            paid(paymentAmount)
            for (const attempt of attempts) {
              try {
                h.state.refunds.initialize({
                  payment_reference: 'P1',
                  ...(attempt.amount === undefined ? {} : { amount: m(attempt.amount) }),
                })
              } catch (error) {
                expect(error).toBeInstanceOf(SandboxError)
                expect((error as SandboxError).status).toBe(422)
              }
              h.advanceMs(attempt.advanceMs)
              const page = h.state.refunds.ofPayment('P1', { page: 1, page_size: 100 })
              const committed = page.data
                .filter((r) => r.status !== 'failed')
                .reduce((s, r) => s + r.amount, 0)
              expect(committed).toBeLessThanOrEqual(paymentAmount)
              expect(h.state.payments.get('P1').amount_refunded).toBeLessThanOrEqual(paymentAmount)
              expect(committed + h.state.refunds.refundable('P1')).toBe(paymentAmount)
            }
          } finally {
            h.stop()
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})

const transfer = (
  extra: Partial<InitializeDisbursementRequest> = {},
): InitializeDisbursementRequest => ({
  reference: 'T1',
  amount: m(150_050),
  currency: 'NGN',
  bank_code: '058',
  account_number: '0123456789',
  narration: 'Supplier',
  ...extra,
})

describe('disbursements', () => {
  it('pending -> processing -> success, events to the merchant and the transfer URL', () => {
    h = harness({ settleDelayMs: 1000 })
    const t = h.state.disbursements.initialize(transfer({ webhook_url: 'http://127.0.0.1:9/hook' }))
    expect(t).toMatchObject({
      status: 'pending',
      bank_name: 'Guaranty Trust Bank',
      account_name: expect.any(String),
    })
    h.advanceMs(500)
    expect(h.state.disbursements.verify('T1').status).toBe('processing')
    h.advanceMs(500)
    expect(h.state.disbursements.verify('T1')).toMatchObject({
      status: 'success',
      completed_at: expect.any(String),
    })
    expect(h.events.map((e) => e.status)).toEqual(['processing', 'success'])
  })

  it('fails for a non-existent account and returns the money', () => {
    h = harness({ settleDelayMs: 10, balance: 1_000_000 })
    h.state.disbursements.initialize(transfer({ account_number: '0000123456', amount: m(600_000) }))
    expect(h.state.balances.available('merchant', 'NGN')).toBe(400_000)
    h.advanceMs(10)
    expect(h.state.disbursements.verify('T1')).toMatchObject({
      status: 'failed',
      failure_reason: 'Beneficiary account not found',
    })
    expect(h.state.balances.available('merchant', 'NGN')).toBe(1_000_000)
  })

  it('fails for amounts ending in .13', () => {
    h = harness({ settleDelayMs: 10 })
    h.state.disbursements.initialize(transfer({ amount: m(10_013) }))
    h.advanceMs(10)
    expect(h.state.disbursements.verify('T1').status).toBe('failed')
  })

  it('success -> reversed for a returning account (0099…), money back', () => {
    h = harness({ settleDelayMs: 100, balance: 1_000_000 })
    h.state.disbursements.initialize(transfer({ account_number: '0099123456', amount: m(1_000) }))
    h.advanceMs(100)
    expect(h.state.disbursements.verify('T1').status).toBe('success')
    expect(h.state.balances.available('merchant', 'NGN')).toBe(999_000)
    h.advanceMs(100)
    expect(h.state.disbursements.verify('T1').status).toBe('reversed')
    expect(h.state.balances.available('merchant', 'NGN')).toBe(1_000_000)
    h.advanceMs(10_000)
    expect(h.state.disbursements.verify('T1').status).toBe('reversed')
  })

  it('refuses a reused reference, an unknown bank and an overdraft', () => {
    h = harness({ balance: 1_000 })
    h.state.disbursements.initialize(transfer({ amount: m(600) }))
    expect(() => h.state.disbursements.initialize(transfer({ amount: m(1) }))).toThrow(
      /already exists/,
    )
    expect(() =>
      h.state.disbursements.initialize(transfer({ reference: 'T2', bank_code: '999' })),
    ).toThrow(/Unknown bank/)
    let error: unknown
    try {
      h.state.disbursements.initialize(transfer({ reference: 'T3', amount: m(401) }))
    } catch (e) {
      error = e
    }
    expect(error).toMatchObject({ status: 422, code: 'insufficient_funds' })
    expect(
      h.state.disbursements.initialize(transfer({ reference: 'T4', amount: m(400) })).status,
    ).toBe('pending')
  })

  it('looks bank codes up in the country of the currency', () => {
    h = harness()
    const kes = h.state.disbursements.initialize(
      transfer({ reference: 'K1', currency: 'KES', bank_code: '011' }),
    )
    expect(kes.bank_name).toBe('Co-operative Bank of Kenya')
    const ngn = h.state.disbursements.initialize(transfer({ reference: 'N1', bank_code: '011' }))
    expect(ngn.bank_name).toBe('First Bank of Nigeria')
  })
})
