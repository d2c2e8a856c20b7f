// The Shift screen: open a shift on this till, take an X-report at any time, close it with a
// Z-report (sealed by main, printable and savable), and, for supervisors, the list of past
// Z-reports to reprint. Main works out every figure and decides who may close or reprint.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShiftReport, ShiftStatus, ZReportList, ZReportView } from '../../../common/ipc/shifts'
import type { Minor } from '../../../common/money'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  MoneyInput,
  Spinner,
  Tabs,
} from '../../components'
import { canSee } from '../../app/roles'
import { formatDateTime } from '../../lib/format'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useSession } from '../../store/session'
import { DayCharts } from '../../components/charts/DayCharts'
import { amounts, ReportView } from './ReportView'
import './shift.css'

type Tab = 'shift' | 'reports'

export default function ShiftScreen() {
  const role = useSession((s) => s.state?.user?.role)
  const supervises = canSee(role, 'supervisor')
  const [tab, setTab] = useState<Tab>('shift')
  const { t } = useTranslation()
  return (
    <div className="shift-screen">
      {supervises && (
        <Tabs
          label={t('screens.shift')}
          tabs={[
            { id: 'shift', label: t('shift.thisShift') },
            { id: 'reports', label: t('shift.zReports') },
          ]}
          selected={tab}
          onSelect={setTab}
          look="payouts"
        />
      )}
      {tab === 'shift' ? <ThisShift /> : <ZReports />}
    </div>
  )
}

function ThisShift() {
  const [status, setStatus] = useState<ShiftStatus | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [report, setReport] = useState<ShiftReport | null>(null)
  const [closed, setClosed] = useState<ZReportView | null>(null)
  const [float, setFloat] = useState<Minor | null>(null)
  const [busy, setBusy] = useState<'open' | 'x' | 'close' | null>(null)
  const [confirming, setConfirming] = useState(false)
  const { t } = useTranslation()

  useEffect(() => {
    call('shifts.status').then(setStatus, (error: unknown) => setProblem(messageOf(error)))
    return subscribe('shifts.changed', setStatus)
  }, [])

  const run = async <T,>(what: 'open' | 'x' | 'close', work: () => Promise<T>) => {
    setBusy(what)
    setProblem(null)
    try {
      return await work()
    } catch (error) {
      setProblem(messageOf(error))
      return null
    } finally {
      setBusy(null)
    }
  }

  if (!status)
    return problem ? (
      <Banner tone="danger" title={problem} />
    ) : (
      <Spinner label={t('overview.loadingShift')} />
    )
  const shift = status.current

  return (
    <div className="shift-main">
      {status.reminder && (
        <Banner tone="warning" title={t('shift.stillOpen')}>
          {status.reminder.message}
        </Banner>
      )}
      {problem && <Banner tone="danger" title={problem} />}
      {closed && (
        <Card title={t('shift.closedTitle', { number: closed.seal.number })}>
          <p>{t('shift.sealedAt', { when: formatDateTime(closed.seal.sealedAt) })}</p>
          <ReportView report={closed.report} z={closed} />
        </Card>
      )}
      {!shift && !closed && (
        <Card title={t('shift.openTitle')} description={t('shift.openDescription')}>
          <form
            className="form"
            aria-label={t('shift.openTitle')}
            onSubmit={(event) => {
              event.preventDefault()
              void run('open', () =>
                call('shifts.open', float === null ? {} : { openingFloat: float, currency: 'NGN' }),
              ).then((opened) => opened && setReport(null))
            }}
          >
            <MoneyInput
              label={t('shift.float')}
              name="float"
              value={float}
              onChange={setFloat}
              hint={t('shift.floatHint')}
            />
            <div className="form__actions">
              <Button type="submit" variant="primary" size="lg" busy={busy === 'open'}>
                {t('shift.open')}
              </Button>
            </div>
          </form>
        </Card>
      )}
      {!shift && closed && (
        <Button
          variant="primary"
          onClick={() => {
            setClosed(null)
            setReport(null)
          }}
        >
          {t('shift.openNext')}
        </Button>
      )}
      {shift && (
        <Card
          title={t('shift.openNow')}
          description={t(shift.openingFloat ? 'shift.openedFloat' : 'shift.opened', {
            name: shift.openedBy.name,
            when: formatDateTime(shift.openedAt),
            float: shift.openingFloat ? amounts([shift.openingFloat]) : '',
            end: formatDateTime(shift.endOfDayAt),
          })}
          actions={
            <>
              <Button
                busy={busy === 'x'}
                onClick={() =>
                  void run('x', () => call('shifts.xReport')).then((x) => x && setReport(x))
                }
              >
                {t('shift.xReport')}
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                {t('shift.close')}
              </Button>
            </>
          }
        >
          {report ? (
            <>
              <ReportView report={report} />
              <h3>{t('charts.title')}</h3>
              <DayCharts hours={report.hours} />
            </>
          ) : (
            <p className="muted">{t('shift.takeX')}</p>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={confirming && shift !== null}
        onClose={() => setConfirming(false)}
        title={t('shift.closeTitle')}
        tone="danger"
        cancelLabel={t('shift.keepOpen')}
        confirmLabel={t('shift.closeSeal')}
        busy={busy === 'close'}
        onConfirm={() => {
          if (!shift) return
          void run('close', () => call('shifts.close', { shiftId: shift.id })).then((z) => {
            setConfirming(false)
            if (z) {
              setClosed(z)
              setReport(null)
            }
          })
        }}
      >
        <p>{t('shift.closeWhy')}</p>
      </ConfirmDialog>
    </div>
  )
}

function ZReports() {
  const [list, setList] = useState<ZReportList | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [open, setOpen] = useState<ZReportView | null>(null)
  const { t } = useTranslation()
  useEffect(() => {
    call('shifts.zReports', { page: 1, pageSize: 50 }).then(setList, (error: unknown) =>
      setProblem(messageOf(error)),
    )
  }, [])
  if (problem) return <Banner tone="danger" title={problem} />
  if (!list) return <Spinner label={t('shift.loadingZ')} />
  if (open)
    return (
      <Card
        title={t('shift.zNumber', { number: open.seal.number })}
        actions={
          <Button size="sm" onClick={() => setOpen(null)}>
            {t('shift.backToList')}
          </Button>
        }
      >
        <ReportView report={open.report} z={open} />
      </Card>
    )
  return (
    <Card
      title={t('shift.zReports')}
      description={
        list.chain.status === 'intact'
          ? t('shift.allVerified')
          : (list.chain.problem ?? t('shift.notChecked'))
      }
    >
      {list.items.length === 0 ? (
        <EmptyState icon="reports" title={t('shift.noZ')}>
          {t('shift.noZHint')}
        </EmptyState>
      ) : (
        <table className="table" aria-label={t('shift.zReports')}>
          <thead>
            <tr>
              <th scope="col">{t('shift.zCols.number')}</th>
              <th scope="col">{t('shift.zCols.closed')}</th>
              <th scope="col">{t('shift.zCols.by')}</th>
              <th scope="col">{t('status.received')}</th>
              <th scope="col">{t('shift.zCols.carried')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('shift.zCols.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.number}>
                <td>{item.number}</td>
                <td>{formatDateTime(item.closedAt)}</td>
                <td>{item.closedBy.name}</td>
                <td>{amounts(item.received)}</td>
                <td>{item.carriedOver}</td>
                <td className="table__actions">
                  <Button
                    size="sm"
                    onClick={() =>
                      void call('shifts.zReport', { number: item.number }).then(setOpen, (e) =>
                        setProblem(messageOf(e)),
                      )
                    }
                  >
                    {t('shift.reprint')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
}
