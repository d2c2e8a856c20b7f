// The admin's overview once the till is set up: the shift and today's figures so far, what
// waits for a decision, the outbox, and the connection, each with a way to act on it. Every
// figure comes from main (the shift's X-report, the payouts status, the till status).
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { ShiftReport, ShiftStatus } from '../../../common/ipc/shifts'
import { Banner, Button, Card, Spinner } from '../../components'
import { DayCharts } from '../../components/charts/DayCharts'
import { sayOffline } from '../../i18n/errors'
import { formatDateTime } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'
import { useNavigation } from '../../store/navigation'
import { approvalQueue, connectPayouts, usePayouts } from '../../store/payouts'
import { amounts } from '../Shift/ReportView'
import '../Shift/shift.css'

export default function OverviewScreen() {
  const go = useNavigation((s) => s.go)
  const [shift, setShift] = useState<ShiftStatus | null>(null)
  const [figures, setFigures] = useState<ShiftReport | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const status = useEnvironment((s) => s.status)
  useEffect(() => connectPayouts(), [])
  const waiting = approvalQueue(usePayouts((s) => s.items)).length
  const outbox = usePayouts((s) => s.status)
  const { t } = useTranslation()
  useEffect(() => {
    call('shifts.status').then(
      (current) => {
        setShift(current)
        if (current.current) call('shifts.xReport').then(setFigures, () => undefined)
      },
      (error: unknown) => setProblem(messageOf(error)),
    )
  }, [])
  return (
    <div className="shift-screen overview" data-testid="overview">
      {problem && <Banner tone="danger" title={problem} />}
      <div className="overview__grid">
        <Card
          title={t('screens.shift')}
          actions={
            <Button size="sm" onClick={() => go('shift')}>
              {t('app.banners.openShift')}
            </Button>
          }
        >
          {!shift ? (
            <Spinner label={t('overview.loadingShift')} />
          ) : shift.current ? (
            <p>
              {t('overview.openSince', {
                when: formatDateTime(shift.current.openedAt),
                name: shift.current.openedBy.name,
              })}
              {figures && (
                <>
                  {' '}
                  <Trans
                    t={t}
                    i18nKey="overview.receivedSoFar"
                    values={{ amount: amounts(figures.till.collections.received) }}
                    components={{ strong: <strong /> }}
                  />
                </>
              )}
            </p>
          ) : (
            <p>{t('overview.noShift')}</p>
          )}
        </Card>
        <Card
          title={t('screens.approvals')}
          actions={
            <Button size="sm" onClick={() => go('approvals')}>
              {t('overview.openApprovals')}
            </Button>
          }
        >
          <p>
            {waiting > 0 ? t('overview.waiting', { count: waiting }) : t('overview.nothingWaiting')}
          </p>
        </Card>
        <Card
          title={t('overview.outbox')}
          actions={
            <Button size="sm" onClick={() => go('payouts')}>
              {t('overview.openPayouts')}
            </Button>
          }
        >
          <p>
            {outbox
              ? t('overview.onTheWay', {
                  count: outbox.pending,
                  failed: outbox.failed
                    ? t('app.status.outboxFailed', { count: outbox.failed })
                    : '',
                })
              : t('common.loading')}
          </p>
          {outbox?.blocked && <Banner tone="danger">{outbox.blocked}</Banner>}
        </Card>
        <Card
          title={t('overview.connection')}
          actions={
            <Button size="sm" onClick={() => go('settings', 'connection')}>
              {t('overview.testConnection')}
            </Button>
          }
        >
          <p>
            {status?.connectivity === 'online'
              ? t('overview.answers')
              : status?.connectivity === 'offline'
                ? status.offlineReason
                  ? sayOffline(status.offlineReason)
                  : t('overview.unreachable')
                : t('app.status.unknown')}
          </p>
        </Card>
      </div>
      {figures && (
        <Card title={t('charts.title')}>
          <DayCharts hours={figures.hours} />
        </Card>
      )}
    </div>
  )
}
