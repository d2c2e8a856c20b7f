// Direct debits and shop corrections in the shift reports. A debit the gateway charged counts
// in the report of the period it was charged in, on its own line, whatever period it was sent
// in; one whose outcome is unknown is stated as of each close, never added. A transfer a
// sealed Z-report counted that the shop's rule later gives to another till's sale leaves the
// sealed report as it is: this till's next Z-report carries it as a correction, in words, and
// the shop's day stays the sum of its tills'.
import { describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../../common/ipc/shifts'
import type { DebitFact } from '../../../main/shifts/activity'
import { reportCsv } from '../../../main/shifts/csv'
import { shopZReport } from '../../../main/shop/shop-z'
import { closedEvent } from '../../support/books-check'
import { givenAway, paidBy, paper, shiftTills } from '../../support/shift-tills'
import { activity, charge, iso, m } from './fixtures'

const { till, zAt, at } = shiftTills()

const debit = (over: Partial<DebitFact> & { reference: string }): DebitFact => ({
  status: 'success',
  amount: m(25_000_00),
  currency: 'NGN',
  createdAt: iso('10:00'),
  completedAt: iso('10:05'),
  chargedBy: 'Bola',
  unknown: false,
  ...over,
})

const naira = (amount: number) => [{ currency: 'NGN', amount }]
const debits = (r: ShiftReport) => r.till.debits!

describe('direct debits in the shift reports', () => {
  it('counts a debit charged after a Z-report in the next one, once', async () => {
    const t = till('Front counter')
    t.facts = activity({
      debits: [debit({ reference: 'dd_slow', status: 'pending', completedAt: null })],
    })
    const z1 = (await zAt(t, '14:00')).report
    expect(debits(z1).success.count).toBe(0)
    // Pending is how it stood at the close, stated, not counted as money moved.
    expect(debits(z1).pending).toEqual({ count: 1, totals: naira(25_000_00) })

    t.facts.debits = [debit({ reference: 'dd_slow', completedAt: iso('14:30') })]
    at('15:00')
    const z2 = (await zAt(t, '16:00')).report
    expect(debits(z2).success).toEqual({ count: 1, totals: naira(25_000_00) })
    expect(debits(z2).pending.count).toBe(0)
    expect(z2.cashiers[0]!.figures.debits!.success.count).toBe(1)
    expect(debits((await zAt(t, '17:00')).report).success.count).toBe(0)
    // The sealed Z-report before it never changes.
    expect((await t.service.zReport(1)).report).toEqual(z1)
  })

  it('states a debit whose outcome is unknown at each close, never adding it up', async () => {
    const t = till('Front counter')
    t.facts = activity({
      debits: [
        debit({ reference: 'dd_lost', status: 'starting', completedAt: null, unknown: true }),
        debit({ reference: 'dd_never', status: 'not_sent', completedAt: null }),
        debit({ reference: 'dd_no', status: 'not_paid', completedAt: iso('11:00') }),
      ],
    })
    const z1 = (await zAt(t, '12:00')).report
    const z2 = (await zAt(t, '13:00')).report
    for (const z of [z1, z2])
      expect(debits(z).unknown).toEqual({ count: 1, totals: naira(25_000_00) })
    // Decided not charged is a failure, counted once; never sent is no movement at all.
    expect(debits(z1).failed.count).toBe(1)
    expect(debits(z2).failed.count).toBe(0)
    expect(debits(z1).pending.count).toBe(0)
  })

  it('puts the debit lines in the CSV and on paper in both languages', async () => {
    const t = till('Front counter')
    t.facts = activity({ debits: [debit({ reference: 'dd_1' })] })
    const z = (await zAt(t, '12:00')).report
    expect(reportCsv(z)).toContain('debits,,success,1,NGN,25000.00')
    const html = (language: 'en' | 'fr') => paper(z, language)
    expect(html('en')).toContain('Direct debits')
    expect(html('en')).toContain('Charged')
    expect(html('fr')).toContain('Prélèvements')
    expect(html('fr')).toContain('Prélevé')
    // A Z-report sealed before debits were counted is reprinted as it was: no debit section.
    const { debits: _none, ...before } = z.till
    const old = { ...z, till: before, cashiers: [] }
    expect(paper(old)).not.toContain('Direct debits')
    expect(reportCsv(old)).not.toContain('debits,')
  })
})

describe('a transfer the shop moves to another till after a sealed Z-report', () => {
  it("leaves the sealed Z-report as it is and corrects each till's next Z-report", async () => {
    const front = till('Front counter')
    const back = till('Back counter')
    // Out of step with the shop, the front till counted tr_both for its own sale.
    front.facts = activity({
      charges: [paidBy('ch_front', 'tr_both', 40_000_00, '10:00')],
    })
    const f1 = await zAt(front, '12:00')
    expect(f1.report.till.collections.received).toEqual(naira(40_000_00))

    // Back in step: by the shop's rule tr_both pays the back till's sale. The front till's
    // charge no longer counts it; it is listed there as late, given to the back till.
    front.facts = activity({
      charges: [
        charge({
          id: 'ch_front',
          state: 'open',
          status: 'awaiting',
          received: m(0),
          closedAt: null,
          transfers: [],
        }),
      ],
      lateTransfers: [givenAway('tr_both', 40_000_00)],
    })
    back.facts = activity({
      charges: [paidBy('ch_back', 'tr_both', 40_000_00, '12:30')],
    })
    at('13:00')
    const f2 = await zAt(front, '14:00')
    const b1 = await zAt(back, '14:00')

    // The sealed report is unchanged; the next one carries the move, in words.
    expect((await front.service.zReport(1)).report).toEqual(f1.report)
    expect(f2.report.till.collections.received).toEqual([])
    expect(f2.report.till.collections.byOutcome.late.count).toBe(0)
    expect(f2.report.till.collections.movedOut).toEqual({ count: 1, totals: naira(40_000_00) })
    expect(b1.report.till.collections.received).toEqual(naira(40_000_00))
    expect(paper(f2.report)).toContain('Moved to another till')
    expect(paper(f2.report)).toContain('−₦40,000.00')
    expect(reportCsv(f2.report)).toContain('collections,,moved_out,1,NGN,-40000.00')
    // Counted once more, nowhere.
    expect((await zAt(front, '15:00')).report.till.collections.movedOut?.count ?? 0).toBe(0)

    // The shop's day: the sum of its tills, the move included, so the money counts once.
    const shop = shopZReport(
      [
        closedEvent('till-f', f1, 'Front counter'),
        closedEvent('till-f', f2, 'Front counter'),
        closedEvent('till-b', b1, 'Back counter'),
      ],
      '2026-03-02',
      'demo',
      'UTC',
    )
    expect(shop.total.figures.collections.received).toEqual([
      { currency: 'NGN', amountMinor: String(80_000_00) },
    ])
    expect(shop.total.figures.collections.movedOut).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amountMinor: String(40_000_00) }],
    })
  })

  it('never counts on this till a transfer given to another till before any Z-report counted it', async () => {
    const t = till('Front counter')
    t.facts = activity({
      lateTransfers: [givenAway('tr_theirs', 5_000_00)],
    })
    const z = (await zAt(t, '12:00')).report
    expect(z.till.collections.received).toEqual([])
    expect(z.till.collections.byOutcome.late.count).toBe(0)
    expect(z.till.collections.movedOut?.count ?? 0).toBe(0)
  })
})
