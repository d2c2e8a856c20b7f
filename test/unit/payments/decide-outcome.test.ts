// A payment whose outcome the till could not find out is closed by the gateway's answer for its
// reference or by a supervisor who did not take it: paid (with the gateway's reference) or not
// paid (with a reason), with their PIN. The decision is kept in the payment's journal entry.
import { describe, expect, it } from 'vitest'
import {
  OutcomeDecisionInput,
  paymentsChannels,
  type CheckoutView,
} from '../../../common/ipc/payments'
import { AppError } from '../../../main/kernel/errors'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { rejection } from '../../support/async'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, gwError, log, recorder } from './support'

const WINDOW_MS = 10 * 60_000
const GOOD_PIN = '246810'
const cashier = { id: 'u_cashier01', name: 'Ada' }
const supervisor = { id: 'u_super0001', name: 'Bisi' }

function setup() {
  const gateway = new FakeCheckoutGateway()
  const timers = new ManualTimers()
  const storage = memoryStorage()
  const journal = new Journal({
    name: 'payments',
    schema: PaymentEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 200,
  })
  const published = recorder<CheckoutView>()
  const who = { current: cashier as { id: string; name: string } | null }
  const pins: string[] = []
  const service = new PaymentsService({
    gateway: async () => gateway,
    journal,
    follower: new Follower(CHECKOUT_SCHEDULE, timers),
    publish: published.publish,
    actor: () => who.current,
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal: null,
    log,
    now: () => timers.now(),
    verifyAfterMs: 25_000,
    unknownWindowMs: WINDOW_MS,
    verifyPin: async (userId, pin) => {
      pins.push(userId)
      if (pin !== GOOD_PIN) throw new AppError('wrong_pin', 'That PIN is not right.')
    },
  })
  return { gateway, timers, storage, journal, published, who, pins, service }
}

/** A payment the cashier took whose initialize answer was lost and that no lookup can settle. */
async function unsettled(s: ReturnType<typeof setup>): Promise<string> {
  s.gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'before')
  for (let i = 0; i < 500; i++) s.gateway.failVerify(gwError('server', { method: 'GET' }))
  const view = await s.service.start({
    email: 'buyer@example.com',
    amount: '12,500.50',
    currency: 'NGN',
  })
  await s.timers.advance(WINDOW_MS + 60_000)
  return view.reference
}

describe('payments: a supervisor decides an unknown outcome', () => {
  it('lists it for a supervisor with why in words and what the till tried', async () => {
    const s = setup()
    const reference = await unsettled(s)
    s.who.current = supervisor
    const [view] = s.service.unsettled()
    expect(view?.reference).toBe(reference)
    expect(view?.status).toBe('starting')
    expect(view?.outcome?.state).toBe('needs_review')
    expect(view?.outcome?.why).toMatch(/may or may not have happened/)
    expect(view?.outcome?.steps[0]).toMatchObject({ call: 'send' })
    expect(view?.outcome?.steps.at(-1)?.said).toMatch(/could not be asked/)
    expect(view?.outcome?.decideBlocked).toBeNull()
  })

  it('never by the cashier who took it, and only with the right PIN', async () => {
    const s = setup()
    const reference = await unsettled(s)
    expect(s.service.unsettled()[0]?.outcome?.decideBlocked).toMatch(/another supervisor/)
    const input = { reference, pin: GOOD_PIN, reason: 'Seen on the dashboard' }
    const own = await rejection(
      s.service.decideOutcome({ ...input, outcome: 'paid', gatewayReference: 'GW-1' }),
    )
    expect(own.code).toBe('maker_cannot_decide')
    expect(s.pins).toEqual([])
    s.who.current = supervisor
    const wrong = await rejection(
      s.service.decideOutcome({ ...input, pin: '000000', outcome: 'not_paid' }),
    )
    expect(wrong.code).toBe('wrong_pin')
    expect(s.journal.get(reference)?.status).toBe('starting')
  })

  it('paid: success, with the gateway reference, who and when in the journal entry', async () => {
    const s = setup()
    const reference = await unsettled(s)
    s.who.current = supervisor
    const view = await s.service.decideOutcome({
      reference,
      pin: GOOD_PIN,
      reason: 'Gateway dashboard shows it paid',
      outcome: 'paid',
      gatewayReference: 'GW-778',
    })
    expect(view.status).toBe('success')
    expect(view.final).toBe(true)
    expect(view.outcome).toMatchObject({
      state: 'decided',
      decided: { made: true, byName: 'Bisi', gatewayReference: 'GW-778' },
    })
    expect(s.journal.get(reference)?.resolution).toMatchObject({
      made: true,
      byId: supervisor.id,
      at: new Date(s.timers.now()).toISOString(),
      reason: 'Gateway dashboard shows it paid',
    })
    expect(s.service.unsettled()).toEqual([])
    // Settled: nothing decides it twice.
    const again = await rejection(
      s.service.decideOutcome({ reference, pin: GOOD_PIN, reason: 'again', outcome: 'not_paid' }),
    )
    expect(again.code).toBe('wrong_state')
  })

  it('not paid: final "not paid" (never "failed"), with the reason; the entry is kept', async () => {
    const s = setup()
    const reference = await unsettled(s)
    s.who.current = supervisor
    const view = await s.service.decideOutcome({
      reference,
      pin: GOOD_PIN,
      reason: 'Gateway support: no such payment',
      outcome: 'not_paid',
    })
    expect(view.status).toBe('not_paid')
    expect(view.final).toBe(true)
    expect(view.outcome?.why).toMatch(/Marked as not paid by Bisi: Gateway support/)
    expect(s.journal.get(reference)?.resolution?.gatewayReference).toBeNull()
    expect(s.published.seen.some((v) => v.status === 'failed')).toBe(false)
  })

  it('a payment the gateway settled, or never unknown, cannot be decided', async () => {
    const s = setup()
    const view = await s.service.start({
      email: 'buyer@example.com',
      amount: '10',
      currency: 'NGN',
    })
    s.who.current = supervisor
    const error = await rejection(
      s.service.decideOutcome({
        reference: view.reference,
        pin: GOOD_PIN,
        reason: 'guess',
        outcome: 'not_paid',
      }),
    )
    expect(error.code).toBe('wrong_state')
  })

  it('the IPC channel is for supervisors and checks its input', () => {
    expect(paymentsChannels['payments.decideOutcome'].role).toBe('supervisor')
    expect(paymentsChannels['payments.unsettled'].role).toBe('supervisor')
    const base = { reference: 'PAY_1', pin: '123456', reason: 'checked' }
    expect(OutcomeDecisionInput.safeParse({ ...base, outcome: 'paid' }).success).toBe(false)
    expect(
      OutcomeDecisionInput.safeParse({ ...base, outcome: 'not_paid', reason: ' ' }).success,
    ).toBe(false)
    expect(
      OutcomeDecisionInput.safeParse({ ...base, outcome: 'paid', gatewayReference: 'GW 1' })
        .success,
    ).toBe(false)
    expect(
      OutcomeDecisionInput.safeParse({ ...base, outcome: 'paid', gatewayReference: 'GW-1' })
        .success,
    ).toBe(true)
  })
})
