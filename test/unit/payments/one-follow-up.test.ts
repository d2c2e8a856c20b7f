// Two follow-ups of one payment ("Check status" pressed while the follower is already asking)
// are one: they can never resend it together. And a lookup's answer is adopted only when it is
// about our reference: another payment's record settles nothing.
import { describe, expect, it } from 'vitest'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/exactly-once/follower'
import { HONOURED } from '../../../main/exactly-once/trust'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { deferred, type Deferred } from '../../support/deferred'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, flush, gwError, log } from './support'

function setup() {
  const gateway = new FakeCheckoutGateway()
  const timers = new ManualTimers()
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
    publish: () => undefined,
    actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal: null,
    log,
    now: () => timers.now(),
    verifyAfterMs: 25_000,
    trust: HONOURED,
  })
  return { gateway, timers, journal, service }
}

describe('payments: one follow-up per reference', () => {
  it('"Check status" during the follower\'s lookup joins it: the payment is sent again once', async () => {
    const s = setup()
    s.gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'before')
    const view = await s.service.start({ email: 'b@example.com', amount: '100', currency: 'NGN' })
    // Lookups wait on the wire until the test answers them: "no such payment".
    const lookups: Array<Deferred<void>> = []
    const verify = s.gateway.payments.verify
    s.gateway.payments.verify = async (reference) => {
      const wire = deferred<void>()
      lookups.push(wire)
      await wire.promise
      return verify(reference)
    }
    await s.timers.advance(26_000)
    const check = s.service.get(view.reference)
    await flush()
    for (const wire of lookups) wire.resolve()
    await check
    await flush()
    expect(s.gateway.initializeCalls).toHaveLength(2)
    s.service.stop()
  })

  it("a lookup answered with another payment's record settles nothing", async () => {
    const s = setup()
    const view = await s.service.start({ email: 'b@example.com', amount: '100', currency: 'NGN' })
    s.gateway.payments.verify = async () =>
      ({ reference: 'PAY_SOMEONE_ELSE', status: 'success' }) as never
    await s.timers.advance(10_000)
    expect(s.journal.get(view.reference)?.status).toBe('pending')
    s.service.stop()
  })
})
