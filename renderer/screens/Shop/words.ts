// Words and small helpers shared by the Shop tabs: the glossary's word for each status and
// report line (docs/glossary.md), money from integer-minor-unit strings, and saving a file.
import {
  COLLECTION_OUTCOMES,
  DEBIT_LINES,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINES,
  REFUND_LINES,
} from '../../../common/ipc/shifts'
import type { ShopAmount } from '../../../common/ipc/shop'
import { isCurrency, minorFromText } from '../../../common/money'
import { t } from '../../i18n'
import { formatMoney } from '../../lib/format'
import { download } from '../Collect/browser'

/** The glossary's word (catalogue key) for each outcome and payout state. */
const WORD = {
  paid: 'status.paid',
  part_paid: 'status.partPaid',
  overpaid: 'status.overpaid',
  awaiting: 'status.waiting',
  cancelled: 'status.cancelled',
  awaiting_approval: 'status.waitingApproval',
  approved: 'status.approved',
  sending: 'status.approved',
  submitted: 'status.processing',
  success: 'status.paid',
  failed: 'status.failed',
  reversed: 'status.returned',
  rejected: 'status.rejected',
  needs_review: 'status.needsReview',
  unknown: 'status.unknown',
  expired: 'shop.expired',
} as const
const isWord = (key: string): key is keyof typeof WORD => Object.hasOwn(WORD, key)
export const word = (key: string): string =>
  isWord(key) ? t(WORD[key]) : t('shop.statusNotKnown', { key })

/**
 * Report lines in the Z-report's own words (the Shift screen's, so both reports say the same);
 * a line a newer till adds is shown by its name.
 */
const lineWords =
  <K extends string>(keys: readonly K[], group: string) =>
  (line: string) =>
    (keys as readonly string[]).includes(line)
      ? t(`shift.lines.${group}.${line}` as 'shift.lines.collections.paid')
      : line.replace(/_/g, ' ')
export const LINES = {
  collections: lineWords(COLLECTION_OUTCOMES, 'collections'),
  hostedPayments: lineWords(HOSTED_PAYMENT_LINES, 'hosted'),
  refunds: lineWords(REFUND_LINES, 'refunds'),
  payouts: lineWords(PAYOUT_LINES, 'payouts'),
  debits: lineWords(DEBIT_LINES, 'debits'),
}
export const lineWord = (labels: (line: string) => string, line: string): string => labels(line)

/** Integer minor units as text → money in words; never a float, never a guess. */
export function money(minorText: string, currency: string): string {
  const value = minorFromText(minorText)
  if (!isCurrency(currency) || value === null)
    return t('shop.minorUnits', { amount: minorText, currency })
  return formatMoney(value, currency)
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
