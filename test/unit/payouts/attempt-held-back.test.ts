// A resend held back after its "Attempt N is being sent" note went to disk (a Retry-After met by
// another send while this one gave its slot away for that write) did not leave: the count of
// attempts must not keep it, or the next request is written down as one more than really left
// and the audit says three attempts where the gateway had two. The hold is forced at that one
// moment (the payout's note on disk, nothing sent yet), not with timing.
import { afterEach, expect, it } from 'vitest'
import { Pacing } from '../../../main/exactly-once/pacing'
import { PayoutSender } from '../../../main/payouts/sender'
import { approvedPayout, HOLDERS, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

/** Real holds, plus one more seen only by the check after a resend's note is on disk. */
class HeldOnceAfterNote extends Pacing {
  #held = false
  constructor(private readonly noted: () => boolean) {
    super(() => w.clock.now)
  }
  override sendingHeld(): number | null {
    if (!this.#held && this.noted()) {
      this.#held = true
      return w.clock.now + 1
    }
    return super.sendingHeld()
  }
}

it('counts a resend held back after its note as not sent: attempts equal the requests that left', async () => {
  w = await world()
  const { reference } = await approvedPayout(w, 0)
  realClock(w)
  // The first request is not processed (429 with no wait left), so the next one is a resend.
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: 0 })
  const noted = () => {
    const item = w.outbox.get(reference)
    return item?.state === 'sending' && item.sendAttempts === 2
  }
  sender = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async (_bank, account) => ({
      kind: 'resolved',
      accountName: HOLDERS[account]!,
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    pollMs: 1,
    retryBaseMs: 2,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: 2,
    pacing: new HeldOnceAfterNote(noted),
  })
  sender.start()
  await sender.idle(5_000)

  const notes: string[] = []
  await w.outbox.history((r) => {
    if (r.body.type === 'note' && r.body.ref === reference) notes.push(r.body.text)
  })
  expect(notes.some((text) => /was not sent/.test(text))).toBe(true)
  expect(w.gateway.count('initialize', reference)).toBe(2)
  expect(w.outbox.get(reference)).toMatchObject({ state: 'success', sendAttempts: 2 })
  expect(notes.at(-1)).toMatch(/^Attempt 2 is being sent/)
})
