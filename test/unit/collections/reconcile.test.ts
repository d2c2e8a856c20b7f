import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { minor, type Currency, type Minor } from '../../../common/money'
import type { TransferStatus } from '../../../common/ipc/collections'
import {
  attribute,
  mergeStatus,
  reconcile,
  type ReconcilableTransfer,
} from '../../../main/collections/reconcile'

const t = (
  reference: string,
  amount: number,
  status: TransferStatus = 'success',
  currency: Currency = 'NGN',
): ReconcilableTransfer => ({ reference, amount: minor(amount), currency, status })

const due = (n: number) => minor(n)

describe('reconcile', () => {
  it('exact amount is paid', () => {
    const r = reconcile(due(1_250_000), 'NGN', [t('a', 1_250_000)])
    expect(r).toMatchObject({ status: 'paid', received: 1_250_000, balanceDue: 0, overpaidBy: 0 })
  })

  it('less is part-paid with the balance due', () => {
    const r = reconcile(due(1_250_000), 'NGN', [t('a', 1_000_000)])
    expect(r).toMatchObject({ status: 'part_paid', received: 1_000_000, balanceDue: 250_000 })
  })

  it('part then the rest is paid', () => {
    const r = reconcile(due(1_250_000), 'NGN', [t('a', 1_000_000), t('b', 250_000)])
    expect(r.status).toBe('paid')
    expect(r.counted).toEqual(['a', 'b'])
  })

  it('more is overpaid by the difference', () => {
    const r = reconcile(due(1_250_000), 'NGN', [t('a', 1_300_050)])
    expect(r).toMatchObject({ status: 'overpaid', overpaidBy: 50_050, balanceDue: 0 })
  })

  it('failed transfers are listed and never counted', () => {
    const r = reconcile(due(500_00), 'NGN', [t('a', 500_00, 'failed')])
    expect(r).toMatchObject({ status: 'awaiting', received: 0, failed: ['a'], counted: [] })
  })

  it('processing transfers are pending, not received', () => {
    const r = reconcile(due(500_00), 'NGN', [t('a', 200_00), t('b', 300_00, 'processing')])
    expect(r).toMatchObject({ status: 'part_paid', received: 200_00, pending: 300_00 })
  })

  it('another currency is never added', () => {
    const r = reconcile(due(500_00), 'NGN', [t('a', 500_00, 'success', 'USD')])
    expect(r).toMatchObject({ status: 'awaiting', otherCurrency: ['a'], received: 0 })
  })

  it('nothing yet is awaiting with the whole amount due', () => {
    expect(reconcile(due(999), 'NGN', [])).toMatchObject({ status: 'awaiting', balanceDue: 999 })
  })
})

const statusArb = fc.constantFrom<TransferStatus>('success', 'success', 'processing', 'failed')
const transfersArb = fc
  .array(
    fc.record({
      amount: fc.integer({ min: 1, max: 5_000_000_00 }),
      status: statusArb,
      currency: fc.constantFrom<Currency>('NGN', 'NGN', 'NGN', 'USD'),
    }),
    { maxLength: 12 },
  )
  .map((rows) => rows.map((r, i) => t(`T${i}`, r.amount, r.status, r.currency)))
const dueArb = fc.integer({ min: 1, max: 20_000_000_00 }).map((n) => n as Minor)

describe('reconcile properties', () => {
  it('status agrees with the sum of successful same-currency transfers vs due', () => {
    fc.assert(
      fc.property(dueArb, transfersArb, (amountDue, transfers) => {
        const received = transfers
          .filter((x) => x.status === 'success' && x.currency === 'NGN')
          .reduce((s, x) => s + x.amount, 0)
        const r = reconcile(amountDue, 'NGN', transfers)
        expect(r.received).toBe(received)
        if (received === 0) expect(r.status).toBe('awaiting')
        else if (received < amountDue) expect(r.status).toBe('part_paid')
        else if (received === amountDue) expect(r.status).toBe('paid')
        else expect(r.status).toBe('overpaid')
        // The three amounts always balance.
        expect(r.received + r.balanceDue - r.overpaidBy).toBe(amountDue)
        expect(r.balanceDue === 0 || r.overpaidBy === 0).toBe(true)
        // Every transfer is in exactly one list.
        const listed = [...r.counted, ...r.processing, ...r.failed, ...r.otherCurrency]
        expect(listed.sort()).toEqual(transfers.map((x) => x.reference).sort())
      }),
    )
  })

  it('does not depend on the order transfers arrived in', () => {
    fc.assert(
      fc.property(
        dueArb,
        transfersArb.chain((ts) =>
          fc.tuple(fc.constant(ts), fc.shuffledSubarray(ts, { minLength: ts.length })),
        ),
        (amountDue, [transfers, shuffled]) => {
          expect(reconcile(amountDue, 'NGN', shuffled)).toEqual(
            reconcile(amountDue, 'NGN', transfers),
          )
        },
      ),
    )
  })

  it('adding a failed transfer never changes what was received', () => {
    fc.assert(
      fc.property(dueArb, transfersArb, fc.integer({ min: 1, max: 1e9 }), (amountDue, ts, a) => {
        const before = reconcile(amountDue, 'NGN', ts)
        const after = reconcile(amountDue, 'NGN', [...ts, t('F', a, 'failed')])
        expect(after.received).toBe(before.received)
        expect(after.status).toBe(before.status)
      }),
    )
  })
})

describe('attribute', () => {
  const opened = Date.parse('2025-03-01T10:00:00Z')
  const open = { id: 'ch_open', accountReference: 'A', state: 'open' as const, openedAtMs: opened }
  const skew = 60_000

  it('gives a transfer made after opening to the open charge', () => {
    expect(attribute('A', opened + 5_000, [open], skew)).toEqual({
      kind: 'charge',
      chargeId: 'ch_open',
    })
  })

  it('tolerates the clock skew allowance before opening', () => {
    expect(attribute('A', opened - 59_000, [open], skew).kind).toBe('charge')
    expect(attribute('A', opened - 61_000, [open], skew).kind).toBe('late')
  })

  it('never gives a transfer to another account’s charge', () => {
    expect(attribute('B', opened + 5_000, [open], skew)).toEqual({
      kind: 'late',
      afterChargeId: null,
    })
  })

  it('marks money after a charge closed as late, naming that charge', () => {
    const closed = { ...open, id: 'ch_closed', state: 'closed' as const }
    const older = {
      ...open,
      id: 'ch_older',
      state: 'cancelled' as const,
      openedAtMs: opened - 3_600_000,
    }
    expect(attribute('A', opened + 10_000, [older, closed], skew)).toEqual({
      kind: 'late',
      afterChargeId: 'ch_closed',
    })
  })
})

describe('mergeStatus', () => {
  it('accepts processing settling, and nothing after a final status', () => {
    expect(mergeStatus(undefined, 'processing')).toEqual({ status: 'processing', changed: true })
    expect(mergeStatus('processing', 'success')).toEqual({ status: 'success', changed: true })
    expect(mergeStatus('processing', 'failed')).toEqual({ status: 'failed', changed: true })
    expect(mergeStatus('success', 'failed')).toEqual({ status: 'success', changed: false })
    expect(mergeStatus('failed', 'processing')).toEqual({ status: 'failed', changed: false })
    expect(mergeStatus('success', 'success')).toEqual({ status: 'success', changed: false })
  })
})
