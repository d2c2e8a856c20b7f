// The admin's overview once the till is set up: the shift and today's figures so far, what
// waits for a decision, the outbox, and the connection, each with a way to act on it. Every
// figure comes from main (the shift's X-report, the payouts status, the till status).
import { useEffect, useState } from 'react'
import type { ShiftReport, ShiftStatus } from '../../../common/ipc/shifts'
import { Banner, Button, Card, Spinner } from '../../components'
import { countOf, formatDateTime } from '../../lib/format'
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
          title="Shift"
          actions={
            <Button size="sm" onClick={() => go('shift')}>
              Open Shift
            </Button>
          }
        >
          {!shift ? (
            <Spinner label="Loading the shift" />
          ) : shift.current ? (
            <p>
              Open since {formatDateTime(shift.current.openedAt)}, by {shift.current.openedBy.name}.
              {figures && (
                <>
                  {' '}
                  Received so far <strong>{amounts(figures.till.collections.received)}</strong>.
                </>
              )}
            </p>
          ) : (
            <p>No shift is open on this till.</p>
          )}
        </Card>
        <Card
          title="Approvals"
          actions={
            <Button size="sm" onClick={() => go('approvals')}>
              Open Approvals
            </Button>
          }
        >
          <p>
            {waiting > 0
              ? `${countOf(waiting, 'payout')} waiting for a decision.`
              : 'Nothing waiting.'}
          </p>
        </Card>
        <Card
          title="Outbox"
          actions={
            <Button size="sm" onClick={() => go('payouts')}>
              Open Payouts
            </Button>
          }
        >
          <p>
            {outbox
              ? `${countOf(outbox.pending, 'payout')} on the way${outbox.failed ? `, ${outbox.failed} failed` : ''}.`
              : 'Loading…'}
          </p>
          {outbox?.blocked && <Banner tone="danger">{outbox.blocked}</Banner>}
        </Card>
        <Card
          title="Connection"
          actions={
            <Button size="sm" onClick={() => go('settings', 'connection')}>
              Test the connection
            </Button>
          }
        >
          <p>
            {status?.connectivity === 'online'
              ? 'The gateway answers.'
              : status?.connectivity === 'offline'
                ? (status.offlineReason ?? 'The gateway can’t be reached.')
                : 'Checking…'}
          </p>
        </Card>
      </div>
    </div>
  )
}
