// A supervisor's decision on a payment whose outcome is unknown must not race the till's own
// resend of its initialize: refused while a request for the reference may be outstanding,
// nothing sent once decided, and the gateway's record wins over "not paid" with an alarm.
import { describe, expect, it } from 'vitest'
import type { InitializePaymentResponse } from '../../../common/api/payments'
import { AppError } from '../../../main/kernel/errors'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { rejection } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, flush, gwError, log } from './support'

const cashier = { id: 'u_cashier01', name: 'Ada' }
const supervisor = { id: 'u_super0001', name: 'Bisi' }

function setup() {
  const gateway = new FakeCheckoutGateway()
  const timers = new ManualTimers()
  const held: Array<Deferred<InitializePaymentResponse>> = []
  const real = gateway.payments.initialize
  let sends = 0
  const mode = { hold: true }
  // First initialize: lost before it lands. Later ones: held on the wire until the test says
  // (or, with `hold` off, lost as well).
  gateway.payments.initialize = async (body) => {
    sends++
    if (sends === 1 || !mode.hold) throw gwError('timeout', { status: null, outcomeUnknown: true })
    const wire = deferred<InitializePaymentResponse>()
    held.push(wire)
    await wire.promise
    return real(body)
  }
  const journal = new Journal({
    name: 'payments',
    schema: PaymentEntry,
    storage: memoryStorage(),
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 200,
  })
  const who = { current: cashier }
  const service = new PaymentsService({
    gateway: async () => gateway,
    journal,
    follower: new Follower(CHECKOUT_SCHEDULE, timers),
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
    publish: () => undefined,
    actor: () => who.current,
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal: null,
    log,
    now: () => timers.now(),
    verifyAfterMs: 25_000,
    unknownWindowMs: 10 * 60_000,
    verifyPin: async (_id: string, pin: string) => {
      if (pin !== '246810') throw new AppError('wrong_pin', 'That PIN is not right.')
    },
    trust: { honoured: () => true, learn: () => undefined },
  })
  return { gateway, timers, held, mode, journal, who, service, sends: () => sends }
}

const notPaid = (reference: string) => ({
  reference,
  pin: '246810',
  reason: 'Customer paid cash instead',
  outcome: 'not_paid' as const,
})

describe('payments: a decision never races a resend', () => {
  it('is refused while the resend is on the wire, saying when; the resend then settles it', async () => {
    const s = setup()
    const view = await s.service.start({ email: 'b@example.com', amount: '100', currency: 'NGN' })
    await s.timers.advance(30_000)
    expect(s.sends()).toBe(2)
    s.who.current = supervisor
    const refused = await rejection(s.service.decideOutcome(notPaid(view.reference)))
    expect(refused.code).toBe('decision_fenced')
    expect(refused.message).toMatch(/can be decided from \d\d:\d\d/)
    s.held[0]!.resolve({} as InitializePaymentResponse)
    await flush()
    expect(s.journal.get(view.reference)?.status).toBe('pending')
    s.service.stop()
  })

  it('the gateway wins over "not paid": moved to its status, an alarm in words, both kept', async () => {
    const s = setup()
    s.mode.hold = false
    const view = await s.service.start({ email: 'b@example.com', amount: '100', currency: 'NGN' })
    // Every resend is lost too, until the window ends and a supervisor must decide.
    await s.timers.advance(11 * 60_000)
    expect(s.service.unsettled()[0]?.outcome?.state).toBe('needs_review')
    await s.timers.advance(30_000)
    s.who.current = supervisor
    await s.service.decideOutcome(notPaid(view.reference))
    const sends = s.sends()
    // The customer's payment lands at the gateway after all (a late write).
    s.gateway.records.set(view.reference, {
      reference: view.reference,
      status: 'success',
      email: 'b@example.com',
      amount: 10_000,
      currency: 'NGN',
    } as never)
    await s.timers.advance(2 * 3_600_000)
    const entry = s.journal.get(view.reference)
    expect(s.sends()).toBe(sends)
    expect(entry?.status).toBe('success')
    expect(entry?.resolution?.made).toBe(false)
    expect(entry?.alarm?.text).toMatch(/marked as not paid.*gateway/i)
    // On the supervisor's list until one of them has seen it; then off it, with who saw it.
    expect(s.service.unsettled().map((v) => v.outcome?.alarm?.acknowledgedBy)).toEqual([null])
    s.service.acknowledgeAlarm(view.reference)
    expect(s.journal.get(view.reference)?.alarm?.acknowledged?.byName).toBe(supervisor.name)
    expect(s.service.unsettled()).toEqual([])
    s.service.stop()
  })
})
