// The report as labelled lines, once, for every format: the HTML printouts and the CSV walk
// the same list, so a figure can't appear in one and be missing from the other.
import {
  COLLECTION_OUTCOMES,
  COLLECTION_OUTCOME_LABEL,
  DEBIT_LABEL,
  DEBIT_LINES,
  HOSTED_PAYMENT_LABEL,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINES,
  PAYOUT_LINE_LABEL,
  REFUND_LABEL,
  REFUND_LINES,
  type ShiftFigures,
  type Tally,
} from '../../common/ipc/shifts'
import type { DocumentWords } from '../../common/words'

export interface ReportLine {
  /** collections, hosted_payments, refunds, payouts */
  section: string
  /** Stable key for CSV (paid, part_paid, sent, ...). */
  key: string
  label: string
  tally: Tally
  /** A correction: its amounts are taken away (shown with a minus sign). */
  subtracted?: boolean
  /** The matching correction on the till that gains: added (shown with a plus sign). */
  added?: boolean
}

const EMPTY: Tally = { count: 0, totals: [] }

export function reportLines(f: ShiftFigures): ReportLine[] {
  const c = f.collections
  return [
    ...COLLECTION_OUTCOMES.map((k) => ({
      section: 'collections',
      key: k,
      label: COLLECTION_OUTCOME_LABEL[k],
      tally: c.byOutcome[k],
    })),
    { section: 'collections', key: 'awaiting', label: 'Waiting (amount due)', tally: c.awaiting },
    { section: 'collections', key: 'cancelled', label: 'Cancelled', tally: c.cancelled },
    {
      section: 'collections',
      key: 'received',
      label: 'Received in all',
      tally: { count: -1, totals: c.received },
    },
    // Only when there is one: a correction is rare, and its words are long.
    ...(c.movedOut && c.movedOut.count > 0
      ? [
          {
            section: 'collections',
            key: 'moved_out',
            label: "Moved to another till's sale (counted in an earlier Z-report)",
            tally: c.movedOut,
            subtracted: true,
          },
        ]
      : []),
    ...(c.movedIn && c.movedIn.count > 0
      ? [
          {
            section: 'collections',
            key: 'moved_in',
            label: "Moved from another till's sale (the shop's rule gave it to this till)",
            tally: c.movedIn,
            added: true,
          },
        ]
      : []),
    ...HOSTED_PAYMENT_LINES.map((k) => ({
      section: 'hosted_payments',
      key: k,
      label: HOSTED_PAYMENT_LABEL[k],
      tally: f.hostedPayments[k],
    })),
    ...REFUND_LINES.map((k) => ({
      section: 'refunds',
      key: k,
      label: REFUND_LABEL[k],
      tally: f.refunds[k],
    })),
    ...PAYOUT_LINES.map((k) => ({
      section: 'payouts',
      key: k,
      label: PAYOUT_LINE_LABEL[k],
      tally: f.payouts[k],
    })),
    // A report sealed before debits were counted has no such section: a reprint shows none.
    ...(f.debits
      ? DEBIT_LINES.map((k) => ({
          section: 'debits',
          key: k,
          label: DEBIT_LABEL[k],
          tally: f.debits?.[k] ?? EMPTY,
        }))
      : []),
  ]
}

/** A line's label in the words of the page (common/words); its English label otherwise. */
export function lineLabel(line: ReportLine, words: DocumentWords): string {
  const own: Record<string, string> = {
    awaiting: words.report.awaiting,
    cancelled: words.report.cancelled,
    received: words.report.receivedInAll,
    moved_out: words.report.movedOut,
    moved_in: words.report.movedIn,
  }
  const group: Record<string, Record<string, string>> = {
    collections: { ...words.lines.collections, ...own },
    hosted_payments: words.lines.hosted,
    refunds: words.lines.refunds,
    payouts: words.lines.payouts,
    debits: words.lines.debits,
  }
  return group[line.section]?.[line.key] ?? line.label
}
