// The day's money as pictures (Overview, Shift, Shop → Today): takings by hour, by way of
// paying, and payouts against takings. chart.js and the drawing code load only when a chart is
// shown (React.lazy), so the till's first screen never carries them. The same numbers are
// always in a table for screen readers (DayChartsView).
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { HourFigures } from '../../../common/ipc/shifts'
import { Spinner } from '../Spinner'
import './charts.css'

const DayChartsView = lazy(() => import('./DayChartsView'))

export function DayCharts({ hours }: { hours: readonly HourFigures[] | undefined }) {
  const { t } = useTranslation()
  if (!hours || hours.length === 0) return <p className="muted">{t('charts.none')}</p>
  return (
    <Suspense fallback={<Spinner label={t('charts.loading')} />}>
      <DayChartsView hours={hours} />
    </Suspense>
  )
}
