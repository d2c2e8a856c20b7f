// The follow-up of a payment whose answer was lost, in the cases the first version missed:
// a failure that is not the gateway answering, a follow-up schedule that ends with the window
// while each lookup is slow, and a resend in flight when the till stops.
import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import type { Minor } from '../../../common/money'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
} from '../../../main/exactly-once/follower'
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
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
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

describe('payments: in review, the reference is still looked up at a slow pace', () => {
  /** A payment the gateway took whose answer was lost, and no lookup answered in the window. */
  async function inReview(storage = memoryStorage()) {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    gateway.failInitialize(lost(), 'after')
    const verify = gateway.payments.verify
    const ask = { answer: false, calls: 0 }
    gateway.payments.verify = async (reference) => {
      ask.calls++
      if (!ask.answer) throw lost()
      return verify(reference)
    }
    const made = service(gateway, timers, storage)
    const started = await made.service.start(input)
    await timers.advance(45 * 60_000)
    expect(made.service.recent()[0]?.outcome?.state).toBe('needs_review')
    return { ...made, timers, gateway, ask, reference: started.reference }
  }

  it('asks about every 15 minutes, never sends again, and the late answer settles it', async () => {
    const r = await inReview()
    const before = r.ask.calls
    await r.timers.advance(2 * 60 * 60_000)
    // Slowly: 8 lookups in two hours, not one every few seconds.
    expect(r.ask.calls - before).toBe(8)
    expect(r.journal.get(r.reference)?.status).toBe('starting')

    r.gateway.settle(r.reference, 'success')
    r.ask.answer = true
    await r.timers.advance(15 * 60_000)
    const view = r.service.recent()[0]
    expect(view).toMatchObject({ status: 'success', final: true })
    expect(r.gateway.initializeCalls).toHaveLength(1)
    // Settled: no more lookups.
    const settled = r.ask.calls
    await r.timers.advance(60 * 60_000)
    expect(r.ask.calls).toBe(settled)
  })

  it('a "not found" or a record of another reference settles nothing, and nothing is resent', async () => {
    const r = await inReview()
    let calls = 0
    r.gateway.payments.verify = async () => {
      calls++
      throw gwError('not_found', { method: 'GET', status: 404 })
    }
    await r.timers.advance(30 * 60_000)
    expect(calls).toBe(2)
    expect(r.journal.get(r.reference)).toMatchObject({ status: 'starting' })
    const elsewhere = new FakeCheckoutGateway()
    await elsewhere.payments.initialize({
      email: 'other@example.com',
      amount: 100 as Minor,
      currency: 'NGN',
      reference: 'PAY_OTHER',
    })
    elsewhere.settle('PAY_OTHER', 'success')
    r.gateway.payments.verify = async () => {
      calls++
      return elsewhere.payments.verify('PAY_OTHER')
    }
    await r.timers.advance(30 * 60_000)
    expect(calls).toBe(4)
    expect(r.journal.get(r.reference)).toMatchObject({ status: 'starting' })
    expect(r.service.recent()[0]?.outcome?.state).toBe('needs_review')
    expect(r.gateway.initializeCalls).toHaveLength(1)
  })

  it('after a restart, a payment in review is looked up again at the slow pace', async () => {
    const storage = memoryStorage()
    const a = await inReview(storage)
    a.service.stop()
    const timers = new ManualTimers(a.timers.now())
    const gateway = new FakeCheckoutGateway()
    let calls = 0
    gateway.payments.verify = async () => {
      calls++
      throw lost()
    }
    const b = service(gateway, timers, storage)
    b.service.resume()
    await timers.advance(60 * 60_000)
    expect(calls).toBe(4)
    expect(gateway.initializeCalls).toEqual([])
  })
})

describe('payments: a first send answered "exists" whose lookup brings another reference', () => {
  // A 409 on our reference (or a 2xx it can't read) leads to a lookup. One that answers with
  // another payment's record says nothing about ours: adopting it showed ours as paid.
  it('does not adopt the other payment: ours stays unknown and is never sent again', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    await gateway.payments.initialize({
      email: 'other@example.com',
      amount: 99_000 as Minor,
      currency: 'NGN',
      reference: 'PAY_OTHER',
    })
    gateway.settle('PAY_OTHER', 'success')
    gateway.failInitialize(gwError('conflict', { code: 'duplicate_reference' }))
    const verify = gateway.payments.verify
    gateway.payments.verify = () => verify('PAY_OTHER')
    const { service: s, journal } = service(gateway, timers)
    const view = await s.start(input)
    expect(view.outcome?.state).toBe('unknown')
    expect(journal.get(view.reference)).toMatchObject({
      status: 'starting',
      uncertainty: { existsSaid: true },
    })
    await timers.advance(60 * 60_000)
    expect(journal.get(view.reference)?.status).not.toBe('success')
    expect(gateway.initializeCalls.map((c) => c.reference)).toEqual(['PAY_OTHER', view.reference])
  })
})

describe('payments: a first send answered 2xx about another reference', () => {
  // The gateway took a write (a 2xx) but named another payment: ours exists and is never sent
  // again, and the evidence says what the gateway answered, not that the till stopped.
  it('keeps what the gateway answered as the evidence', async () => {
    const timers = new ManualTimers()
    const gateway = new FakeCheckoutGateway()
    const initialize = gateway.payments.initialize
    gateway.payments.initialize = async (body) => ({
      ...(await initialize(body)),
      reference: 'PAY_OTHER',
    })
    // The lookup straight after it sees nothing readable yet.
    gateway.failVerify(gwError('not_found', { recordAbsent: false }))
    const { service: s, journal } = service(gateway, timers)
    const view = await s.start(input)
    const u = journal.get(view.reference)?.uncertainty
    expect(u?.existsSaid).toBe(true)
    expect(u?.steps.map((step) => step.said).join(' ')).not.toMatch(/stopped/)
    expect(u?.steps[0]?.said).toMatch(/another payment/)
    // Then found by our reference, adopted; never sent again.
    await timers.advance(60 * 60_000)
    expect(journal.get(view.reference)?.status).toBe('pending')
    expect(gateway.initializeCalls).toHaveLength(1)
  })
})
