// The day's reconciliation through the composition root on the embedded demo gateway: a day
// of sales reconciles; a transfer the till never saw is found, in words; only supervisors and
// admins may look; the CSV says the same as the screen; and a Z-report seals whether its
// period reconciled.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChargeView } from '../../common/ipc/collections'
import type { ReconcileDocument, ReconcileReport } from '../../common/ipc/reconcile'
import type { ShiftStatus, ShiftView, ZReportView } from '../../common/ipc/shifts'
import type { AppServices } from '../../main/compose/services'
import { dayOf } from '../../main/reconcile/day'
import { until } from '../support/async'
import { dispatcher, startServices } from '../support/services'

let services: AppServices
let dir: string
const { value, code } = dispatcher(() => services)
const PINS = { admin: '123456', bola: '2468', sade: '135790' }
const ids = { admin: '', bola: '', sade: '' }
const signInAs = (who: keyof typeof PINS) =>
  value('session.signIn', { userId: ids[who], pin: PINS[who] })
let today = ''

let customers = 0
async function customer(): Promise<string> {
  customers += 1
  const created = await value<{ accountReference: string }>('customer.create', {
    name: `Reconcile Customer ${customers}`,
    email: `reconcile${customers}@example.com`,
    bvn: `3331234${String(5000 + customers).padStart(4, '0')}`,
  })
  return created.accountReference
}

async function sell(due: string): Promise<ChargeView> {
  const accountReference = await customer()
  const charge = await value<ChargeView>('charge.open', { accountReference, amount: due })
  await value('charge.watch', { chargeId: charge.id, waiting: true })
  await value('demo.simulateTransfer', { accountReference, amount: due })
  return until(`charge ${due} paid`, async () => {
    const now = await value<ChargeView>('charge.get', { chargeId: charge.id })
    return now.reconciliation.status === 'paid' ? now : null
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-reconcile-int-'))
  services = await startServices(dir)
  const setup = await value<{ user: { id: string } }>('session.setup', {
    tillName: 'Front counter',
    adminName: 'Ada',
    pin: PINS.admin,
  })
  ids.admin = setup.user.id
  for (const [who, role] of [
    ['bola', 'cashier'],
    ['sade', 'supervisor'],
  ] as const) {
    const name = who[0]!.toUpperCase() + who.slice(1)
    ids[who] = (await value<{ id: string }>('users.create', { name, role, pin: PINS[who] })).id
  }
  const status = await value<ShiftStatus>('shifts.status')
  today = dayOf(Date.now(), status.settings.timeZone)
})

afterAll(async () => {
  await services?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('reconciling the day against the demo gateway', () => {
  let shift: ShiftView

  it(
    'a day of sales reconciles: every transfer matched, nothing unknown',
    { timeout: 60_000 },
    async () => {
      await signInAs('bola')
      shift = await value<ShiftView>('shifts.open', {})
      await sell('100.00')
      await sell('250.50')
      expect(await code('reconcile.run', { day: today })).toBe('forbidden_role')
      await signInAs('sade')
      const report = await value<ReconcileReport>('reconcile.run', { day: today })
      expect(report.differences).toEqual([])
      expect(report.status).toBe('reconciled')
      expect(report.matched).toBe(2)
      expect(report.tills).toEqual(['Front counter'])
      const transfersIn = report.totals.find((t) => t.source === 'transfer_in')
      expect(transfersIn).toMatchObject({
        currency: 'NGN',
        matched: 2,
        gatewaySettledMinor: '35050',
        tillSettledMinor: '35050',
      })
    },
  )

  it('finds a transfer the till never saw, says what to do, and exports it as CSV', async () => {
    // Money into a customer's account with no sale open: nothing at the till watches it.
    const stray = await customer()
    const { reference } = await value<{ reference: string }>('demo.simulateTransfer', {
      accountReference: stray,
      amount: '42.00',
    })
    const report = await value<ReconcileReport>('reconcile.run', { day: today })
    expect(report.status).toBe('differences')
    expect(report.differences).toHaveLength(1)
    expect(report.differences[0]).toMatchObject({
      kind: 'gateway_only',
      source: 'transfer_in',
      reference,
      gateway: { amount: 4200, currency: 'NGN', status: 'success' },
    })
    expect(report.differences[0]!.what.en).toContain('₦42.00')
    const csv = await value<ReconcileDocument>('reconcile.export', {
      day: today,
      format: 'csv',
      language: 'fr',
    })
    expect(csv.mediaType).toBe('text/csv')
    expect(csv.text).toContain(reference)
    expect(csv.text).toContain('Inconnu de Tilldesk')
    expect(await code('reconcile.run', { day: 'yesterday' })).toBe('invalid_input')
    expect(await code('reconcile.export', { day: today, format: 'xlsx' })).toBe('invalid_input')
  })

  it('a Z-report seals whether its period reconciled', { timeout: 60_000 }, async () => {
    const z = await value<ZReportView>('shifts.close', { shiftId: shift.id })
    expect(z.report.reconciliation).toMatchObject({
      status: 'differences',
      matched: 2,
      differences: 1,
    })
    expect(z.report.reconciliation!.summary.en).toContain('1 difference')
    const again = await value<ZReportView>('shifts.zReport', { number: z.seal.number })
    expect(again.integrity.status).toBe('intact')
    expect(again.report.reconciliation).toEqual(z.report.reconciliation)
  })

  it(
    'the next Z-report matches its own period, read on from where the last one left the journal',
    { timeout: 60_000 },
    async () => {
      await signInAs('bola')
      const next = await value<ShiftView>('shifts.open', {})
      await sell('75.25')
      const z = await value<ZReportView>('shifts.close', { shiftId: next.id })
      // The stray transfer was in the last period; this one has only its own sale.
      expect(z.report.reconciliation).toMatchObject({
        status: 'reconciled',
        matched: 1,
        differences: 0,
      })
      expect(z.report.warnings).toEqual([])
    },
  )
})
