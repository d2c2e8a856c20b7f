// Shop mode at the size of a busy shop: 20 tills (one process each) against one local
// PostgreSQL (a throwaway TLS cluster), each with a day of events: 2,000 closed charges and
// 100 payouts, every payout decided by a supervisor on another till.
//   1. Catch-up: each till records its 2,000 sales as fast as it can while syncing; the others
//      pull them. events_per_s = events the server stored per second, until all are drained.
//   2. Online: the payouts at a steady pace over SHOP_SYNC_SECONDS, with sales going on; each
//      is decided on another till as soon as it arrives there. approval_p95_ms = decided on
//      till A -> seen by the maker's till B (goal <= 2000).
//   3. Faults: three tills SIGKILLed at random and restarted on their own data, and the server
//      restarted, while all work. Then every till must hold every other till's events exactly
//      once, and the server every till's own: duplicates and lost (goal == 0 each).
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withClient, type ShopServer } from '../main/shop/connection'
import {
  createEnrolmentCode,
  createShop,
  joinShop,
  type TillEnrolment,
} from '../main/shop/enrolment'
import { startThrowawayPostgres } from '../test/support/postgres'
import { emit, percentile, round } from './emit'

const TILLS = Number(process.env.SHOP_SYNC_TILLS ?? 20)
const CHARGES = Number(process.env.SHOP_SYNC_CHARGES ?? 2_000)
const PAYOUTS = Number(process.env.SHOP_SYNC_PAYOUTS ?? 100)
/** The payouts phase lasts this long (a real day is 8 to 12 hours). */
const SECONDS = Number(process.env.SHOP_SYNC_SECONDS ?? 60)
const TILL_SCRIPT = fileURLToPath(new URL('./_shop-till.ts', import.meta.url))

type FromTill =
  | { type: 'ready' }
  | { type: 'worked' }
  | { type: 'drained'; pending: number; online: boolean; reason: string | null }
  | { type: 'decided'; reference: string; decidedAt: number; seenAt: number }

interface Till {
  enrolment: TillEnrolment
  dir: string
  child: ChildProcess
  decidesFor: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function run(): Promise<void> {
  const server = await startThrowawayPostgres()
  const address: ShopServer = {
    host: server.host,
    port: server.port,
    database: 'postgres',
    ca: server.ca,
  }
  const owner = { user: server.superuser, password: server.superPassword }
  const root = mkdtempSync(join(tmpdir(), 'tilldesk-shop-bench-'))
  const propagation: number[] = []
  let measuring = true
  const tills: Till[] = []
  try {
    const enrolments: TillEnrolment[] = [await createShop(address, owner, 'Bench Shop', 'Till 1')]
    for (let i = 2; i <= TILLS; i += 1) {
      const { code } = await withClient(address, owner, (c) => createEnrolmentCode(c))
      enrolments.push(await joinShop(address, code, `Till ${i}`))
    }
    const spawnTill = (index: number): ChildProcess => {
      const enrolment = enrolments[index]!
      const job = {
        server: address,
        login: enrolment.login,
        tillId: enrolment.tillId,
        privateKey: enrolment.key.privateKey,
        dir: join(root, enrolment.tillId),
        decidesFor: enrolments[(index + 1) % enrolments.length]!.tillId,
      }
      const child = fork(TILL_SCRIPT, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, TILLDESK_SHOP_JOB: JSON.stringify(job) },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      })
      child.on('message', (m: FromTill) => {
        if (m.type === 'decided' && measuring) propagation.push(m.seenAt - m.decidedAt)
      })
      return child
    }
    const waitFor = (child: ChildProcess, type: FromTill['type']) =>
      new Promise<FromTill>((resolve, reject) => {
        const onMessage = (m: FromTill) => {
          if (m.type !== type) return
          child.off('message', onMessage)
          child.off('exit', onExit)
          resolve(m)
        }
        const onExit = () => reject(new Error(`till exited while waiting for ${type}`))
        child.on('message', onMessage)
        child.once('exit', onExit)
      })
    for (let i = 0; i < enrolments.length; i += 1) {
      const child = spawnTill(i)
      tills.push({
        enrolment: enrolments[i]!,
        dir: join(root, enrolments[i]!.tillId),
        child,
        decidesFor: '',
      })
    }
    await Promise.all(tills.map((t) => waitFor(t.child, 'ready')))

    const countEvents = () =>
      withClient(address, owner, async (c) =>
        Number((await c.query('select count(*) from events')).rows[0].count),
      )
    const drainAll = () =>
      Promise.all(tills.map((t) => (t.child.send({ type: 'drain' }), waitFor(t.child, 'drained'))))

    // Phase one, catch-up: every till records its day's sales as fast as it can and pushes
    // them while every other till pulls them: the shop's throughput.
    measuring = false
    const before = await countEvents()
    const started = performance.now()
    await Promise.all(
      tills.map(
        (t) => (t.child.send({ type: 'backlog', charges: CHARGES }), waitFor(t.child, 'worked')),
      ),
    )
    await drainAll()
    const seconds = (performance.now() - started) / 1000
    const stored = (await countEvents()) - before

    // Phase two, online: the day's payouts at a steady pace, each decided on another till as
    // soon as it arrives there, with sales going on. Approval latency is measured here.
    measuring = true
    await Promise.all(
      tills.map(
        (t) => (
          t.child.send({ type: 'work', charges: PAYOUTS, payouts: PAYOUTS, seconds: SECONDS }),
          waitFor(t.child, 'worked')
        ),
      ),
    )
    await drainAll()
    await sleep(1_500)
    measuring = false

    // Phase three: kills and a server restart while the tills work.
    const chaosWork = { charges: 200, payouts: 10, seconds: 15 }
    const working = tills.map(
      (t) => (t.child.send({ type: 'work', ...chaosWork }), waitFor(t.child, 'worked')),
    )
    const restarted: Array<Promise<unknown>> = []
    const chaos = (async () => {
      const victims = [...tills].sort(() => Math.random() - 0.5).slice(0, 3)
      for (const victim of victims) {
        await sleep(300 + Math.random() * 700)
        const index = tills.indexOf(victim)
        victim.child.kill('SIGKILL')
        await sleep(300)
        victim.child = spawnTill(index)
        await waitFor(victim.child, 'ready')
        victim.child.send({ type: 'work', charges: 200, payouts: 10, seconds: 10 })
        restarted.push(waitFor(victim.child, 'worked'))
      }
      await sleep(500)
      server.stop()
      await sleep(2_000)
      server.restart()
    })()
    await Promise.allSettled(working)
    await chaos
    await Promise.all(restarted)
    // Drain until every till has pushed everything and is online again.
    for (let round = 0; round < 30; round += 1) {
      const states = (await Promise.all(
        tills.map((t) => (t.child.send({ type: 'drain' }), waitFor(t.child, 'drained'))),
      )) as Array<Extract<FromTill, { type: 'drained' }>>
      if (states.every((s) => s.pending === 0 && s.online)) break
      if (round === 29) process.stderr.write(`shop-sync: not drained: ${JSON.stringify(states)}\n`)
      await sleep(500)
    }
    await Promise.all(
      tills.map((t) => (t.child.send({ type: 'drain' }), waitFor(t.child, 'drained'))),
    )

    // The reckoning, from the files each till wrote and the server's rows.
    const rows = await withClient(
      address,
      owner,
      async (c) =>
        (
          await c.query<{ event_id: string; till_id: string }>(
            'select event_id, till_id from events',
          )
        ).rows,
    )
    const onServer = new Set(rows.map((r) => r.event_id))
    let duplicates = rows.length - onServer.size
    let lost = 0
    for (const till of tills) {
      const own = readFileSync(join(till.dir, 'events.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { eventId: string }).eventId)
      const unpushed = own.filter((id) => !onServer.has(id)).length
      lost += unpushed
      const applied = readFileSync(join(till.dir, 'applied.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { id: string }).id)
      const appliedSet = new Set(applied)
      duplicates += applied.length - appliedSet.size
      const unpulled = rows.filter(
        (r) => r.till_id !== till.enrolment.tillId && !appliedSet.has(r.event_id),
      ).length
      lost += unpulled
      if (unpushed + unpulled > 0)
        process.stderr.write(
          `shop-sync: ${till.enrolment.tillId} has ${unpushed} events not on the server and misses ${unpulled} of the others'\n`,
        )
    }
    const bench = 'shop-sync'
    emit({ bench, metric: 'tills', value: TILLS, unit: 'count', goal: null })
    emit({ bench, metric: 'events_total', value: rows.length, unit: 'count', goal: null })
    emit({
      bench,
      metric: 'events_per_s',
      value: round(stored / seconds, 1),
      unit: 'events/s',
      goal: null,
    })
    emit({
      bench,
      metric: 'approval_p95_ms',
      value: round(percentile(propagation, 95), 1),
      unit: 'ms',
      goal: '<= 2000',
    })
    emit({
      bench,
      metric: 'approvals_measured',
      value: propagation.length,
      unit: 'count',
      goal: null,
    })
    emit({ bench, metric: 'duplicates', value: duplicates, unit: 'count', goal: '== 0' })
    emit({ bench, metric: 'lost', value: lost, unit: 'count', goal: '== 0' })
  } finally {
    for (const t of tills) t.child.kill('SIGKILL')
    server.destroy()
    rmSync(root, { recursive: true, force: true })
  }
}
