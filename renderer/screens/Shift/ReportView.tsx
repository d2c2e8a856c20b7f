// An X- or Z-report as main worked it out: collections by outcome, hosted payments, refunds and
// payouts, per cashier and for the till, and what is carried over. Printed on 80 mm or A4
// paper from the page itself; saved as PDF or CSV from main's documents.
import { useState } from 'react'
import {
  COLLECTION_OUTCOME_LABEL,
  COLLECTION_OUTCOMES,
  HOSTED_PAYMENT_LABEL,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINE_LABEL,
  PAYOUT_LINES,
  REFUND_LABEL,
  REFUND_LINES,
  type CurrencyAmount,
  type ShiftDocumentFormat,
  type ShiftFigures,
  type ShiftReport,
  type Tally,
  type ZReportView,
} from '../../../common/ipc/shifts'
import { Badge, Banner, Button } from '../../components'
import { countOf, formatDateTime, formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { download, printArea } from '../Collect/browser'

export const amounts = (totals: CurrencyAmount[]): string =>
  totals.length === 0 ? '—' : totals.map((t) => formatMoney(t.amount, t.currency)).join(' + ')

function Lines<K extends string>({
  title,
  keys,
  labels,
  tallies,
}: {
  title: string
  keys: readonly K[]
  labels: Record<K, string>
  tallies: Record<K, Tally>
}) {
  return (
    <table className="shift-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Outcome</th>
          <th scope="col" className="num">
            Count
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{labels[key]}</th>
            <td className="num">{tallies[key].count}</td>
            <td className="num">{amounts(tallies[key].totals)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Figures({ figures }: { figures: ShiftFigures }) {
  const c = figures.collections
  return (
    <div className="shift-figures">
      <p className="shift-received">
        Received <strong>{amounts(c.received)}</strong>
      </p>
      <Lines
        title="Collections"
        keys={COLLECTION_OUTCOMES}
        labels={COLLECTION_OUTCOME_LABEL}
        tallies={c.byOutcome}
      />
      <p className="muted small">
        Waiting: {countOf(c.awaiting.count, 'charge')} ({amounts(c.awaiting.totals)} due) ·
        Cancelled: {countOf(c.cancelled.count, 'charge')}
      </p>
      <Lines
        title="Card and online payments"
        keys={HOSTED_PAYMENT_LINES}
        labels={HOSTED_PAYMENT_LABEL}
        tallies={figures.hostedPayments}
      />
      <Lines title="Refunds" keys={REFUND_LINES} labels={REFUND_LABEL} tallies={figures.refunds} />
      <Lines
        title="Payouts"
        keys={PAYOUT_LINES}
        labels={PAYOUT_LINE_LABEL}
        tallies={figures.payouts}
      />
    </div>
  )
}

const FORMAT_LABEL: Record<ShiftDocumentFormat, string> = {
  html80: '80 mm',
  htmlA4: 'A4',
  pdf80: 'PDF (80 mm)',
  pdfA4: 'PDF (A4)',
  csv: 'CSV',
}

export function ReportView({ report, z }: { report: ShiftReport; z?: ZReportView | undefined }) {
  const [paper, setPaper] = useState<'80' | 'a4'>('80')
  const [note, setNote] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const title =
    report.kind === 'z' ? `Z-report ${report.zNumber ?? ''}` : 'X-report (figures so far)'
  const save = async (format: ShiftDocumentFormat) => {
    setNote(null)
    try {
      const doc = await call('shifts.document', {
        report: report.kind === 'z' ? { kind: 'z', number: report.zNumber ?? 0 } : { kind: 'x' },
        format,
      })
      const blob = doc.base64
        ? new Blob([Uint8Array.from(atob(doc.base64), (ch) => ch.charCodeAt(0))], {
            type: doc.mediaType,
          })
        : new Blob([doc.text ?? ''], { type: `${doc.mediaType};charset=utf-8` })
      download(blob, doc.filename)
      setNote({ tone: 'success', text: `Saved ${doc.filename} (${FORMAT_LABEL[format]}).` })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    }
  }
  const print = (size: '80' | 'a4') => {
    setPaper(size)
    // Let the paper class land before the print dialog reads the page.
    window.requestAnimationFrame(() => printArea('shift'))
  }
  return (
    <section className="shift-report" aria-label={title} data-testid="shift-report">
      <div className="shift-report__actions no-print">
        <Button icon="check" onClick={() => print('80')}>
          Print 80 mm
        </Button>
        <Button onClick={() => print('a4')}>Print A4</Button>
        <Button variant="ghost" onClick={() => void save(paper === '80' ? 'pdf80' : 'pdfA4')}>
          Save PDF
        </Button>
        <Button variant="ghost" onClick={() => void save('csv')}>
          Save CSV
        </Button>
      </div>
      {note && (
        <Banner tone={note.tone} className="no-print">
          {note.text}
        </Banner>
      )}
      <article className={`print-shift paper-${paper}`}>
        <header className="shift-report__head">
          <h2>{title}</h2>
          {z && (
            <Badge tone={z.integrity.status === 'intact' ? 'success' : 'warning'}>
              {z.integrity.status === 'intact'
                ? 'Sealed, unchanged'
                : z.integrity.status === 'altered'
                  ? 'Changed after sealing'
                  : 'Seal not checked'}
            </Badge>
          )}
          <p>
            {report.shift.till} · opened by {report.shift.openedBy.name},{' '}
            {formatDateTime(report.from)} · to {formatDateTime(report.to)}
          </p>
          {z?.integrity.problem && <p className="muted small">{z.integrity.problem}</p>}
        </header>
        {report.warnings.map((warning) => (
          <Banner key={warning} tone="warning">
            {warning}
          </Banner>
        ))}
        <h3>This till</h3>
        <Figures figures={report.till} />
        {report.cashiers.map((entry) => (
          <details key={entry.cashier.id} className="shift-cashier" open={paper === 'a4'}>
            <summary>
              <strong>{entry.cashier.name}</strong>
              <span>Received {amounts(entry.figures.collections.received)}</span>
            </summary>
            <Figures figures={entry.figures} />
          </details>
        ))}
        <h3>Carried over ({report.carriedOver.length})</h3>
        {report.carriedOver.length === 0 ? (
          <p className="muted">Nothing left open.</p>
        ) : (
          <ul className="shift-carried">
            {report.carriedOver.map((item) => (
              <li key={`${item.kind}:${item.reference}`}>
                <strong>{formatMoney(item.amount, item.currency)}</strong> {item.what}
                <span className="muted small">
                  {' '}
                  · {item.reference} · since {formatDateTime(item.since)}
                  {item.cashier ? ` · ${item.cashier.name}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </article>
    </section>
  )
}
