// Words and small helpers shared by the Shop tabs: the glossary's word for each status and
// report line (docs/glossary.md), money from integer-minor-unit strings, and saving a file.
import {
  COLLECTION_OUTCOME_LABEL,
  HOSTED_PAYMENT_LABEL,
  PAYOUT_LINE_LABEL,
  REFUND_LABEL,
} from '../../../common/ipc/shifts'
import type { ShopAmount } from '../../../common/ipc/shop'
import { isCurrency, minor, type Minor } from '../../../common/money'
import { formatMoney } from '../../lib/format'
import { download } from '../Collect/browser'

/** The glossary's word for each outcome and payout state. */
const WORD: Record<string, string> = {
  paid: 'Paid',
  part_paid: 'Part-paid',
  overpaid: 'Overpaid',
  awaiting: 'Waiting',
  cancelled: 'Cancelled',
  awaiting_approval: 'Waiting for approval',
  approved: 'Approved',
  sending: 'Approved',
  submitted: 'Processing',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Returned',
  rejected: 'Rejected',
  needs_review: 'Needs review',
  unknown: 'Outcome unknown',
  expired: 'Expired',
}
export const word = (key: string): string => WORD[key] ?? `Status not known (${key})`

/** Report lines in the Z-report's own words; a line a newer till adds is shown by its name. */
export const LINES = {
  collections: COLLECTION_OUTCOME_LABEL as Record<string, string>,
  hostedPayments: HOSTED_PAYMENT_LABEL as Record<string, string>,
  refunds: REFUND_LABEL as Record<string, string>,
  payouts: PAYOUT_LINE_LABEL as Record<string, string>,
}
export const lineWord = (labels: Record<string, string>, line: string): string =>
  labels[line] ?? line.replace(/_/g, ' ')

/** Integer minor units as text → money in words; never a float, never a guess. */
export function money(minorText: string, currency: string): string {
  const value = Number(minorText)
  if (!isCurrency(currency) || !/^\d+$/.test(minorText) || !Number.isSafeInteger(value))
    return `${minorText} (minor units, ${currency})`
  return formatMoney(minor(value) as Minor, currency)
}

/** Several currencies side by side, never added together. */
export const amounts = (list: readonly ShopAmount[]): string =>
  list.length === 0 ? '—' : list.map((a) => money(a.amountMinor, a.currency)).join(' + ')

export function saveCsv(file: { fileName: string; csv: string }): void {
  download(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.fileName)
}

/** Prints only the shop report (shop.css hides the rest while printing). */
export function printShopReport(): void {
  document.documentElement.dataset.print = 'shop'
  const done = () => {
    delete document.documentElement.dataset.print
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}
