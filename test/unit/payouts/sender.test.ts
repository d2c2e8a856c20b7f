import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { JournalUnavailableError } from '../../../main/payouts/journal'
import { english } from '../../../main/kernel/errors'
import { problemSaid } from '../../../main/payouts/explain'
import type { PayoutItem } from '../../../main/payouts/model'
import { Outbox } from '../../../main/payouts/outbox'
import { PayoutSender, type SenderOptions } from '../../../main/payouts/sender'
import {
  approvedPayout,
  FakeGateway,
  gatewayError,
  world,
  realClock,
  type Fault,
  type World,
} from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

const approvedItem = (index = 0): Promise<PayoutItem> => approvedPayout(w, index)

function startSender(extra: Partial<SenderOptions> = {}, outbox = w.outbox): PayoutSender {
  const s = new PayoutSender({
    outbox,
    gateway: async () => w.gateway,
    resolveName: async (bankCode, accountNumber) => {
      try {
        const answer = await w.gateway.banks.resolve({ bank: bankCode, account: accountNumber })
        return {
          kind: 'resolved',
          accountName: answer.data.account_name,
          bankName: answer.data.bank_name,
          at: Date.now(),
        }
      } catch {
        return { kind: 'unavailable', message: 'offline' }
      }
    },
    now: () => w.clock.now,
    concurrency: 4,
    pollMs: 1,
    retryBaseMs: 2,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: 2,
    unknownWindowMs: 60_000,
    ...extra,
  })
  // The sender reads time from the clock for approvals; keep it moving with real time.
  s.start()
  return s
}

describe('sender: the happy path', () => {
  it('sends nothing once a journal write has failed (memory may be ahead of the disk)', async () => {
    w = await world()
    const item = await approvedItem()
    const failure = new JournalUnavailableError(new Error('ENOSPC'))
    Object.defineProperty(w.outbox.journal, 'failure', { get: () => failure })
    const before = w.gateway.calls.length
    sender = startSender()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(w.gateway.calls.slice(before)).toEqual([])
    expect(w.outbox.get(item.reference)?.state).toBe('approved')
    expect(sender.blocked).toBe(failure.message)
  })

  it('checks the name, sends once, and follows the transfer to success', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.calls.length = 0
    sender = startSender()
    await sender.idle(5_000)
    const done = w.outbox.get(item.reference)!
    expect(done).toMatchObject({
      state: 'success',
      sendAttempts: 1,
      transfer: { status: 'success' },
    })
    expect(w.gateway.calls[0]).toBe('resolve:0123456789')
    expect(w.gateway.count('initialize', item.reference)).toBe(1)
    expect(w.gateway.transfers.size).toBe(1)
  })

  it('keeps to the concurrency bound', async () => {
    w = await world()
    for (let i = 0; i < 12; i++) await approvedItem(i)
    realClock(w)
    let inFlight = 0
    let most = 0
    const original = w.gateway.disbursements.initialize
    w.gateway.disbursements.initialize = async (body) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((r) => setTimeout(r, 5))
      try {
        return await original(body)
      } finally {
        inFlight -= 1
      }
    }
    sender = startSender({ concurrency: 3 })
    await sender.idle(5_000)
    expect(most).toBe(3)
    expect(w.gateway.transfers.size).toBe(12)
  })

  it('a payout whose `send` record is on its way to disk holds no request slot', async () => {
    w = await world()
    const first = await approvedItem(0)
    const second = await approvedItem(1)
    realClock(w)
    let release: (() => void) | null = null
    const commit = w.outbox.commit.bind(w.outbox)
    w.outbox.commit = async (records) => {
      const held = records.some(
        (r) => r.type === 'action' && r.action === 'send' && r.ref === first.reference,
      )
      if (held) await new Promise<void>((resolve) => (release = resolve))
      return commit(records)
    }
    sender = startSender({ concurrency: 1 })
    await expect.poll(() => release !== null).toBe(true)
    // With the only slot free, the second payout goes all the way while the first waits.
    await expect.poll(() => w.outbox.get(second.reference)?.state).toBe('success')
    expect(w.gateway.count('initialize', first.reference)).toBe(0)
    release!()
    await sender.idle(5_000)
    expect(w.outbox.get(first.reference)?.state).toBe('success')
    expect(w.gateway.count('initialize', first.reference)).toBe(1)
  })
})

describe('sender: unknown outcomes are verified before anything is sent again', () => {
  const cases: Array<{ fault: Fault; initializes: number }> = [
    { fault: { kind: 'timeout', when: 'after' }, initializes: 1 },
    { fault: { kind: 'timeout', when: 'before' }, initializes: 2 },
    { fault: { kind: 'network', when: 'after' }, initializes: 1 },
    { fault: { kind: 'network', when: 'before' }, initializes: 2 },
    { fault: { kind: '500', when: 'after' }, initializes: 1 },
    { fault: { kind: '500', when: 'before' }, initializes: 2 },
  ]
  for (const { fault, initializes } of cases) {
    it(`${fault.kind} ${'when' in fault ? fault.when : ''} the commit → verify, then ${initializes === 1 ? 'adopt' : 'resend the same reference'}`, async () => {
      w = await world()
      const item = await approvedItem()
      realClock(w)
      w.gateway.calls.length = 0
      w.gateway.initFaults.push(fault)
      sender = startSender()
      await sender.idle(5_000)
      const calls = w.gateway.calls.filter((c) => c.endsWith(item.reference))
      expect(calls.slice(0, 2)).toEqual([
        `initialize:${item.reference}`,
        `verify:${item.reference}`,
      ])
      expect(w.gateway.count('initialize', item.reference)).toBe(initializes)
      expect(w.gateway.transfers.size).toBe(1)
      expect(w.outbox.get(item.reference)).toMatchObject({
        state: 'success',
        sendAttempts: initializes,
      })
    })
  }

  it('a 409 for the reference means verify and adopt the existing transfer', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    // The gateway already has it (e.g. sent by a process that died before writing it down).
    await w.gateway.disbursements.initialize({
      reference: item.reference,
      amount: item.amount,
      currency: 'NGN',
      bank_code: item.bankCode,
      account_number: item.accountNumber,
      narration: item.narration,
    })
    w.gateway.calls.length = 0
    sender = startSender()
    await sender.idle(5_000)
    expect(w.gateway.calls.filter((c) => !c.startsWith('resolve'))).toEqual([
      `initialize:${item.reference}`,
      `verify:${item.reference}`,
    ])
    expect(w.outbox.get(item.reference)?.state).toBe('success')
  })

  it('a 409 about our reference means it exists: never sent again, looked up with back-off, then a supervisor decides', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.disbursements.initialize = async (body) => {
      w.gateway.calls.push(`initialize:${body.reference}`)
      throw gatewayError('conflict', { status: 409, code: 'duplicate_reference' })
    }
    const stamps: number[] = []
    const verify = w.gateway.disbursements.verify
    w.gateway.disbursements.verify = async (reference) => {
      stamps.push(Date.now())
      return verify(reference)
    }
    sender = startSender({ retryBaseMs: 30, retryMaxMs: 60, unknownWindowMs: 300 })
    await sender.idle(5_000)
    const after = w.outbox.get(item.reference)!
    expect(after.state).toBe('needs_review')
    expect(after.uncertainty?.existsSaid).toBe(true)
    expect(w.gateway.count('initialize')).toBe(1)
    expect(stamps.length).toBeGreaterThanOrEqual(2)
    // Each lookup after the first waited for the back-off (30 ms ± 20%, then 60 ms).
    for (let i = 1; i < stamps.length; i++)
      expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(20)
  })

  it('honours Retry-After on sending: no payout is sent, nor the refused one looked up, until it has passed', async () => {
    w = await world()
    const item = await approvedItem()
    await approvedItem(1)
    realClock(w)
    w.gateway.initFaults.push({ kind: '429', retryAfterMs: 300 })
    const stamps: number[] = []
    const original = w.gateway.disbursements.verify
    w.gateway.disbursements.verify = async (reference) => {
      stamps.push(Date.now())
      return original(reference)
    }
    const limitedAt = Date.now()
    sender = startSender({ concurrency: 1 })
    await sender.idle(5_000)
    expect(stamps[0]! - limitedAt).toBeGreaterThanOrEqual(290)
    expect(w.gateway.count('initialize', item.reference)).toBe(2)
    expect(w.gateway.transfers.size).toBe(2)
  })

  it('a refusal (422) fails the payout with the gateway’s words; nothing is retried', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push({ kind: '422', message: 'Insufficient balance for this transfer' })
    sender = startSender()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)).toMatchObject({
      state: 'failed',
      problem: {
        message: expect.stringMatching(
          /refused this payout, so no transfer was made.*Insufficient balance/,
        ),
      },
    })
    expect(w.gateway.count('initialize')).toBe(1)
  })

  it('a bad key blocks everyone, sends nothing twice, and recovers once fixed', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.initFaults.push({ kind: 'auth' })
    const blocked: Array<string | null> = []
    sender = startSender({ onBlocked: (reason) => blocked.push(reason), retryMaxMs: 200 })
    await expect.poll(() => blocked.length, { timeout: 2_000 }).toBe(1)
    expect(blocked[0]).toMatch(/refused Tilldesk's API key/)
    // Blocked: nothing more goes out until the pause ends.
    const callsWhileBlocked = w.gateway.calls.length
    await new Promise((r) => setTimeout(r, 50))
    expect(w.gateway.calls.length).toBe(callsWhileBlocked)
    sender.kick()
    await sender.idle(5_000)
    expect(blocked).toEqual([expect.stringMatching(/API key/), null])
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    expect(w.gateway.transfers.size).toBe(1)
  })
})

describe('sender: a bad key met by a lookup', () => {
  it('stops the follow-ups of a transfer at the bank too, until the pause ends', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    // Accepted; the first status check of the transfer meets a refused key.
    w.gateway.verifyFaults.push({ kind: 'auth' })
    const blocked: Array<string | null> = []
    sender = startSender({ onBlocked: (reason) => blocked.push(reason), retryMaxMs: 60_000 })
    await expect.poll(() => blocked.length, { timeout: 3_000 }).toBe(1)
    const lookups = w.gateway.count('verify', item.reference)
    expect(lookups).toBe(1)
    // Paused for a minute: the core's follow-ups ask nothing meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(w.gateway.count('verify', item.reference)).toBe(lookups)
    sender.kick()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    expect(w.gateway.count('initialize', item.reference)).toBe(1)
  })
})

describe('sender: restart recovery', () => {
  it('an item found in `sending` after a crash is verified first, then sent', async () => {
    w = await world()
    const item = await approvedItem()
    // Crash right after the durable `send`, before the request left.
    await w.outbox.commit([
      {
        type: 'action',
        action: 'send',
        ref: item.reference,
        by: { id: 'system', name: 'Tilldesk', role: 'system' },
        from: 'approved',
        to: 'sending',
        reason: null,
        patch: {},
      },
    ])
    await w.outbox.close()
    const outbox = await Outbox.open({ dir: w.dir, now: () => w.clock.now })
    w.outbox = outbox
    realClock(w)
    w.gateway.calls.length = 0
    sender = startSender({}, outbox)
    await sender.idle(5_000)
    expect(w.gateway.calls).toEqual([
      `verify:${item.reference}`,
      `initialize:${item.reference}`,
      `verify:${item.reference}`,
    ])
    expect(outbox.get(item.reference)?.state).toBe('success')
  })

  it('a transfer made before the crash is adopted, not made again', async () => {
    w = await world()
    const item = await approvedItem()
    await w.outbox.commit([
      {
        type: 'action',
        action: 'send',
        ref: item.reference,
        by: { id: 'system', name: 'Tilldesk', role: 'system' },
        from: 'approved',
        to: 'sending',
        reason: null,
        patch: {},
      },
    ])
    await w.gateway.disbursements.initialize({
      reference: item.reference,
      amount: item.amount,
      currency: 'NGN',
      bank_code: item.bankCode,
      account_number: item.accountNumber,
      narration: item.narration,
    })
    realClock(w)
    w.gateway.calls.length = 0
    sender = startSender()
    await sender.idle(5_000)
    expect(w.gateway.count('initialize')).toBe(0)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
  })
})

describe('sender: outcomes and holds', () => {
  it('a failed transfer is explained in words', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.settleTo = 'failed'
    sender = startSender()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)).toMatchObject({
      state: 'failed',
      problem: {
        message: expect.stringMatching(
          /The bank reported: "Beneficiary account not found". No money left/,
        ),
      },
    })
  })

  it('follows a reversal after success', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    sender = startSender({ reversalWatchMs: 60_000, reversalPollMs: 5 })
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    w.gateway.transfers.get(item.reference)!.status = 'reversed'
    await expect
      .poll(() => w.outbox.get(item.reference)?.state, { timeout: 2_000 })
      .toBe('reversed')
  })

  it('holds for review instead of sending when the bank’s name changed since approval', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    const { HOLDERS } = await import('./helpers')
    const before = HOLDERS['0123456789']!
    HOLDERS['0123456789'] = 'SOMEONE ELSE'
    try {
      sender = startSender()
      await expect
        .poll(() => w.outbox.get(item.reference)?.state, { timeout: 2_000 })
        .toBe('needs_review')
      expect(w.gateway.count('initialize')).toBe(0)
      expect(w.outbox.get(item.reference)?.reviewReason).toMatch(/SOMEONE ELSE/)
    } finally {
      HOLDERS['0123456789'] = before
    }
  })

  it('waits while the bank can’t be asked, then sends', async () => {
    w = await world()
    const item = await approvedItem()
    realClock(w)
    w.gateway.resolveUnavailable = true
    sender = startSender()
    await expect
      .poll(() => sender?.problem(item.reference)?.message, { timeout: 2_000 })
      .toMatch(/Waiting to check the name/)
    // Keyed for the Payouts screen's language, the bank's trouble inside keyed too.
    const waiting = sender.problem(item.reference)!.message
    expect(problemSaid(waiting)?.key).toBe('payouts.gw.waitingName')
    expect(english(problemSaid(waiting)!)).toBe(waiting)
    expect(w.gateway.count('initialize')).toBe(0)
    w.gateway.resolveUnavailable = false
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
  })

  it('expires an approval that ran out before sending', async () => {
    w = await world({ policy: { approvalTtlMs: 1_000 } })
    const item = await approvedItem()
    w.clock.now += 2_000
    realClock(w)
    sender = startSender()
    await expect.poll(() => w.outbox.get(item.reference)?.state, { timeout: 2_000 }).toBe('expired')
    expect(w.gateway.count('initialize')).toBe(0)
  })
})

describe('sender: exactly once under random faults (property)', () => {
  it('every approved payout ends with exactly one transfer, whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant(null),
            fc.constant(null),
            fc.record({
              kind: fc.constantFrom('timeout' as const, 'network' as const, '500' as const),
              when: fc.constantFrom('before' as const, 'after' as const),
            }),
            fc.record({
              kind: fc.constant('429' as const),
              retryAfterMs: fc.integer({ min: 1, max: 10 }),
            }),
          ),
          { minLength: 40, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 6 }),
        async (script, count) => {
          w = await world({ gateway: new FakeGateway() })
          const items: PayoutItem[] = []
          for (let i = 0; i < count; i++) items.push(await approvedItem(i))
          realClock(w)
          let cursor = 0
          w.gateway.randomFault = () => script[cursor++ % script.length] ?? null
          sender = startSender({ concurrency: 3 })
          await sender.idle(10_000)
          await sender.stop()
          sender = null
          expect(w.gateway.transfers.size).toBe(count)
          for (const item of items) {
            expect(w.gateway.transfers.has(item.reference)).toBe(true)
            expect(w.outbox.get(item.reference)?.state).toBe('success')
          }
          await w.cleanup()
        },
      ),
      { numRuns: 25 },
    )
  })
})
