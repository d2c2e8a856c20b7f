// The follow-up of a payment whose answer was lost, in the cases the first version missed:
// a failure that is not the gateway answering, a follow-up schedule that ends with the window
// while each lookup is slow, and a resend in flight when the till stops.
import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/payments/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService, type PaymentsGateway } from '../../../main/payments/payments-service'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, gwError, log } from './support'

const VERIFY_AFTER_MS = 25_000
const input = { email: 'buyer@example.com', amount: '12,500.00', currency: 'NGN' as const }
const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })

function service(
  gateway: PaymentsGateway,
  timers: ManualTimers,
  storage = memoryStorage(),
): { service: PaymentsService; journal: Journal<PaymentEntry> } {
  const journal = new Journal({
    name: 'payments',
    schema: PaymentEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 200,
  })
  return {
    journal,
    service: new PaymentsService({
      gateway: async () => gateway,
      journal,
      follower: new Follower(CHECKOUT_SCHEDULE, timers),
      publish: (_view: CheckoutView) => undefined,
      actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
      tillName: () => 'Till 1',
      environment: () => 'demo',
      gatewayBaseUrl: () => GATEWAY_URL,
      openExternal: null,
      log,
      now: () => timers.now(),
      verifyAfterMs: VERIFY_AFTER_MS,
    }),
  }
}

describe('payments: following up an unknown outcome', () => {
  it('a send that fails with an error that is not the gateway answering keeps the entry', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    gateway.payments.initialize = async () => Promise.reject(new TypeError('terminated'))
    const { service: s, journal } = service(gateway, timers)
    const view = await s.start(input)
    expect(view.status).toBe('starting')
    expect(view.outcome?.state).toBe('unknown')
    expect(journal.get(view.reference)).toBeDefined()
  })

  it('reaches needs_review when the window ends, even when every lookup is slow', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    gateway.payments.initialize = async () => Promise.reject(lost())
    gateway.payments.verify = async () => {
      await new Promise((resolve) => timers.setTimeout(() => resolve(undefined), 10_000))
      throw lost()
    }
    const { service: s } = service(gateway, timers)
    await s.start(input)
    await timers.advance(45 * 60_000)
    const [view] = s.recent()
    expect(view?.outcome?.state).toBe('needs_review')
    expect(view?.notice).toMatch(/supervisor/)
  })

  it('after a restart, waits the minimum time from a resend that was in flight', async () => {
    const storage = memoryStorage()
    const timersA = new ManualTimers()
    const gatewayA = new FakeCheckoutGateway()
    let sends = 0
    let resendAt: number | null = null
    gatewayA.payments.initialize = async () => {
      sends++
      if (sends === 1) throw lost()
      resendAt = timersA.now()
      return new Promise(() => undefined)
    }
    const a = service(gatewayA, timersA, storage)
    await a.service.start(input)
    await timersA.advance(VERIFY_AFTER_MS + 4_000)
    expect(resendAt).not.toBeNull()
    a.service.stop()

    const timersB = new ManualTimers(resendAt! + 1_000)
    const gatewayB = new FakeCheckoutGateway()
    const sentB: number[] = []
    gatewayB.payments.initialize = async () => {
      sentB.push(timersB.now())
      return new Promise(() => undefined)
    }
    const b = service(gatewayB, timersB, storage)
    b.service.resume()
    await timersB.advance(10_000)
    expect(sentB).toEqual([])
  })
})
