// Shop mode through the composition root, as an admin uses it: two tills, each the real app
// services behind the IPC guard, and one real PostgreSQL (TLS). The first till creates the
// shop, makes a one-time code, the second joins with it; the status follows the server going
// away and coming back; an edited shop file is refused and reported; leaving keeps the till
// working alone. Only admins, with a fresh PIN, can change any of it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntegrityFinding } from '../../../common/ipc/settings'
import { randomUUID } from 'node:crypto'
import type { ZReportView } from '../../../common/ipc/shifts'
import type { ShopAudit, ShopOverview, ShopStatusView, ShopZReport } from '../../../common/ipc/shop'
import type { AppServices } from '../../../main/app/services'
import { dispatcher, startServices } from '../../support/services'
import type { Keychain } from '../../../main/keychain/keychain'
import { shopPool, type ShopLogin } from '../../../main/shop/connection'
import { signEvent } from '../../../main/shop/events'
import { MemoryKeychain } from '../../unit/shell/helpers'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { until } from '../../support/async'
import { insertEvent, tillSecret } from '../../support/shop-events'
import { SHOP_KEY_ACCOUNT, SHOP_LOGIN_ACCOUNT } from '../../../main/shop/service'

const skipReason = postgresSkipReason()

describe.skipIf(skipReason !== null)(
  `shop mode, two tills and one server${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let a: AppServices
    let b: AppServices
    let adminB = ''
    const keychainB: Keychain = new MemoryKeychain()
    const dirA = mkdtempSync(join(tmpdir(), 'tilldesk-shop-a-'))
    const dirB = mkdtempSync(join(tmpdir(), 'tilldesk-shop-b-'))
    const tillA = dispatcher(() => a)
    const tillB = dispatcher(() => b)
    const address = () => ({
      host: server.host,
      port: server.port,
      database: 'postgres',
      ca: server.ca,
    })
    const owner = () => ({ ownerUser: server.superuser, ownerPassword: server.superPassword })

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      a = await startServices(dirA)
      b = await startServices(dirB, keychainB)
      await tillA.value('session.setup', {
        tillName: 'Front counter',
        adminName: 'Ada',
        pin: '123456',
      })
      await tillB.value('session.setup', {
        tillName: 'Back counter',
        adminName: 'Ade',
        pin: '654321',
      })
      adminB = (await tillB.value<{ user: { id: string } }>('session.get')).user.id
    }, 60_000)

    afterAll(async () => {
      await a?.stop()
      await b?.stop()
      server?.destroy()
      rmSync(dirA, { recursive: true, force: true })
      rmSync(dirB, { recursive: true, force: true })
    })

    it('a till starts on its own', async () => {
      expect(await tillA.value<ShopStatusView>('shop.status')).toMatchObject({
        mode: 'single',
        sync: 'off',
      })
    })

    it('the first till creates the shop; another joins with a one-time code', async () => {
      const created = await tillA.value<ShopStatusView>('shop.create', {
        server: address(),
        ...owner(),
        shopName: 'Corner Shop',
      })
      expect(created).toMatchObject({
        mode: 'shop',
        shopName: 'Corner Shop',
        tillName: 'Front counter',
        sync: 'online',
      })
      const { code } = await tillA.value<{ code: string }>('shop.createCode', owner())
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
      const joined = await tillB.value<ShopStatusView>('shop.join', { server: address(), code })
      expect(joined).toMatchObject({
        mode: 'shop',
        shopName: 'Corner Shop',
        tillName: 'Back counter',
        sync: 'online',
      })
      // The code is spent: a third till can't use it.
      const dirC = mkdtempSync(join(tmpdir(), 'tilldesk-shop-c-'))
      let c: AppServices | null = await startServices(dirC)
      try {
        const tillC = dispatcher(() => c!)
        await tillC.value('session.setup', { tillName: 'Office', adminName: 'Oby', pin: '112233' })
        const again = await tillC.call('shop.join', { server: address(), code })
        expect(again.ok).toBe(false)
        if (!again.ok) expect(again.error.message).toMatch(/code is not valid/)
      } finally {
        await c.stop()
        c = null
        rmSync(dirC, { recursive: true, force: true })
      }
    })

    it('never stores the owner login or the till secrets in any file it writes', async () => {
      const texts = readdirSync(dirB, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
      expect(texts.length).toBeGreaterThan(3)
      const all = texts.join('\n')
      expect(all).not.toContain(server.superPassword)
      expect(all).not.toContain('PRIVATE KEY')
      const login = await tillSecret(keychainB, dirB, SHOP_LOGIN_ACCOUNT)
      expect(login).toBeTruthy()
      expect(all).not.toContain(JSON.parse(login!).password)
      const key = await tillSecret(keychainB, dirB, SHOP_KEY_ACCOUNT)
      expect(all).not.toContain(key!)
    })

    it("a charge paid on one till shows in the other till's view of the shop's day", async () => {
      const account = await tillA.value<{ accountReference: string }>('customer.create', {
        name: 'Shop Customer',
        email: 'shop.customer@example.com',
        bvn: '22212345678',
      })
      const charge = await tillA.value<{ id: string }>('charge.open', {
        accountReference: account.accountReference,
        amount: '2500.00',
      })
      await tillA.value('charge.watch', { chargeId: charge.id, waiting: true })
      await tillA.value('demo.simulateTransfer', {
        accountReference: account.accountReference,
        amount: '2500.00',
      })
      const overview = await until('the charge on till B', async () => {
        const view = await tillB.value<ShopOverview>('shop.overview')
        const front = view.tills.find((t) => t.tillName === 'Front counter')
        return front?.collections.some((c) => c.outcome === 'paid' && c.receivedMinor === '250000')
          ? view
          : null
      })
      expect(overview.tills.map((t) => t.tillName)).toContain('Front counter')
      const csv = await tillB.value<{ csv: string; rows: number }>('shop.exportCsv')
      expect(csv.rows).toBeGreaterThan(0)
      expect(csv.csv).toContain('charge.closed')
    }, 60_000)

    it('a shift closed on one till is in the shop-wide Z-report and audit log of the other, exactly as sealed', async () => {
      const opened = await tillA.value<{ id: string }>('shifts.open', {})
      await tillB.value('shifts.open', {})
      const z = await tillA.value<ZReportView>('shifts.close', { shiftId: opened.id })
      const sealed = z.report.till.collections.received.map((r) => ({
        currency: r.currency,
        amountMinor: String(r.amount),
      }))
      expect(sealed).toEqual([{ currency: 'NGN', amountMinor: '250000' }])
      const onB = await until('the closed shift on till B', async () => {
        const report = await tillB.value<ShopZReport>('shop.zReport')
        return report.shifts.some((s) => s.shiftId === opened.id) ? report : null
      })
      const front = onB.tills.find((t) => t.tillName === 'Front counter')!
      expect(front.figures.collections.received).toEqual(sealed)
      expect(front.figures.collections.byOutcome.paid).toEqual({ count: 1, totals: sealed })
      expect(onB.total.figures.collections.received).toEqual(sealed)
      // Till B's own shift is still open: named, not added.
      expect(onB.notClosed.map((o) => o.tillName)).toEqual(['Back counter'])
      const onA = await until('till B’s open shift on till A', async () => {
        const report = await tillA.value<ShopZReport>('shop.zReport')
        return report.notClosed.some((o) => o.tillName === 'Back counter') ? report : null
      })
      expect(onA.total.figures).toEqual(onB.total.figures)
      const csv = await tillB.value<{ csv: string }>('shop.zReportCsv')
      expect(csv.csv).toContain('till,Front counter,collections,paid,1,NGN,250000')

      const audit = await tillB.value<ShopAudit>('shop.audit')
      const close = audit.entries.find((e) => e.kind === 'shift.closed')!
      expect(close).toMatchObject({ tillName: 'Front counter', who: 'Ada' })
      expect(close.serverSeq).toBeGreaterThan(0)
      expect(audit.tills.find((t) => t.tillName === 'Front counter')!.words).toMatch(
        /^\d+ events, signatures checked, no gaps$/,
      )
      expect(audit.tills.find((t) => t.own)!.tillName).toBe('Back counter')
      // Till A's own close, read back from the server, takes its place in server order.
      const own = await until('till A’s close placed in server order', async () => {
        const mine = (await tillA.value<ShopAudit>('shop.audit')).entries.find(
          (e) => e.kind === 'shift.closed',
        )
        return mine?.serverSeq ? mine : null
      })
      expect(own.serverSeq).toBe(close.serverSeq)
    }, 60_000)

    it('pays one account no more than its limit, counting the payouts of both tills', async () => {
      const limits = { admin: { perItem: '1000000', perDay: '5000000' } }
      for (const till of [tillA, tillB]) await till.value('payouts.updatePolicy', { limits })
      const banks = await tillA.value<{ banks: Array<{ code: string }> }>('banks.list')
      const bankCode = banks.banks[0]!.code
      const pay = async (till: typeof tillA, amount: string) => {
        const resolved = await till.value<{ accountName: string }>('payouts.resolve', {
          bankCode,
          accountNumber: '0123456789',
        })
        return till.call('payouts.draft', {
          purpose: 'supplier',
          bankCode,
          accountNumber: '0123456789',
          accountName: resolved.accountName,
          nameConfirmed: true,
          amount,
          narration: 'Shop limits',
          recipientEmail: null,
          submit: true,
        })
      }
      const first = await pay(tillA, '600000')
      expect(first.ok ? 'ok' : `${first.error.code}: ${first.error.message}`).toBe('ok')
      const second = await pay(tillB, '600000')
      expect(second.ok ? 'ok' : second.error.code).toBe('limit_exceeded')
      if (!second.ok) {
        expect(second.error.message).toMatch(/With 1 other payout to this account today/)
        expect(second.error.message).toMatch(/every till in the shop/)
      }
      expect((await pay(tillB, '400000')).ok).toBe(true)
    }, 60_000)

    it('says so when the server goes away, and catches up when it is back', async () => {
      server.stop()
      try {
        const offline = await until('offline', async () => {
          const s = await tillB.value<ShopStatusView>('shop.status')
          return s.sync === 'offline' ? s : null
        })
        expect(offline.message).toMatch(/works alone/)
      } finally {
        server.restart()
      }
      await until(
        'online again',
        async () => (await tillB.value<ShopStatusView>('shop.status')).sync === 'online',
      )
    }, 60_000)

    it('refuses an edited shop file, reports it to the admin, and works alone', async () => {
      await b.stop()
      const path = join(dirB, 'shop', 'config.json')
      const stored = JSON.parse(readFileSync(path, 'utf8')) as {
        config: { server: { host: string } }
      }
      stored.config.server.host = 'evil.example'
      writeFileSync(path, JSON.stringify(stored))
      b = await startServices(dirB, keychainB)
      await tillB.value('session.signIn', { userId: adminB, pin: '654321' })
      const status = await tillB.value<ShopStatusView>('shop.status')
      expect(status).toMatchObject({ mode: 'single', sync: 'off' })
      expect(status.message).toMatch(/integrity check/)
      const findings = await tillB.value<IntegrityFinding[]>('settings.integrity')
      expect(findings.some((f) => f.area === 'shop' && f.file === 'shop/config.json')).toBe(true)
    }, 60_000)

    it("reads the shop's day in the time zone the till's shifts use", async () => {
      const dayIn = (timeZone: string) =>
        new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date())
      // Twenty-five hours apart: never the same calendar day.
      for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        await tillA.value('shifts.updateSettings', { timeZone })
        expect((await tillA.value<ShopOverview>('shop.overview')).day).toBe(dayIn(timeZone))
        expect((await tillA.value<ShopZReport>('shop.zReport')).day).toBe(dayIn(timeZone))
      }
    })

    it('a missing event of another till is refused once, however many rounds meet it', async () => {
      // Till B's own login and key, used by hand: an event that skips a till_seq, as if one
      // had been withheld, then two more rounds of pulls on till A.
      const login = JSON.parse(
        (await tillSecret(keychainB, dirB, SHOP_LOGIN_ACCOUNT))!,
      ) as ShopLogin
      const key = (await tillSecret(keychainB, dirB, SHOP_KEY_ACCOUNT))!
      const pool = shopPool(address(), login)
      try {
        const last = await pool.query<{ till_id: string; seq: string }>(
          "select till_id, max(till_seq) as seq from events where body->>'tillName' = 'Back counter' group by till_id",
        )
        const tillId = last.rows[0]!.till_id
        let seq = Number(last.rows[0]!.seq) + 1
        for (let round = 0; round < 3; round++) {
          seq += 1
          const event = signEvent(
            {
              eventId: randomUUID(),
              tillId,
              tillSeq: seq,
              kind: 'till.note',
              body: { tillName: 'Back counter' },
              createdAt: new Date().toISOString(),
            },
            key,
          )
          await insertEvent(pool, event)
          await until('till A has pulled again', async () => {
            const status = await tillA.value<ShopStatusView>('shop.status')
            return status.refused > 0 ? status : null
          })
          // A round on till A after the insert (NOTIFY wakes it; the loop's timer is the net).
          await new Promise((resolve) => setTimeout(resolve, 1500))
        }
      } finally {
        await pool.end()
      }
      expect((await tillA.value<ShopStatusView>('shop.status')).refused).toBe(1)
      const audit = await tillA.value<ShopAudit>('shop.audit')
      expect(audit.tills.find((t) => t.tillName === 'Back counter')).toMatchObject({ gap: true })
      expect(audit.refused).toHaveLength(1)
    }, 60_000)

    it('only an admin can change shop mode', async () => {
      await tillA.value('users.create', { name: 'Bola', role: 'cashier', pin: '2468' })
      const users = await tillA.value<Array<{ id: string; name: string }>>('users.list')
      await tillA.value('session.signIn', {
        userId: users.find((u) => u.name === 'Bola')!.id,
        pin: '2468',
      })
      expect(await tillA.code('shop.createCode', owner())).toBe('forbidden_role')
      expect(await tillA.code('shop.leave')).toBe('forbidden_role')
    })
  },
)
