// The report's money by hour (main/shifts/hours.ts, common/day-hours.ts): each amount at the
// local hour it moved in the till's time zone, per currency, counted exactly as the report
// counts it (what an earlier Z-report counted is left out), so the charts never disagree with
// the figures beside them.
import { describe, expect, it } from 'vitest'
import { HourBuckets, localHour } from '../../../common/day-hours'
import { shiftFigures, type Period } from '../../../main/shifts/figures'
import { reportHours } from '../../../main/shifts/hours'
import { activity, at, charge, hosted, m, payout } from './fixtures'
import { dateFormatsMadeBy } from '../../support/date-formats'

const total = (
  rows: { transferMinor: string }[],
  key: 'transferMinor' | 'checkoutMinor' | 'payoutsMinor',
) => rows.reduce((sum, row) => sum + BigInt((row as Record<string, string>)[key]!), 0n)

describe('the hour of a time', () => {
  it('is read in the till time zone', () => {
    expect(localHour('2026-03-02T08:30:00Z', 'Africa/Lagos')).toBe(9)
    expect(localHour('2026-03-02T23:30:00Z', 'Africa/Lagos')).toBe(0)
    expect(localHour('2026-03-02T08:30:00Z', 'Asia/Kolkata')).toBe(14)
    expect(localHour('not a time', 'Africa/Lagos')).toBeNull()
  })

  it('makes one formatter per time zone, however many amounts a report places', () => {
    // Each formatter loads ICU's date symbols outside the V8 heap (about 100 KB, given back
    // only when it is collected): one per amount made every report a native peak
    // (docs/perf.md, till-soak).
    const made = dateFormatsMadeBy(() => {
      for (let i = 0; i < 300; i++)
        expect(localHour(`2026-03-02T0${i % 10}:30:00Z`, 'Asia/Kolkata')).toBe((i % 10) + 6)
    })
    expect(made).toBeLessThanOrEqual(1)
  })

  it("reads the computer's time zone when the till has none", () => {
    const iso = '2026-03-02T08:30:00Z'
    expect(localHour(iso)).toBe(new Date(iso).getHours())
  })

  it('keeps currencies apart, adds exactly, and leaves out nothing-amounts', () => {
    const hours = new HourBuckets('UTC')
    hours.add('2026-03-02T08:10:00Z', 'NGN', 'transfer', 9_007_199_254_740_991n)
    hours.add('2026-03-02T08:50:00Z', 'NGN', 'transfer', 2n)
    hours.add('2026-03-02T08:50:00Z', 'USD', 'checkout', 5)
    hours.add('2026-03-02T09:00:00Z', 'NGN', 'payouts', 0)
    expect(hours.rows()).toEqual([
      {
        hour: 8,
        currency: 'NGN',
        transferMinor: '9007199254740993',
        checkoutMinor: '0',
        payoutsMinor: '0',
      },
      { hour: 8, currency: 'USD', transferMinor: '0', checkoutMinor: '5', payoutsMinor: '0' },
    ])
  })
})

describe('a report by hour', () => {
  const day = activity({
    charges: [
      charge({ id: 'c1', openedAt: at(10), received: m(100_00) }),
      // Opened in the first hour, paid in the second: counted when the money came.
      charge({ id: 'c2', openedAt: at(50), closedAt: at(70), received: m(250_00) }),
      charge({ id: 'c3', openedAt: at(75), state: 'open', status: 'awaiting', received: m(0) }),
      charge({ id: 'old', openedAt: at(-120), received: m(999_00) }),
    ],
    lateTransfers: [
      {
        reference: 'L1',
        amount: m(40_00),
        currency: 'NGN',
        status: 'success',
        firstSeenAt: at(130),
        acknowledged: false,
        cashier: null,
      },
    ],
    hostedPayments: [
      hosted({ reference: 'H1', createdAt: at(20), amount: m(50_00) }),
      hosted({ reference: 'H2', createdAt: at(25), status: 'pending' }),
    ],
    payouts: [payout({ reference: 'P1', amount: m(2_000_00) })],
    payoutEvents: [
      { reference: 'P1', at: at(40), to: 'created' },
      { reference: 'P1', at: at(95), to: 'success' },
    ],
  })

  const earlier: Period = { counted: new Set(['transfer:tr_old']), legacyUntilMs: null }

  it('puts each amount at the hour it moved, as the report counts it', () => {
    expect(reportHours(day, earlier, 'UTC')).toEqual([
      {
        hour: 8,
        currency: 'NGN',
        transferMinor: '10000',
        checkoutMinor: '5000',
        payoutsMinor: '0',
      },
      {
        hour: 9,
        currency: 'NGN',
        transferMinor: '25000',
        checkoutMinor: '0',
        payoutsMinor: '200000',
      },
      { hour: 10, currency: 'NGN', transferMinor: '4000', checkoutMinor: '0', payoutsMinor: '0' },
    ])
  })

  it('adds up to the report figures, and skips what an earlier Z-report counted', () => {
    const excluded: Period = { ...earlier, counted: new Set(['transfer:tr_old', 'transfer:tr_c2']) }
    const rows = reportHours(day, excluded, 'UTC')
    const figures = shiftFigures(day, excluded).till
    expect(total(rows, 'transferMinor')).toBe(BigInt(figures.collections.received[0]!.amount))
    expect(total(rows, 'checkoutMinor')).toBe(
      BigInt(figures.hostedPayments.success.totals[0]!.amount),
    )
    expect(total(rows, 'payoutsMinor')).toBe(BigInt(figures.payouts.sent.totals[0]!.amount))
  })
})
