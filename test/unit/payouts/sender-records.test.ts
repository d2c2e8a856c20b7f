// What the sender writes down for a payout: each request that left counted once (a first
// request the gateway did not process and the second that was accepted are two, not three;
// a resend held back after its note went to disk is not counted, as it never left),
// and, for a paid payout looked up through the reversal window, nothing until the gateway
// reverses our reference's transfer: a record that stays paid writes nothing, not even when it
// reads differently from what was sent (that was judged when the payout succeeded).
import { afterEach, expect, it } from 'vitest'
import { Pacing } from '../../../main/exactly-once/pacing'
import type { PayoutSender } from '../../../main/payouts/sender'
import { type SenderOptions } from '../../../main/payouts/sender'
import { approvedPayout, quickSender, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

async function paidSoon(extra: Partial<SenderOptions> = {}): Promise<string> {
  w = await world()
  const { reference } = await approvedPayout(w, 0)
  realClock(w)
  sender = quickSender(w, extra)
  return reference
}

it('counts each request that left once, also after one the gateway did not process', async () => {
  const reference = await paidSoon()
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: 10 })
  sender!.start()
  await sender!.idle(5_000)
  expect(w.gateway.count('initialize', reference)).toBe(2)
  expect(w.outbox.get(reference)).toMatchObject({ state: 'success', sendAttempts: 2 })
})

/**
 * Real holds, plus one seen only by the check after a resend's "being sent" note is on disk
 * (a Retry-After met by another send while this one gave its slot away for that write).
 */
class HeldOnceAfterNote extends Pacing {
  #held = false
  constructor(private readonly noted: () => boolean) {
    super(() => w.clock.now)
  }
  override sendingHeld(): number | null {
    if (this.#held || !this.noted()) return super.sendingHeld()
    this.#held = true
    return w.clock.now + 1
  }
}

it('does not count a resend held back after its note: it never left', async () => {
  let reference = ''
  const noted = () => {
    const item = w.outbox.get(reference)
    return item?.state === 'sending' && item.sendAttempts === 2
  }
  reference = await paidSoon({ pacing: new HeldOnceAfterNote(noted) })
  // The first request is not processed (429 with no wait left): the next one is a resend.
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: 0 })
  sender!.start()
  await sender!.idle(5_000)
  const notes: string[] = []
  await w.outbox.history((r) => {
    if (r.body.type === 'note' && r.body.ref === reference) notes.push(r.body.text)
  })
  expect(notes.some((text) => text.startsWith('Attempt 2 was not sent'))).toBe(true)
  expect(w.gateway.count('initialize', reference)).toBe(2)
  expect(w.outbox.get(reference)).toMatchObject({ state: 'success', sendAttempts: 2 })
  expect(notes.at(-1)).toMatch(/^Attempt 2 is being sent/)
})

it('writes nothing while a paid payout stays paid, and moves it only once reversed', async () => {
  const reference = await paidSoon({ reversalWatchMs: 60_000, reversalPollMs: 5 })
  sender!.start()
  await sender!.idle(5_000)
  const paid = w.outbox.get(reference)
  expect(paid?.state).toBe('success')
  w.gateway.transfers.get(reference)!.account_number = '9999999999'
  const looked = w.gateway.count('verify', reference)
  await expect
    .poll(() => w.gateway.count('verify', reference), { timeout: 2_000 })
    .toBeGreaterThan(looked + 2)
  expect(w.outbox.get(reference)).toBe(paid)

  w.gateway.transfers.get(reference)!.status = 'reversed'
  await expect.poll(() => w.outbox.get(reference)?.state, { timeout: 2_000 }).toBe('reversed')
})
