// The shop-wide Z-report of a day: the sum of the Z-reports every till sealed that day, by till,
// by cashier and in total, each currency on its own. A till with a shift still open is named
// and left out of the sum. Printed on A4 from the page; saved as CSV from main.
import { Trans, useTranslation } from 'react-i18next'
import type { ShopFigures, ShopTally, ShopZReport } from '../../../common/ipc/shop'
import { Banner, Button, Card, DateField, Spinner } from '../../components'
import { formatDate, formatDateTime } from '../../lib/format'
import { useShopDay, zReportDay } from './useShopDay'
import { amounts, lineWord, LINES, printShopReport } from './words'

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
    <table className="shop-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('shop.z.line')}</th>
          <th scope="col" className="num">
            {t('shop.z.count')}
          </th>
          <th scope="col" className="num">
            {t('shop.z.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([line, tally]) => (
          <tr key={line}>
            <th scope="row">{lineWord(labels, line)}</th>
            <td className="num">{tally.count}</td>
            <td className="num">{amounts(tally.totals)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
      <Lines
        title={t('shop.z.hosted')}
        labels={LINES.hostedPayments}
        tallies={figures.hostedPayments}
      />
      <Lines title={t('shop.z.refunds')} labels={LINES.refunds} tallies={figures.refunds} />
      <Lines title={t('shop.z.payouts')} labels={LINES.payouts} tallies={figures.payouts} />
    </div>
  )
}

const collected = (f: ShopFigures): number =>
  Object.values(f.collections.byOutcome).reduce((n, t) => n + t.count, 0)

/** Each cashier in one row (every line of theirs is in the CSV). */
function Cashiers({ report }: { report: ShopZReport }) {
  const { t } = useTranslation()
  return (
    <table className="shop-table">
      <caption className="visually-hidden">{t('shop.z.eachCashier')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('shop.z.cashier')}</th>
          <th scope="col" className="num">
            {t('shop.z.collections')}
          </th>
          <th scope="col" className="num">
            {t('shop.today.received')}
          </th>
          <th scope="col" className="num">
            {t('shop.z.refunded')}
          </th>
          <th scope="col" className="num">
            {t('shop.z.payoutsSent')}
          </th>
        </tr>
      </thead>
      <tbody>
        {report.cashiers.map((c) => (
          <tr key={c.name}>
            <th scope="row">{c.name}</th>
            <td className="num">{collected(c.figures)}</td>
            <td className="num">{amounts(c.figures.collections.received)}</td>
            <td className="num">{amounts(c.figures.refunds.success?.totals ?? [])}</td>
            <td className="num">{amounts(c.figures.payouts.sent?.totals ?? [])}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
  const {
    setDay,
    value: report,
    problem,
    exportCsv,
    shownDay,
  } = useShopDay(zReportDay.load, zReportDay.csv)

  return (
    <Card title={t('shop.z.title')} description={t('shop.z.help')} className="shop-z">
      <div className="shop-toolbar no-print">
        <DateField
          label={t('shop.z.day')}
          value={shownDay}
          onChange={(event) => setDay(event.target.value)}
        />
        <Button onClick={printShopReport} disabled={!report || report.total.shifts === 0}>
          {t('shop.z.print')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => void exportCsv()}
          disabled={!report || report.total.shifts === 0}
        >
          {t('shop.z.saveCsv')}
        </Button>
      </div>
      {problem && <Banner tone="danger" title={problem} />}
      {!report && !problem && <Spinner label={t('shop.z.adding')} />}
      {report && (
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
    </Card>
  )
}
