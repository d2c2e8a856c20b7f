// The conflict rules of shop mode, each as docs/shop.md states it.
import { describe, expect, it } from 'vitest'
import {
  currentStaff,
  lockedOut,
  settlePayout,
  type PayoutDecision,
  type StaffChange,
} from '../../../main/shop/rules'

const staff: StaffChange[] = [
  { userId: 'maker', serverSeq: 1, change: 'upserted', role: 'cashier' },
  { userId: 'sup-a', serverSeq: 2, change: 'upserted', role: 'supervisor' },
  { userId: 'sup-b', serverSeq: 3, change: 'upserted', role: 'supervisor' },
  { userId: 'cash-2', serverSeq: 4, change: 'upserted', role: 'cashier' },
]
const decision = (over: Partial<PayoutDecision>): PayoutDecision => ({
  decision: 'approved',
  reference: 'PO-1',
  payloadHash: 'h1',
  userId: 'sup-a',
  tillId: 'till-b',
  serverSeq: 10,
  ...over,
})
const base = { reference: 'PO-1', payloadHash: 'h1', makerId: 'maker', sentOn: null, staff }

describe('shop conflict rules', () => {
  it('partitioned approve vs reject: rejection wins while nothing was sent', () => {
    const approve = decision({ serverSeq: 10 })
    const reject = decision({
      decision: 'rejected',
      userId: 'sup-b',
      tillId: 'till-c',
      serverSeq: 11,
    })
    for (const order of [
      [approve, reject],
      [reject, approve],
    ]) {
      expect(settlePayout({ ...base, decisions: order })).toMatchObject({
        outcome: 'rejected',
        by: reject,
      })
    }
  })

  it('once the maker till sent on an approval, a later rejection is kept as too late', () => {
    const approve = decision({ serverSeq: 10 })
    const reject = decision({ decision: 'rejected', userId: 'sup-b', serverSeq: 11 })
    const settled = settlePayout({ ...base, sentOn: approve, decisions: [approve, reject] })
    expect(settled.outcome).toBe('approved')
    expect(settled.tooLate).toEqual([reject])
  })

  it('a decision binds only to its payload hash, and never counts from the maker or a cashier', () => {
    const settled = settlePayout({
      ...base,
      decisions: [
        decision({ payloadHash: 'h2' }),
        decision({ userId: 'maker', serverSeq: 12 }),
        decision({ userId: 'cash-2', serverSeq: 13 }),
      ],
    })
    expect(settled.outcome).toBe('waiting')
    expect(settled.ignored.map((i) => i.why)).toEqual(['other_payload', 'maker', 'not_supervisor'])
  })

  it('a user disabled on one till: their decisions that reach the server later do not count', () => {
    const disabled = [...staff, { userId: 'sup-a', serverSeq: 9, change: 'disabled' as const }]
    // Made offline "before" by its till's clock, but it reached the server after the disable.
    const settled = settlePayout({
      ...base,
      staff: disabled,
      decisions: [decision({ serverSeq: 10 })],
    })
    expect(settled.outcome).toBe('waiting')
    expect(settled.ignored[0]?.why).toBe('disabled')
    // A decision that reached the server before the disable still counts.
    const earlier = settlePayout({
      ...base,
      staff: [...staff, { userId: 'sup-a', serverSeq: 20, change: 'disabled' as const }],
      decisions: [decision({ serverSeq: 10 })],
    })
    expect(earlier.outcome).toBe('approved')
  })

  it('one staff list: the latest change in server order wins', () => {
    const list = currentStaff([
      ...staff,
      { userId: 'cash-2', serverSeq: 8, change: 'upserted', role: 'supervisor' },
      { userId: 'cash-2', serverSeq: 7, change: 'disabled' },
    ])
    expect(list.get('cash-2')).toEqual({ enabled: false, role: 'supervisor' })
  })

  it('lockout counts failed PINs from every till inside the window', () => {
    const now = 1_000_000_000
    const fails = ['a', 'b', 'c', 'a', 'b'].map((tillId, i) => ({
      userId: 'sup-a',
      tillId,
      receivedAt: now - i * 60_000,
    }))
    expect(lockedOut(fails.slice(0, 4), 'sup-a', now)).toBe(false)
    expect(lockedOut(fails, 'sup-a', now)).toBe(true)
    expect(lockedOut(fails, 'sup-a', now + 16 * 60_000)).toBe(false)
  })
})
