// The shift service with a fixed clock and hand-made activity: who may open, close, print and
// reprint; the X-report's period; the end-of-day reminder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ShiftReminder, ShiftStatus } from '../../../common/ipc/shifts'
import { AppError } from '../../../main/kernel/errors'
import type { Activity } from '../../../main/shifts/activity'
import { CLOSER_PRINT_MS, ShiftsService, type Caller } from '../../../main/shifts/service'
import { activity, charge, keyedSeal, m } from './fixtures'

const cashier: Caller = { id: 'u_bola0001', name: 'Bola', role: 'cashier' }
const otherCashier: Caller = { id: 'u_chidi001', name: 'Chidi', role: 'cashier' }
const supervisor: Caller = { id: 'u_sade0001', name: 'Sade', role: 'supervisor' }

let dir: string
let now: number
let facts: Activity
let changes: ShiftStatus[]
let reminders: ShiftReminder[]
let service: ShiftsService

function build(): ShiftsService {
  const seal = keyedSeal()
  return new ShiftsService({
    dir,
    seal: async () => seal,
    activity: { read: async () => structuredClone(facts) },
    tillName: () => 'Front counter',
    environment: () => 'demo',
    now: () => now,
    onChanged: (s) => changes.push(s),
    onReminder: (r) => reminders.push(r),
    pdf: async (html) => new TextEncoder().encode(`%PDF-fake ${html.length}`),
  })
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-svc-'))
  now = Date.parse('2026-03-02T07:00:00Z')
  facts = activity()
  changes = []
  reminders = []
  service = build()
  await service.updateSettings({ endOfDay: '22:00', timeZone: 'Africa/Lagos' })
})
afterEach(() => {
  service.stop()
  rmSync(dir, { recursive: true, force: true })
})

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return error instanceof AppError ? error.code : String(error)
  }
}

describe('shifts service', () => {
  it('opens one shift per till, with who opened it, when, and the float', async () => {
    const shift = await service.open(cashier, { openingFloat: 5_000_00 })
    expect(shift).toMatchObject({
      state: 'open',
      till: 'Front counter',
      environment: 'demo',
      openedBy: { id: cashier.id, name: 'Bola' },
      openedAt: '2026-03-02T07:00:00.000Z',
      openingFloat: { amount: 5_000_00, currency: 'NGN' },
      endOfDayAt: '2026-03-02T21:00:00.000Z',
      pastEndOfDay: false,
    })
    expect(await codeOf(service.open(otherCashier, {}))).toBe('shift_already_open')
    expect((await service.status()).current?.id).toBe(shift.id)
    expect(changes.at(-1)?.current?.id).toBe(shift.id)
  })

  it('takes an X-report of the open shift, covering opening to now, and keeps nothing', async () => {
    expect(await codeOf(service.xReport())).toBe('no_open_shift')
    const shift = await service.open(cashier, {})
    facts = activity({ charges: [charge({ id: 'ch_x1', openedAt: '2026-03-02T07:30:00.000Z' })] })
    now += 3_600_000
    const x = await service.xReport()
    expect(x).toMatchObject({ kind: 'x', zNumber: null, from: shift.openedAt })
    expect(x.to).toBe('2026-03-02T08:00:00.000Z')
    expect(x.till.collections.byOutcome.paid.count).toBe(1)
    expect((await service.zReports(1, 25)).totalItems).toBe(0)
  })

  it('counts each sale in exactly one Z-report, whatever clock stamped it', async () => {
    const first = await service.open(cashier, {})
    // Collections stamps charges on the gateway's clock, known to the second: this one was
    // opened after the shift but carries a time a little before it.
    facts = activity({
      charges: [charge({ id: 'ch_early1', openedAt: '2026-03-02T06:59:59.400Z' })],
    })
    now += 3_600_000
    const z1 = await service.close(cashier, first.id)
    expect(z1.report.till.collections.byOutcome.paid.count).toBe(1)
    // Sold while no shift was open, and one stamped just after the close: the next Z counts
    // the first, and skips the second, which the first Z already counted.
    facts = activity({
      charges: [
        charge({ id: 'ch_early1', openedAt: '2026-03-02T06:59:59.400Z' }),
        charge({ id: 'ch_gap0001', openedAt: '2026-03-02T08:30:00.000Z' }),
      ],
    })
    now += 3_600_000
    const second = await service.open(cashier, {})
    now += 60_000
    const x = await service.xReport()
    expect(x.from).toBe(z1.report.to)
    expect(x.till.collections.byOutcome.paid.count).toBe(1)
    facts.charges.push(charge({ id: 'ch_after1', openedAt: new Date(now + 800).toISOString() }))
    const z2 = await service.close(cashier, second.id)
    expect(z2.report.till.collections.byOutcome.paid.count).toBe(2)
    const third = await service.open(cashier, {})
    const z3 = await service.close(cashier, third.id)
    expect(z3.report.till.collections.byOutcome.paid.count).toBe(0)
  })

  it('lets the opener or a supervisor close, not another cashier', async () => {
    const shift = await service.open(cashier, {})
    expect(await codeOf(service.close(otherCashier, shift.id))).toBe('forbidden_role')
    const z = await service.close(supervisor, shift.id)
    expect(z.report.shift).toMatchObject({
      state: 'closed',
      closedBy: { id: supervisor.id },
      zNumber: 1,
    })
    expect(z.integrity.status).toBe('intact')
    expect((await service.status()).current).toBeNull()
    expect(await codeOf(service.close(cashier, shift.id))).toBe('no_open_shift')
  })

  it('seals only one Z-report when close is pressed twice', async () => {
    const shift = await service.open(cashier, {})
    const results = await Promise.allSettled([
      service.close(cashier, shift.id),
      service.close(cashier, shift.id),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((await service.zReports(1, 25)).totalItems).toBe(1)
  })

  it('lets the closer print the Z-report right after closing; a later print needs a supervisor', async () => {
    const shift = await service.open(cashier, {})
    facts = activity({ charges: [charge({ id: 'ch_z1', openedAt: '2026-03-02T07:10:00.000Z' })] })
    await service.close(cashier, shift.id)
    const z = { kind: 'z' as const, number: 1 }
    const html = await service.document(cashier, { report: z, format: 'html80' })
    expect(html.mediaType).toBe('text/html')
    expect(html.text).toContain('Z-report 000001')
    expect(await codeOf(service.document(otherCashier, { report: z, format: 'csv' }))).toBe(
      'forbidden_role',
    )
    now += CLOSER_PRINT_MS + 1
    expect(await codeOf(service.document(cashier, { report: z, format: 'htmlA4' }))).toBe(
      'forbidden_role',
    )
    const reprint = await service.document(supervisor, { report: z, format: 'pdfA4' })
    expect(reprint.mediaType).toBe('application/pdf')
    expect(Buffer.from(reprint.base64!, 'base64').toString()).toMatch(/^%PDF-fake/)
    expect(
      await codeOf(
        service.document(supervisor, { report: { kind: 'z', number: 2 }, format: 'csv' }),
      ),
    ).toBe('z_not_found')
  })

  it('tells the admin when a Z-report on disk no longer matches its seal', async () => {
    const altered: string[] = []
    const seal = keyedSeal()
    const build = () =>
      new ShiftsService({
        dir,
        seal: async () => seal,
        activity: { read: async () => activity() },
        tillName: () => 'T',
        environment: () => 'demo',
        now: () => now,
        onAltered: ({ problem }) => altered.push(problem),
      })
    const first = build()
    const shift = await first.open(cashier, {})
    await first.close(cashier, shift.id)
    expect(altered).toEqual([])
    const file = join(dir, 'demo', 'z', 'z-000001.json')
    const stored = JSON.parse(readFileSync(file, 'utf8'))
    stored.report.shift.openedBy.name = 'Someone else'
    writeFileSync(file, JSON.stringify(stored))
    // Found when the till starts (the chain is checked as the store opens), and on reading.
    const next = build()
    await next.status()
    expect(altered).toEqual([expect.stringMatching(/Z-report 1 was changed after it was closed/)])
    expect((await next.zReport(1)).integrity.status).toBe('altered')
  })

  it('says PDF is not available where there is no renderer', async () => {
    const bare = new ShiftsService({
      dir,
      seal: async () => keyedSeal(),
      activity: { read: async () => activity() },
      tillName: () => 'T',
      environment: () => 'demo',
      now: () => now,
      pdf: null,
    })
    await bare.open(cashier, {})
    expect(await codeOf(bare.document(cashier, { report: { kind: 'x' }, format: 'pdf80' }))).toBe(
      'not_available',
    )
  })

  it('reminds once when the shift passes the end of the day, and shows it in the status', async () => {
    await service.open(cashier, {})
    await service.checkReminder()
    expect(reminders).toHaveLength(0)
    now = Date.parse('2026-03-02T21:00:00Z')
    await service.checkReminder()
    await service.checkReminder()
    expect(reminders).toHaveLength(1)
    expect(reminders[0]!.message).toMatch(/Bola’s shift.*still open after the end of the day/)
    const status = await service.status()
    expect(status.current?.pastEndOfDay).toBe(true)
    expect(status.reminder?.shiftId).toBe(status.current?.id)
  })

  it('moves the reminder when the admin changes the end of day', async () => {
    await service.open(cashier, {})
    now = Date.parse('2026-03-02T19:00:00Z') // 20:00 in Lagos
    expect((await service.status()).reminder).toBeNull()
    service.updateSettings({ endOfDay: '19:30' })
    expect((await service.status()).reminder).not.toBeNull()
  })

  it('keeps Demo and Live shifts apart', async () => {
    let environment: 'demo' | 'live' = 'demo'
    const seal = keyedSeal()
    const svc = new ShiftsService({
      dir,
      seal: async () => seal,
      activity: { read: async () => activity() },
      tillName: () => 'T',
      environment: () => environment,
      now: () => now,
    })
    await svc.open(cashier, {})
    environment = 'live'
    expect((await svc.status()).current).toBeNull()
    const live = await svc.open(otherCashier, { openingFloat: m(1) })
    expect(live.environment).toBe('live')
  })
})
