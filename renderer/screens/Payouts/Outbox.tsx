// The outbox: every payout with its state, progress, what it is for and, when something went
// wrong, what happened in words; filters, history, edit and withdraw. Main decides states and
// buttons; this only shows them.
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AuditView, PayoutActionName, PayoutView } from '../../../common/ipc/payouts'
import { Banner, Button, Card, Dialog, Icon, Spinner, Tabs } from '../../components'
import { useAction } from '../../components/kit'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { saySaid } from '../../i18n/errors'
import { formatDateTime, groupDigits } from '../../lib/format'
import { useEnvironment } from '../../store/environment'
import { sortedPayouts, usePayouts } from '../../store/payouts'
import { AuditTable, Progress, ReasonDialog, StateChip, VerificationBadge } from './parts'
import { ReviewPanel } from './ReviewPanel'
import { amountOf, meaningOf, purposeText, stateLabelOf } from './words'

type Filter = 'all' | 'attention' | 'moving' | 'done'
const FILTERS: Array<{ id: Filter; states: PayoutView['state'][] | null }> = [
  { id: 'all', states: null },
  {
    id: 'attention',
    states: ['draft', 'needs_review', 'unknown', 'expired', 'failed', 'reversed'],
  },
  {
    id: 'moving',
    states: ['awaiting_approval', 'approved', 'sending', 'submitted'],
  },
  { id: 'done', states: ['success', 'rejected'] },
]

export function Outbox({ onEdit }: { onEdit: (view: PayoutView) => void }) {
  const { t } = useTranslation()
  const tabs = FILTERS.map((f) => ({ id: f.id, label: t(`payouts.outbox.${f.id}`) }))
  const items = usePayouts((s) => s.items)
  const status = usePayouts((s) => s.status)
  const loadError = usePayouts((s) => s.loadError)
  const [filter, setFilter] = useState<Filter>('all')
  const [history, setHistory] = useState<PayoutView | null>(null)
  const [withdrawing, setWithdrawing] = useState<PayoutView | null>(null)
  const list = useMemo(() => {
    const states = FILTERS.find((f) => f.id === filter)?.states
    return sortedPayouts(items).filter((view) => !states || states.includes(view.state))
  }, [items, filter])
  const scroller = useRef<HTMLDivElement>(null)
  // The list scrolls with the screen (one scroll area, never one inside another): the
  // virtualizer follows the frame's scroller, offset by where the list starts in it.
  const [margin, setMargin] = useState(0)
  const shown = list.length > 0
  useLayoutEffect(() => {
    const main = document.getElementById('main-content')
    const list = scroller.current
    if (!main || !list) return
    const measure = () =>
      setMargin(
        list.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop,
      )
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(main)
    if (list.parentElement) observer.observe(list.parentElement)
    return () => observer.disconnect()
  }, [shown])
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: list.length,
    getScrollElement: () => document.getElementById('main-content'),
    estimateSize: () => 170,
    overscan: 6,
    scrollMargin: margin,
  })
  const waiting = Object.values(items).some((v) => v.problem?.transient)

  return (
    <Card
      title={t('payouts.outbox.title')}
      className="po-outbox"
      description={
        status
          ? t(status.failed ? 'payouts.outbox.summaryFailed' : 'payouts.outbox.summary', {
              pending: status.pending,
              awaiting: status.awaitingApproval,
              failed: status.failed,
            })
          : t('common.loading')
      }
      actions={
        waiting ? (
          <Button size="sm" icon="refresh" onClick={() => void call('payouts.retryNow')}>
            {t('payouts.outbox.retryNow')}
          </Button>
        ) : undefined
      }
    >
      {status?.blocked && (
        <Banner tone="danger" title={t('payouts.outbox.blocked')}>
          {status.blocked}
        </Banner>
      )}
      {loadError && <Banner tone="danger" title={loadError} />}
      <Tabs
        label={t('payouts.outbox.show')}
        tabs={tabs}
        selected={filter}
        onSelect={setFilter}
        look="payouts"
        className="po-filters"
      />
      {list.length === 0 ? (
        <p className="muted po-empty">{t('payouts.outbox.empty')}</p>
      ) : (
        <div ref={scroller} className="po-list" data-testid="outbox">
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((row) => {
              const view = list[row.index]!
              return (
                <div
                  key={view.reference}
                  ref={virtual.measureElement}
                  data-index={row.index}
                  className="po-list__row"
                  style={{ transform: `translateY(${row.start - margin}px)` }}
                >
                  <PayoutRow
                    view={view}
                    onEdit={onEdit}
                    onHistory={setHistory}
                    onWithdraw={setWithdrawing}
                  />
                </div>
              )
            })}
          </div>
        </div>
      )}
      <HistoryDialog view={history} onClose={() => setHistory(null)} />
      <WithdrawDialog view={withdrawing} onClose={() => setWithdrawing(null)} />
    </Card>
  )
}

const ACTION_LABEL = {
  submit: 'payouts.row.submit',
  resubmit: 'payouts.row.resubmit',
  acceptBankName: 'payouts.row.acceptBankName',
} as const satisfies Partial<Record<PayoutActionName, string>>

function PayoutRow({
  view,
  onEdit,
  onHistory,
  onWithdraw,
}: {
  view: PayoutView
  onEdit: (view: PayoutView) => void
  onHistory: (view: PayoutView) => void
  onWithdraw: (view: PayoutView) => void
}) {
  const { t } = useTranslation()
  const connectivity = useEnvironment((s) => s.status?.connectivity ?? 'unknown')
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = async (action: 'submit' | 'resubmit' | 'acceptBankName') => {
    setBusy(action)
    setError(null)
    try {
      const channel =
        action === 'submit'
          ? 'payouts.submit'
          : action === 'resubmit'
            ? 'payouts.resubmit'
            : 'payouts.acceptBankName'
      usePayouts.getState().upsert([await call(channel, { reference: view.reference })])
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(null)
    }
  }
  const problemTone = view.problem ? (view.problem.transient ? 'warning' : 'danger') : null
  return (
    <article
      className={`po-row po-row--${view.progress.tone}`}
      data-testid="payout-row"
      data-reference={view.reference}
      aria-label={t('payouts.row.label', {
        amount: amountOf(view),
        name: view.accountName,
        state: stateLabelOf(view),
      })}
    >
      <header className="po-row__head">
        <StateChip view={view} />
        <span className="po-row__amount">{amountOf(view)}</span>
      </header>
      <p className="po-row__payee">
        <strong>{view.accountName}</strong>
        <span className="muted">
          {view.bankName} · <span className="mono nowrap">{groupDigits(view.accountNumber)}</span>
        </span>
        <span className="po-row__for" data-testid="payout-for">
          {purposeText(view)}
        </span>
      </p>
      <Progress view={view} />
      <p className="po-row__meaning">{meaningOf(view, connectivity)}</p>
      {view.problem && problemTone && (
        <p
          className={`po-row__problem po-row__problem--${problemTone}`}
          role={problemTone === 'danger' ? 'alert' : undefined}
        >
          <Icon name="alert" size={16} /> {saySaid(view.problem.say, view.problem.message)}
        </p>
      )}
      {view.decision && (
        <p className="po-row__decision">
          {t(view.state === 'rejected' ? 'payouts.row.stoppedBy' : 'payouts.row.decidedBy', {
            name: view.decision.byName,
            reason: view.decision.reason,
          })}
        </p>
      )}
      {view.outcome && <ReviewPanel view={view} />}
      {view.approval && view.state === 'approved' && (
        <p className="po-row__decision">
          {t('payouts.row.approvedBy', {
            name: view.approval.byName,
            at: formatDateTime(view.approval.at),
            until: formatDateTime(view.approval.expiresAt),
          })}
        </p>
      )}
      {error && <p className="field__error">{error}</p>}
      <footer className="po-row__foot">
        <span className="mono small muted">{view.reference}</span>
        <span className="po-row__actions">
          <Button size="sm" variant="ghost" icon="clock" onClick={() => onHistory(view)}>
            {t('payouts.row.history')}
          </Button>
          {view.actions.includes('edit') && (
            <Button size="sm" onClick={() => onEdit(view)}>
              {t('payouts.row.edit')}
            </Button>
          )}
          {view.actions.includes('withdraw') && (
            <Button size="sm" variant="ghost" onClick={() => onWithdraw(view)}>
              {t('payouts.row.withdraw')}
            </Button>
          )}
          {(['acceptBankName', 'resubmit', 'submit'] as const)
            .filter((a) => view.actions.includes(a))
            .map((a) => (
              <Button
                key={a}
                size="sm"
                variant="primary"
                busy={busy === a}
                onClick={() => void run(a)}
              >
                {t(ACTION_LABEL[a])}
              </Button>
            ))}
        </span>
      </footer>
    </article>
  )
}

function HistoryDialog({ view, onClose }: { view: PayoutView | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={view !== null}
      onClose={onClose}
      title={
        view ? t('payouts.history.title', { amount: amountOf(view), name: view.accountName }) : ''
      }
    >
      {view && <PayoutHistory key={view.reference} reference={view.reference} />}
    </Dialog>
  )
}

function PayoutHistory({ reference }: { reference: string }) {
  const { t } = useTranslation()
  const [audit, setAudit] = useState<AuditView | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    call('payouts.audit', { reference }).then(
      (result) => live && setAudit(result),
      (e: unknown) => live && setError(messageOf(e)),
    )
    return () => {
      live = false
    }
  }, [reference])
  if (error) return <Banner tone="danger" title={error} />
  if (!audit) return <Spinner label={t('payouts.history.reading')} />
  return (
    <>
      <VerificationBadge verification={audit.verification} />
      <AuditTable entries={audit.entries} showReference={false} />
    </>
  )
}

/** A refused withdrawal: what is wrong with the reason, else main's message. */
const describeWithdrawal = (problem: unknown) => fieldsOf(problem).reason ?? messageOf(problem)

function WithdrawDialog({ view, onClose }: { view: PayoutView | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const { busy, error, setError, run } = useAction(describeWithdrawal)
  const close = () => {
    setReason('')
    setError(null)
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!view) return
    const done = await run(async () =>
      usePayouts
        .getState()
        .upsert([await call('payouts.withdraw', { reference: view.reference, reason })]),
    )
    if (done) close()
  }
  return (
    <ReasonDialog
      open={view !== null}
      onClose={close}
      title={
        view ? t('payouts.withdraw.title', { amount: amountOf(view), name: view.accountName }) : ''
      }
      intro={t('payouts.withdraw.intro')}
      label={t('payouts.withdraw.reason')}
      reason={reason}
      onReason={setReason}
      error={error}
      cancelLabel={t('payouts.withdraw.keep')}
      submitLabel={t('payouts.withdraw.submit')}
      busy={busy}
      onSubmit={submit}
    />
  )
}
