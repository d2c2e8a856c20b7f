// A supervisor's decision on a refund whose outcome is unknown must not race the till's own
// resend of it: while a request for the reference may still be outstanding the decision is
// refused (with when it can be made), a decided refund is never sent again, and a refund the
// gateway later shows for a reference decided "not refunded" is what the gateway says, with an
// alarm in words and both kept.
import { describe, expect, it } from 'vitest'
import type { Refund } from '../../../common/api/refunds'
import { Follower, REVIEW_LOOKUP_SCHEDULE } from '../../../main/exactly-once/follower'
import { AppError } from '../../../main/kernel/errors'
import { rejection } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'
import { flush, gwError } from '../payments/support'

const supervisor = { id: 'u_super0002', name: 'Bisi' }
const issuer = { id: 'u_super0001', name: 'Sam' }

function setup() {
  const held: Array<Deferred<Refund>> = []
  const state = { shown: null as Refund | null, sends: 0, holdResends: true }
  const gateway = refundsGateway({
    initialize: async () => {
      state.sends++
      if (state.sends === 1 || !state.holdResends)
        throw gwError('timeout', { status: null, outcomeUnknown: true })
      const wire = deferred<Refund>()
      held.push(wire)
      return wire.promise
    },
    get: async () => {
      if (state.shown) return structuredClone(state.shown)
      throw gwError('not_found', { method: 'GET' })
    },
  })
  const who = { current: issuer }
  const { timers, journal, service } = refundsRig(gateway, (clock) => ({
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, clock),
    publish: () => undefined,
    actor: () => who.current,
    verifyAfterMs: 25_000,
    verifyPin: async (_id: string, pin: string) => {
      if (pin !== '246810') throw new AppError('wrong_pin', 'That PIN is not right.')
    },
    trust: { honoured: () => true, learn: () => undefined },
  }))
  return { timers, held, state, journal, who, service }
}

async function unknownRefund(s: ReturnType<typeof setup>): Promise<string> {
  await rejection(s.service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }))
  return s.journal.list()[0]!.reference
}

const notRefunded = (reference: string) => ({
  reference,
  pin: '246810',
  reason: 'Not on the gateway dashboard',
  outcome: 'not_refunded' as const,
})

const record = (reference: string, status: Refund['status']): Refund =>
  ({ reference, payment_reference: 'PAY_1', amount: 10_000, currency: 'NGN', status }) as Refund

describe('refunds: a decision never races a resend', () => {
  it('is refused while the resend is on the wire, saying when; the resend then settles it', async () => {
    const s = setup()
    const reference = await unknownRefund(s)
    await s.timers.advance(40_000)
    expect(s.state.sends).toBe(2)
    s.who.current = supervisor
    const refused = await rejection(s.service.decideOutcome(notRefunded(reference)))
    expect(refused.code).toBe('decision_fenced')
    expect(refused.message).toMatch(/can be decided from \d\d:\d\d/)
    s.held[0]!.resolve(record(reference, 'success'))
    await flush()
    expect(s.journal.get(reference)?.status).toBe('success')
    s.service.stop()
  })

  it('sends nothing for a reference once it is decided', async () => {
    const s = setup()
    s.state.holdResends = false
    const reference = await unknownRefund(s)
    // Every resend is lost too, until the window ends and a supervisor must decide.
    await s.timers.advance(35 * 60_000)
    expect(s.journal.get(reference)?.status).toBe('needs_review')
    await s.timers.advance(30_000)
    s.who.current = supervisor
    await s.service.decideOutcome(notRefunded(reference))
    const sends = s.state.sends
    await s.timers.advance(6 * 3_600_000)
    expect(s.state.sends).toBe(sends)
    s.service.stop()
  })

  it('the gateway wins over "not refunded": moved to its status, an alarm in words, both kept', async () => {
    const s = setup()
    s.state.holdResends = false
    const reference = await unknownRefund(s)
    // Every resend is lost too, until the window ends and a supervisor must decide.
    await s.timers.advance(35 * 60_000)
    expect(s.journal.get(reference)?.status).toBe('needs_review')
    await s.timers.advance(30_000)
    s.who.current = supervisor
    await s.service.decideOutcome(notRefunded(reference))
    expect(s.journal.get(reference)?.status).toBe('not_refunded')
    s.state.shown = record(reference, 'success')
    await s.timers.advance(2 * 3_600_000)
    const entry = s.journal.get(reference)
    expect(entry?.status).toBe('success')
    expect(entry?.resolution?.made).toBe(false)
    expect(entry?.alarm?.text).toMatch(/marked as not refunded.*gateway/i)
    expect(entry?.alarm?.acknowledged).toBeNull()
    // On the supervisor's list until one of them has seen it; then off it, with who saw it.
    expect(s.service.unsettled().map((v) => v.outcome?.alarm?.acknowledgedBy)).toEqual([null])
    s.service.acknowledgeAlarm(reference)
    expect(s.journal.get(reference)?.alarm?.acknowledged?.byName).toBe(supervisor.name)
    expect(s.service.unsettled()).toEqual([])
    s.service.stop()
  })
})
