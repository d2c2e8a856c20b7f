// Review: "Only the active currency's symbol is accepted: `$5` is refused for an NGN charge."
// The same holds the other way round: an amount typed for a US-dollar payment, or a refund of
// one, is read in dollars. "₦50" typed for a USD payment is a mistake to point out, never 50
// dollars; "$5.00" for a USD refund is five dollars.
import { describe, expect, it } from 'vitest'
import type { RefundView } from '../../../common/ipc/refunds'
import type { CheckoutView } from '../../../common/ipc/payments'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  SETTLEMENT_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { rejection } from '../../support/async'
import { FakeCheckoutGateway, GATEWAY_URL } from '../payments/fake-checkout-gateway'
import { ManualTimers, log } from '../payments/support'

describe('a payment in US dollars', () => {
  it('refuses an amount typed with the naira sign, and sends nothing', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    const journal = new Journal({
      name: 'payments',
      schema: PaymentEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: 200,
    })
    const service = new PaymentsService({
      gateway: async () => gateway,
      journal,
      follower: new Follower(CHECKOUT_SCHEDULE, timers),
      publish: (_view: CheckoutView) => undefined,
      actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
      tillName: () => 'Till 1',
      environment: () => 'demo',
      gatewayBaseUrl: () => GATEWAY_URL,
      openExternal: async () => undefined,
      log,
      now: () => timers.now(),
    })
    const error = await rejection(
      service.start({ email: 'buyer@example.com', amount: '₦50.00', currency: 'USD' }),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.fields?.amount).toBeDefined()
    expect(gateway.initializeCalls).toHaveLength(0)
  })
})

describe('a partial refund of a US-dollar payment', () => {
  it('reads "$5.00" as five dollars', async () => {
    const timers = new ManualTimers()
    const sent: Array<{ amount?: number }> = []
    const payment = {
      reference: 'PAY_USD',
      status: 'success',
      email: 'buyer@example.com',
      amount: 10_000,
      currency: 'USD',
      amount_refunded: 0,
    }
    const empty = {
      status: true,
      data: [],
      pagination: { page: 1, page_size: 100, total_items: 0, total_pages: 1 },
    }
    const gateway = {
      payments: { verify: async () => structuredClone(payment) },
      refunds: {
        initialize: async (body: { reference: string; amount?: number }) => {
          sent.push(body)
          return {
            reference: body.reference,
            payment_reference: 'PAY_USD',
            amount: body.amount,
            currency: 'USD',
            status: 'pending',
          }
        },
        get: async () => Promise.reject(new Error('not used')),
        ofPayment: async () => structuredClone(empty),
        history: async () => structuredClone(empty),
        counts: async () => ({ status: true, data: {} }),
      },
    } as unknown as RefundsGateway
    const service = new RefundsService({
      gateway: async () => gateway,
      journal: new Journal({
        name: 'refunds',
        schema: RefundEntry,
        storage: memoryStorage(),
        keyOf: (e) => e.reference,
        timeOf: (e) => e.createdAt,
        limit: 500,
      }),
      follower: new Follower(SETTLEMENT_SCHEDULE, timers),
      publish: (_view: RefundView) => undefined,
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
    })
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
