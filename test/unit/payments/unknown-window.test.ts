// "Once any attempt's outcome was unknown ... It is re-verified with backoff over a
// bounded, configurable window, then goes to `needs_review` with the evidence." A payment whose
// lookups are slow (each one runs into the client's 10 s deadline, as against a silent
// gateway) must still reach `needs_review` when the window ends, not stay `unknown` with nobody
// looking at it once the checkout follow-up schedule (30 minutes, the same as the window) ends.
import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { FakeCheckoutGateway, GATEWAY_URL } from '../payments/fake-checkout-gateway'
import { ManualTimers, gwError, log } from '../payments/support'

describe('a payment whose outcome is unknown, against a gateway that does not answer', () => {
  it('reaches needs_review when the window ends', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })
    gateway.payments.initialize = async () => Promise.reject(lost())
    // Every lookup waits for the client's deadline, then gives up.
    gateway.payments.verify = async () => {
      await new Promise((resolve) => timers.setTimeout(() => resolve(undefined), 10_000))
      throw lost()
    }
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
    const started = await service.start({
      email: 'buyer@example.com',
      amount: '12,500.00',
      currency: 'NGN',
    })
    expect(started.outcome?.state).toBe('unknown')
    await timers.advance(45 * 60_000)
    const [view] = service.recent()
    expect(view?.outcome?.state).toBe('needs_review')
  })
})
