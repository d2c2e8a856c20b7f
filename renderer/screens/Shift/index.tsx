// The Shift screen: open a shift on this till, take an X-report at any time, close it with a
// Z-report (sealed by main, printable and savable), and, for supervisors, the list of past
// Z-reports to reprint. Main works out every figure and decides who may close or reprint.
import { useEffect, useState } from 'react'
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
import { amounts, ReportView } from './ReportView'
import './shift.css'

type Tab = 'shift' | 'reports'

export default function ShiftScreen() {
  const role = useSession((s) => s.state?.user?.role)
  const supervises = canSee(role, 'supervisor')
  const [tab, setTab] = useState<Tab>('shift')
  return (
    <div className="shift-screen">
      {supervises && (
        <Tabs
          label="Shift"
          tabs={[
            { id: 'shift', label: 'This shift' },
            { id: 'reports', label: 'Z-reports' },
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
      <Spinner label="Loading the shift" />
    )
  const shift = status.current

  return (
    <div className="shift-main">
      {status.reminder && (
        <Banner tone="warning" title="This shift is still open after the end of the day">
          {status.reminder.message}
        </Banner>
      )}
      {problem && <Banner tone="danger" title={problem} />}
      {closed && (
        <Card title={`Shift closed: Z-report ${closed.seal.number}`}>
          <p>
            Sealed at {formatDateTime(closed.seal.sealedAt)}. It can be printed now; later copies
            are reprints for a supervisor.
          </p>
          <ReportView report={closed.report} z={closed} />
        </Card>
      )}
      {!shift && !closed && (
        <Card
          title="Open a shift"
          description="Start the day on this till. Everything collected, refunded and paid out counts towards this shift until it is closed."
        >
          <form
            className="form"
            aria-label="Open a shift"
            onSubmit={(event) => {
              event.preventDefault()
              void run('open', () =>
                call('shifts.open', float === null ? {} : { openingFloat: float, currency: 'NGN' }),
              ).then((opened) => opened && setReport(null))
            }}
          >
            <MoneyInput
              label="Cash in the drawer (optional)"
              name="float"
              value={float}
              onChange={setFloat}
              hint="The opening float, if you count one."
            />
            <div className="form__actions">
              <Button type="submit" variant="primary" size="lg" busy={busy === 'open'}>
                Open shift
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
          Open the next shift
        </Button>
      )}
      {shift && (
        <Card
          title="Shift open"
          description={`Opened by ${shift.openedBy.name} at ${formatDateTime(shift.openedAt)}${shift.openingFloat ? `, float ${amounts([shift.openingFloat])}` : ''}. End of day ${formatDateTime(shift.endOfDayAt)}.`}
          actions={
            <>
              <Button
                busy={busy === 'x'}
                onClick={() =>
                  void run('x', () => call('shifts.xReport')).then((x) => x && setReport(x))
                }
              >
                X-report
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Close shift…
              </Button>
            </>
          }
        >
          {report ? (
            <ReportView report={report} />
          ) : (
            <p className="muted">
              Take an X-report to see the figures so far. It is not kept; the Z-report at closing
              is.
            </p>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={confirming && shift !== null}
        onClose={() => setConfirming(false)}
        title="Close this shift?"
        tone="danger"
        cancelLabel="Keep it open"
        confirmLabel="Close and seal the Z-report"
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
        <p>
          The Z-report is sealed and can’t be changed afterwards. Anything still open is listed on
          it and carried over to the next shift.
        </p>
      </ConfirmDialog>
    </div>
  )
}

function ZReports() {
  const [list, setList] = useState<ZReportList | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [open, setOpen] = useState<ZReportView | null>(null)
  useEffect(() => {
    call('shifts.zReports', { page: 1, pageSize: 50 }).then(setList, (error: unknown) =>
      setProblem(messageOf(error)),
    )
  }, [])
  if (problem) return <Banner tone="danger" title={problem} />
  if (!list) return <Spinner label="Loading the Z-reports" />
  if (open)
    return (
      <Card
        title={`Z-report ${open.seal.number}`}
        actions={
          <Button size="sm" onClick={() => setOpen(null)}>
            Back to the list
          </Button>
        }
      >
        <ReportView report={open.report} z={open} />
      </Card>
    )
  return (
    <Card
      title="Z-reports"
      description={
        list.chain.status === 'intact'
          ? 'Every report is sealed and unchanged.'
          : (list.chain.problem ?? 'The chain of reports could not be checked.')
      }
    >
      {list.items.length === 0 ? (
        <EmptyState icon="reports" title="No Z-reports yet">
          A Z-report is made when a shift is closed.
        </EmptyState>
      ) : (
        <table className="table" aria-label="Z-reports">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Closed</th>
              <th scope="col">By</th>
              <th scope="col">Received</th>
              <th scope="col">Carried over</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
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
                    Open to reprint
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
