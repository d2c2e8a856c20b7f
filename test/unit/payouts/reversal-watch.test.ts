// A paid payout is looked up for the reversal window, and only the gateway reversing our
// reference's transfer changes it: a record that stays successful writes nothing, not even
// when it reads differently from what was sent (it was judged when the payout succeeded).
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

it('writes nothing while a paid payout stays paid, and moves it only once reversed', async () => {
  w = await world()
  const item = await approvedPayout(w, 0)
  realClock(w)
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
    reversalWatchMs: 60_000,
    reversalPollMs: 5,
    verifyAfterMs: 2,
  })
  sender.start()
  await sender.idle(5_000)
  expect(w.outbox.get(item.reference)?.state).toBe('success')
  const paid = w.outbox.get(item.reference)
  w.gateway.transfers.get(item.reference)!.account_number = '9999999999'
  const looked = w.gateway.count('verify', item.reference)
  await expect
    .poll(() => w.gateway.count('verify', item.reference), { timeout: 2_000 })
    .toBeGreaterThan(looked + 2)
  expect(w.outbox.get(item.reference)).toBe(paid)

  w.gateway.transfers.get(item.reference)!.status = 'reversed'
  await expect.poll(() => w.outbox.get(item.reference)?.state, { timeout: 2_000 }).toBe('reversed')
})
