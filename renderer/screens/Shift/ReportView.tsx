// An X- or Z-report as main worked it out: collections by outcome, hosted payments, refunds and
// payouts, per cashier and for the till, and what is carried over. Printed on 80 mm or A4
// paper from the page itself; saved as PDF or CSV from main's documents.
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import {
  COLLECTION_OUTCOMES,
  DEBIT_LINES,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINES,
  REFUND_LINES,
  type CurrencyAmount,
  type ShiftDocumentFormat,
  type ShiftFigures,
  type ShiftReport,
  type Tally,
  type ZReportView,
} from '../../../common/ipc/shifts'
import { carriedWords } from '../../../common/words/carried'
import { warningSaid } from '../../../common/words/report-warnings'
import { Badge, Banner, Button } from '../../components'
import { documentWordsNow } from '../../i18n'
import { saySaid } from '../../i18n/errors'
import { DataTable } from '../../components/kit'
import { formatDateTime, formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { download, printArea } from '../Collect/browser'
import { canSee } from '../../app/roles'
import { useSession } from '../../store/session'
import { ReconciliationLine } from './Reconciliation'

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
  const { t } = useTranslation()
  return (
    <DataTable
      className="shift-table"
      caption={title}
      rowHeaders
      rows={keys}
      rowKey={(key) => key}
      columns={[
        { header: t('shift.cols.outcome'), cell: (key) => labels[key] },
        { header: t('shift.cols.count'), align: 'end', cell: (key) => tallies[key].count },
        {
          header: t('shift.cols.total'),
          align: 'end',
          cell: (key) => amounts(tallies[key].totals),
        },
      ]}
    />
  )
}

function Figures({ figures }: { figures: ShiftFigures }) {
  const c = figures.collections
  const { t } = useTranslation()
  const words = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
    Object.fromEntries(keys.map((key) => [key, label(key)])) as Record<K, string>
  return (
    <div className="shift-figures">
      <p className="shift-received">
        <Trans
          t={t}
          i18nKey="shift.received"
          values={{ amount: amounts(c.received) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Lines
        title={t('shift.collections')}
        keys={COLLECTION_OUTCOMES}
        labels={words(COLLECTION_OUTCOMES, (key) => t(`shift.lines.collections.${key}`))}
        tallies={c.byOutcome}
      />
      {c.movedOut && c.movedOut.count > 0 && (
        <p className="shift-correction" data-testid="shift-moved-out">
          {t('doc.report.movedOut')}:{' '}
          <strong>
            {c.movedOut.totals.map((a) => `\u2212${formatMoney(a.amount, a.currency)}`).join(' + ')}
          </strong>
        </p>
      )}
      {c.movedIn && c.movedIn.count > 0 && (
        <p className="shift-correction" data-testid="shift-moved-in">
          {t('doc.report.movedIn')}:{' '}
          <strong>
            {c.movedIn.totals.map((a) => `+${formatMoney(a.amount, a.currency)}`).join(' + ')}
          </strong>
        </p>
      )}
      <p className="muted small">
        {t('shift.waitingCancelled', {
          count: c.awaiting.count,
          due: amounts(c.awaiting.totals),
          cancelled: t('shift.charges', { count: c.cancelled.count }),
        })}
      </p>
      <Lines
        title={t('shift.hosted')}
        keys={HOSTED_PAYMENT_LINES}
        labels={words(HOSTED_PAYMENT_LINES, (key) => t(`shift.lines.hosted.${key}`))}
        tallies={figures.hostedPayments}
      />
      <Lines
        title={t('screens.refunds')}
        keys={REFUND_LINES}
        labels={words(REFUND_LINES, (key) => t(`shift.lines.refunds.${key}`))}
        tallies={figures.refunds}
      />
      <Lines
        title={t('screens.payouts')}
        keys={PAYOUT_LINES}
        labels={words(PAYOUT_LINES, (key) => t(`shift.lines.payouts.${key}`))}
        tallies={figures.payouts}
      />
      {/* A report sealed before debits were counted has none to show. */}
      {figures.debits && (
        <Lines
          title={t('doc.report.sections.debits')}
          keys={DEBIT_LINES}
          labels={words(DEBIT_LINES, (key) => t(`shift.lines.debits.${key}`))}
          tallies={figures.debits}
        />
      )}
    </div>
  )
}

// Paper and file names read the same in every language.
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
  const role = useSession((s) => s.state?.user?.role)
  const { t } = useTranslation()
  const title =
    report.kind === 'z' ? t('shift.zNumber', { number: report.zNumber ?? '' }) : t('shift.xTitle')
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
      setNote({
        tone: 'success',
        text: t('shift.saved', { file: doc.filename, format: FORMAT_LABEL[format] }),
      })
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
          {t('shift.print80')}
        </Button>
        <Button onClick={() => print('a4')}>{t('shift.printA4')}</Button>
        <Button variant="ghost" onClick={() => void save(paper === '80' ? 'pdf80' : 'pdfA4')}>
          {t('instructions.receiptPdf')}
        </Button>
        <Button variant="ghost" onClick={() => void save('csv')}>
          {t('shift.saveCsv')}
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
                ? t('shift.integrity.intact')
                : z.integrity.status === 'altered'
                  ? t('shift.integrity.altered')
                  : t('shift.integrity.unchecked')}
            </Badge>
          )}
          <p>
            {t('shift.period', {
              till: report.shift.till,
              name: report.shift.openedBy.name,
              from: formatDateTime(report.from),
              to: formatDateTime(report.to),
            })}
          </p>
          {z?.integrity.problem && <p className="muted small">{z.integrity.problem}</p>}
        </header>
        {report.warnings.map((warning) => (
          <Banner key={warning} tone="warning">
            {saySaid(warningSaid(warning), warning)}
          </Banner>
        ))}
        {report.reconciliation && (
          <ReconciliationLine
            reconciliation={report.reconciliation}
            canOpen={canSee(role, 'supervisor')}
          />
        )}
        <h3>{t('shift.thisTill')}</h3>
        <Figures figures={report.till} />
        {report.cashiers.map((entry) => (
          <details key={entry.cashier.id} className="shift-cashier" open={paper === 'a4'}>
            <summary>
              <strong>{entry.cashier.name}</strong>
              <span>
                {t('shift.receivedPlain', {
                  amount: amounts(entry.figures.collections.received),
                })}
              </span>
            </summary>
            <Figures figures={entry.figures} />
          </details>
        ))}
        <h3>{t('shift.carried', { count: report.carriedOver.length })}</h3>
        {report.carriedOver.length === 0 ? (
          <p className="muted">{t('shift.nothingOpen')}</p>
        ) : (
          <ul className="shift-carried">
            {report.carriedOver.map((item) => (
              <li key={`${item.kind}:${item.reference}`}>
                {carriedWords(item, documentWordsNow(), formatMoney)}
                <span className="muted small">
                  {' '}
                  · {item.reference} · {t('shift.since', { when: formatDateTime(item.since) })}
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
