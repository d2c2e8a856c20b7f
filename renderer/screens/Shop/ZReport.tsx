// The shop-wide Z-report of a day: the sum of the Z-reports every till sealed that day, by till,
// by cashier and in total, each currency on its own. A till with a shift still open is named
// and left out of the sum. Printed on A4 from the page; saved as CSV from main.
import { Trans, useTranslation } from 'react-i18next'
import type { ShopFigures, ShopTally, ShopZReport } from '../../../common/ipc/shop'
import { Banner, Button } from '../../components'
import { DataTable } from '../../components/kit'
import { formatDate, formatDateTime } from '../../lib/format'
import { DayCard } from './DayCard'
import { zReportDay } from './useShopDay'
import { amounts, lineWord, LINES, money, printShopReport } from './words'

function Lines({
  title,
  labels,
  tallies,
}: {
  title: string
  labels: (line: string) => string
  tallies: Record<string, ShopTally>
}) {
  const { t } = useTranslation()
  const rows = Object.entries(tallies)
  if (rows.length === 0) return null
  return (
    <DataTable
      className="shop-table"
      caption={title}
      rowHeaders
      rows={rows}
      rowKey={([line]) => line}
      columns={[
        { header: t('shop.z.line'), cell: ([line]) => lineWord(labels, line) },
        { header: t('shop.z.count'), align: 'end', cell: ([, tally]) => tally.count },
        { header: t('shop.z.total'), align: 'end', cell: ([, tally]) => amounts(tally.totals) },
      ]}
    />
  )
}

function Figures({ figures }: { figures: ShopFigures }) {
  const { t } = useTranslation()
  const c = figures.collections
  return (
    <div className="shop-figures">
      <p className="shop-received">
        <Trans
          t={t}
          i18nKey="shop.z.received"
          values={{ amount: amounts(c.received) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Lines title={t('shop.z.collections')} labels={LINES.collections} tallies={c.byOutcome} />
      <p className="muted small">
        {t('shop.z.waiting', { count: c.awaiting.count, due: amounts(c.awaiting.totals) })} ·{' '}
        {t('shop.z.cancelled', { count: c.cancelled.count })}
      </p>
      {c.movedOut.count > 0 && (
        <p className="muted small">
          {t('doc.report.movedOut')}:{' '}
          {c.movedOut.totals.map((a) => `\u2212${money(a.amountMinor, a.currency)}`).join(' + ')}
        </p>
      )}
      {c.movedIn.count > 0 && (
        <p className="muted small">
          {t('doc.report.movedIn')}:{' '}
          {c.movedIn.totals.map((a) => `+${money(a.amountMinor, a.currency)}`).join(' + ')}
        </p>
      )}
      <Lines
        title={t('shop.z.hosted')}
        labels={LINES.hostedPayments}
        tallies={figures.hostedPayments}
      />
      <Lines title={t('shop.z.refunds')} labels={LINES.refunds} tallies={figures.refunds} />
      <Lines title={t('shop.z.payouts')} labels={LINES.payouts} tallies={figures.payouts} />
      <Lines
        title={t('doc.report.sections.debits')}
        labels={LINES.debits}
        tallies={figures.debits}
      />
    </div>
  )
}

const collected = (f: ShopFigures): number =>
  Object.values(f.collections.byOutcome).reduce((n, t) => n + t.count, 0)

/** Each cashier in one row (every line of theirs is in the CSV). */
function Cashiers({ report }: { report: ShopZReport }) {
  const { t } = useTranslation()
  return (
    <DataTable
      className="shop-table"
      caption={t('shop.z.eachCashier')}
      captionHidden
      rowHeaders
      rows={report.cashiers}
      rowKey={(c) => c.name}
      columns={[
        { header: t('shop.z.cashier'), cell: (c) => c.name },
        { header: t('shop.z.collections'), align: 'end', cell: (c) => collected(c.figures) },
        {
          header: t('shop.today.received'),
          align: 'end',
          cell: (c) => amounts(c.figures.collections.received),
        },
        {
          header: t('shop.z.refunded'),
          align: 'end',
          cell: (c) => amounts(c.figures.refunds.success?.totals ?? []),
        },
        {
          header: t('shop.z.payoutsSent'),
          align: 'end',
          cell: (c) => amounts(c.figures.payouts.sent?.totals ?? []),
        },
      ]}
    />
  )
}

function Report({ report }: { report: ShopZReport }) {
  const { t } = useTranslation()
  return (
    <article className="print-shop" data-testid="shop-z">
      <header>
        <h2>{t('shop.z.heading', { day: formatDate(`${report.day}T12:00:00`) })}</h2>
        <p className="muted">
          {t('shop.z.shifts', { count: report.total.shifts })}{' '}
          {t('shop.z.tills', { count: report.tills.length })}
          {' · '}
          {t('shop.z.carried', { count: report.total.carriedOver })}
        </p>
      </header>
      <h3>{t('shop.z.allTills')}</h3>
      <Figures figures={report.total.figures} />
      <h3>{t('shop.z.byTill')}</h3>
      {report.tills.map((till) => (
        <section key={till.tillId} className="shop-details" aria-label={till.tillName}>
          <p className="shop-details__head">
            <strong>{till.tillName}</strong>
            <span>
              {t('shop.z.tillShifts', {
                count: till.shifts,
                amount: amounts(till.figures.collections.received),
              })}
            </span>
          </p>
          <Figures figures={till.figures} />
        </section>
      ))}
      <h3>{t('shop.z.byCashier')}</h3>
      <Cashiers report={report} />
      <h3>{t('shop.z.shiftsIn')}</h3>
      <ul className="shop-list">
        {report.shifts.map((s) => (
          <li key={`${s.tillId}-${s.shiftId}`}>
            <strong>{s.tillName}</strong>,{' '}
            {t('shop.z.shift', {
              number: s.zNumber ?? '?',
              openedBy: s.openedBy,
              openedAt: formatDateTime(s.openedAt),
              closedBy: s.closedBy,
              closedAt: formatDateTime(s.closedAt),
              received: amounts(s.received),
            })}
            {t('shop.z.shiftCarried', { count: s.carriedOver })}
          </li>
        ))}
      </ul>
    </article>
  )
}

export function ZReport() {
  const { t } = useTranslation()
  const hasShifts = (report: ShopZReport) => report.total.shifts > 0
  return (
    <DayCard
      title={t('shop.z.title')}
      help={t('shop.z.help')}
      className="shop-z"
      toolbarClassName="shop-toolbar no-print"
      source={zReportDay}
      reading={t('shop.z.adding')}
      canSave={hasShifts}
      actions={(report) => (
        <Button onClick={printShopReport} disabled={!report || !hasShifts(report)}>
          {t('shop.z.print')}
        </Button>
      )}
    >
      {(report) => (
        <>
          {report.notClosed.map((o) => (
            <Banner key={`${o.tillId}-${o.shiftId}`} tone="warning">
              {t('shop.z.notClosed', {
                till: o.tillName,
                name: o.openedBy,
                at: formatDateTime(o.openedAt),
              })}
            </Banner>
          ))}
          {report.unreadable.map((words) => (
            <Banner key={words} tone="danger">
              {words}
            </Banner>
          ))}
          {report.total.shifts === 0 ? (
            <p className="muted">
              {t('shop.z.none', { day: formatDate(`${report.day}T12:00:00`) })}
            </p>
          ) : (
            <Report report={report} />
          )}
        </>
      )}
    </DayCard>
  )
}
