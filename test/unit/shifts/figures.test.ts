import { describe, expect, it } from 'vitest'
import { shiftFigures } from '../../../main/shifts/figures'
import { activity, at, bola, charge, chidi, hosted, m, OPEN_MS, payout, refund } from './fixtures'

const period = { counted: new Set<string>(), legacyUntilMs: OPEN_MS }

describe('shift figures', () => {
  it('counts collections by outcome with the money received, per cashier and for the till', () => {
    const result = shiftFigures(
      activity({
        charges: [
          charge({ id: 'ch_paid1', received: m(100_00) }),
          charge({ id: 'ch_paid2', received: m(250_00), amountDue: m(250_00), openedBy: chidi }),
          charge({
            id: 'ch_part',
            state: 'open',
            status: 'part_paid',
            amountDue: m(300_00),
            received: m(120_00),
          }),
          charge({ id: 'ch_over', status: 'overpaid', amountDue: m(80_00), received: m(95_00) }),
          charge({
            id: 'ch_wait',
            state: 'open',
            status: 'awaiting',
            amountDue: m(60_00),
            received: m(0),
            openedBy: chidi,
          }),
          charge({
            id: 'ch_cancel',
            state: 'cancelled',
            status: 'awaiting',
            amountDue: m(40_00),
            received: m(0),
          }),
        ],
        lateTransfers: [
          {
            reference: 'late1',
            amount: m(15_00),
            currency: 'NGN',
            status: 'success',
            firstSeenAt: at(200),
            acknowledged: false,
            cashier: bola,
          },
        ],
      }),
      period,
    )
    const c = result.till.collections
    expect(c.byOutcome.paid).toEqual({ count: 2, totals: [{ currency: 'NGN', amount: 350_00 }] })
    // Still open: its money is received, its outcome not reached yet (carried over).
    expect(c.byOutcome.part_paid).toEqual({ count: 0, totals: [] })
    expect(c.byOutcome.overpaid).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 95_00 }],
    })
    expect(c.byOutcome.late).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 15_00 }] })
    expect(c.awaiting).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 60_00 }] })
    expect(c.cancelled.count).toBe(1)
    expect(c.received).toEqual([{ currency: 'NGN', amount: 350_00 + 120_00 + 95_00 + 15_00 }])

    const byName = Object.fromEntries(result.cashiers.map((x) => [x.cashier.name, x.figures]))
    expect(Object.keys(byName)).toEqual(['Bola', 'Chidi'])
    expect(byName.Bola!.collections.byOutcome.paid.count).toBe(1)
    expect(byName.Chidi!.collections.byOutcome.paid.totals).toEqual([
      { currency: 'NGN', amount: 250_00 },
    ])
    expect(byName.Chidi!.collections.awaiting.count).toBe(1)
    expect(byName.Bola!.collections.byOutcome.late.count).toBe(1)
  })

  it('keeps one total per currency and never adds two currencies together', () => {
    const result = shiftFigures(
      activity({
        charges: [
          charge({ id: 'ch_n', received: m(100_00) }),
          charge({ id: 'ch_u', currency: 'USD', received: m(7_50), amountDue: m(7_50) }),
          charge({ id: 'ch_n2', received: m(1_00), amountDue: m(1_00) }),
        ],
      }),
      period,
    )
    expect(result.till.collections.byOutcome.paid).toEqual({
      count: 3,
      totals: [
        { currency: 'NGN', amount: 101_00 },
        { currency: 'USD', amount: 7_50 },
      ],
    })
  })

  it('counts what moved since the earlier Z-reports, whenever its sale was opened, and nothing they counted', () => {
    const facts = activity({
      charges: [
        // Counted by an earlier Z-report: never again.
        charge({ id: 'ch_before', openedAt: at(-60) }),
        // Opened long before the previous Z-report, paid since: counted here.
        charge({
          id: 'ch_old_paid_now',
          openedAt: at(-600),
          closedAt: at(30),
          transfers: [{ reference: 'tr_old', amount: m(100_00), at: at(30) }],
        }),
        charge({ id: 'ch_in', openedAt: at(30) }),
        // Part-paid before, the rest since: only the rest is money of this period.
        charge({
          id: 'ch_rest',
          amountDue: m(300_00),
          received: m(300_00),
          openedAt: at(-300),
          closedAt: at(45),
          transfers: [
            { reference: 'tr_rest1', amount: m(100_00), at: at(-290) },
            { reference: 'tr_rest2', amount: m(200_00), at: at(45) },
          ],
        }),
        charge({
          id: 'ch_old_open',
          state: 'open',
          status: 'part_paid',
          received: m(10_00),
          openedAt: at(-600),
          transfers: [{ reference: 'tr_open', amount: m(10_00), at: at(-590) }],
        }),
      ],
    })
    const result = shiftFigures(facts, {
      counted: new Set([
        'charge:ch_before',
        'transfer:tr_ch_before',
        'transfer:tr_rest1',
        'transfer:tr_open',
      ]),
      legacyUntilMs: null,
    })
    expect(result.till.collections.byOutcome.paid.count).toBe(3)
    expect(result.till.collections.received).toEqual([
      { currency: 'NGN', amount: 100_00 + 100_00 + 200_00 },
    ])
    // An open part-paid sale is carried over, not an outcome yet.
    expect(result.till.collections.byOutcome.part_paid.count).toBe(0)
    expect(result.counted.sort()).toEqual(
      [
        'charge:ch_old_paid_now',
        'charge:ch_in',
        'charge:ch_rest',
        'transfer:tr_old',
        'transfer:tr_ch_in',
        'transfer:tr_rest2',
      ].sort(),
    )
    expect(result.carriedOver.map((i) => [i.kind, i.reference, i.status])).toEqual([
      ['charge', 'ch_old_open', 'part_paid'],
    ])
    expect(result.carriedOver[0]!.what).toContain('Part-paid')
  })

  it('leaves to the Z-reports sealed before keys were kept what moved up to their close', () => {
    const result = shiftFigures(
      activity({
        charges: [
          charge({ id: 'ch_old', openedAt: at(-30) }),
          charge({ id: 'ch_new', openedAt: at(30) }),
        ],
      }),
      { counted: new Set(), legacyUntilMs: OPEN_MS },
    )
    expect(result.till.collections.byOutcome.paid.count).toBe(1)
    expect(result.counted.sort()).toEqual(['charge:ch_new', 'transfer:tr_ch_new'])
  })

  it('counts payout steps in their words; not-known and held are their own lines, never failed', () => {
    const result = shiftFigures(
      activity({
        payouts: [
          payout({ reference: 'p_sent' }),
          payout({ reference: 'p_failed', state: 'failed', amount: m(13_13) }),
          payout({ reference: 'p_unknown', state: 'unknown', amount: m(7_00) }),
          payout({ reference: 'p_review', state: 'needs_review', amount: m(9_00), maker: chidi }),
          payout({ reference: 'p_waiting', state: 'awaiting_approval', amount: m(3_00) }),
        ],
        payoutEvents: [
          { reference: 'p_sent', at: at(40), to: 'created' },
          { reference: 'p_sent', at: at(41), to: 'awaiting_approval' },
          { reference: 'p_sent', at: at(42), to: 'approved' },
          { reference: 'p_sent', at: at(44), to: 'success' },
          { reference: 'p_failed', at: at(50), to: 'created' },
          { reference: 'p_failed', at: at(51), to: 'approved' },
          { reference: 'p_failed', at: at(52), to: 'failed' },
          { reference: 'p_unknown', at: at(60), to: 'created' },
          { reference: 'p_unknown', at: at(62), to: 'unknown' },
          { reference: 'p_review', at: at(-90), to: 'created' },
          { reference: 'p_waiting', at: at(70), to: 'created' },
        ],
      }),
      period,
    )
    const p = result.till.payouts
    expect(p.drafted.count).toBe(4)
    expect(p.approved).toEqual({ count: 2, totals: [{ currency: 'NGN', amount: 2_013_13 }] })
    expect(p.sent).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 2_000_00 }] })
    expect(p.failed).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 13_13 }] })
    expect(p.unknown).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 7_00 }] })
    expect(p.needs_review).toEqual({ count: 1, totals: [{ currency: 'NGN', amount: 9_00 }] })
    expect(result.carriedOver.map((i) => i.reference).sort()).toEqual([
      'p_review',
      'p_unknown',
      'p_waiting',
    ])
    const chidiFigures = result.cashiers.find((x) => x.cashier.id === chidi.id)!.figures
    expect(chidiFigures.payouts.needs_review.count).toBe(1)
    expect(chidiFigures.payouts.failed.count).toBe(0)
  })

  it('counts hosted payments and refunds, and finds their cashier by name', () => {
    const result = shiftFigures(
      activity({
        charges: [charge({ id: 'ch_1', openedBy: bola })],
        payouts: [payout({ reference: 'p1', maker: chidi })],
        hostedPayments: [
          hosted({ reference: 'h1' }),
          hosted({ reference: 'h2', status: 'starting' }),
          hosted({ reference: 'h3', status: 'abandoned' }),
          hosted({ reference: 'h4', status: 'a_new_word', takenBy: null }),
        ],
        refunds: [refund({ reference: 'r1' }), refund({ reference: 'r2', status: 'processing' })],
      }),
      period,
    )
    expect(result.till.hostedPayments.success.count).toBe(1)
    expect(result.till.hostedPayments.pending.count).toBe(2)
    expect(result.till.hostedPayments.abandoned.count).toBe(1)
    expect(result.till.refunds.success).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 10_00 }],
    })
    expect(result.till.refunds.pending.count).toBe(1)
    const ids = result.cashiers.map((x) => x.cashier.id)
    expect(ids).toEqual([bola.id, chidi.id])
    expect(result.cashiers[0]!.figures.hostedPayments.pending.count).toBe(1)
    expect(result.cashiers[1]!.figures.refunds.success.count).toBe(1)
    expect(result.carriedOver.map((i) => i.reference)).toEqual(['h2', 'h4', 'r2'])
  })
})
