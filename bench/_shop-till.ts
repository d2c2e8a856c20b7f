// One till of the shop-sync bench, in its own process: records a day of events into its local
// log and keeps in step with the shop through the real ShopSync and ShopSyncLoop. Its appliers
// are idempotent by event id, as the app's are (a pull after a crash may hand an event again),
// and write what they applied to disk so the bench can count duplicates and losses after kills.
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { shopPool, type ShopLogin, type ShopServer } from '../main/shop/connection'
import { LocalShopLog } from '../main/shop/local-log'
import { ShopSyncLoop } from '../main/shop/loop'
import { ShopSync } from '../main/shop/sync'

interface Job {
  server: ShopServer
  login: ShopLogin
  tillId: string
  privateKey: string
  dir: string
  /** The till whose payouts this till's supervisor decides. */
  decidesFor: string
  charges: number
  payouts: number
}

type Message =
  | { type: 'work'; charges: number; payouts: number; seconds: number }
  | { type: 'backlog'; charges: number }
  | { type: 'drain' }
  | { type: 'stop' }

const job = JSON.parse(process.env.TILLDESK_SHOP_JOB ?? '{}') as Job
const appliedPath = join(job.dir, 'applied.jsonl')
const applied = new Set<string>(
  existsSync(appliedPath)
    ? readFileSync(appliedPath, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .flatMap((l) => {
          try {
            return [String((JSON.parse(l) as { id: string }).id)]
          } catch {
            return [] // a line torn by a kill
          }
        })
    : [],
)
const log = new LocalShopLog(job.dir)
const pool = shopPool(job.server, job.login, 2)
pool.on('error', () => undefined)
const decideQueue: Array<{ reference: string; payloadHash: string }> = []

const sync = new ShopSync({
  tillId: job.tillId,
  privateKey: job.privateKey,
  log,
  pool,
  apply: (events) => {
    for (const e of events) {
      if (applied.has(e.eventId)) continue
      applied.add(e.eventId)
      appendFileSync(appliedPath, `${JSON.stringify({ id: e.eventId })}\n`)
      if (e.kind === 'payout.waiting' && e.tillId === job.decidesFor) {
        decideQueue.push({
          reference: String(e.body.reference),
          payloadHash: String(e.body.payloadHash),
        })
        queueMicrotask(() => void decidePending())
      }
      if (e.kind === 'payout.decided' && e.body.makerTill === job.tillId) {
        process.send?.({
          type: 'decided',
          reference: e.body.reference,
          decidedAt: e.body.decidedAt,
          seenAt: Date.now(),
        })
      }
    }
  },
})
const loop = new ShopSyncLoop({
  server: job.server,
  login: job.login,
  sync,
  intervalMs: 1_000,
  maxBackoffMs: 1_000,
})
loop.start()

let made = log.all.filter((e) => e.kind !== 'payout.decided').length

async function decidePending(): Promise<void> {
  while (decideQueue.length > 0) {
    const next = decideQueue.shift()!
    await sync.record('payout.decided', {
      decision: 'approved',
      reference: next.reference,
      payloadHash: next.payloadHash,
      makerTill: job.decidesFor,
      userId: `sup-${job.tillId}`,
      decidedAt: Date.now(),
    })
    void loop.nudge()
  }
}

/** Records the work spread evenly over `seconds`: a day, compressed, at a steady pace. */
async function work(charges: number, payouts: number, seconds: number): Promise<void> {
  const every = Math.max(1, Math.floor(charges / Math.max(1, payouts)))
  const gapMs = (seconds * 1000) / (charges + payouts)
  const start = Date.now()
  let n = 0
  const pace = async () => {
    n += 1
    const due = start + n * gapMs
    const wait = due - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  for (let i = 0; i < charges; i += 1) {
    made += 1
    await sync.record('charge.closed', {
      reference: `${job.tillId}-CH-${made}`,
      outcome: 'paid',
      amountMinor: 250_000,
    })
    void loop.nudge()
    await pace()
    if (i % every === 0 && payouts > 0) {
      payouts -= 1
      made += 1
      await sync.record('payout.waiting', {
        reference: `${job.tillId}-PO-${made}`,
        payloadHash: `h-${made}`,
      })
      void loop.nudge()
      await pace()
    }
    await decidePending()
  }
  await decidePending()
  await loop.nudge()
}

process.on('message', (message: Message) => {
  void (async () => {
    if (message.type === 'backlog') {
      // A morning's sales recorded while the server was out of reach, then one catch-up.
      for (let i = 0; i < message.charges; i += 1) {
        made += 1
        await sync.record('charge.closed', {
          reference: `${job.tillId}-CH-${made}`,
          outcome: 'paid',
          amountMinor: 250_000,
        })
      }
      process.send?.({ type: 'worked' })
    } else if (message.type === 'work') {
      await work(message.charges, message.payouts, message.seconds)
      process.send?.({ type: 'worked' })
    } else if (message.type === 'drain') {
      await decidePending()
      await sync.syncOnce()
      await decidePending()
      await sync.syncOnce()
      process.send?.({
        type: 'drained',
        pending: log.pending().length,
        online: sync.status.state === 'online',
        reason: sync.status.state === 'offline' ? sync.status.reason : null,
      })
    } else {
      await loop.stop()
      await pool.end().catch(() => undefined)
      process.exit(0)
    }
  })()
})
process.send?.({ type: 'ready' })
