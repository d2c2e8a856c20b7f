// A shift report as CSV (RFC 4180, through the collections CSV writer, which also defuses
// cells a spreadsheet would run as formulas: names and references come from strangers).
// Amounts are exact decimals of the minor units, one row per currency; never one sum across
// currencies.
import type { ShiftFigures, ShiftReport } from '../../common/ipc/shifts'
import { toDecimalString } from '../../common/money'
import { csvCell, csvRow } from '../collections/csv'
import { reportLines } from './lines'
import type { Language } from '../../common/ipc/appearance'
import { CSV_HEADER, CSV_KIND } from '../../common/words/report-csv'
import { warningIn } from '../../common/words/report-warnings'

/**
 * A row whose amount is taken away (a correction): its amount cell is a negative decimal,
 * written as it is. csvRow would defuse the leading minus as if it began a formula; a minus
 * followed only by digits and a decimal point is a number in every spreadsheet, never a formula.
 */
function subtractedRow(cells: (string | number | null)[], amount: string): string {
  const own = cells.map(csvCell)
  own.splice(5, 0, `-${amount}`)
  return `${own.join(',')}\r\n`
}

function figureRows(figures: ShiftFigures, cashier: string): string[] {
  const rows: string[] = []
  for (const line of reportLines(figures)) {
    const count = line.tally.count < 0 ? null : line.tally.count
    if (line.tally.totals.length === 0)
      rows.push(
        csvRow([line.section, cashier, line.key, count, null, null, null, null, line.label, null]),
      )
    for (const t of line.tally.totals) {
      const head = [line.section, cashier, line.key, count, t.currency]
      const tail = [null, null, line.label, null]
      const amount = toDecimalString(t.amount)
      rows.push(
        line.subtracted
          ? subtractedRow([...head, ...tail], amount)
          : csvRow([...head, amount, ...tail]),
      )
    }
  }
  return rows
}

export function reportCsv(report: ShiftReport, language: Language = 'en'): string {
  const s = report.shift
  const meta = (key: string, detail: string | number | null) =>
    csvRow(['report', null, key, null, null, null, null, null, detail, null])
  const rows = [
    csvRow([...CSV_HEADER[language]]),
    meta('kind', CSV_KIND[language][report.kind === 'z' ? 'z' : 'x']),
    meta('number', report.zNumber),
    meta('till', s.till),
    meta('environment', s.environment),
    meta('opened_by', s.openedBy.name),
    meta('opened_at', s.openedAt),
    meta('closed_by', s.closedBy?.name ?? null),
    meta('closed_at', s.closedAt),
    meta('period_to', report.to),
    ...(s.openingFloat
      ? [
          csvRow([
            'report',
            null,
            'opening_float',
            null,
            s.openingFloat.currency,
            toDecimalString(s.openingFloat.amount),
            null,
            null,
            null,
            null,
          ]),
        ]
      : []),
    ...report.warnings.map((w) => meta('warning', warningIn(w, language))),
    ...(report.reconciliation ? [meta('reconciliation', report.reconciliation.summary.en)] : []),
    ...figureRows(report.till, ''),
    ...report.cashiers.flatMap((c) => figureRows(c.figures, c.cashier.name)),
    ...report.carriedOver.map((item) =>
      csvRow([
        'carried_over',
        item.cashier?.name ?? '',
        item.kind,
        null,
        item.currency,
        toDecimalString(item.amount),
        item.reference,
        item.status,
        item.what,
        item.since,
      ]),
    ),
  ]
  // A byte-order mark makes spreadsheet programs read the file as UTF-8 (₦, names).
  return `\uFEFF${rows.join('')}`
}
