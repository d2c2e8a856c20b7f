// A supervisor's decision on a debit whose outcome is unknown must not race the till's own
// resend: refused while a request may be outstanding, nothing sent once decided, the gateway's
// record wins over "not paid". And a 2xx acceptance of a debit, even one without a `status`,
// means the debit exists: it is never sent again, whatever a lagging status lookup says.
import { describe, expect, it } from 'vitest'
import type { DebitRecord } from '../../../common/api/directDebits'
import { AppError } from '../../../main/kernel/errors'
import { BankDirectory } from '../../../main/mandates/bank-directory'
import { DebitsService } from '../../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'
import { MandatesService } from '../../../main/mandates/mandates-service'
import {
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
  SETTLEMENT_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { rejection } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import { ManualTimers, flush, gwError, log } from '../payments/support'
import { FakeDirectDebits } from './fake-direct-debits'

const cashier = { id: 'u_cashier01', name: 'Ada' }
const supervisor = { id: 'u_super0001', name: 'Bisi' }

function setup() {
  const gateway = new FakeDirectDebits()
  gateway.addActive('MD_A')
  const timers = new ManualTimers()
  const journal = <T>(name: string, schema: never, keyOf: (e: T) => string) =>
    new Journal<T>({
      name,
      schema,
      storage: memoryStorage(),
      keyOf,
      timeOf: (e) => (e as { createdAt: string }).createdAt,
      limit: 100,
    })
  const mandates = journal<MandateEntry>(
    'mandates',
    MandateEntry as never,
    (e) => e.mandateReference,
  )
  const debits = journal<DebitEntry>('debits', DebitEntry as never, (e) => e.paymentReference)
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const who = { current: cashier }
  const mandateService = new MandatesService({
    gateway: async () => gateway,
    mandates,
    debits,
    banks: new BankDirectory({
      gateway: async () => gateway,
      gatewayKey: () => 'gw',
      now: () => timers.now(),
    }),
    debitFollower: follower,
    debitView: (d) => service.view(d),
    publish: () => undefined,
    actor: () => who.current,
    log,
    now: () => timers.now(),
  })
  const service: DebitsService = new DebitsService({
    gateway: async () => gateway,
    debits,
    mandates: mandateService,
    follower,
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
    publish: () => undefined,
    actor: () => who.current,
    log,
    now: () => timers.now(),
    verifyAfterMs: 25_000,
    unknownWindowMs: 10 * 60_000,
    verifyPin: async (_id: string, pin: string) => {
      if (pin !== '246810') throw new AppError('wrong_pin', 'That PIN is not right.')
    },
    trust: { honoured: () => true, learn: () => undefined },
  })
  return { gateway, timers, debits, who, service }
}

/** Debit calls: the first lost, later ones held on the wire until the test says. */
function holdResends(s: ReturnType<typeof setup>, hold = true) {
  const real = s.gateway.directDebits.debit
  const held: Array<Deferred<void>> = []
  let sends = 0
  s.gateway.directDebits.debit = async (body) => {
    sends++
    if (sends === 1 || !hold) throw gwError('timeout', { status: null, outcomeUnknown: true })
    const wire = deferred<void>()
    held.push(wire)
    await wire.promise
    return real(body)
  }
  return { held, sends: () => sends }
}

const notPaid = (reference: string) => ({
  reference,
  pin: '246810',
  reason: 'Not on the bank statement',
  outcome: 'not_paid' as const,
})

describe('debits: a decision never races a resend', () => {
  it('is refused while the resend is on the wire, saying when; the resend then settles it', async () => {
    const s = setup()
    const wire = holdResends(s)
    const view = await s.service.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    await s.timers.advance(40_000)
    expect(wire.sends()).toBe(2)
    s.who.current = supervisor
    const refused = await rejection(s.service.decideOutcome(notPaid(view.paymentReference)))
    expect(refused.code).toBe('decision_fenced')
    expect(refused.message).toMatch(/can be decided from \d\d:\d\d/)
    wire.held[0]!.resolve()
    await flush()
    expect(s.debits.get(view.paymentReference)?.status).toBe('pending')
    s.service.stop()
  })

  it('the gateway wins over "not paid": moved to its status, an alarm in words, both kept', async () => {
    const s = setup()
    const wire = holdResends(s, false)
    const view = await s.service.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    // Every resend is lost too, until the window ends and a supervisor must decide.
    await s.timers.advance(11 * 60_000)
    expect(s.service.unsettled()[0]?.outcome?.state).toBe('needs_review')
    await s.timers.advance(30_000)
    s.who.current = supervisor
    await s.service.decideOutcome(notPaid(view.paymentReference))
    const sends = wire.sends()
    s.gateway.debitsById.set(view.paymentReference, {
      status: 'success',
      payment_reference: view.paymentReference,
      mandate_reference: 'MD_A',
      amount: 1_000,
      narration: 'Rent',
      month: '2025-01',
    } as DebitRecord & { month: string })
    await s.timers.advance(2 * 3_600_000)
    const entry = s.debits.get(view.paymentReference)
    expect(wire.sends()).toBe(sends)
    expect(entry?.status).toBe('success')
    expect(entry?.resolution?.made).toBe(false)
    expect(entry?.alarm?.text).toMatch(/marked as not paid.*gateway/i)
    // On the supervisor's list until one of them has seen it; then off it, with who saw it.
    expect(s.service.unsettled().map((v) => v.outcome?.alarm?.acknowledgedBy)).toEqual([null])
    s.service.acknowledgeAlarm(view.paymentReference)
    expect(s.debits.get(view.paymentReference)?.alarm?.acknowledged?.byName).toBe(supervisor.name)
    expect(s.service.unsettled()).toEqual([])
    s.service.stop()
  })
})

describe('debits: a 2xx acceptance is "exists"', () => {
  it('a debit accepted without a status is never sent again, even when the status lookup lags', async () => {
    const s = setup()
    let sends = 0
    s.gateway.directDebits.debit = async () => {
      sends++
      return {} as never
    }
    const view = await s.service.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    // The status side has not seen it yet: a JSON "no such debit" for a while.
    await s.timers.advance(30 * 60_000)
    expect(sends).toBe(1)
    expect(s.debits.get(view.paymentReference)?.status).not.toBe('failed')
    s.service.stop()
  })
})
