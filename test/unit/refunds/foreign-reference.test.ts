// "`failed` on screen means the gateway said failed for that reference." The paths of
// the refund query operations are "not shown" in the spec, so a real gateway may answer our
// lookup with another refund. A refund record whose own `reference` is not ours says nothing
// about our refund: it must not settle it.
import { describe, expect, it } from 'vitest'
import { rejection } from '../../support/async'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'
import { gwError, paidPayment } from '../payments/support'

describe('a refund lookup answered with another refund', () => {
  it('does not fail our refund whose outcome is unknown', async () => {
    const gateway = refundsGateway({
      initialize: async () =>
        Promise.reject(gwError('timeout', { status: null, outcomeUnknown: true })),
      get: async () => ({
        reference: 'RF-SOMEONE-ELSE',
        payment_reference: 'PAY_9',
        amount: 700,
        currency: 'NGN',
        status: 'failed',
        failure_reason: 'Bank rejected',
      }),
    })
    const { service, journal, timers, seen } = refundsRig(gateway, { verifyAfterMs: 25_000 })
    await rejection(service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }))
    await timers.advance(60_000)
    const [entry] = journal.list()
    expect(entry?.status).not.toBe('failed')
    expect(entry?.amount).toBe(10_000)
    expect(seen.some((view) => view.status === 'failed')).toBe(false)
  })
})

describe('a payment lookup answered with another payment', () => {
  // The refund goes to the payment the lookup names: taking another one's record for the one
  // the cashier asked about would pay another customer back.
  it('refunds nobody, and says why in words', async () => {
    const sent: unknown[] = []
    const gateway = refundsGateway({
      payment: { ...paidPayment(), reference: 'PAY_SOMEONE_ELSE' },
      initialize: async (body) => {
        sent.push(body)
        return { ...body, status: 'pending' }
      },
    })
    const { service, journal } = refundsRig(gateway)
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }),
    )
    expect(error.message).toMatch(/could not read/)
    expect(sent).toEqual([])
    expect(journal.list()).toEqual([])
  })
})
