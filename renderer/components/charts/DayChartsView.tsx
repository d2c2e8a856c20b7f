// Drawn with chart.js, registered piece by piece (bar, doughnut, two scales, legend, tooltip)
// so only those parts are bundled, into a chunk of its own that DayCharts loads when shown.
// Colours come from the theme's CSS variables and are read again when the theme changes;
// labels follow the language. Amounts are integer minor units (whole numbers, plotted as they
// are) and every label is formatted exactly; the table below each set of charts carries the
// same numbers for screen readers.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HourFigures } from '../../../common/ipc/shifts'
import { minorFromText, sum, type Minor } from '../../../common/money'
import { formatMoney } from '../../lib/format'
import { dayChartConfigs, takingsOf, type ChartLook, type CurrencyDay } from './day-chart-configs'

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Legend,
  Tooltip,
)

const ZERO = 0 as Minor
const amountOf = (text: string): Minor => minorFromText(text) ?? ZERO

/** Rows by currency, gaps between hours filled with nothing, never two currencies together. */
export function byCurrency(rows: readonly HourFigures[]): CurrencyDay[] {
  const days = new Map<string, HourFigures[]>()
  for (const row of rows) days.set(row.currency, [...(days.get(row.currency) ?? []), row])
  return [...days].map(([currency, list]) => {
    const first = Math.min(...list.map((r) => r.hour))
    const last = Math.max(...list.map((r) => r.hour))
    const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i)
    const at = (hour: number) => list.find((r) => r.hour === hour)
    return {
      currency,
      hours,
      transfer: hours.map((h) => amountOf(at(h)?.transferMinor ?? '0')),
      checkout: hours.map((h) => amountOf(at(h)?.checkoutMinor ?? '0')),
      payouts: hours.map((h) => amountOf(at(h)?.payoutsMinor ?? '0')),
    }
  })
}

/** The theme of the moment; changes when <html data-theme> does (AppearanceBoot). */
function useTheme(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? '')
  useEffect(() => {
    const root = document.documentElement
    const observer = new MutationObserver(() => setTheme(root.dataset.theme ?? ''))
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return theme
}

function palette(): ChartLook['colour'] {
  const style = getComputedStyle(document.documentElement)
  const v = (name: string) => style.getPropertyValue(name).trim()
  return {
    transfer: v('--accent'),
    checkout: v('--paid-accent'),
    payouts: v('--marker-attention'),
    text: v('--text'),
    grid: v('--border'),
    surface: v('--surface'),
  }
}

function ChartCanvas({ config, label }: { config: ChartConfiguration | null; label: string }) {
  const { t } = useTranslation()
  if (!config) return <p className="muted day-chart__none">{t('charts.noTakings')}</p>
  return <DrawnChart config={config} label={label} />
}

function DrawnChart({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return undefined
    const chart = new Chart(canvas.current, config)
    return () => chart.destroy()
  }, [config])
  return (
    <div className="day-chart__canvas">
      {/* The picture only; the table after the charts says the same to a screen reader. */}
      <canvas ref={canvas} aria-hidden="true" data-label={label} />
    </div>
  )
}

function CurrencyCharts({ day, theme }: { day: CurrencyDay; theme: string }) {
  const { t, i18n } = useTranslation()
  const money = (value: number) => formatMoney(Math.round(value) as Minor, day.currency)
  const hourLabel = (hour: number) => t('charts.hour', { hour: String(hour).padStart(2, '0') })
  const names = {
    transfer: t('charts.transfer'),
    checkout: t('charts.checkout'),
    payouts: t('charts.payouts'),
    takings: t('charts.takings'),
  }
  const takings = takingsOf(day)
  const configs = useMemo(
    () =>
      dayChartConfigs(
        day,
        { ...names, money, hour: hourLabel },
        { colour: palette(), font: { family: getComputedStyle(document.body).fontFamily } },
      ),
    // Drawn again when the theme or the language changes; the figures are the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [day, theme, i18n.language],
  )

  const titles = {
    byHour: t('charts.byHour', { currency: day.currency }),
    byWay: t('charts.byWay', { currency: day.currency }),
    payouts: t('charts.payoutsVsTakings', { currency: day.currency }),
  }
  return (
    <div className="day-charts" data-testid={`day-charts-${day.currency}`}>
      <figure className="day-chart day-chart--wide">
        <figcaption>{titles.byHour}</figcaption>
        <ChartCanvas config={configs.byHour} label={titles.byHour} />
      </figure>
      <figure className="day-chart">
        <figcaption>{titles.byWay}</figcaption>
        <ChartCanvas config={configs.byWay} label={titles.byWay} />
      </figure>
      <figure className="day-chart">
        <figcaption>{titles.payouts}</figcaption>
        <ChartCanvas config={configs.payoutsVsTakings} label={titles.payouts} />
      </figure>
      <table className="visually-hidden" data-testid={`day-table-${day.currency}`}>
        <caption>{t('charts.tableCaption', { currency: day.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('charts.hourColumn')}</th>
            <th scope="col">{names.transfer}</th>
            <th scope="col">{names.checkout}</th>
            <th scope="col">{names.takings}</th>
            <th scope="col">{names.payouts}</th>
          </tr>
        </thead>
        <tbody>
          {day.hours.map((hour, i) => (
            <tr key={hour}>
              <th scope="row">{hourLabel(hour)}</th>
              <td>{money(day.transfer[i]!)}</td>
              <td>{money(day.checkout[i]!)}</td>
              <td>{money(takings[i]!)}</td>
              <td>{money(day.payouts[i]!)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('charts.total')}</th>
            <td>{money(sum(day.transfer))}</td>
            <td>{money(sum(day.checkout))}</td>
            <td>{money(sum(takings))}</td>
            <td>{money(sum(day.payouts))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

export default function DayChartsView({ hours }: { hours: readonly HourFigures[] }) {
  const theme = useTheme()
  const days = useMemo(() => byCurrency(hours), [hours])
  return (
    <>
      {days.map((day) => (
        <CurrencyCharts key={day.currency} day={day} theme={theme} />
      ))}
    </>
  )
}
