// The payout under the exactly-once core: its journal's evidence (number times, `verify`)
// reads as the core's (text times, `lookup`) and back without losing a step; the core's
// changes become records the payout reducer accepts, live and when the journal is replayed;
// and a resend leaves only once the record of it is on disk.
import { afterEach, describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import { silentLogger } from '../../../main/kernel/log'
import { Follower } from '../../../main/exactly-once/follower'
import { DECIDED_WATCH_MS, ReferencedWrites } from '../../../main/exactly-once/tracker'
import { bindingHash } from '../../../main/payouts/binding'
import type { OutcomeDecision } from '../../../main/payouts/outcome-decision'
import type { DisbursementBody } from '../../../main/payouts/gatewayPort'
import { readChain } from '../../../main/payouts/journal'
import type { PayoutItem } from '../../../main/payouts/model'
import { Outbox } from '../../../main/payouts/outbox'
import {
  fromCoreUncertainty,
  payoutKind,
  toCoreUncertainty,
} from '../../../main/payouts/payout-kind'
import { PayoutStore } from '../../../main/payouts/payout-store'
import type { OutboxRecord } from '../../../main/payouts/records'
import { SYSTEM_ACTOR } from '../../../main/payouts/model'
import {
  cashier,
  draftInput,
  FakeGateway,
  GOOD_PIN,
  itemFixture,
  supervisor,
  world,
  type World,
} from './helpers'

const VERIFY_AFTER_MS = 1_000
// Timers that never fire within a test: each step is driven by hand with check().
const HAND_DRIVEN = new Follower({ steps: [{ untilMs: Infinity, everyMs: 1e9 }] })

let w: World | undefined
afterEach(async () => {
  HAND_DRIVEN.stopAll()
  await w?.cleanup()
  w = undefined
})

function core(world: World, gateway: FakeGateway, reversalWatchMs?: number) {
  const store = new PayoutStore(world.outbox)
  const kind = payoutKind({ requestTimeoutMs: 5_000, reversalWatchMs })
  const writes = new ReferencedWrites(kind, {
    journal: store,
    gateway: async () => gateway,
    follower: HAND_DRIVEN,
    publish: () => undefined,
    log: silentLogger,
    now: () => world.clock.now,
    verifyAfterMs: VERIFY_AFTER_MS,
    windowMs: 60 * 60_000,
    decidedWatchMs: DECIDED_WATCH_MS,
  })
  return { store, writes }
}

const NOT_PAID: OutcomeDecision = { outcome: 'not_paid', reason: 'Not on the statement' }

/**
 * A payout the gateway made whose answer was lost, then decided by a supervisor an hour later
 * (nothing looked up yet), on a core watching paid payouts for `reversalWatchMs`.
 */
async function madeThenDecided(
  world: World,
  gateway: FakeGateway,
  decision: OutcomeDecision,
  reversalWatchMs?: number,
) {
  gateway.initFaults.push({ kind: 'timeout', when: 'after' })
  gateway.startStatus = 'success'
  const { store, writes } = core(world, gateway, reversalWatchMs)
  const item = await sending(world)
  await writes.submit(item, gateway)
  world.clock.now += 60 * 60_000
  await world.commands.decideOutcome(supervisor, item.reference, GOOD_PIN, decision)
  return { store, writes, item }
}

/** An approved payout, moved to `sending` as the sender does before its first request. */
async function sending(world: World): Promise<PayoutItem> {
  const draft = await world.commands.draft(cashier, draftInput({ submit: true }))
  const approved = await world.commands.approve(
    supervisor,
    draft.reference,
    GOOD_PIN,
    bindingHash(draft),
  )
  const send: OutboxRecord = {
    type: 'action',
    action: 'send',
    ref: approved.reference,
    by: SYSTEM_ACTOR,
    from: 'approved',
    to: 'sending',
    reason: null,
    patch: { problem: null },
  }
  await world.outbox.commit([send])
  return world.outbox.get(approved.reference)!
}

async function onDisk(dir: string, reference: string): Promise<OutboxRecord[]> {
  const records: OutboxRecord[] = []
  await readChain<OutboxRecord>(
    dir,
    (r) => {
      const body = r.body
      if ((body.type === 'created' ? body.item.reference : body.ref) === reference)
        records.push(body)
    },
    null,
  )
  return records
}

describe('payouts under the exactly-once core', () => {
  it("reads a journal's evidence as the core's and writes it back unchanged", () => {
    const item = itemFixture('unknown', {
      uncertainty: {
        since: Date.parse('2025-03-10T09:00:00Z'),
        lastUnknownAt: Date.parse('2025-03-10T09:00:01Z'),
        resendRefused: false,
        existsSaid: true,
        steps: [
          { at: Date.parse('2025-03-10T09:00:01Z'), call: 'send', said: 'The answer was lost.' },
          { at: Date.parse('2025-03-10T09:00:30Z'), call: 'verify', said: 'Not found.' },
        ],
      },
    })
    const core = toCoreUncertainty(item)
    expect(core?.steps.map((s) => s.call)).toEqual(['send', 'lookup'])
    expect(core?.since).toBe('2025-03-10T09:00:00.000Z')
    expect(core?.review).toBeNull()
    expect(fromCoreUncertainty(core!)).toEqual(item.uncertainty)
    // A payout journaled before evidence was kept has none: nothing is made up for it.
    expect(toCoreUncertainty(itemFixture('unknown'))).toBeNull()
  })

  it('turns a lost answer and the transfer found later into records the reducer replays', async () => {
    w = await world()
    const gateway = new FakeGateway()
    gateway.initFaults.push({ kind: 'timeout', when: 'after' })
    const { store, writes } = core(w, gateway)
    const item = await sending(w)

    const first = await writes.submit(item, gateway)
    expect(first.kind).toBe('unknown')
    expect(w.outbox.get(item.reference)?.state).toBe('unknown')

    w.clock.now += VERIFY_AFTER_MS
    gateway.settleTo = 'success'
    await writes.check(item.reference)
    await store.written(item.reference)
    const settled = w.outbox.get(item.reference)!
    expect(['submitted', 'success']).toContain(settled.state)
    expect(gateway.count('initialize', item.reference)).toBe(1)

    const actions = (await onDisk(w.dir, item.reference))
      .filter((r): r is OutboxRecord & { type: 'action' } => r.type === 'action')
      .map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['send', 'lose', 'accept']))
    // The same journal, replayed through the reducer, ends where memory is.
    await w.outbox.close()
    const reopened = await Outbox.open({ dir: w.dir, now: () => w!.clock.now })
    w.outbox = reopened
    expect(reopened.get(item.reference)).toEqual(settled)
  })

  it('sends a resend only once the record of it is on disk', async () => {
    w = await world()
    const gateway = new FakeGateway()
    gateway.initFaults.push({ kind: 'timeout', when: 'before' })
    const { writes } = core(w, gateway)
    const item = await sending(w)
    await writes.submit(item, gateway)

    // Writes applied and not yet on disk, counted as the outbox hands them to the journal.
    let unwritten = 0
    const apply = w.outbox.apply.bind(w.outbox)
    w.outbox.apply = (records) => {
      const applied = apply(records)
      unwritten += 1
      void applied.durable.finally(() => (unwritten -= 1))
      return applied
    }
    let unwrittenAtSend: number | null = null
    let journaledBeforeResend: boolean | null = null
    const initialize = gateway.disbursements.initialize
    gateway.disbursements.initialize = async (body: DisbursementBody): Promise<Transfer> => {
      unwrittenAtSend = unwritten
      const onFile = await onDisk(w!.dir, body.reference)
      const last = onFile.at(-1)
      journaledBeforeResend =
        last?.type === 'note' && last.patch.uncertainty?.lastUnknownAt === w!.clock.now
      return initialize(body)
    }
    w.clock.now += VERIFY_AFTER_MS
    await writes.check(item.reference)

    expect(gateway.count('initialize', item.reference)).toBe(2)
    expect(unwrittenAtSend).toBe(0)
    expect(journaledBeforeResend).toBe(true)
  })

  it('lets the gateway overrule a "not paid" it contradicts, with records the reducer replays', async () => {
    w = await world()
    const gateway = new FakeGateway()
    const { store, writes, item } = await madeThenDecided(w, gateway, NOT_PAID)

    await writes.check(item.reference)
    await store.written(item.reference)
    const overruled = w.outbox.get(item.reference)!
    expect(overruled.state).toBe('success')
    expect(overruled.resolution?.outcome).toBe('not_paid')
    expect(overruled.alarm?.text).toMatch(/marked as not paid by Sade Supervisor.*success/)
    expect(gateway.count('initialize', item.reference)).toBe(1)
    const actions = (await onDisk(w.dir, item.reference)).flatMap((r) =>
      r.type === 'action' ? [r.action] : [],
    )
    expect(actions.slice(-3)).toEqual(['resolveNotPaid', 'overrule', 'succeed'])
    await w.outbox.close()
    w.outbox = await Outbox.open({ dir: w.dir, now: () => w!.clock.now })
    expect(w.outbox.get(item.reference)).toEqual(overruled)
  })

  it('lets the gateway overrule a "paid" whose transfer it later reverses', async () => {
    // Decided paid, then the money came back: the payee no longer has it, so the till must not
    // go on saying "paid" while a supervisor has nothing to act on.
    w = await world()
    const gateway = new FakeGateway()
    const { store, writes, item } = await madeThenDecided(w, gateway, {
      outcome: 'paid',
      reason: 'On the statement',
      gatewayReference: 'TRF_991',
    })
    gateway.transfers.get(item.reference)!.status = 'reversed'

    await writes.check(item.reference)
    await store.written(item.reference)
    const overruled = w.outbox.get(item.reference)!
    expect(overruled.state).toBe('reversed')
    expect(overruled.resolution?.outcome).toBe('paid')
    // In the words of the decision the supervisor made ("paid"), as the screens say it.
    expect(overruled.alarm?.text).toMatch(/marked as paid by Sade Supervisor.*reversed/)
    expect(gateway.count('initialize', item.reference)).toBe(1)
  })

  it('counts a reversed "paid" as one step back, not as a second payment sent', async () => {
    // A report counts each step by when money moved: the decision said it was sent; the
    // reversal brings it back. Opening the payout again and succeeding it a second time on the
    // way would count the payout as sent twice.
    w = await world()
    const gateway = new FakeGateway()
    const { store, writes, item } = await madeThenDecided(w, gateway, {
      outcome: 'paid',
      reason: 'On the statement',
      gatewayReference: 'TRF_991',
    })
    gateway.transfers.get(item.reference)!.status = 'reversed'
    await writes.check(item.reference)
    await store.written(item.reference)
    const actions = (await onDisk(w.dir, item.reference)).flatMap((r) =>
      r.type === 'action' ? [r.action] : [],
    )
    expect(actions.slice(actions.indexOf('resolvePaid'))).toEqual(['resolvePaid', 'reverse'])
    await w.outbox.close()
    w.outbox = await Outbox.open({ dir: w.dir, now: () => w!.clock.now })
    expect(w.outbox.get(item.reference)).toMatchObject({ state: 'reversed' })
    expect(w.outbox.get(item.reference)?.alarm?.text).toMatch(/reversed/)
  })

  it('still watches for a reversal a payout the gateway showed paid over a "not paid"', async () => {
    // The overrule made it a paid transfer like any other: its money can still come back
    // within the reversal window, and the till must not go on saying "paid" then.
    w = await world()
    const gateway = new FakeGateway()
    const { store, writes, item } = await madeThenDecided(w, gateway, NOT_PAID, 3 * 86_400_000)
    await writes.check(item.reference)
    await store.written(item.reference)
    expect(w.outbox.get(item.reference)?.state).toBe('success')

    w.clock.now += 60 * 60_000
    gateway.transfers.get(item.reference)!.status = 'reversed'
    await writes.check(item.reference)
    await store.written(item.reference)
    const reversed = w.outbox.get(item.reference)!
    expect(reversed.state).toBe('reversed')
    expect(reversed.alarm?.text).toMatch(/marked as not paid/)
    expect(gateway.count('initialize', item.reference)).toBe(1)
  })
})
