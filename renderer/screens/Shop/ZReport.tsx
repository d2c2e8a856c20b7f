// The shop-wide Z-report of a day: the sum of the Z-reports every till sealed that day, by till,
// by cashier and in total, each currency on its own. A till with a shift still open is named
// and left out of the sum. Printed on A4 from the page; saved as CSV from main.
import { useEffect, useState } from 'react'
import type { ShopFigures, ShopTally, ShopZReport } from '../../../common/ipc/shop'
import { Banner, Button, Card, DateField, Spinner } from '../../components'
import { countOf, formatDate, formatDateTime } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { amounts, lineWord, LINES, printShopReport, saveCsv } from './words'

const DAY = /^\d{4}-\d{2}-\d{2}$/

function Lines({
  title,
  labels,
  tallies,
}: {
  title: string
  labels: Record<string, string>
  tallies: Record<string, ShopTally>
}) {
  const rows = Object.entries(tallies)
  if (rows.length === 0) return null
  return (
    <table className="shop-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col" className="num">
            Count
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([line, t]) => (
          <tr key={line}>
            <th scope="row">{lineWord(labels, line)}</th>
            <td className="num">{t.count}</td>
            <td className="num">{amounts(t.totals)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Figures({ figures }: { figures: ShopFigures }) {
  const c = figures.collections
  return (
    <div className="shop-figures">
      <p className="shop-received">
        Received <strong>{amounts(c.received)}</strong>
      </p>
      <Lines title="Collections" labels={LINES.collections} tallies={c.byOutcome} />
      <p className="muted small">
        Waiting: {countOf(c.awaiting.count, 'charge')} ({amounts(c.awaiting.totals)} due) ·
        Cancelled: {countOf(c.cancelled.count, 'charge')}
      </p>
      <Lines
        title="Card and online payments"
        labels={LINES.hostedPayments}
        tallies={figures.hostedPayments}
      />
      <Lines title="Refunds" labels={LINES.refunds} tallies={figures.refunds} />
      <Lines title="Payouts" labels={LINES.payouts} tallies={figures.payouts} />
    </div>
  )
}

const collected = (f: ShopFigures): number =>
  Object.values(f.collections.byOutcome).reduce((n, t) => n + t.count, 0)

/** Each cashier in one row (every line of theirs is in the CSV). */
function Cashiers({ report }: { report: ShopZReport }) {
  return (
    <table className="shop-table">
      <caption className="visually-hidden">Each cashier across the tills</caption>
      <thead>
        <tr>
          <th scope="col">Cashier</th>
          <th scope="col" className="num">
            Collections
          </th>
          <th scope="col" className="num">
            Received
          </th>
          <th scope="col" className="num">
            Refunded
          </th>
          <th scope="col" className="num">
            Payouts sent
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
  return (
    <article className="print-shop" data-testid="shop-z">
      <header>
        <h2>Shop Z-report · {formatDate(`${report.day}T12:00:00`)}</h2>
        <p className="muted">
          {countOf(report.total.shifts, 'closed shift')} from {countOf(report.tills.length, 'till')}
          {' · '}
          {countOf(report.total.carriedOver, 'open item')} carried over
        </p>
      </header>
      <h3>All tills</h3>
      <Figures figures={report.total.figures} />
      <h3>By till</h3>
      {report.tills.map((till) => (
        <section key={till.tillId} className="shop-details" aria-label={till.tillName}>
          <p className="shop-details__head">
            <strong>{till.tillName}</strong>
            <span>
              {countOf(till.shifts, 'shift')} · received{' '}
              {amounts(till.figures.collections.received)}
            </span>
          </p>
          <Figures figures={till.figures} />
        </section>
      ))}
      <h3>By cashier</h3>
      <Cashiers report={report} />
      <h3>Shifts in this report</h3>
      <ul className="shop-list">
        {report.shifts.map((s) => (
          <li key={`${s.tillId}-${s.shiftId}`}>
            <strong>{s.tillName}</strong>, Z-report {s.zNumber ?? '?'}: opened by {s.openedBy}{' '}
            {formatDateTime(s.openedAt)}, closed by {s.closedBy} {formatDateTime(s.closedAt)} ·
            received {amounts(s.received)} · {countOf(s.carriedOver, 'item')} carried over
          </li>
        ))}
      </ul>
    </article>
  )
}

export function ZReport() {
  // '' is today as main reads it (in the shifts' time zone); the field then shows that day.
  const [day, setDay] = useState('')
  // Each answer is kept with its day, so a slow answer for another day never shows.
  const [loaded, setLoaded] = useState<{ day: string; report: ShopZReport } | null>(null)
  const [failed, setFailed] = useState<{ day: string; message: string } | null>(null)
  const [saveProblem, setSaveProblem] = useState<string | null>(null)
  const report = loaded?.day === day ? loaded.report : null
  const problem = saveProblem ?? (failed?.day === day ? failed.message : null)

  useEffect(() => {
    if (day !== '' && !DAY.test(day)) return
    let live = true
    call('shop.zReport', day ? { day } : undefined).then(
      (next) => live && setLoaded({ day, report: next }),
      (error: unknown) => live && setFailed({ day, message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [day])

  const exportCsv = async () => {
    try {
      saveCsv(await call('shop.zReportCsv', day ? { day } : undefined))
      setSaveProblem(null)
    } catch (error) {
      setSaveProblem(messageOf(error))
    }
  }

  return (
    <Card
      title="Shop Z-report"
      description="The sum of every till's closed shifts of the day, as each till sealed them."
      className="shop-z"
    >
      <div className="shop-toolbar no-print">
        <DateField
          label="Day"
          value={day || (report?.day ?? '')}
          onChange={(event) => setDay(event.target.value)}
        />
        <Button onClick={printShopReport} disabled={!report || report.total.shifts === 0}>
          Print A4
        </Button>
        <Button
          variant="ghost"
          onClick={() => void exportCsv()}
          disabled={!report || report.total.shifts === 0}
        >
          Save CSV
        </Button>
      </div>
      {problem && <Banner tone="danger" title={problem} />}
      {!report && !problem && <Spinner label="Adding up the tills" />}
      {report && (
        <>
          {report.notClosed.map((o) => (
            <Banner key={`${o.tillId}-${o.shiftId}`} tone="warning">
              {o.tillName}: not closed yet ({o.openedBy}&apos;s shift, opened{' '}
              {formatDateTime(o.openedAt)}). Its figures are not in this report.
            </Banner>
          ))}
          {report.unreadable.map((words) => (
            <Banner key={words} tone="danger">
              {words}
            </Banner>
          ))}
          {report.total.shifts === 0 ? (
            <p className="muted">
              No till closed a shift on {formatDate(`${report.day}T12:00:00`)}.
            </p>
          ) : (
            <Report report={report} />
          )}
        </>
      )}
    </Card>
  )
}
