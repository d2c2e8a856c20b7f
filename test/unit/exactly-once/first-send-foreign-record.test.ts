// A first send the gateway answers with "this reference is taken" (409), or a 2xx it cannot
// read, means a record of ours exists: the till looks it up and adopts it. A lookup that
// answers with another reference's record says nothing about ours (a gateway that does not
// look records up by our reference, docs/gateway-assumptions.md): adopting it would show a
// payment the customer never made as paid.
import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { FakeCheckoutGateway, GATEWAY_URL } from '../payments/fake-checkout-gateway'
import { ManualTimers, gwError, log } from '../payments/support'

const input = { email: 'buyer@example.com', amount: '12,500.00', currency: 'NGN' as const }

function setup() {
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
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
    publish: (_view: CheckoutView) => undefined,
    actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal: null,
    log,
    now: () => timers.now(),
    verifyAfterMs: 25_000,
  })
  return { timers, gateway, journal, service }
}

describe('a first send answered "exists" whose lookup brings another reference', () => {
  it('does not adopt the other payment as ours', async () => {
    const s = setup()
    // Another customer's payment, already paid, that a careless verify answers with.
    await s.gateway.payments.initialize({
      email: 'other@example.com',
      amount: 99_000 as never,
      currency: 'NGN',
      reference: 'PAY_OTHER',
    })
    s.gateway.settle('PAY_OTHER', 'success')
    s.gateway.failInitialize(
      gwError('conflict', {
        code: 'duplicate_reference',
        message: 'A record already exists for the given reference',
      }),
    )
    const verify = s.gateway.payments.verify
    s.gateway.payments.verify = () => verify('PAY_OTHER')
    const view = await s.service.start(input).catch((error: unknown) => error)
    const [entry] = s.journal.list().filter((e) => e.reference !== 'PAY_OTHER')
    expect(entry).toBeDefined()
    expect(entry!.status).not.toBe('success')
    // Still ours to find out, and never sent again: the gateway said the reference is taken.
    expect(entry!.status).toBe('starting')
    expect(entry!.uncertainty?.existsSaid).toBe(true)
    expect((view as CheckoutView).outcome?.state).toBe('unknown')
  })
})
