// A refund's amount is read in the payment's own currency: "$5.00" typed for a partial refund
// of a US-dollar payment is five dollars (500 cents), never naira and never 5 units.
import { describe, expect, it } from 'vitest'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'

describe('a partial refund of a US-dollar payment', () => {
  it('reads "$5.00" as five dollars', async () => {
    const sent: Array<{ amount?: number }> = []
    const gateway = refundsGateway({
      payment: {
        reference: 'PAY_USD',
        status: 'success',
        email: 'buyer@example.com',
        amount: 10_000,
        currency: 'USD',
        amount_refunded: 0,
      },
      initialize: async (body) => {
        sent.push(body)
        return {
          reference: body.reference,
          payment_reference: 'PAY_USD',
          amount: body.amount,
          currency: 'USD',
          status: 'pending',
        }
      },
    })
    const { service } = refundsRig(gateway)
    const view = await service.issue({
      paymentReference: 'PAY_USD',
      kind: 'partial',
      amount: '$5.00',
      reason: 'Damaged item',
    })
    expect(view.amount).toBe(500)
    expect(view.currency).toBe('USD')
    expect(sent.map((b) => b.amount)).toEqual([500])
  })
})
