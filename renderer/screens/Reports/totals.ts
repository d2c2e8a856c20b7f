// "Received ₦12,000.00 in 3 transfers · Failed 1": a report's totals by status.
import type { TFunction } from 'i18next'
import type { Currency, Minor } from '../../../common/money'
import { money } from '../Payments/parts'

/**
 * "Received ₦12,000.00 in 3 transfers · Failed 1": money by status, in the glossary's words.
 * `kind` picks the catalogue's sentences for the report's noun ("in 3 transfers", "payouts").
 */
export function totalsByStatus<
  Row extends { status: string; amount: Minor | null; currency: Currency | string | null },
>(
  rows: Row[],
  words: Record<string, string>,
  kind: 'transfersIn' | 'disbursements',
  t: TFunction,
): string[] {
  const groups = new Map<string, { amount: Minor; count: number; currency: string }>()
  let unknown = 0
  for (const row of rows) {
    // Tolerant reader: a row without an amount or currency is counted apart, never guessed.
    if (row.amount === null || row.currency === null) {
      unknown += 1
      continue
    }
    const key = `${row.status}|${row.currency}`
    const group = groups.get(key) ?? { amount: 0 as Minor, count: 0, currency: row.currency }
    group.amount = (group.amount + row.amount) as Minor
    group.count += 1
    groups.set(key, group)
  }
  const lines = [...groups.entries()].map(([key, group]) => {
    const status = key.split('|')[0] ?? ''
    return t(`reports.${kind}.total`, {
      status: words[status] ?? status,
      amount: money(group.amount, group.currency),
      count: group.count,
    })
  })
  return unknown > 0 ? [...lines, t(`reports.${kind}.noAmount`, { count: unknown })] : lines
}
