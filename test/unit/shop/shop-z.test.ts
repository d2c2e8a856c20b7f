// The shop-wide Z-report: tills close real shifts (the shift service seals their Z-reports),
// tell the shop what they sealed, and the shop's report is the exact sum of those Z-reports,
// by till, by cashier and in total, per currency; shifts still open are named and left out.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShiftStatus, ZReportView } from '../../../common/ipc/shifts'
import type { ShopEvent } from '../../../main/shop/events'
import {
  ShopReporter,
  shiftClosedFact,
  shiftOpenedFact,
  toldKeys,
} from '../../../main/shop/reporter'
import { readFigures, shopZCsv, shopZReport } from '../../../main/shop/shop-z'
import type { Activity } from '../../../main/shifts/activity'
import { ShiftsService, type Caller } from '../../../main/shifts/service'
import {
  activity,
  at,
  charge,
  hosted,
  keyedSeal,
  m,
  OPEN_MS,
  payout,
  refund,
} from '../shifts/fixtures'

const bola: Caller = { id: 'u_bola0001', name: 'Bola', role: 'cashier' }
const chidi: Caller = { id: 'u_chidi001', name: 'Chidi', role: 'cashier' }
const DAY = '2026-03-02'
const TZ = 'Africa/Lagos'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** One till: a real shift service over hand-made activity; what it emits is kept. */
function till(name: string, facts: Activity, environment: 'live' | 'demo' = 'live') {
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-shop-z-'))
  dirs.push(dir)
  const seal = keyedSeal()
  const closed: ZReportView[] = []
  const changed: ShiftStatus[] = []
  let now = OPEN_MS
  const service = new ShiftsService({
    dir,
    seal: async () => seal,
    activity: { read: async () => structuredClone(facts) },
    tillName: () => name,
    environment: () => environment,
    now: () => now,
    onChanged: (s) => changed.push(s),
    onClosed: (z) => closed.push(z),
  })
  return {
    service,
    closed,
    changed,
    setNow: (ms: number) => {
      now = ms
    },
  }
}

let seq = 0
const shopEvent = (tillId: string, kind: string, body: Record<string, unknown>): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  tillId,
  tillSeq: seq,
  kind,
  body,
  createdAt: '2026-03-02T09:00:00.000Z',
  signature: 'x'.repeat(86),
})

const frontFacts = activity({
  charges: [
    charge({ id: 'ch_1', amountDue: m(9_000_000_000_000_000), received: m(9_000_000_000_000_000) }),
    charge({ id: 'ch_2', status: 'part_paid', amountDue: m(500_00), received: m(200_00) }),
    charge({ id: 'ch_3', currency: 'USD', amountDue: m(20_00), received: m(20_00) }),
    charge({ id: 'ch_4', openedBy: { id: chidi.id, name: chidi.name }, received: m(300_00) }),
  ],
  hostedPayments: [hosted({ reference: 'hp_1' })],
  refunds: [refund({ reference: 'rf_1' })],
  payouts: [payout({ reference: 'PO-1' })],
  payoutEvents: [
    { reference: 'PO-1', to: 'created', at: at(40) },
    { reference: 'PO-1', to: 'approved', at: at(42) },
    { reference: 'PO-1', to: 'success', at: at(45) },
  ],
})
const backFacts = activity({
  charges: [
    charge({ id: 'ch_9', amountDue: m(9_000_000_000_000_000), received: m(9_000_000_000_000_000) }),
    charge({ id: 'ch_8', status: 'overpaid', amountDue: m(100_00), received: m(150_00) }),
  ],
  payouts: [payout({ reference: 'PO-2', state: 'failed' })],
  payoutEvents: [
    { reference: 'PO-2', to: 'created', at: at(50) },
    { reference: 'PO-2', to: 'failed', at: at(55) },
  ],
})

async function closeOne(t: ReturnType<typeof till>, who: Caller, closeMinutes = 120) {
  const shift = await t.service.open(who, {})
  t.setNow(OPEN_MS + closeMinutes * 60_000)
  await t.service.close(who, shift.id)
  return t.closed.at(-1)!
}

const received = (list: Array<{ currency: string; amountMinor: string }>) =>
  Object.fromEntries(list.map((a) => [a.currency, a.amountMinor]))

describe('shop-wide Z-report', () => {
  it('is the exact sum of the Z-reports the tills sealed, per currency, by till and cashier', async () => {
    const front = till('Front counter', frontFacts)
    const back = till('Back counter', backFacts)
    const zFront = await closeOne(front, bola)
    const zBack = await closeOne(back, bola)
    expect(front.closed).toHaveLength(1)
    const events = [
      shopEvent('till-a', 'shift.closed', shiftClosedFact(zFront, 'Front counter')!.body),
      shopEvent('till-b', 'shift.closed', shiftClosedFact(zBack, 'Back counter')!.body),
    ]
    const report = shopZReport(events, DAY, 'live', TZ)

    // Each till's figures are its sealed Z-report's, unchanged.
    const a = report.tills.find((t) => t.tillName === 'Front counter')!
    expect(received(a.figures.collections.received)).toEqual({
      NGN: String(
        zFront.report.till.collections.received.find((r) => r.currency === 'NGN')!.amount,
      ),
      USD: '2000',
    })
    expect(a.figures).toEqual(readFigures(shiftClosedFact(zFront, 'x')!.body.till))

    // The total: beyond 2^53 in kobo, added exactly; dollars never added to naira.
    expect(received(report.total.figures.collections.received)).toEqual({
      NGN: String(2n * 9_000_000_000_000_000n + 200_00n + 300_00n + 150_00n),
      USD: '2000',
    })
    expect(report.total.figures.collections.byOutcome.paid).toEqual({
      count: 4,
      totals: [
        { currency: 'NGN', amountMinor: String(2n * 9_000_000_000_000_000n + 300_00n) },
        { currency: 'USD', amountMinor: '2000' },
      ],
    })
    expect(report.total.figures.payouts.sent?.count).toBe(1)
    expect(report.total.figures.payouts.failed?.count).toBe(1)
    expect(report.total.figures.payouts.drafted?.count).toBe(2)
    expect(report.total.figures.hostedPayments.success?.count).toBe(1)
    expect(report.total.figures.refunds.success?.count).toBe(1)
    expect(report.total.shifts).toBe(2)

    // Bola worked both tills: one line for her across the shop; Chidi's charge is his.
    const bolaShop = report.cashiers.find((c) => c.name === 'Bola')!
    expect(bolaShop.figures.collections.byOutcome.overpaid?.count).toBe(1)
    expect(bolaShop.figures.collections.byOutcome.part_paid?.count).toBe(1)
    const chidiShop = report.cashiers.find((c) => c.name === 'Chidi')!
    expect(received(chidiShop.figures.collections.received)).toEqual({ NGN: '30000' })

    expect(report.shifts.map((s) => [s.tillName, s.zNumber, s.openedBy])).toEqual([
      ['Front counter', 1, 'Bola'],
      ['Back counter', 1, 'Bola'],
    ])
    expect(report.notClosed).toEqual([])
    expect(report.unreadable).toEqual([])
  })

  it('names a till with a shift still open, and leaves it out of the sum', async () => {
    const front = till('Front counter', frontFacts)
    const office = till('Office', backFacts)
    const z = await closeOne(front, bola)
    await office.service.open(chidi, {})
    const opened = shiftOpenedFact(office.changed.at(-1)!, 'Office')!
    const report = shopZReport(
      [
        shopEvent(
          'till-a',
          'shift.opened',
          shiftOpenedFact(front.changed[0]!, 'Front counter')!.body,
        ),
        shopEvent('till-c', 'shift.opened', opened.body),
        shopEvent('till-a', 'shift.closed', shiftClosedFact(z, 'Front counter')!.body),
      ],
      DAY,
      'live',
      TZ,
    )
    expect(report.notClosed).toMatchObject([{ tillName: 'Office', openedBy: 'Chidi' }])
    expect(report.tills.map((t) => t.tillName)).toEqual(['Front counter'])
    expect(report.total.figures).toEqual(report.tills[0]!.figures)
  })

  it('counts a close told twice once, leaves out other days and other environments', async () => {
    const front = till('Front counter', frontFacts)
    const training = till('Training', backFacts, 'demo')
    const z = await closeOne(front, bola)
    const demo = await closeOne(training, bola)
    const body = shiftClosedFact(z, 'Front counter')!.body
    const events = [
      shopEvent('till-a', 'shift.closed', body),
      shopEvent('till-a', 'shift.closed', body),
      shopEvent('till-d', 'shift.closed', shiftClosedFact(demo, 'Training')!.body),
    ]
    expect(shopZReport(events, DAY, 'live', TZ).total.shifts).toBe(1)
    expect(shopZReport(events, '2026-03-03', 'live', TZ).total.shifts).toBe(0)
    expect(shopZReport(events, DAY, 'demo', TZ).tills.map((t) => t.tillName)).toEqual(['Training'])
  })

  it('names a shift whose figures cannot be read and adds none of it', async () => {
    const front = till('Front counter', frontFacts)
    const z = await closeOne(front, bola)
    const good = shiftClosedFact(z, 'Front counter')!.body
    const bad = structuredClone(good) as { till: { payouts: { sent: { totals: unknown[] } } } }
    bad.till.payouts.sent.totals = [{ currency: 'NGN', amountMinor: 12.5 }]
    const report = shopZReport(
      [
        shopEvent('till-a', 'shift.closed', good),
        shopEvent('till-b', 'shift.closed', { ...bad, tillName: 'Back', shiftId: 'sh_bad' }),
      ],
      DAY,
      'live',
      TZ,
    )
    expect(report.unreadable).toEqual([
      'Back: the figures of shift sh_bad could not be read; they are not in the sum.',
    ])
    expect(report.total.shifts).toBe(1)
  })

  it("states a payout whose outcome is unknown once, as of its till's latest close, however many shifts close", async () => {
    // One ₦1M payout stuck unknown on the front counter through three shifts, and one held
    // for review that is settled before the third close.
    const facts = activity({
      payouts: [
        payout({ reference: 'PO-STUCK', state: 'unknown', amount: m(1_000_000_00) }),
        payout({ reference: 'PO-HELD', state: 'needs_review', amount: m(50_000_00) }),
      ],
      payoutEvents: [
        { reference: 'PO-STUCK', to: 'created', at: at(5) },
        { reference: 'PO-HELD', to: 'created', at: at(6) },
      ],
    })
    const front = till('Front counter', facts)
    const back = till('Back counter', backFacts)
    const zs: ZReportView[] = []
    for (const [i, minutes] of [60, 120, 180].entries()) {
      if (i === 2) {
        facts.payouts[1] = payout({ reference: 'PO-HELD', state: 'success', amount: m(50_000_00) })
        facts.payoutEvents.push({ reference: 'PO-HELD', to: 'success', at: at(150) })
      }
      const shift = await front.service.open(bola, {})
      front.setNow(OPEN_MS + minutes * 60_000)
      await front.service.close(bola, shift.id)
      zs.push(front.closed.at(-1)!)
    }
    expect(zs.map((z) => z.report.till.payouts.unknown.count)).toEqual([1, 1, 1])
    const zBack = await closeOne(back, bola)
    // Told in the shop's order, which need not be the order of closing.
    const events = [zs[2]!, zs[0]!, zs[1]!].map((z) =>
      shopEvent('till-a', 'shift.closed', shiftClosedFact(z, 'Front counter')!.body),
    )
    events.push(shopEvent('till-b', 'shift.closed', shiftClosedFact(zBack, 'Back counter')!.body))
    const report = shopZReport(events, DAY, 'live', TZ)

    const stuck = { count: 1, totals: [{ currency: 'NGN', amountMinor: '100000000' }] }
    const none = { count: 0, totals: [] }
    expect(report.total.shifts).toBe(4)
    expect(report.total.figures.payouts.unknown).toEqual(stuck)
    expect(
      report.tills.find((t) => t.tillName === 'Front counter')!.figures.payouts.unknown,
    ).toEqual(stuck)
    expect(report.cashiers.find((c) => c.name === 'Bola')!.figures.payouts.unknown).toEqual(stuck)
    // Settled before the latest close: no longer held, and counted where it was sent.
    expect(report.total.figures.payouts.needs_review).toEqual(none)
    expect(report.total.figures.payouts.sent?.count).toBe(1)
    // Open items too are as of each till's latest close: the stuck payout, once.
    expect(zs.map((z) => z.report.carriedOver.length)).toEqual([2, 2, 1])
    expect(report.total.carriedOver).toBe(1)
    // What moved in the period is still added: each payout drafted once.
    expect(report.total.figures.payouts.drafted?.count).toBe(3)
  })

  it('states a sale awaiting its transfer, a pending hosted payment and a pending refund once, as of the latest close', async () => {
    const facts = activity({
      charges: [
        charge({
          id: 'ch_wait',
          state: 'open',
          status: 'awaiting',
          amountDue: m(400_00),
          received: m(0),
        }),
      ],
      hostedPayments: [hosted({ reference: 'hp_wait', status: 'pending' })],
      refunds: [refund({ reference: 'rf_wait', status: 'processing' })],
    })
    const front = till('Front counter', facts)
    const events: ShopEvent[] = []
    for (const minutes of [60, 120, 180]) {
      const shift = await front.service.open(bola, {})
      front.setNow(OPEN_MS + minutes * 60_000)
      await front.service.close(bola, shift.id)
      events.push(
        shopEvent('till-a', 'shift.closed', shiftClosedFact(front.closed.at(-1)!, 'Front')!.body),
      )
    }
    const report = shopZReport(events, DAY, 'live', TZ)
    const f = report.total.figures
    expect(f.collections.awaiting).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amountMinor: '40000' }],
    })
    expect(f.hostedPayments.pending?.count).toBe(1)
    expect(f.refunds.pending?.count).toBe(1)
    expect(report.cashiers.find((c) => c.name === 'Bola')!.figures.collections.awaiting.count).toBe(
      1,
    )
  })

  it('writes the report as CSV with exact amounts and formulas defused', async () => {
    const front = till('=cmd|x', frontFacts)
    const z = await closeOne(front, bola)
    const report = shopZReport(
      [shopEvent('till-a', 'shift.closed', shiftClosedFact(z, '=cmd|x')!.body)],
      DAY,
      'live',
      TZ,
    )
    const csv = shopZCsv(report)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('scope,name,section,line,count,currency,amount_minor,opened_at,closed_at')
    expect(csv).toContain(`shop,all tills (${DAY}),collections,received,,NGN,9000000000050000`)
    expect(csv).not.toMatch(/,=cmd/)
  })
})

describe('shift facts told to the shop', () => {
  it('tells a shift opened and closed once each, also after a restart', async () => {
    const front = till('Front counter', frontFacts)
    const recorded: ShopEvent[] = []
    const reporter = () =>
      new ShopReporter(
        {
          record: async (kind, body) => {
            recorded.push(shopEvent('till-a', kind, body))
          },
        },
        () => 'Front counter',
        [...recorded],
        () => undefined,
      )
    const first = reporter()
    const shift = await front.service.open(bola, {})
    for (const s of front.changed) first.hear('shifts.changed', s)
    first.hear('shifts.changed', front.changed.at(-1))
    front.setNow(OPEN_MS + 60 * 60_000)
    await front.service.close(bola, shift.id)
    first.hear('shifts.closed', front.closed[0])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(recorded.map((e) => e.kind)).toEqual(['shift.opened', 'shift.closed'])
    expect(toldKeys(recorded)).toContain(`shift-closed:${shift.id}`)

    const again = reporter()
    again.hear('shifts.closed', front.closed[0])
    again.hear('shifts.changed', front.changed[0])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(recorded).toHaveLength(2)
    const body = recorded[1]!.body
    expect(body).toMatchObject({ shiftId: shift.id, zNumber: 1, closedBy: { name: 'Bola' } })
    expect(body.seal).toBe(front.closed[0]!.seal.seal)
    // Amounts travel as strings of integer minor units, never as numbers.
    expect(JSON.stringify(body.till)).not.toMatch(/"amountMinor":\d/)
  })
})
