// A supervisor's "not paid" must not race the sender's own resend of the payout: the decision
// is refused while a request for the reference may be outstanding (saying when it can be
// made), nothing is sent once decided, and a transfer the gateway later shows for a payout
// decided "not paid" is what the gateway says, with an alarm in words and both in the audit.
import { afterEach, describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import { bindingHash } from '../../../main/payouts/binding'
import type { DisbursementBody } from '../../../main/payouts/gatewayPort'
import type { PayoutItem } from '../../../main/payouts/model'
import { PayoutSender } from '../../../main/payouts/sender'
import { rejection, waitFor } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import {
  cashier,
  draftInput,
  GOOD_PIN,
  supervisor,
  supervisor2,
  world,
  type World,
} from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

async function approvedItem(): Promise<PayoutItem> {
  const item = await w.commands.draft(cashier, draftInput({ submit: true }))
  return w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item))
}

/** The first initialize is lost; later ones wait on the wire until the test answers them. */
function holdResends(): { held: Array<Deferred<void>>; sends: () => number } {
  const real = w.gateway.disbursements.initialize
  const held: Array<Deferred<void>> = []
  let sends = 0
  w.gateway.disbursements.initialize = async (body: DisbursementBody): Promise<Transfer> => {
    sends++
    w.gateway.calls.push(`initialize:${body.reference}`)
    if (sends === 1) throw new Error('socket hang up')
    const wire = deferred<void>()
    held.push(wire)
    await wire.promise
    return real(body)
  }
  return { held, sends: () => sends }
}

/** Real time for the sender, plus jumps the test makes (`jump(ms)`). */
function movingClock(): (ms: number) => void {
  const start = Date.now()
  const base = w.clock.now
  let jumped = 0
  Object.defineProperty(w.clock, 'now', {
    get: () => base + (Date.now() - start) + jumped,
    configurable: true,
  })
  return (ms) => {
    jumped += ms
  }
}

function startSender(): PayoutSender {
  const s = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'OKAFOR ADAEZE NGOZI',
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    pollMs: 1,
    retryBaseMs: 5,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    requestTimeoutMs: 15_000,
    unknownWindowMs: 3_600_000,
    reviewPollMs: 50,
    referenceTrust: { honoured: () => true, learn: () => undefined },
  } as ConstructorParameters<typeof PayoutSender>[0])
  s.start()
  return s
}

const notPaid = { outcome: 'not_paid' as const, reason: 'Not on the gateway dashboard' }

describe('payouts: a decision never races a resend', () => {
  it('is refused while the resend is on the wire, saying when; the resend then settles it', async () => {
    w = await world()
    const item = await approvedItem()
    const wire = holdResends()
    const jump = movingClock()
    sender = startSender()
    await waitFor('unknown', () => w.outbox.get(item.reference)?.state === 'unknown')
    jump(31_000)
    sender.kick()
    await waitFor('the resend on the wire', () => wire.held.length === 1)
    const refused = await rejection(
      w.commands.decideOutcome(supervisor2, item.reference, GOOD_PIN, notPaid),
    )
    expect(refused.code).toBe('decision_fenced')
    expect(refused.message).toMatch(/can be decided from \d\d:\d\d/)
    wire.held[0]!.resolve()
    await waitFor('paid', () => w.outbox.get(item.reference)?.state === 'success')
  })

  it('is refused while the till is asking the gateway about it, even once its wait is over', async () => {
    w = await world()
    const item = await approvedItem()
    const resends = holdResends()
    const asked: Array<Deferred<void>> = []
    const verify = w.gateway.disbursements.verify
    // The first lookup waits on the wire until the test answers it; later ones go through.
    w.gateway.disbursements.verify = async (reference: string): Promise<Transfer> => {
      if (asked.length > 0) return verify(reference)
      const wire = deferred<void>()
      asked.push(wire)
      await wire.promise
      return verify(reference)
    }
    const jump = movingClock()
    sender = startSender()
    await waitFor('unknown', () => w.outbox.get(item.reference)?.state === 'unknown')
    // The lost request can no longer land; the lookup that may clear a resend is out.
    jump(31_000)
    sender.kick()
    await waitFor('the lookup on the wire', () => asked.length === 1)
    const decided = w.commands.decideOutcome(supervisor2, item.reference, GOOD_PIN, notPaid)
    const refused = await rejection(decided).finally(() => asked.forEach((a) => a.resolve()))
    expect(refused.code).toBe('decision_fenced')
    expect(refused.message).toMatch(/asking the gateway about this payout right now/)
    expect(w.outbox.get(item.reference)?.resolution ?? null).toBeNull()
    // The lookup said "no such transfer": the resend it cleared settles the payout.
    await waitFor('the resend on the wire', () => resends.held.length === 1)
    resends.held[0]!.resolve()
    await waitFor('paid', () => w.outbox.get(item.reference)?.state === 'success')
  })

  it('the gateway wins over "not paid": moved to its state, an alarm in words, both in the audit', async () => {
    w = await world()
    const item = await approvedItem()
    const wire = holdResends()
    const jump = movingClock()
    sender = startSender()
    await waitFor('unknown', () => w.outbox.get(item.reference)?.state === 'unknown')
    jump(31_000)
    sender.kick()
    await waitFor('the resend on the wire', () => wire.held.length === 1)
    wire.held[0]!.reject(new Error('socket hang up'))
    await waitFor('resend lost', () => w.outbox.get(item.reference)?.problem !== null)
    await sender.stop()
    jump(31_000)
    await w.commands.decideOutcome(supervisor2, item.reference, GOOD_PIN, notPaid)
    expect(w.outbox.get(item.reference)?.state).toBe('rejected')
    // The lost resend had landed after all.
    const now = new Date(w.clock.now).toISOString()
    w.gateway.settleTo = null
    w.gateway.transfers.set(item.reference, {
      reference: item.reference,
      status: 'success',
      amount: item.amount,
      currency: item.currency,
      bank_code: item.bankCode,
      account_number: item.accountNumber,
      narration: item.narration,
      created_at: now,
      updated_at: now,
    })
    const sends = wire.sends()
    sender = startSender()
    await waitFor(
      'the gateway wins',
      () => w.outbox.get(item.reference)?.state === 'success',
      5_000,
    )
    const after = w.outbox.get(item.reference)!
    expect(wire.sends()).toBe(sends)
    expect(after.resolution?.outcome).toBe('not_paid')
    expect(after.alarm?.text).toMatch(/marked as not paid.*gateway/i)
  })
})
