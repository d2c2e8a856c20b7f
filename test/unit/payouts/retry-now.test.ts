// "Retry now" (the sender's kick) asks the gateway only about the payouts that need it, through
// the request slots: each payout at the bank is looked up once, never more than `concurrency`
// at a time, and a payout already settled (failed here) is not asked at all.
import { afterEach, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import type { PayoutItem } from '../../../main/payouts/model'
import { PayoutSender } from '../../../main/payouts/sender'
import { waitFor } from '../../support/async'
import { deferred, type Deferred } from '../../support/deferred'
import { approvedPayout, HOLDERS, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

it('looks up each payout at the bank once, two at a time, and never a settled one', async () => {
  w = await world()
  const refused = await approvedPayout(w, 0)
  const atBank: PayoutItem[] = []
  for (let i = 1; i <= 4; i++) atBank.push(await approvedPayout(w, i))
  realClock(w)
  // Transfers stay pending at the bank; the first initialize is refused outright.
  w.gateway.settleTo = null
  w.gateway.initFaults.push({ kind: '422', message: 'Insufficient balance' })
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
    concurrency: 2,
    // No lookup falls due by itself while the test runs: only the kick asks.
    pollMs: 60_000,
    maxPollMs: 60_000,
    retryMaxMs: 60_000,
    idleMs: 5,
    reversalWatchMs: 0,
  })
  sender.start()
  await waitFor('sent', () =>
    [...atBank, refused].every((p) => w.outbox.get(p.reference)?.state !== 'approved'),
  )
  expect(w.outbox.get(refused.reference)?.state).toBe('failed')
  expect(atBank.map((p) => w.outbox.get(p.reference)?.state)).toEqual(Array(4).fill('submitted'))

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
