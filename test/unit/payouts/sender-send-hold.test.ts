// A send already past the schedule's hold check when a Retry-After on initialize arrives: it
// gave its request slot away while its `send` record went to disk, and must not leave when it
// takes the slot back. The order is forced with a gated journal write and a gated gateway, not
// with timing; the world's clock stands still until the test moves it past the hold.
import { afterEach, expect, it } from 'vitest'
import type { OutboxRecord } from '../../../main/payouts/records'
import type { PayoutSender } from '../../../main/payouts/sender'
import { approvedPayout, quickSender, realClock, world, type World } from './helpers'

const RETRY_AFTER_MS = 60_000

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

function startSender(): PayoutSender {
  const s = quickSender(w, { concurrency: 1 })
  s.start()
  return s
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const sends = (ref: string) => (r: OutboxRecord) =>
  r.type === 'action' && r.action === 'send' && r.ref === ref

/**
 * Orders the journal so that `waiting`'s record gating its request (`held`) is on its way to
 * disk, its slot given away, when `limited`'s first request leaves (and meets the 429), and
 * reaches the disk only once `limited`'s refusal is journaled, i.e. after the hold was set
 * (the core's pacing, main/exactly-once/pacing.ts). Resolves once that refusal is on disk.
 */
function orderWrites(limited: string, held: (r: OutboxRecord) => boolean): Promise<void> {
  const waitingWrites = gate()
  const limitedNoted = gate()
  const commit = w.outbox.commit.bind(w.outbox)
  w.outbox.commit = async (records: readonly OutboxRecord[]) => {
    // The limited payout's `send` reaches the disk (and its request leaves) only once the
    // other took the slot it gave away, and gave it away in turn for its own write.
    if (records.some(sends(limited))) await waitingWrites.opened
    if (records.some(held)) {
      waitingWrites.open()
      await limitedNoted.opened
    }
    const done = await commit(records)
    if (records.some((r) => r.type === 'note' && r.ref === limited)) limitedNoted.open()
    return done
  }
  return limitedNoted.opened
}

it('a send waiting for its `send` record on disk does not leave once a Retry-After on initialize has held back sending', async () => {
  w = await world()
  const first = await approvedPayout(w, 0)
  const second = await approvedPayout(w, 1)
  const limited = orderWrites(first.reference, sends(second.reference))
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: RETRY_AFTER_MS })

  sender = startSender()
  await limited
  // Every piece of work the sender started has ended (each ends after its request, if any).
  await sender.stop()
  expect(w.gateway.count('initialize', first.reference)).toBe(1)
  expect(w.gateway.count('initialize', second.reference)).toBe(0)
  for (const { reference } of [first, second])
    expect(w.outbox.get(reference)?.state).toBe('sending')

  // Past the Retry-After, a new start looks each `sending` payout up first, then sends it.
  w.clock.now += RETRY_AFTER_MS
  realClock(w)
  w.gateway.calls.length = 0
  sender = startSender()
  await sender.idle(5_000)
  for (const { reference } of [first, second]) {
    expect(w.outbox.get(reference)?.state).toBe('success')
    expect(w.gateway.calls.filter((c) => c.endsWith(reference)).slice(0, 2)).toEqual([
      `verify:${reference}`,
      `initialize:${reference}`,
    ])
  }
  expect(w.gateway.transfers.size).toBe(2)
})

it('a resend waiting for its attempt record on disk does not leave once a Retry-After on initialize has held back sending', async () => {
  w = await world()
  const second = await approvedPayout(w, 1)
  // The second payout's first request is not processed (429): it waits as `sending`.
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: 1_000 })
  sender = startSender()
  await expect.poll(() => w.outbox.get(second.reference)?.sendAttempts).toBe(1)
  const first = await approvedPayout(w, 0)
  const resend = (r: OutboxRecord) =>
    r.type === 'note' && r.ref === second.reference && /Attempt 2 is being sent/.test(r.text)
  const limited = orderWrites(first.reference, resend)
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: RETRY_AFTER_MS })
  // The first hold passes: the resend and the new payout are due together, the resend first.
  w.clock.now += 1_000
  await limited
  await sender.stop()
  expect(w.gateway.count('initialize', first.reference)).toBe(1)
  expect(w.gateway.count('initialize', second.reference)).toBe(1)
  // Held back, attempt 2 never left: one initialize, one attempt counted.
  expect(w.outbox.get(second.reference)).toMatchObject({ state: 'sending', sendAttempts: 1 })
  expect(sender.problem(second.reference)?.code).toBe('rate_limited')
})
