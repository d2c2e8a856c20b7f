// The gateway's answer folded into a payout (`accept`, and what follows it) gates no request,
// so the sender does not hold a request slot through its fsync: the next payout goes out while
// it reaches disk. stop() still returns only once it is on disk. Before, every record held
// the slot, and one slow fsync held up the whole queue (bench payout-flush, docs/perf.md).
import { afterEach, expect, it } from 'vitest'
import { bindingHash } from '../../../main/payouts/binding'
import type { OutboxRecord } from '../../../main/payouts/records'
import { PayoutSender } from '../../../main/payouts/sender'
import { cashier, draftInput, GOOD_PIN, supervisor, realClock, world, type World } from './helpers'

let w: World
let sender: PayoutSender | null = null
let release: () => void = () => undefined
afterEach(async () => {
  release()
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

const ACCOUNTS = [
  ['0123456789', 'Okafor Adaeze Ngozi'],
  ['1111111111', 'Bello Musa'],
] as const

async function approved(index: number) {
  const [accountNumber, accountName] = ACCOUNTS[index]!
  const item = await w.commands.draft(
    cashier,
    draftInput({ submit: true, accountNumber, accountName, amount: String(1000 + index) }),
  )
  return w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item))
}

/** Holds the durability of every write that carries an `accept` until release() is called. */
function holdAccepts(): void {
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const journal = w.outbox.journal
  const append = journal.append.bind(journal)
  journal.append = (bodies: readonly OutboxRecord[], at: string) => {
    const written = append(bodies, at)
    const accepts = bodies.some((b) => b.type === 'action' && b.action === 'accept')
    return accepts ? { ...written, durable: written.durable.then(() => gate) } : written
  }
}

function start(): PayoutSender {
  realClock(w)
  const s = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w.gateway,
    resolveName: async (_bank, accountNumber) => ({
      kind: 'resolved',
      accountName: ACCOUNTS.find(([a]) => a === accountNumber)![1],
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    concurrency: 1,
    pollMs: 1,
    retryBaseMs: 2,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
  })
  s.start()
  return s
}

it('sends the next payout while the answer to the last one is still on its way to disk', async () => {
  w = await world()
  const first = await approved(0)
  const second = await approved(1)
  holdAccepts()
  sender = start()
  // One slot: the second payout can only go once the first's work has let go of it.
  await expect.poll(() => w.gateway.count('initialize'), { timeout: 5_000 }).toBe(2)
  expect(w.gateway.count('initialize', first.reference)).toBe(1)
  expect(w.gateway.count('initialize', second.reference)).toBe(1)
})

it('stop() returns only once the answers folded in are on disk', async () => {
  w = await world()
  const item = await approved(0)
  holdAccepts()
  sender = start()
  await expect.poll(() => w.outbox.get(item.reference)?.state, { timeout: 5_000 }).toBe('success')
  let stopped = false
  const stopping = sender.stop().then(() => {
    stopped = true
  })
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
  expect(stopped).toBe(false)
  release()
  await stopping
  expect(stopped).toBe(true)
  sender = null
})

it('idle() waits for the answers folded in to reach disk (and the screens to hear of them)', async () => {
  w = await world()
  const item = await approved(0)
  holdAccepts()
  sender = start()
  await expect.poll(() => w.outbox.get(item.reference)?.state, { timeout: 5_000 }).toBe('success')
  let idle = false
  const waiting = sender.idle(5_000).then(() => {
    idle = true
  })
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
  expect(idle).toBe(false)
  release()
  await waiting
  expect(idle).toBe(true)
})
