// A payout's attempt count is the number of requests that left for it: a first request the
// gateway did not process (a Retry-After) and the second that was accepted are two, not three.
import { afterEach, expect, it } from 'vitest'
import { PayoutSender } from '../../../main/payouts/sender'
import { approvedPayout, HOLDERS, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

it('counts each request that left once, also after one the gateway did not process', async () => {
  w = await world()
  const item = await approvedPayout(w, 0)
  realClock(w)
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: 10 })
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
  })
  sender.start()
  await sender.idle(5_000)
  expect(w.gateway.count('initialize', item.reference)).toBe(2)
  expect(w.outbox.get(item.reference)).toMatchObject({ state: 'success', sendAttempts: 2 })
})
