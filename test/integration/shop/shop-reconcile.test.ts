// The day's reconciliation in a shop: two tills, ONE gateway (a shared sandbox) and one real
// PostgreSQL (TLS). Each till sells; the check on either till matches BOTH tills' transfers
// (the other till's as the shop's events carry them), and money no till saw is still found.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { ChargeView, CustomerCreated } from '../../../common/ipc/collections'
import type { ReconcileReport } from '../../../common/ipc/reconcile'
import type { ShiftStatus } from '../../../common/ipc/shifts'
import type { ShopStatusView } from '../../../common/ipc/shop'
import type { AppServices } from '../../../main/compose/services'
import { dayOf } from '../../../main/reconcile/day'
import { until } from '../../support/async'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { dispatcher, startServices } from '../../support/services'
import { startSharedGateway, type SharedGateway } from '../../support/shared-gateway'
import { MemoryKeychain } from '../../unit/shell/helpers'

const skipReason = postgresSkipReason()

describe.skipIf(skipReason !== null)(
  `reconciling a shop's day${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let gateway: SharedGateway
    const apps: AppServices[] = []
    const dirs: string[] = []
    const tills = ['Bakery', 'Pharmacy'].map((name, i) => ({
      name,
      call: dispatcher(() => apps[i]!),
    }))
    const [bakery, pharmacy] = tills as [(typeof tills)[number], (typeof tills)[number]]
    let customers = 0
    let today = ''

    const sell = async (till: (typeof tills)[number]) => {
      customers += 1
      const { accountReference } = await till.call.value<CustomerCreated>('customer.create', {
        name: `Shop Customer ${customers}`,
        email: `shop-reconcile${customers}@example.com`,
        bvn: `2229876543${customers}`,
      })
      const charge = await till.call.value<ChargeView>('charge.open', {
        accountReference,
        amount: '3000',
      })
      await till.call.value('charge.watch', { chargeId: charge.id, waiting: true })
      const client = await apps[0]!.environment.client()
      await client.sandbox.simulateTransfer(accountReference, { amount: minor(300_000) })
      await until(`${till.name}'s sale paid`, async () => {
        const v = await till.call.value<ChargeView>('charge.get', { chargeId: charge.id })
        return v.state === 'closed' ? v : null
      })
    }

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      gateway = await startSharedGateway()
      for (const t of tills) {
        const dir = mkdtempSync(join(tmpdir(), `tilldesk-reconcile-${t.name.toLowerCase()}-`))
        dirs.push(dir)
        apps.push(
          await startServices(
            dir,
            new MemoryKeychain(),
            gateway.fetchAs(t.name),
            gateway.sandbox.url,
          ),
        )
        await t.call.value('session.setup', { tillName: t.name, adminName: 'Ada', pin: '123456' })
        await t.call.value('settings.update', {
          pollIntervals: { waitingMs: 250, backgroundMs: 1_000 },
        })
      }
      const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
      const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      await bakery.call.value('shop.create', { server: address, ...owner, shopName: 'Market' })
      const { code } = await bakery.call.value<{ code: string }>('shop.createCode', owner)
      const joined = await pharmacy.call.value<ShopStatusView>('shop.join', {
        server: address,
        code,
      })
      expect(joined.sync).toBe('online')
      const status = await bakery.call.value<ShiftStatus>('shifts.status')
      today = dayOf(Date.now(), status.settings.timeZone)
    }, 120_000)

    afterAll(async () => {
      for (const app of apps) await app.stop()
      await gateway?.close()
      server?.destroy()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    })

    it("matches every till's transfers, the other till's from the shop's events", async () => {
      await sell(bakery)
      await sell(pharmacy)
      // Each till sees the other's facts once sync has pulled them.
      for (const till of tills) {
        const report = await until(`${till.name} reconciles the shop`, async () => {
          const r = await till.call.value<ReconcileReport>('reconcile.run', { day: today })
          return r.status === 'reconciled' ? r : null
        })
        expect(report.scope).toBe('shop')
        expect(report.matched).toBe(2)
        expect(report.totals.find((t) => t.source === 'transfer_in')).toMatchObject({
          gatewaySettledMinor: '600000',
          tillSettledMinor: '600000',
        })
      }
    }, 90_000)

    it('money into an account no till watches is unknown to Tilldesk, on every till', async () => {
      const { accountReference } = await bakery.call.value<CustomerCreated>('customer.create', {
        name: 'Nobody Watching',
        email: 'nobody-watching@example.com',
        bvn: '22298765499',
      })
      const client = await apps[0]!.environment.client()
      const stray = (
        await client.sandbox.simulateTransfer(accountReference, { amount: minor(1_000) })
      ).data.reference
      for (const till of tills) {
        const report = await till.call.value<ReconcileReport>('reconcile.run', { day: today })
        expect(report.differences.map((d) => [d.kind, d.reference])).toEqual([
          ['gateway_only', stray],
        ])
      }
    }, 60_000)
  },
)
