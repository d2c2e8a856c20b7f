// The shop-wide day, from shop events as tills record them: per till, per currency, latest
// payout state wins, exact sums, nothing summed across currencies, formulas defused in CSV.
import { describe, expect, it } from 'vitest'
import type { ShopEvent } from '../../../main/shop/events'
import { localDay, shopEventsCsv, shopOverview } from '../../../main/shop/overview'
import { chargeFact, payoutFact, ShopReporter } from '../../../main/shop/reporter'

let seq = 0
const event = (tillId: string, kind: string, body: Record<string, unknown>): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  tillId,
  tillSeq: seq,
  kind,
  body,
  createdAt: '2026-11-24T09:00:00.000Z',
  signature: 'x'.repeat(86),
})
const charge = (
  tillId: string,
  tillName: string,
  outcome: string,
  currency: string,
  due: string,
  received: string,
  closedAt = '2026-11-24T10:00:00.000Z',
  state = 'closed',
) =>
  event(tillId, 'charge.closed', {
    tillName,
    chargeId: `c${seq}`,
    state,
    outcome,
    currency,
    amountDueMinor: due,
    receivedMinor: received,
    cashier: 'Bola',
    closedAt,
  })
const payout = (
  tillId: string,
  tillName: string,
  reference: string,
  state: string,
  at: string,
  narration = 'Supplier',
) =>
  event(tillId, 'payout.state', {
    tillName,
    reference,
    state,
    amountMinor: '350000',
    currency: 'NGN',
    bankName: 'First City Monument Bank',
    accountName: 'ADA STORES LTD',
    narration,
    maker: 'Bola',
    bindingHash: 'h',
    at,
  })

describe('shop overview', () => {
  const day = '2026-11-24'
  const tz = 'Africa/Lagos'
  const events = [
    charge('till-a', 'Front', 'paid', 'NGN', '9007199254740991', '9007199254740991'),
    charge('till-a', 'Front', 'paid', 'NGN', '100', '100'),
    charge('till-a', 'Front', 'paid', 'USD', '500', '500'),
    charge('till-b', 'Back', 'part_paid', 'NGN', '1000', '400'),
    charge(
      'till-b',
      'Back',
      'awaiting',
      'NGN',
      '700',
      '0',
      '2026-11-24T11:00:00.000Z',
      'cancelled',
    ),
    charge('till-b', 'Back', 'paid', 'NGN', '1', '1', '2026-11-23T10:00:00.000Z'),
    payout('till-a', 'Front', 'PO-1', 'awaiting_approval', '2026-11-24T08:00:00.000Z'),
    payout('till-a', 'Front', 'PO-1', 'approved', '2026-11-24T08:05:00.000Z'),
    payout(
      'till-b',
      'Back',
      'PO-2',
      'awaiting_approval',
      '2026-11-24T09:30:00.000Z',
      '=HYPERLINK("x")',
    ),
  ]

  it('adds each till’s collections by outcome and currency, exactly', () => {
    const view = shopOverview(events, day, tz)
    const front = view.tills.find((t) => t.tillName === 'Front')!
    expect(front.collections).toEqual([
      {
        outcome: 'paid',
        currency: 'NGN',
        count: 2,
        dueMinor: '9007199254741091',
        receivedMinor: '9007199254741091',
      },
      { outcome: 'paid', currency: 'USD', count: 1, dueMinor: '500', receivedMinor: '500' },
    ])
    const back = view.tills.find((t) => t.tillName === 'Back')!
    expect(back.collections.map((c) => [c.outcome, c.count])).toEqual([
      ['cancelled', 1],
      ['part_paid', 1],
    ])
  })

  it('lists payouts waiting on any till by their latest state, with the till name', () => {
    const view = shopOverview(events, day, tz)
    expect(view.waiting.map((w) => [w.tillName, w.reference])).toEqual([['Back', 'PO-2']])
    expect(view.tills.find((t) => t.tillName === 'Front')!.payouts).toEqual({ approved: 1 })
  })

  it('spreads the day over its hours for the charts: transfers received, payouts paid', () => {
    const day2 = [
      charge('t1', 'Front', 'paid', 'NGN', '150000', '150000', '2026-11-24T08:15:00.000Z'),
      charge('t2', 'Back', 'part_paid', 'NGN', '90000', '30000', '2026-11-24T08:45:00.000Z'),
      charge('t2', 'Back', 'paid', 'NGN', '1', '1', '2026-11-23T08:45:00.000Z'),
      payout('t1', 'Front', 'PO-9', 'approved', '2026-11-24T09:05:00.000Z'),
      payout('t1', 'Front', 'PO-9', 'success', '2026-11-24T10:20:00.000Z'),
      payout('t2', 'Back', 'PO-8', 'failed', '2026-11-24T10:30:00.000Z'),
    ]
    expect(shopOverview(day2, '2026-11-24', 'Africa/Lagos').hours).toEqual([
      { hour: 9, currency: 'NGN', transferMinor: '180000', checkoutMinor: '0', payoutsMinor: '0' },
      { hour: 11, currency: 'NGN', transferMinor: '0', checkoutMinor: '0', payoutsMinor: '350000' },
    ])
  })

  it('takes "today" in the till’s time zone', () => {
    expect(localDay('2026-11-23T23:30:00.000Z', 'Africa/Lagos')).toBe('2026-11-24')
    expect(localDay('2026-11-23T23:30:00.000Z', 'UTC')).toBe('2026-11-23')
  })

  it('exports the day as CSV with formulas defused', () => {
    const csv = shopEventsCsv(events, day, tz)
    expect(csv.split('\r\n')[0]).toBe('time,till,event,reference,state,amount_minor,currency,by')
    expect(csv).not.toContain('2026-11-23T10:00')
    expect(csv).toContain('PO-2')
    expect(csv).not.toMatch(/,=HYPERLINK/)
  })

  it('tells each fact once, and again after a failed write', async () => {
    const recorded: string[] = []
    let fail = true
    const reporter = new ShopReporter(
      {
        record: async (kind, body) => {
          if (fail) {
            fail = false
            throw new Error('disk full')
          }
          recorded.push(`${kind}:${String(body.reference ?? body.chargeId)}:${String(body.state)}`)
        },
      },
      () => 'Front',
      [],
      () => undefined,
    )
    const view = {
      reference: 'PO-9',
      state: 'awaiting_approval',
      amount: 100,
      currency: 'NGN',
      bankName: 'B',
      accountName: 'A',
      narration: '',
      createdBy: { name: 'Bola' },
      bindingHash: 'h',
      updatedAt: '2026-11-24T10:00:00.000Z',
    }
    reporter.hear('payouts.changed', [view])
    await new Promise((resolve) => setTimeout(resolve, 0))
    reporter.hear('payouts.changed', [view])
    reporter.hear('payouts.changed', [view])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(recorded).toEqual(['payout.state:PO-9:awaiting_approval'])
    expect(payoutFact({ ...view, state: 'draft' } as never, 'Front')).toBeNull()
    expect(chargeFact({ id: 'c', state: 'open', closedAt: null } as never, 'Front')).toBeNull()
  })
})
