// The totals a bookkeeper reads beside the differences: in each row (a list, in one currency)
// every record counted at the gateway is matched, listed as the gateway's only, or listed as
// differing; none is counted in one row and matched in another.
import { describe, expect, it } from 'vitest'
import type { ReconcileDifference, ReconcileTotal } from '../../../common/ipc/reconcile'
import { dayBounds } from '../../../main/reconcile/day'
import type { ReconcileGateway } from '../../../main/reconcile/gateway-lists'
import { lookUp } from '../../../main/reconcile/lookups'
import { matchDay, type GatewayRecord } from '../../../main/reconcile/match'
import { gwError } from '../payments/support'
import { at, tillRecord } from './support'

const window = dayBounds('2026-11-26', 'Africa/Lagos')

const listed = (
  source: GatewayRecord['source'],
  reference: string,
  amount: number,
  currency: string | null,
  status = 'success',
): GatewayRecord => ({ source, reference, amount, currency, status, atMs: Date.parse(at(10)) })

/** A gateway that answers look-ups from `found` (by reference) and lists nothing. */
function lookups(found: Record<string, unknown>): ReconcileGateway {
  const answer = async (reference: string) => {
    if (!(reference in found)) throw gwError('not_found', { status: 404, recordAbsent: true })
    return found[reference] as never
  }
  const none = async () => ({ data: [] }) as never
  return {
    virtualAccounts: { transactions: none },
    payments: { list: none, verify: answer },
    disbursements: { list: none, verify: answer },
    refunds: { history: none, get: answer },
    directDebits: { status: answer },
  }
}

/** The row a difference is read in: its gateway side's currency, else the till's. */
const rowOf = (d: ReconcileDifference) =>
  `${d.source}|${d.gateway?.currency ?? d.till?.currency ?? '—'}`

function expectRowsAddUp(totals: ReconcileTotal[], differences: ReconcileDifference[]) {
  for (const row of totals) {
    const here = differences.filter(
      (d) => d.gateway && rowOf(d) === `${row.source}|${row.currency}`,
    )
    expect(row.matched, `${row.source} ${row.currency}`).toBeLessThanOrEqual(row.tillCount)
    expect(row.gatewayCount, `${row.source} ${row.currency}`).toBe(row.matched + here.length)
  }
}

describe('reconciliation totals, row by row', () => {
  it('counts a listed record that names no currency in its till record’s row', () => {
    // The spec shows no fields of a refund record: a history item may carry no currency.
    const result = matchDay(
      [listed('refund', 'RF1', 5_000, null)],
      [tillRecord('refund', 'RF1', 5_000)],
      window,
    )
    expect(result.matched).toBe(1)
    expect(result.totals).toEqual([
      {
        source: 'refund',
        currency: 'NGN',
        gatewayCount: 1,
        tillCount: 1,
        matched: 1,
        gatewaySettledMinor: '5000',
        tillSettledMinor: '5000',
      },
    ])
    expectRowsAddUp(result.totals, result.differences)
  })

  it('adds up with look-ups that differ, in another currency, outside the day, or absent', async () => {
    const result = matchDay(
      [
        listed('payout', 'PO1', 1_000, 'NGN'),
        listed('payout', 'PO2', 2_000, null, 'failed'),
        listed('refund', 'RF9', 700, null),
      ],
      [
        tillRecord('payout', 'PO1', 1_000),
        tillRecord('payout', 'PO2', 2_000),
        // The same reference kept on two tills: one record, the one that moved further.
        tillRecord('payout', 'PO3', 3_000, 'submitted', at(9), 'Till 1'),
        tillRecord('payout', 'PO3', 3_000, 'success', at(12), 'Till 2'),
        tillRecord('payment', 'PA1', 4_000),
        tillRecord('payment', 'PA2', 4_500),
        tillRecord('debit', 'DB1', 6_000),
        tillRecord('debit', 'DB2', 6_500),
        tillRecord('refund', 'RF2', 800),
      ],
      window,
    )
    const next = Date.parse(at(23)) + 86_400_000
    const looked = await lookUp(
      lookups({
        PO3: { reference: 'PO3', amount: 3_000, currency: 'NGN', status: 'success' },
        // Paid in another currency; and a payment the gateway dates the next day.
        PA1: { reference: 'PA1', amount: 4_000, currency: 'USD', status: 'success' },
        PA2: {
          reference: 'PA2',
          amount: 4_500,
          currency: 'NGN',
          status: 'success',
          created_at: new Date(next).toISOString(),
        },
        // A debit's status record names no amount and no currency; one that failed.
        DB1: { status: 'success' },
        DB2: { status: 'failed' },
      }),
      result.unseen,
      200,
      new Set(),
      result.tally,
    )
    const differences = [...result.differences, ...looked.differences]
    const totals = result.tally.list()
    expectRowsAddUp(totals, differences)
    // Every record the gateway showed is in exactly one place: matched or a difference.
    const gatewaySeen = totals.reduce((n, row) => n + row.gatewayCount, 0)
    const matched = result.matched + looked.matched
    expect(gatewaySeen).toBe(matched + differences.filter((d) => d.gateway).length)
    expect(matched).toBe(4) // PO1, PO3, PA2, DB1
    expect(differences.map((d) => `${d.kind} ${d.reference}`).sort()).toEqual([
      'amount PA1',
      'gateway_only RF9',
      'status DB2',
      'status PO2',
      'till_only RF2',
    ])
  })
})
