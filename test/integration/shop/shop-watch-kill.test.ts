// One watcher per shop, through a power cut (docs/shop.md, "One watcher per shop"): the till
// that watches the gateway for the shop runs in a process of its own and is SIGKILLed mid-day,
// right after a customer sent money it may or may not have told the shop about. Another till
// takes the watch over within seconds (the lock is freed when the dead till's session ends),
// and every transfer, before, during and after the kill, is counted exactly once in the shop.
// One real PostgreSQL (TLS), one gateway (a shared sandbox in this process).
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { ChargeView, CustomerCreated, TransferView } from '../../../common/ipc/collections'
import type { ShopStatusView } from '../../../common/ipc/shop'
import type { AppServices } from '../../../main/compose/services'
import { until } from '../../support/async'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { dispatcher, startServices } from '../../support/services'
import { startSharedGateway, type SharedGateway } from '../../support/shared-gateway'
import { MemoryKeychain } from '../../unit/shell/helpers'
import type { TillAnswer, TillCall } from './till-process'

const skipReason = postgresSkipReason()
const TILL_SCRIPT = join(__dirname, 'till-process.ts')
const LIST = '/merchants/virtual-accounts/transactions'

/** A till in its own process, called over the process channel like `dispatcher(...).value`. */
function startTillProcess(dir: string, gateway: SharedGateway) {
  const key = gateway.sandbox.keys[0]!
  const child: ChildProcess = fork(TILL_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      TILLDESK_TILL_JOB: JSON.stringify({
        dir,
        sandboxUrl: gateway.sandbox.url,
        keyId: key.key_id,
        secret: key.secret,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const waiting = new Map<number, (a: TillAnswer) => void>()
  child.on('message', (a: TillAnswer) => {
    waiting.get(a.id)?.(a)
    waiting.delete(a.id)
  })
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  )
  let next = 1
  const answer = (id: number) =>
    new Promise<TillAnswer>((resolve, reject) => {
      waiting.set(id, resolve)
      void exited.then(() => reject(new Error('the till process exited')))
    })
  return {
    ready: answer(0),
    exited,
    kill: () => child.kill('SIGKILL'),
    async value<T>(channel: string, input?: unknown): Promise<T> {
      const id = next++
      const answered = answer(id)
      child.send({ id, channel, input } satisfies TillCall)
      const a = await answered
      if (!a.ok) throw new Error(`${channel}: ${a.message}`)
      return a.value as T
    },
  }
}

describe.skipIf(skipReason !== null)(
  `the shop's watcher SIGKILLed mid-day${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let gateway: SharedGateway
    let watcher: ReturnType<typeof startTillProcess>
    const dirs: string[] = []
    const apps: AppServices[] = []
    const tills = ['Bakery', 'Pharmacy'].map((name, i) => ({
      name,
      call: dispatcher(() => apps[i]!),
    }))
    const [bakery, pharmacy] = tills as [(typeof tills)[number], (typeof tills)[number]]
    const tempDir = (name: string) => {
      const dir = mkdtempSync(join(tmpdir(), `tilldesk-watch-kill-${name}-`))
      dirs.push(dir)
      return dir
    }

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      gateway = await startSharedGateway()
      const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
      const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      // The till that makes the shop is its only till at first: it takes the watch.
      watcher = startTillProcess(tempDir('front'), gateway)
      await watcher.ready
      await watcher.value('session.setup', { tillName: 'Front', adminName: 'Ada', pin: '123456' })
      await watcher.value('shop.create', { server: address, ...owner, shopName: 'Market' })
      await until('the front till watches', async () => {
        const s = await watcher.value<ShopStatusView>('shop.status')
        return s.watch?.thisTill === true
      })
      for (const t of tills) {
        apps.push(
          await startServices(
            tempDir(t.name.toLowerCase()),
            new MemoryKeychain(),
            gateway.fetchAs(t.name),
            gateway.sandbox.url,
          ),
        )
        await t.call.value('session.setup', { tillName: t.name, adminName: 'Ada', pin: '123456' })
        const { code } = await watcher.value<{ code: string }>('shop.createCode', owner)
        const joined = await t.call.value<ShopStatusView>('shop.join', { server: address, code })
        expect(joined.sync).toBe('online')
      }
    }, 120_000)

    afterAll(async () => {
      watcher?.kill()
      for (const app of apps) await app.stop()
      await gateway?.close()
      server?.destroy()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    })

    let customers = 0
    const newCustomer = async () => {
      customers += 1
      const c = await bakery.call.value<CustomerCreated>('customer.create', {
        name: `Customer ${customers}`,
        email: `kill${customers}@example.com`,
        bvn: `2223334445${customers}`,
      })
      return c.accountReference
    }
    const open = async (till: (typeof tills)[number], accountReference: string) => {
      const charge = await till.call.value<ChargeView>('charge.open', {
        accountReference,
        amount: '3000',
      })
      await till.call.value('charge.watch', { chargeId: charge.id, waiting: true })
      // In the shop's order, so the watcher (whichever till it is) knows of the claim.
      await until(`${till.name}'s claim on the server`, async () => {
        const view = await till.call.value<ChargeView>('charge.get', { chargeId: charge.id })
        return view.shop && !view.shop.atRisk
      })
      return charge.id
    }
    const send = async (accountReference: string) => {
      const client = await apps[0]!.environment.client()
      const sent = await client.sandbox.simulateTransfer(accountReference, {
        amount: minor(300_000),
      })
      return sent.data.reference
    }
    const paid = (till: (typeof tills)[number], chargeId: string) =>
      until(`${till.name}'s charge paid`, async () => {
        const v = await till.call.value<ChargeView>('charge.get', { chargeId })
        return v.state === 'closed' ? v : null
      })
    const watchOf = (till: (typeof tills)[number]) =>
      till.call.value<ShopStatusView>('shop.status').then((s) => s.watch ?? null)

    it('another till takes the watch within seconds; no transfer missed or counted twice', async () => {
      // Every till hears the front till as the shop's watcher, and confirms from its events.
      for (const t of tills)
        await until(`${t.name} hears the front till watching`, async () => {
          const w = await watchOf(t)
          return w?.tillName === 'Front' && !w.thisTill
        })
      const before = tills.map((t) => gateway.requests(t.name, LIST))
      const first = await newCustomer()
      const morning = await open(bakery, first)
      const t1 = await send(first)
      expect((await paid(bakery, morning)).reconciliation.counted).toEqual([t1])
      // The front till asked the gateway for the shop, not the bakery or the pharmacy (a till
      // that read the heartbeat late on a loaded machine may ask once, never as a habit).
      const asked = tills.map((t, i) => gateway.requests(t.name, LIST) - before[i]!)
      expect(asked.every((n) => n <= 1)).toBe(true)

      // Two customers waiting; one sends the money and the watching till dies at once, before
      // or after it told the shop (a power cut doesn't wait for either).
      const second = await newCustomer()
      const third = await newCustomer()
      const atPharmacy = await open(pharmacy, second)
      const atBakery = await open(bakery, third)
      const t2 = await send(second)
      watcher.kill()
      expect(await watcher.exited).toBe('SIGKILL')
      const t3 = await send(third)

      // Another till holds the watch: the lock was freed when the killed till's session ended.
      const next = await until(
        'a surviving till takes the watch',
        async () => {
          const views = await Promise.all(tills.map(watchOf))
          const holders = views.flatMap((w, i) => (w?.thisTill ? [tills[i]!.name] : []))
          return holders.length === 1 ? holders[0]! : null
        },
        15_000,
      )
      expect(['Bakery', 'Pharmacy']).toContain(next)
      for (const t of tills)
        await until(
          `${t.name} hears ${next} watching`,
          async () => (await watchOf(t))?.tillName === next,
        )

      expect((await paid(pharmacy, atPharmacy)).reconciliation.counted).toEqual([t2])
      expect((await paid(bakery, atBakery)).reconciliation.counted).toEqual([t3])
      // Each transfer counted once in the shop, and never shown as late money anywhere.
      const counted: string[] = []
      for (const t of tills) {
        const charges = await t.call.value<ChargeView[]>('charge.list', { scope: 'recent' })
        for (const c of charges) counted.push(...c.reconciliation.counted)
        const late = await t.call.value<TransferView[]>('collections.late', {})
        expect(late.map((x) => x.reference)).toEqual([])
      }
      expect(counted.sort()).toEqual([t1, t2, t3].sort())
    }, 120_000)
  },
)
