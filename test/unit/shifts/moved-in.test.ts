// The till that gains a transfer the shop moved. A transfer the front till counted in a sealed
// Z-report (out of step with the shop) that the shop's rule gives to the back till's sale is
// taken back in the front till's next Z-report (debits-corrections.test.ts). The back till may
// never have counted it itself (its sale closed long before the shop settled it, so its own
// watch no longer looks): its next Z-report then carries the matching line, added, once, from
// the front till's shop event, and the shop's day counts the money exactly once.
import { beforeEach, describe, expect, it } from 'vitest'
import type { TransferView } from '../../../common/ipc/collections'
import { reportCsv } from '../../../main/shifts/csv'
import { withMovedIn } from '../../../main/shifts/moved-in'
import type { ShopEvent } from '../../../main/shop/events'
import { movedFact, movedInFacts, MOVED } from '../../../main/shop/moves'
import { shopZReport } from '../../../main/shop/shop-z'
import { closedEvent } from '../../support/books-check'
import { givenAway, paidBy, paper, shiftTills, type ShiftTill } from '../../support/shift-tills'
import { activity, iso, m } from './fixtures'

/** The shop's events as every till hears them. */
let shop: ShopEvent[] = []
beforeEach(() => {
  shop = []
})
const { till, zAt, at } = shiftTills((facts, t) =>
  withMovedIn(facts, (environment) => movedInFacts(shop, t.name, environment)),
)

/** What the front till's collections tell when the shop's rule takes tr_both from it. */
const disowned: TransferView = {
  reference: 'tr_both',
  accountReference: 'acc_ada',
  amount: m(40_000_00),
  currency: 'NGN',
  status: 'success',
  narration: '',
  createdAt: iso('10:00'),
  firstSeenAt: iso('10:00'),
  chargeId: 'ch_front',
  late: true,
  acknowledgement: null,
  claimedBy: 'Back counter',
}

let seq = 0
const told = (tillId: string, kind: string, body: Record<string, unknown>): ShopEvent => ({
  eventId: `10000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  tillId,
  tillSeq: seq,
  kind,
  body,
  createdAt: iso('12:30'),
  signature: 'x'.repeat(86),
})

const naira = (amount: number) => [{ currency: 'NGN', amount }]
const shopNaira = (amount: number) => [{ currency: 'NGN', amountMinor: String(amount) }]

/** The front till counted tr_both, sealed, then lost it to the back till's sale. */
async function frontCountsThenLoses(front: ShiftTill) {
  front.facts = activity({
    charges: [paidBy('ch_front', 'tr_both', 40_000_00, '10:00')],
  })
  const f1 = await zAt(front, '12:00')
  front.facts = activity({ lateTransfers: [givenAway('tr_both', 40_000_00)] })
  const fact = movedFact(disowned, 'Front counter', 'demo')!
  expect(fact.key).toBe('moved:tr_both')
  shop.push(told('till-f', MOVED, fact.body))
  return f1
}

describe('the till that gains a transfer the shop moved', () => {
  it('carries the matching line in its next Z-report, once, and the shop counts the money once', async () => {
    const front = till('Front counter')
    const back = till('Back counter')
    const f1 = await frontCountsThenLoses(front)
    at('13:00')
    const f2 = await zAt(front, '14:00')
    expect(f2.report.till.collections.movedOut).toEqual({ count: 1, totals: naira(40_000_00) })

    // The back till never saw tr_both itself: the shop's event is how it learns it is its.
    const b1 = await zAt(back, '14:00')
    expect(b1.report.till.collections.received).toEqual([])
    expect(b1.report.till.collections.movedIn).toEqual({ count: 1, totals: naira(40_000_00) })
    // Once: the next report has nothing of it, and neither would the ledger's own count.
    back.facts = activity({
      charges: [paidBy('ch_back', 'tr_both', 40_000_00, '14:30')],
    })
    const b2 = await zAt(back, '15:00')
    expect(b2.report.till.collections.movedIn?.count ?? 0).toBe(0)
    expect(b2.report.till.collections.received).toEqual([])
    // Told to the back till only: the front till never counts its own move back in.
    expect(f2.report.till.collections.movedIn?.count ?? 0).toBe(0)

    // In words, added, in both languages; and in the CSV as a positive amount.
    expect(paper(b1.report)).toContain('Moved from another till')
    expect(paper(b1.report)).toContain('+₦40,000.00')
    expect(paper(b1.report, 'fr')).toContain('Venu de la vente d’une autre caisse')
    expect(reportCsv(b1.report)).toContain('collections,,moved_in,1,NGN,40000.00')

    // The shop's day is the sum of its tills', and counts the money once:
    // +40,000 (front, sealed) − 40,000 (front's correction) + 40,000 (back's line).
    const day = shopZReport(
      [
        closedEvent('till-f', f1, 'Front counter'),
        closedEvent('till-f', f2, 'Front counter'),
        closedEvent('till-b', b1, 'Back counter'),
        closedEvent('till-b', b2, 'Back counter'),
      ],
      '2026-03-02',
      'demo',
      'UTC',
    )
    const c = day.total.figures.collections
    expect(c.received).toEqual(shopNaira(40_000_00))
    expect(c.movedOut).toEqual({ count: 1, totals: shopNaira(40_000_00) })
    expect(c.movedIn).toEqual({ count: 1, totals: shopNaira(40_000_00) })
    const back1 = day.tills.find((t) => t.tillName === 'Back counter')!
    expect(back1.figures.collections.movedIn).toEqual({ count: 1, totals: shopNaira(40_000_00) })
  })

  it('adds nothing when the gaining till counted the transfer itself', async () => {
    const front = till('Front counter')
    const back = till('Back counter')
    // In step with the shop, the back till counted tr_both for its own sale the ordinary way.
    back.facts = activity({
      charges: [paidBy('ch_back', 'tr_both', 40_000_00, '10:00')],
    })
    const b1 = await zAt(back, '11:00')
    expect(b1.report.till.collections.received).toEqual(naira(40_000_00))
    await frontCountsThenLoses(front)
    at('13:00')
    const b2 = await zAt(back, '14:00')
    expect(b2.report.till.collections.movedIn?.count ?? 0).toBe(0)
    // In the same report as its own count, too: counted once, as received.
    const other = till('Back counter')
    other.facts = back.facts
    const both = await zAt(other, '15:00')
    expect(both.report.till.collections.received).toEqual(naira(40_000_00))
    expect(both.report.till.collections.movedIn?.count ?? 0).toBe(0)
  })

  it('reads only moves told to this till, in its environment, well formed', () => {
    const body = movedFact(disowned, 'Front counter', 'demo')!.body
    const events = [
      told('till-f', MOVED, body),
      told('till-f', MOVED, { ...body, reference: 'tr_live', environment: 'live' }),
      told('till-f', MOVED, { ...body, reference: 'tr_other', toTill: 'Kiosk' }),
      told('till-f', MOVED, { ...body, reference: 'tr_bad', amountMinor: '4e6' }),
      told('till-f', MOVED, { ...body, reference: 'tr_cur', currency: 'naira' }),
      told('till-f', 'charge.closed', { ...body, reference: 'tr_kind' }),
    ]
    expect(movedInFacts(events, 'Back counter', 'demo')).toEqual([
      { reference: 'tr_both', amount: 40_000_00, currency: 'NGN' },
    ])
    // A transfer this till never counted is not a move: nothing to tell.
    expect(movedFact({ ...disowned, claimedBy: null }, 'Front counter', 'demo')).toBeNull()
    expect(movedFact({ ...disowned, status: 'processing' }, 'Front counter', 'demo')).toBeNull()
  })
})
