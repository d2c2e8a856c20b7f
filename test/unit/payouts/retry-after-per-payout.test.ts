// A Retry-After on one payout's status lookup holds back that payout's next lookup only; a
// Retry-After on initialize (a rate limit on sending) holds back sending, and lookups of
// payouts the gateway already holds go on. Times are read on the world's clock, which the
// test moves past the Retry-After by hand. "Retry now" cuts neither wait, and asks the
// gateway only about the payouts that need it, through the request slots.
import { afterEach, describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import type { PayoutItem } from '../../../main/payouts/model'
import { PayoutSender, type SenderOptions } from '../../../main/payouts/sender'
import { waitFor } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import { approvedPayout, gatewayError, realClock, world, type World } from './helpers'

const RETRY_AFTER_MS = 60_000

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

const approvedItem = (index: number): Promise<PayoutItem> => approvedPayout(w, index)

/** The world's clock runs with the wall clock from here, and `jump` moves it on at once. */
function steppedClock(): { jump: (ms: number) => void } {
  const start = Date.now()
  const base = w.clock.now
  let offset = 0
  Object.defineProperty(w.clock, 'now', {
    get: () => base + (Date.now() - start) + offset,
    configurable: true,
  })
  return { jump: (ms) => (offset += ms) }
}

/** The clock readings at which each reference was looked up / sent. */
function recordCalls(): { verified: Map<string, number[]>; sent: Map<string, number[]> } {
  const verified = new Map<string, number[]>()
  const sent = new Map<string, number[]>()
  const { verify, initialize } = w.gateway.disbursements
  w.gateway.disbursements.verify = async (reference) => {
    verified.set(reference, [...(verified.get(reference) ?? []), w.clock.now])
    return verify(reference)
  }
  w.gateway.disbursements.initialize = async (body) => {
    sent.set(body.reference, [...(sent.get(body.reference) ?? []), w.clock.now])
    return initialize(body)
  }
  return { verified, sent }
}

/** The first lookup of `reference` meets a 429; `at` is when (0 until then). */
function limitFirstLookup(reference: string): { at: number } {
  const limit = { at: 0 }
  const verify = w.gateway.disbursements.verify
  w.gateway.disbursements.verify = async (ref) => {
    if (ref === reference && limit.at === 0) {
      limit.at = w.clock.now
      throw gatewayError('rate_limited', { status: 429, retryAfterMs: RETRY_AFTER_MS })
    }
    return verify(ref)
  }
  return limit
}

function startSender(concurrency = 4, extra: Partial<SenderOptions> = {}): PayoutSender {
  const s = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async (bankCode, accountNumber) => {
      const answer = await w.gateway.banks.resolve({ bank: bankCode, account: accountNumber })
      return {
        kind: 'resolved',
        accountName: answer.data.account_name,
        bankName: answer.data.bank_name,
        at: w.clock.now,
      }
    },
    now: () => w.clock.now,
    concurrency,
    pollMs: 1,
    maxPollMs: 20,
    retryBaseMs: 2,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: 2,
    unknownWindowMs: 10 * RETRY_AFTER_MS,
    ...extra,
  })
  s.start()
  return s
}

const stateOf = (item: PayoutItem): string | undefined => w.outbox.get(item.reference)?.state

describe('sender: Retry-After', () => {
  it('on one payout’s lookup holds back only that payout’s next lookup, which a kick does not cut', async () => {
    w = await world()
    const limited = await approvedItem(0)
    const other = await approvedItem(1)
    const clock = steppedClock()
    const limit = limitFirstLookup(limited.reference)
    const { verified } = recordCalls()
    sender = startSender()
    await expect.poll(() => stateOf(other), { timeout: 3_000 }).toBe('success')
    sender.kick()
    // A third payout goes all the way while the limited one waits: the sender kept working.
    const third = await approvedItem(2)
    await expect.poll(() => stateOf(third), { timeout: 3_000 }).toBe('success')
    expect(stateOf(limited)).toBe('submitted')
    expect(verified.get(limited.reference)).toHaveLength(1)

    clock.jump(RETRY_AFTER_MS)
    await sender.idle(3_000)
    expect(stateOf(limited)).toBe('success')
    const looks = verified.get(limited.reference)!
    expect(looks).toHaveLength(2)
    expect(looks[1]!).toBeGreaterThanOrEqual(limit.at + RETRY_AFTER_MS)
  })

  it('on the lookup of a payout whose answer was lost holds back that payout only', async () => {
    w = await world()
    const lost = await approvedItem(0)
    const clock = steppedClock()
    w.gateway.initFaults.push({ kind: '500', when: 'after' })
    const limit = limitFirstLookup(lost.reference)
    const { verified } = recordCalls()
    sender = startSender()
    await expect.poll(() => limit.at, { timeout: 3_000 }).toBeGreaterThan(0)
    const other = await approvedItem(1)
    await expect.poll(() => stateOf(other), { timeout: 3_000 }).toBe('success')
    expect(stateOf(lost)).toBe('unknown')
    expect(verified.get(lost.reference)).toHaveLength(1)

    clock.jump(RETRY_AFTER_MS)
    await sender.idle(3_000)
    expect(stateOf(lost)).toBe('success')
    expect(w.gateway.count('initialize', lost.reference)).toBe(1)
    expect(verified.get(lost.reference)![1]!).toBeGreaterThanOrEqual(limit.at + RETRY_AFTER_MS)
  })

  it('on initialize holds back sending; lookups of payouts already sent go on', async () => {
    w = await world()
    const first = await approvedItem(0)
    const clock = steppedClock()
    const { sent } = recordCalls()
    let limited: PayoutItem | null = null
    const refused = (): boolean => (sent.get(limited?.reference ?? '')?.length ?? 0) > 0
    // The first payout's lookups answer "pending" until the second one has been refused.
    const verify = w.gateway.disbursements.verify
    w.gateway.disbursements.verify = async (reference) => {
      const transfer = w.gateway.transfers.get(reference)
      if (!refused() && transfer) return { ...transfer }
      return verify(reference)
    }
    sender = startSender(1)
    await expect.poll(() => stateOf(first), { timeout: 3_000 }).toBe('submitted')
    w.gateway.initFaults.push({ kind: '429', retryAfterMs: RETRY_AFTER_MS })
    limited = await approvedItem(1)
    await expect.poll(refused, { timeout: 3_000 }).toBe(true)
    const limitedAt = sent.get(limited.reference)![0]!
    const waiting = await approvedItem(2)
    await expect.poll(() => stateOf(first), { timeout: 3_000 }).toBe('success')
    expect(sent.get(waiting.reference)).toBeUndefined()
    expect(sent.get(limited.reference)).toHaveLength(1)

    clock.jump(RETRY_AFTER_MS)
    await sender.idle(3_000)
    expect([stateOf(limited), stateOf(waiting)]).toEqual(['success', 'success'])
    expect(sent.get(limited.reference)).toHaveLength(2)
    expect(sent.get(waiting.reference)).toHaveLength(1)
    for (const at of [sent.get(limited.reference)![1]!, sent.get(waiting.reference)![0]!])
      expect(at).toBeGreaterThanOrEqual(limitedAt + RETRY_AFTER_MS)
  })
})

describe('sender: Retry now', () => {
  it('looks up each payout at the bank once, two at a time, and never a settled one', async () => {
    w = await world()
    const refused = await approvedItem(0)
    const atBank: PayoutItem[] = []
    for (let i = 1; i <= 4; i++) atBank.push(await approvedItem(i))
    realClock(w)
    // Transfers stay pending at the bank; the first initialize is refused outright.
    w.gateway.settleTo = null
    w.gateway.initFaults.push({ kind: '422', message: 'Insufficient balance' })
    // No lookup falls due by itself while the test runs: only the kick asks.
    sender = startSender(2, { pollMs: 60_000, maxPollMs: 60_000, retryMaxMs: 60_000 })
    // Until every first request is answered: `sending` is still on its way.
    const answered = (p: PayoutItem) => !['approved', 'sending'].includes(stateOf(p) ?? '')
    await waitFor('sent', () => [...atBank, refused].every(answered))
    expect(stateOf(refused)).toBe('failed')
    expect(atBank.map(stateOf)).toEqual(Array(4).fill('submitted'))

    // Every lookup waits on the wire until the test answers it.
    const wire: Array<Deferred<void>> = []
    const verify = w.gateway.disbursements.verify
    w.gateway.disbursements.verify = async (reference: string): Promise<Transfer> => {
      const held = deferred<void>()
      wire.push(held)
      await held.promise
      return verify(reference)
    }
    sender.kick()
    await waitFor('two lookups out', () => wire.length === 2)
    // A second "Retry now" while they are out asks nothing more.
    sender.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(wire).toHaveLength(2)
    for (let answered = 0; answered < 4; answered++) {
      await waitFor('the next lookup', () => wire.length > answered)
      wire[answered]!.resolve()
    }
    await waitFor('four lookups', () => w.gateway.count('verify') === 4)
    for (const p of atBank) expect(w.gateway.count('verify', p.reference)).toBe(1)
    expect(w.gateway.count('verify', refused.reference)).toBe(0)
  })
})
