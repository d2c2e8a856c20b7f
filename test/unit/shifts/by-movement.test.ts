// Reports by when money moved: each amount lands in the Z-report of the period in which it was
// received, settled, refunded or paid out, whatever period its sale or request began in, and a
// sealed Z-report never changes (a later outcome is a line in a later one).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../../common/ipc/shifts'
import type { Activity } from '../../../main/shifts/activity'
import { ShiftsService, type Caller } from '../../../main/shifts/service'
import {
  activity,
  bola,
  charge,
  clock,
  hosted,
  iso,
  keyedSeal,
  m,
  payout,
  refund,
} from './fixtures'

const cashier: Caller = { id: bola.id, name: bola.name, role: 'cashier' }

let dir: string
let now: number
let facts: Activity
let service: ShiftsService

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-move-'))
  now = clock('09:00')
  facts = activity()
  const seal = keyedSeal()
  service = new ShiftsService({
    dir,
    seal: async () => seal,
    activity: { read: async () => structuredClone(facts) },
    tillName: () => 'Front counter',
    environment: () => 'demo',
    now: () => now,
  })
})
afterEach(() => {
  service.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Opens a shift, moves the clock to `hhmm` and seals its Z-report. */
async function zAt(hhmm: string): Promise<ShiftReport> {
  const shift = await service.open(cashier, {})
  now = clock(hhmm)
  return (await service.close(cashier, shift.id)).report
}

const received = (r: ShiftReport) => r.till.collections.received

describe('reports by when money moved', () => {
  it('counts a charge opened before a Z-report and paid after it in the next one', async () => {
    facts = activity({
      charges: [
        charge({
          id: 'ch_slow',
          state: 'open',
          status: 'awaiting',
          received: m(0),
          openedAt: iso('10:00'),
          closedAt: null,
          transfers: [],
        }),
      ],
    })
    const z1 = await zAt('14:00')
    expect(received(z1)).toEqual([])
    expect(z1.till.collections.awaiting.count).toBe(1)

    facts.charges[0] = charge({
      id: 'ch_slow',
      openedAt: iso('10:00'),
      closedAt: iso('14:30'),
      transfers: [{ reference: 'tr_slow', amount: m(100_00), at: iso('14:30') }],
    })
    now = clock('15:00')
    const z2 = await zAt('16:00')
    expect(received(z2)).toEqual([{ currency: 'NGN', amount: 100_00 }])
    expect(z2.till.collections.byOutcome.paid.count).toBe(1)
    // Awaiting is a state of the close, never carried into the next report's figures.
    expect(z2.till.collections.awaiting.count).toBe(0)
    // A later report counts it no more.
    expect(received(await zAt('17:00'))).toEqual([])
  })

  it('counts a part payment when it arrives, and the rest when it arrives', async () => {
    const part = (transfers: { reference: string; amount: number; at: string }[]) =>
      charge({
        id: 'ch_part',
        state: transfers.length > 1 ? 'closed' : 'open',
        status: transfers.length > 1 ? 'paid' : 'part_paid',
        amountDue: m(300_00),
        received: m(transfers.reduce((s, t) => s + t.amount, 0)),
        openedAt: iso('09:10'),
        closedAt: transfers.length > 1 ? transfers.at(-1)!.at : null,
        transfers: transfers.map((t) => ({ ...t, amount: m(t.amount) })),
      })
    facts = activity({
      charges: [part([{ reference: 'tr_p1', amount: 120_00, at: iso('09:20') }])],
    })
    const z1 = await zAt('12:00')
    expect(received(z1)).toEqual([{ currency: 'NGN', amount: 120_00 }])
    facts = activity({
      charges: [
        part([
          { reference: 'tr_p1', amount: 120_00, at: iso('09:20') },
          { reference: 'tr_p2', amount: 180_00, at: iso('12:30') },
        ]),
      ],
    })
    const z2 = await zAt('13:00')
    expect(received(z2)).toEqual([{ currency: 'NGN', amount: 180_00 }])
    expect(z2.till.collections.byOutcome.paid.count).toBe(1)
  })

  it('counts a hosted payment and a refund that settle after the Z-report in the next one', async () => {
    facts = activity({
      hostedPayments: [hosted({ reference: 'h_slow', status: 'pending', createdAt: iso('13:30') })],
      refunds: [refund({ reference: 'r_slow', status: 'processing', createdAt: iso('13:40') })],
    })
    const z1 = await zAt('14:00')
    expect(z1.till.hostedPayments.success.count).toBe(0)
    expect(z1.till.hostedPayments.pending.count).toBe(1)
    expect(z1.till.refunds.success.count).toBe(0)
    expect(z1.till.refunds.pending.count).toBe(1)

    facts = activity({
      hostedPayments: [
        hosted({
          reference: 'h_slow',
          status: 'success',
          createdAt: iso('13:30'),
          settledAt: iso('14:20'),
        }),
      ],
      refunds: [
        refund({
          reference: 'r_slow',
          status: 'success',
          createdAt: iso('13:40'),
          updatedAt: iso('14:25'),
        }),
      ],
    })
    const z2 = await zAt('15:00')
    expect(z2.till.hostedPayments.success).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 50_00 }],
    })
    expect(z2.till.hostedPayments.pending.count).toBe(0)
    expect(z2.till.refunds.success).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 10_00 }],
    })
    const z3 = await zAt('16:00')
    expect(z3.till.hostedPayments.success.count).toBe(0)
    expect(z3.till.refunds.success.count).toBe(0)
  })

  it('counts a late transfer first seen processing once it succeeds, once', async () => {
    const late = (status: string) => ({
      reference: 'tr_late',
      amount: m(15_00),
      currency: 'NGN' as const,
      status,
      firstSeenAt: iso('11:00'),
      acknowledged: false,
      cashier: bola,
    })
    facts = activity({ lateTransfers: [late('processing')] })
    const z1 = await zAt('14:00')
    expect(received(z1)).toEqual([])
    facts = activity({ lateTransfers: [late('success')] })
    now = clock('15:00')
    const z2 = await zAt('16:00')
    expect(received(z2)).toEqual([{ currency: 'NGN', amount: 15_00 }])
    expect(z2.till.collections.byOutcome.late.count).toBe(1)
    expect(received(await zAt('17:00'))).toEqual([])
  })

  it('states a payout not known at the close, and counts it sent in the report where that became known', async () => {
    const history = [
      { reference: 'p_slow', at: iso('13:00'), to: 'created' },
      { reference: 'p_slow', at: iso('13:05'), to: 'approved' },
      { reference: 'p_slow', at: iso('13:06'), to: 'unknown' },
    ]
    facts = activity({
      payouts: [payout({ reference: 'p_slow', state: 'unknown', createdAt: iso('13:00') })],
      payoutEvents: history,
    })
    const z1 = await zAt('14:00')
    expect(z1.till.payouts.unknown.count).toBe(1)
    expect(z1.till.payouts.sent.count).toBe(0)
    facts = activity({
      payouts: [payout({ reference: 'p_slow', state: 'success', createdAt: iso('13:00') })],
      payoutEvents: [...history, { reference: 'p_slow', at: iso('14:40'), to: 'success' }],
    })
    const z2 = await zAt('15:00')
    expect(z2.till.payouts.unknown.count).toBe(0)
    expect(z2.till.payouts.sent).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 2_000_00 }],
    })
    expect(z2.till.payouts.approved.count).toBe(0)
  })

  it('never changes a sealed Z-report when an outcome arrives later', async () => {
    facts = activity({
      charges: [
        charge({
          id: 'ch_x',
          state: 'open',
          status: 'awaiting',
          received: m(0),
          closedAt: null,
          transfers: [],
        }),
      ],
    })
    const z1 = await zAt('14:00')
    facts.charges[0] = charge({
      id: 'ch_x',
      closedAt: iso('14:10'),
      transfers: [{ reference: 'tr_x', amount: m(100_00), at: iso('14:10') }],
    })
    await zAt('15:00')
    expect((await service.zReport(1)).report).toEqual(z1)
  })
})
