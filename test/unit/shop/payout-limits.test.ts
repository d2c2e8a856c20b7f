// The shop's payouts as every limit check on a till reads them: the other tills' committed
// payouts from their `payout.state` events, and a margin, said in words, while out of step.
import { describe, expect, it } from 'vitest'
import {
  checkApproverLimits,
  checkMakerLimits,
  type PayoutLimits,
} from '../../../main/payouts/limits'
import { payoutsElsewhere, ShopPayoutLimits } from '../../../main/shop/payout-limits'
import type { ShopEvent } from '../../../main/shop/events'
import { itemFixture, naira } from '../payouts/helpers'

const LIMITS: PayoutLimits = {
  cashier: { perItem: naira(1_000_000), perDay: naira(5_000_000) },
  supervisor: { perItem: naira(1_000_000), perDay: naira(1_000_000) },
  admin: { perItem: naira(50_000_000), perDay: naira(200_000_000) },
}
const NOW = Date.parse('2026-03-02T10:00:00Z')
const clock = { now: NOW, utcOffsetMinutes: 60 }

let seq = 0
const told = (tillId: string, body: Record<string, unknown>): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  tillId,
  tillSeq: seq,
  kind: 'payout.state',
  body,
  createdAt: new Date(NOW).toISOString(),
  signature: 'x'.repeat(86),
})
const state = (tillId: string, reference: string, s: string, extra: Record<string, unknown> = {}) =>
  told(tillId, {
    reference,
    state: s,
    amountMinor: String(naira(400_000)),
    currency: 'NGN',
    bankCode: '044',
    accountNumber: '0099887766',
    makerId: `u_maker_${tillId}`,
    submittedAt: new Date(NOW - 60_000).toISOString(),
    approvedBy: null,
    approvedAt: null,
    ...extra,
  })

const candidate = itemFixture('awaiting_approval', {
  reference: 'TDP-HERE-1',
  amount: naira(400_000),
  accountNumber: '0099887766',
  submittedAt: NOW,
})

function port(events: ShopEvent[], sync: 'online' | 'offline') {
  return new ShopPayoutLimits({
    status: () => ({ tillId: 'till-a', sync, message: 'Shop server not reachable since 09:12.' }),
    inbox: () => events,
    connection: () => null,
  })
}

describe('shop payout limits on a till', () => {
  it("counts the other tills' payouts to one account, by their latest state", () => {
    const events = [
      state('till-b', 'TDP-B-1', 'awaiting_approval'),
      state('till-c', 'TDP-C-1', 'approved'),
      // Rejected after it was asked for: no longer counts.
      state('till-d', 'TDP-D-1', 'awaiting_approval'),
      state('till-d', 'TDP-D-1', 'rejected'),
      // This till's own events are its outbox's, never counted twice.
      state('till-a', 'TDP-A-1', 'approved'),
    ]
    expect(payoutsElsewhere(events, 'till-a').map((p) => p.reference)).toEqual([
      'TDP-B-1',
      'TDP-C-1',
    ])
    const limits = { ...LIMITS, shop: port(events, 'online').context() }
    const v = checkMakerLimits(candidate, [], limits, clock)
    expect(v?.kind).toBe('account_day_limit')
    expect(v?.message).toMatch(
      /With 2 other payouts to this account today, the total would be ₦1,200,000\.00/,
    )
    // Alone (no shop), the same payout passes: the limits were one till's.
    expect(checkMakerLimits(candidate, [], LIMITS, clock)).toBeNull()
  })

  it("counts a supervisor's approvals on other tills towards their daily limit", () => {
    const approvedBy = (tillId: string, ref: string, account: string) =>
      state(tillId, ref, 'approved', {
        accountNumber: account,
        approvedBy: 'Sade',
        approvedAt: new Date(NOW - 30_000).toISOString(),
      })
    const events = [
      approvedBy('till-b', 'TDP-B-2', '1000000001'),
      approvedBy('till-c', 'TDP-C-2', '1000000002'),
    ]
    const limits = { ...LIMITS, shop: port(events, 'online').context() }
    const sade = { id: 'u_sade0001', name: 'Sade', role: 'supervisor' as const }
    const item = { ...candidate, accountNumber: '1000000003' }
    expect(checkApproverLimits(sade, item, [], limits, clock)?.kind).toBe('day_limit')
    const tunde = { id: 'u_tunde001', name: 'Tunde', role: 'supervisor' as const }
    expect(checkApproverLimits(tunde, item, [], limits, clock)).toBeNull()
  })

  it('applies each limit with a margin while out of step, and says why', () => {
    const limits = { ...LIMITS, shop: port([], 'offline').context() }
    const big = { ...candidate, amount: naira(600_000) }
    const v = checkMakerLimits(big, [], limits, clock)
    expect(v?.kind).toBe('item_limit')
    expect(v?.message).toMatch(
      /not in step with the shop \(Shop server not reachable since 09:12\)/,
    )
    expect(v?.message).toMatch(/each limit counts as 50% of itself/)
    expect(checkMakerLimits({ ...candidate, amount: naira(500_000) }, [], limits, clock)).toBeNull()
  })
})
