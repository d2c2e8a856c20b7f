// A debit whose outcome the till could not find out is closed by the gateway's answer for its
// reference or by a supervisor who did not charge it: paid (with the gateway's reference) or
// not paid (with a reason), with their PIN. The decision is kept in the debit's journal entry.
import { describe, expect, it } from 'vitest'
import type { DebitView } from '../../../common/ipc/mandates'
import { mandatesChannels } from '../../../common/ipc/mandates'
import { AppError } from '../../../main/kernel/errors'
import { BankDirectory } from '../../../main/mandates/bank-directory'
import { DebitsService } from '../../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'
import type { Minor } from '../../../common/money'
import { MandatesService } from '../../../main/mandates/mandates-service'
import {
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
  SETTLEMENT_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { rejection } from '../../support/async'
import { ManualTimers, gwError, log, recorder } from '../payments/support'
import { FakeDirectDebits } from './fake-direct-debits'

const WINDOW_MS = 10 * 60_000
const GOOD_PIN = '246810'
const cashier = { id: 'u_cashier01', name: 'Ada' }
const supervisor = { id: 'u_super0001', name: 'Bisi' }

function setup(storage = { debits: memoryStorage(), mandates: memoryStorage() }, start?: number) {
  const gateway = new FakeDirectDebits()
  const timers = new ManualTimers(start)
  const mandates = new Journal({
    name: 'mandates',
    schema: MandateEntry,
    storage: storage.mandates,
    keyOf: (e) => e.mandateReference,
    timeOf: (e) => e.createdAt,
    limit: 100,
  })
  const debits = new Journal({
    name: 'debits',
    schema: DebitEntry,
    storage: storage.debits,
    keyOf: (e) => e.paymentReference,
    timeOf: (e) => e.createdAt,
    limit: 100,
  })
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const who = { current: cashier as { id: string; name: string } | null }
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
  const published = recorder<DebitView>()
  const pins: string[] = []
  const service: DebitsService = new DebitsService({
    gateway: async () => gateway,
    debits,
    mandates: mandateService,
    follower,
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
    publish: published.publish,
    actor: () => who.current,
    log,
    now: () => timers.now(),
    unknownWindowMs: WINDOW_MS,
    verifyPin: async (userId, pin) => {
      pins.push(userId)
      if (pin !== GOOD_PIN) throw new AppError('wrong_pin', 'That PIN is not right.')
    },
  })
  return { gateway, timers, debits, who, pins, published, service, mandateService }
}

/** A debit the cashier charged whose answer was lost and that no lookup can settle. */
async function unsettled(s: ReturnType<typeof setup>): Promise<string> {
  s.gateway.addActive('MD_A')
  for (let i = 0; i < 500; i++)
    s.gateway.fail('debit', gwError('network', { outcomeUnknown: true }))
  const debit = await s.service.debit({ mandateReference: 'MD_A', amount: '10', narration: 'Rent' })
  await s.timers.advance(WINDOW_MS + 60_000)
  // The last resend (lost too) may still land until its deadline and the commit lag are past:
  // only then may a supervisor decide (main/exactly-once/fence.ts).
  await s.timers.advance(30_000)
  return debit.paymentReference
}

describe('debits: a supervisor decides an unknown outcome', () => {
  it('lists it with why in words and the evidence; the cashier who charged it may not decide', async () => {
    const s = setup()
    const reference = await unsettled(s)
    const own = s.service.unsettled()[0]
    expect(own?.paymentReference).toBe(reference)
    expect(own?.outcome?.state).toBe('needs_review')
    expect(own?.outcome?.why).toMatch(/may or may not have happened/)
    expect(own?.outcome?.steps.length).toBeGreaterThan(1)
    expect(own?.outcome?.decideBlocked).toMatch(/another supervisor/)
    const refused = await rejection(
      s.service.decideOutcome({
        reference,
        pin: GOOD_PIN,
        reason: 'bank statement',
        outcome: 'paid',
        gatewayReference: 'GW-1',
      }),
    )
    expect(refused.code).toBe('maker_cannot_decide')
    expect(s.pins).toEqual([])
    s.who.current = supervisor
    expect(s.service.unsettled()[0]?.outcome?.decideBlocked).toBeNull()
  })

  it('paid: success with the gateway reference, who and when kept in the journal entry', async () => {
    const s = setup()
    const reference = await unsettled(s)
    s.who.current = supervisor
    const wrong = await rejection(
      s.service.decideOutcome({ reference, pin: '000000', reason: 'x y z', outcome: 'not_paid' }),
    )
    expect(wrong.code).toBe('wrong_pin')
    const view = await s.service.decideOutcome({
      reference,
      pin: GOOD_PIN,
      reason: 'Bank statement shows it',
      outcome: 'paid',
      gatewayReference: 'GW-DD-9',
    })
    expect(view).toMatchObject({ status: 'success', final: true })
    expect(view.outcome?.decided).toMatchObject({ made: true, byName: 'Bisi' })
    expect(s.debits.get(reference)?.resolution).toMatchObject({
      made: true,
      byId: supervisor.id,
      gatewayReference: 'GW-DD-9',
      at: new Date(s.timers.now()).toISOString(),
    })
    expect(s.service.unsettled()).toEqual([])
  })

  it('not paid: final "not paid" with the reason, never "failed" or "not sent"; still an attempt this month', async () => {
    const s = setup()
    const reference = await unsettled(s)
    s.who.current = supervisor
    const view = await s.service.decideOutcome({
      reference,
      pin: GOOD_PIN,
      reason: 'Gateway support: no such debit',
      outcome: 'not_paid',
    })
    expect(view).toMatchObject({ status: 'not_paid', final: true })
    expect(view.outcome?.why).toMatch(/Marked as not paid by Bisi/)
    expect(s.published.seen.some((v) => v.status === 'failed' || v.status === 'not_sent')).toBe(
      false,
    )
    const usage = s.mandateService.view('MD_A').usage
    expect(usage.usedCount).toBe(1)
    expect(usage.usedAmount).toBe(0)
    const again = await rejection(
      s.service.decideOutcome({ reference, pin: GOOD_PIN, reason: 'again', outcome: 'not_paid' }),
    )
    expect(again.code).toBe('wrong_state')
  })

  it('the IPC channels are for supervisors', () => {
    expect(mandatesChannels['mandates.decideDebitOutcome'].role).toBe('supervisor')
    expect(mandatesChannels['mandates.unsettledDebits'].role).toBe('supervisor')
    expect(
      mandatesChannels['mandates.decideDebitOutcome'].input.safeParse({
        reference: 'DD_1',
        pin: '123456',
        reason: 'checked',
        outcome: 'paid',
      }).success,
    ).toBe(false)
  })
})

describe('debits: in review, the reference is still looked up at a slow pace', () => {
  /** A debit the gateway took whose answer was lost; no status lookup answered in the window. */
  async function inReview(s: ReturnType<typeof setup>) {
    s.gateway.addActive('MD_A')
    s.gateway.fail('debit', gwError('network', { outcomeUnknown: true }), 'after')
    const status = s.gateway.directDebits.status
    const ask = { answer: false, calls: 0 }
    s.gateway.directDebits.status = async (ref: string) => {
      ask.calls++
      if (!ask.answer) throw gwError('network', { method: 'GET', outcomeUnknown: true })
      return status(ref)
    }
    const debit = await s.service.debit({
      mandateReference: 'MD_A',
      amount: '10',
      narration: 'Rent',
    })
    await s.timers.advance(WINDOW_MS + 60_000)
    expect(s.service.unsettled()[0]?.outcome?.state).toBe('needs_review')
    return { ask, reference: debit.paymentReference }
  }
  const sends = (s: ReturnType<typeof setup>) => s.gateway.calls.filter((c) => c === 'debit').length

  it('asks about every 15 minutes, never charges again, and the late answer settles it', async () => {
    const s = setup()
    const r = await inReview(s)
    const before = r.ask.calls
    await s.timers.advance(2 * 60 * 60_000)
    expect(r.ask.calls - before).toBe(8)
    expect(s.debits.get(r.reference)?.status).toBe('starting')

    s.gateway.settleDebit(r.reference, 'success')
    r.ask.answer = true
    await s.timers.advance(15 * 60_000)
    expect(s.debits.get(r.reference)?.status).toBe('success')
    expect(s.service.unsettled()).toEqual([])
    expect(sends(s)).toBe(1)
    const settled = r.ask.calls
    await s.timers.advance(60 * 60_000)
    expect(r.ask.calls).toBe(settled)
  })

  it('a "not found" or another reference\'s record settles nothing, and nothing is sent again', async () => {
    const s = setup()
    const r = await inReview(s)
    let calls = 0
    s.gateway.directDebits.status = async () => {
      calls++
      throw gwError('not_found', { method: 'GET', status: 404 })
    }
    await s.timers.advance(30 * 60_000)
    expect(calls).toBe(2)
    const theirs = await s.gateway.directDebits.debit({
      mandate_reference: 'MD_A',
      debit_amount: 100 as Minor,
      narration: 'Other till',
      customer_email: 'bola@example.com',
      payment_reference: 'DD_OTHER',
    })
    s.gateway.directDebits.status = async () => {
      calls++
      return { ...theirs, status: 'success' as const }
    }
    await s.timers.advance(30 * 60_000)
    expect(calls).toBe(4)
    expect(s.debits.get(r.reference)?.status).toBe('starting')
    expect(s.service.unsettled()[0]?.outcome?.state).toBe('needs_review')
    // The first charge and the other till's: this debit was never sent again.
    expect(sends(s)).toBe(2)
  })

  it('after a restart, a debit in review is looked up at the slow pace and never sent again', async () => {
    const storage = { debits: memoryStorage(), mandates: memoryStorage() }
    const a = setup(storage)
    await inReview(a)
    a.service.stop()
    const b = setup(storage, a.timers.now())
    b.gateway.addActive('MD_A')
    let calls = 0
    b.gateway.directDebits.status = async () => {
      calls++
      throw gwError('not_found', { method: 'GET', status: 404 })
    }
    b.service.resume()
    await b.timers.advance(60 * 60_000)
    expect(calls).toBe(4)
    expect(sends(b)).toBe(0)
  })
})
