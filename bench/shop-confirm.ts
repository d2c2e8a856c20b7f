// shop-confirm: 20 tills of one shop, one PostgreSQL (TLS), one gateway (the sandbox), each
// till selling through a compressed busy hour: open a charge, the customer sends the money a
// moment later, Paid. One sale in five is contested: the customer has a sale open on two tills
// and pays once. Phase one confirms by polling only (the shop's one watcher); phase two adds
// the webhook relay. Prints the shop's gateway requests a minute, transfer → Paid on the
// till's screen model (the charge.updated event) at p95 for each phase, and counts transfers
// counted on two tills (double_paid) and on none (missed).
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { join } from 'node:path'
import pg from 'pg'
import type { ChargeView, CustomerCreated } from '../common/ipc/collections'
import { minor } from '../common/money'
import { silentLogger } from '../main/kernel/log'
import { createServices, type AppServices } from '../main/compose/services'
import { confBackend } from '../main/settings/conf-backend'
import { createRelay, type Relay } from '../relay/server'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/support/postgres'
import { startSharedGateway, type SharedGateway } from '../test/support/shared-gateway'
import { emit, percentile, round } from './emit'
import { memoryKeychain, sleep } from './_till'

const BENCH = 'shop-confirm'
const TILLS = Number(process.env.BENCH_TILLS ?? 20)
const PHASE_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 60) * 1_000
const LIST = '/merchants/virtual-accounts/transactions'
const SECRET = `whsec-${randomBytes(12).toString('hex')}`

interface Till {
  name: string
  app: AppServices
  call<T>(channel: string, input?: unknown): Promise<T>
  /** Charge id → resolve when it closes. */
  waiting: Map<string, (view: ChargeView) => void>
}

interface Sent {
  reference: string
  createdAtMs: number
  phase: 'polling' | 'webhook'
}

export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tilldesk-bench-shop-confirm-'))
  let server: ThrowawayPostgres | null = null
  let gateway: SharedGateway | null = null
  let relay: Relay | null = null
  let relayPool: pg.Pool | null = null
  let hook: Server | null = null
  const tills: Till[] = []
  const awake: NodeJS.Timeout[] = []
  /** Webhooks reach the relay only in the webhook phase (phase one is polling alone). */
  let forward = false
  try {
    server = await startThrowawayPostgres()
    // The sandbox's webhooks go through a switch to the relay.
    let relayUrl = ''
    hook = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (!forward || !relayUrl) return void res.writeHead(200).end()
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v
        fetch(relayUrl, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(
          (r) => res.writeHead(r.status).end(),
          () => res.writeHead(502).end(),
        )
      })
    })
    await new Promise<void>((resolve) => hook!.listen(0, '127.0.0.1', resolve))
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`
    gateway = await startSharedGateway({ url: hookUrl, secret: SECRET })

    for (let i = 0; i < TILLS; i++) {
      const dir = join(work, `till-${i}`)
      const name = `Till ${String(i + 1).padStart(2, '0')}`
      const app = await createServices({
        settingsBackend: confBackend(dir),
        keychain: memoryKeychain(),
        fetch: gateway.fetchAs(name),
        dataDir: dir,
        log: silentLogger,
        isTrustedSender: (s) => s.transport === 'test',
        // No embedded sandbox per till: every request goes to the shared one.
        startDemo: async () => ({ url: gateway!.sandbox.url, close: async () => undefined }),
      })
      await app.start()
      const call = async <T>(channel: string, input?: unknown): Promise<T> => {
        const envelope = await app.dispatcher.dispatch(
          { transport: 'test', url: 'bench' },
          channel,
          input,
        )
        if (!envelope.ok) throw new Error(`${name} ${channel}: ${envelope.error.message}`)
        return envelope.value as T
      }
      const till: Till = { name, app, call, waiting: new Map() }
      app.subscribe((event, payload) => {
        if (event !== 'charge.updated') return
        const view = payload as ChargeView
        if (view.state !== 'open') till.waiting.get(view.id)?.(view)
      })
      await call('session.setup', { tillName: name, adminName: `Admin ${i}`, pin: '123456' })
      // A cashier at a busy till is never idle long enough for the lock.
      awake.push(setInterval(() => void call('session.activity').catch(() => undefined), 15_000))
      tills.push(till)
    }
    const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
    const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
    await tills[0]!.call('shop.create', { server: address, ...owner, shopName: 'Bench market' })
    for (const till of tills.slice(1)) {
      const { code } = await tills[0]!.call<{ code: string }>('shop.createCode', owner)
      await till.call('shop.join', { server: address, code })
    }
    // The relay, with its own login in the role migration 3 made.
    const admin = new pg.Client({
      host: server.host,
      port: server.port,
      database: 'postgres',
      user: server.superuser,
      password: server.superPassword,
      ssl: { rejectUnauthorized: true, ca: server.ca },
    })
    await admin.connect()
    await admin.query(
      "create role bench_relay login password 'bench-relay-password-0123456789' in role tilldesk_relay",
    )
    await admin.end()
    // Customers: three of each till's own, and one shared by each pair (the contested sales).
    const customer = async (label: string) =>
      tills[0]!.call<CustomerCreated>('customer.create', {
        name: `Customer ${label}`,
        email: `bench-${label}@example.com`,
        bvn: String(20_000_000_000 + Math.floor(Math.random() * 9_999_999_999)).slice(0, 11),
      })
    const own: string[][] = []
    for (let i = 0; i < TILLS; i++) {
      const refs: string[] = []
      for (let k = 0; k < 3; k++) refs.push((await customer(`${i}-${k}`)).accountReference)
      own.push(refs)
    }
    const shared: string[] = []
    for (let i = 0; i < TILLS; i += 2) shared.push((await customer(`pair-${i}`)).accountReference)
    const client = await tills[0]!.app.environment.client()

    const sent: Sent[] = []
    const latencies = { polling: [] as number[], webhook: [] as number[] }
    const countedBy = new Map<string, Set<string>>()
    for (const till of tills)
      till.app.subscribe((event, payload) => {
        if (event !== 'charge.updated') return
        for (const ref of (payload as ChargeView).reconciliation.counted) {
          const set = countedBy.get(ref) ?? new Set<string>()
          set.add(till.name)
          countedBy.set(ref, set)
        }
      })

    const closed = (till: Till, id: string, ms: number) =>
      new Promise<ChargeView | null>((resolve) => {
        const timer = setTimeout(() => {
          till.waiting.delete(id)
          resolve(null)
        }, ms)
        till.waiting.set(id, (view) => {
          clearTimeout(timer)
          till.waiting.delete(id)
          resolve(view)
        })
      })

    const sell = async (i: number, phase: Sent['phase'], until: number) => {
      let k = 0
      while (Date.now() < until) {
        const till = tills[i]!
        const contested = i % 2 === 0 && i + 1 < TILLS && k % 5 === 4
        const account = contested ? shared[i / 2]! : own[i]![k % 3]!
        k += 1
        const opened = [
          await till.call<ChargeView>('charge.open', { accountReference: account, amount: '3000' }),
        ]
        if (contested)
          opened.push(
            await tills[i + 1]!.call<ChargeView>('charge.open', {
              accountReference: account,
              amount: '3000',
            }),
          )
        const sellers = contested ? [till, tills[i + 1]!] : [till]
        const done = opened.map((c, n) => closed(sellers[n]!, c.id, 15_000))
        // The customer reads the account number and sends it a moment later.
        await sleep(1_500 + Math.random() * 2_000)
        const result = await client.sandbox.simulateTransfer(account, { amount: minor(300_000) })
        const createdAtMs = Date.parse(result.data.created_at)
        sent.push({ reference: result.data.reference, createdAtMs, phase })
        const first = await Promise.race([
          Promise.any(done.map((p) => p.then((v) => v ?? Promise.reject(new Error('none'))))).catch(
            () => null,
          ),
          sleep(15_000).then(() => null),
        ])
        if (first) latencies[phase].push(Date.now() - createdAtMs)
        // The other till of a contested sale was told where the money went: its cashier cancels.
        for (const [n, c] of opened.entries()) {
          const view = await sellers[n]!.call<ChargeView>('charge.get', { chargeId: c.id })
          if (view.state === 'open')
            await sellers[n]!.call('charge.cancel', {
              chargeId: c.id,
              reason: 'paid at the other till',
            })
        }
        // The next customer: a busy till, not a machine (about two sales a minute).
        await sleep(20_000 + Math.random() * 10_000)
      }
    }

    const requests = () => tills.reduce((n, t) => n + gateway!.requests(t.name, LIST), 0)
    const phase = async (name: Sent['phase']) => {
      const start = requests()
      const t0 = Date.now()
      const until = t0 + PHASE_MS
      await Promise.all(tills.map((_, i) => sell(i, name, until)))
      return ((requests() - start) * 60_000) / (Date.now() - t0)
    }
    const pollingRate = await phase('polling')
    // Phase two: the relay starts, says it is alive, and the sandbox's webhooks reach it.
    relayPool = new pg.Pool({
      host: server.host,
      port: server.port,
      database: 'postgres',
      user: 'bench_relay',
      password: 'bench-relay-password-0123456789',
      ssl: { rejectUnauthorized: true, ca: server.ca },
      max: 4,
    })
    relay = createRelay({ pool: relayPool, secret: SECRET, beatMs: 5_000 })
    await relay.app.listen({ port: 0, host: '127.0.0.1' })
    relayUrl = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}/webhooks/gateway`

    forward = true
    // How late this one process (20 tills, the sandbox, the relay) ran its callbacks: every hop
    // of a confirmation waits on it, where each real till has a machine of its own.
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()
    const webhookRate = await phase('webhook')
    lag.disable()
    await sleep(3_000) // the last ones settle everywhere

    const doublePaid = [...countedBy.values()].filter((s) => s.size > 1).length
    const missed = sent.filter((s) => !countedBy.has(s.reference)).length
    const line = (metric: string, value: number, unit: string, goal: string | null) =>
      emit({ bench: BENCH, metric, value: round(value, 1), unit, goal })
    line('tills', TILLS, 'count', '>= 20')
    line('transfers', sent.length, 'count', null)
    line('gateway_requests_per_min', Math.max(pollingRate, webhookRate), 'req/min', '<= 90')
    line('gateway_requests_per_min_polling', pollingRate, 'req/min', null)
    line('p50_ms', percentile(latencies.polling, 50), 'ms', null)
    line('p95_ms', percentile(latencies.polling, 95), 'ms', '<= 1100')
    line('p50_ms_webhook', percentile(latencies.webhook, 50), 'ms', null)
    line('p95_ms_webhook', percentile(latencies.webhook, 95), 'ms', '<= 300')
    line('event_loop_delay_p99_ms', lag.percentile(99) / 1e6, 'ms', null)
    line('load_average_1m', loadavg()[0]!, 'load', null)
    line('relay_events', relay.counts().va_charge_success ?? 0, 'count', null)
    line('double_paid', doublePaid, 'count', '<= 0')
    line('missed', missed, 'count', '<= 0')
  } finally {
    for (const timer of awake) clearInterval(timer)
    for (const till of tills) await till.app.stop().catch(() => undefined)
    await relay?.close().catch(() => undefined)
    await relayPool?.end().catch(() => undefined)
    await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(null)))
    await gateway?.close().catch(() => undefined)
    server?.destroy()
    rmSync(work, { recursive: true, force: true })
  }
}
