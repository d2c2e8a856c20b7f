// The Approvals screen (supervisors): the payouts waiting for a decision, the exact details an
// approval is bound to, PIN re-entry, approve or reject with a reason, and the audit log with
// its verification and export. Works offline: approving needs no connection.
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { AuditView, PayoutPolicyView, PayoutView } from '../../../common/ipc/payouts'
import {
  Banner,
  Button,
  Card,
  EmptyState,
  PinPad,
  Spinner,
  Tabs,
  TextField,
} from '../../components'
import { saySaid } from '../../i18n/errors'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'
import { useSession } from '../../store/session'
import { approvalQueue, connectPayouts, sortedPayouts, usePayouts } from '../../store/payouts'
import {
  AuditTable,
  BoundDetails,
  download,
  ReasonDialog,
  shortTime,
  StateChip,
  VerificationBadge,
} from '../Payouts/parts'
import { amountOf, meaningOf } from '../Payouts/words'
import '../Payouts/payouts.css'
import { OtherTills } from './OtherTills'

type Tab = 'queue' | 'audit' | 'limits'

export default function ApprovalsScreen() {
  const [tab, setTab] = useState<Tab>('queue')
  const { t } = useTranslation()
  useEffect(() => connectPayouts(), [])
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'queue', label: t('approvals.tabs.queue') },
    { id: 'audit', label: t('approvals.tabs.audit') },
    { id: 'limits', label: t('approvals.tabs.limits') },
  ]
  return (
    <div className="po-screen po-screen--approvals">
      <Tabs
        label={t('approvals.tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        look="payouts"
      />
      {tab === 'queue' ? (
        <>
          <Queue />
          <OtherTills />
        </>
      ) : tab === 'audit' ? (
        <AuditLog />
      ) : (
        <Limits />
      )}
    </div>
  )
}

function Queue() {
  const items = usePayouts((s) => s.items)
  const offline = useEnvironment((s) => s.status?.connectivity === 'offline')
  const queue = useMemo(() => approvalQueue(sortedPayouts(items)), [items])
  const [selected, setSelected] = useState<string | null>(null)
  // The last decision stays on screen after its payout leaves the queue.
  const [decided, setDecided] = useState<PayoutView | null>(null)
  const current = queue.find((v) => v.reference === selected) ?? queue[0] ?? null
  const { t } = useTranslation()

  // The decision first: on a narrow screen it is what the supervisor sees, with Approve, and the
  // queue goes under it (the grid puts the queue on the left when there is room).
  return (
    <div className="po-approvals">
      <div className="po-decision-column">
        {decided && (
          <Banner
            tone={decided.state === 'rejected' ? 'info' : 'success'}
            title={t(
              decided.state === 'rejected'
                ? 'approvals.queue.rejected'
                : 'approvals.queue.approved',
              { amount: amountOf(decided), name: decided.accountName },
            )}
          >
            {meaningOf(decided, 'unknown')}
          </Banner>
        )}
        {current && (
          <Decision
            key={current.reference + current.bindingHash}
            view={current}
            onDecided={(view) => {
              setDecided(view)
              setSelected(null)
            }}
          />
        )}
      </div>
      <Card
        title={t('approvals.queue.title')}
        description={queue.length ? t('approvals.queue.count', { count: queue.length }) : undefined}
        className="po-queue"
      >
        {offline && (
          <Banner tone="info" title={t('approvals.queue.offlineTitle')}>
            {t('approvals.queue.offlineBody')}
          </Banner>
        )}
        {queue.length === 0 ? (
          <EmptyState icon="approvals" title={t('approvals.queue.emptyTitle')}>
            {t('approvals.queue.emptyBody')}
          </EmptyState>
        ) : (
          <ul className="po-queue__list" aria-label={t('approvals.queue.list')}>
            {queue.map((view) => (
              <li key={view.reference}>
                <button
                  type="button"
                  className={
                    view.reference === current?.reference
                      ? 'po-queue__item is-selected'
                      : 'po-queue__item'
                  }
                  aria-pressed={view.reference === current?.reference}
                  onClick={() => {
                    setSelected(view.reference)
                    // The decision is above the queue (beside it with room): picked from
                    // further down, the payout's details and Approve come into view.
                    document.getElementById('main-content')?.scrollTo?.({ top: 0 })
                  }}
                  data-testid="queue-item"
                >
                  <span className="po-queue__amount">{amountOf(view)}</span>
                  <span className="po-queue__payee">{view.accountName}</span>
                  <span className="po-queue__meta">
                    <StateChip view={view} />{' '}
                    {t('approvals.queue.by', {
                      name: view.createdBy.name,
                      time: shortTime(view.submittedAt ?? view.createdAt),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

function Decision({
  view,
  onDecided,
}: {
  view: PayoutView
  onDecided: (view: PayoutView) => void
}) {
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState(false)
  const canApprove = view.actions.includes('approve')
  const canReject = view.actions.includes('reject')
  const { t } = useTranslation()

  const approve = async () => {
    if (!canApprove) return
    setBusy('approve')
    setError(null)
    try {
      const result = await call('payouts.approve', {
        reference: view.reference,
        pin,
        bindingHash: view.bindingHash,
      })
      usePayouts.getState().upsert([result])
      onDecided(result)
    } catch (problem) {
      setError(fieldsOf(problem).pin ?? messageOf(problem))
      setPin('')
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card
      title={t(
        view.state === 'needs_review'
          ? 'approvals.decision.reviewTitle'
          : 'approvals.decision.checkTitle',
      )}
      className="po-decision"
    >
      {view.state === 'needs_review' && (
        <Banner tone="warning" title={t('approvals.decision.nameMismatch')}>
          {saySaid(view.reviewReasonSay, view.reviewReason ?? '')}
        </Banner>
      )}
      <div className="po-decision__body">
        <BoundDetails view={view} />
        {view.approveBlocked && (
          <Banner tone="warning" title={t('approvals.decision.blocked')} className="po-blocked">
            {saySaid(view.approveBlockedSay, view.approveBlocked)}
          </Banner>
        )}
        {(canApprove || canReject) && (
          <form
            className="po-decision__form"
            aria-label={t('approvals.decision.form')}
            onSubmit={(event: FormEvent) => {
              event.preventDefault()
              void approve()
            }}
          >
            <PinPad
              value={pin}
              onChange={(next) => {
                setPin(next)
                setError(null)
              }}
              onSubmit={() => void approve()}
              label={t('approvals.decision.pin')}
              error={error}
              disabled={busy !== null}
            />
            {canApprove && (
              <Button
                type="submit"
                variant="success"
                size="lg"
                icon="check"
                busy={busy === 'approve'}
                disabled={pin.length < 4}
              >
                {t('approvals.decision.approve', { amount: amountOf(view) })}
              </Button>
            )}
            {canReject && (
              <Button
                variant="danger"
                onClick={() => setRejecting(true)}
                disabled={busy !== null || pin.length < 4}
              >
                {t('approvals.decision.reject')}
              </Button>
            )}
            {/* Under the buttons, not above the details: at 1280 × 800 the card's header line
                pushed Approve below the window. */}
            <p className="muted small po-decision__bound-note">{t('approvals.decision.bound')}</p>
          </form>
        )}
      </div>
      <RejectDialog
        view={rejecting ? view : null}
        pin={pin}
        onClose={() => setRejecting(false)}
        onDone={(result) => {
          setRejecting(false)
          usePayouts.getState().upsert([result])
          onDecided(result)
        }}
      />
    </Card>
  )
}

function RejectDialog({
  view,
  pin,
  onClose,
  onDone,
}: {
  view: PayoutView | null
  pin: string
  onClose: () => void
  onDone: (view: PayoutView) => void
}) {
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!view) return
    setBusy(true)
    setError(null)
    try {
      onDone(await call('payouts.reject', { reference: view.reference, pin, reason }))
      setReason('')
    } catch (problem) {
      setError(fieldsOf(problem).reason ?? messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  return (
    <ReasonDialog
      open={view !== null}
      onClose={onClose}
      title={
        view ? t('approvals.reject.title', { amount: amountOf(view), name: view.accountName }) : ''
      }
      intro={t('approvals.reject.intro')}
      label={t('approvals.reject.reason')}
      reason={reason}
      onReason={setReason}
      maxLength={300}
      error={error}
      cancelLabel={t('approvals.reject.back')}
      submitLabel={t('approvals.reject.submit')}
      busy={busy}
      disabled={reason.trim().length < 3}
      onSubmit={submit}
    />
  )
}

function AuditLog() {
  const [audit, setAudit] = useState<AuditView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [version, setVersion] = useState(0)
  const { t } = useTranslation()
  useEffect(() => {
    let live = true
    call('payouts.audit', {}).then(
      (result) => live && setAudit(result),
      (e: unknown) => live && setError(messageOf(e)),
    )
    return () => {
      live = false
    }
  }, [version])
  const load = () => {
    setError(null)
    setVersion((n) => n + 1)
  }
  const exportLog = async () => {
    setExporting(true)
    try {
      const file = await call('payouts.auditExport')
      download(file.content, file.filename, file.mediaType)
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setExporting(false)
    }
  }
  return (
    <Card
      title={t('approvals.audit.title')}
      description={t('approvals.audit.help')}
      actions={
        <>
          <Button size="sm" icon="refresh" onClick={load}>
            {t('approvals.audit.refresh')}
          </Button>
          <Button size="sm" variant="primary" busy={exporting} onClick={() => void exportLog()}>
            {t('approvals.audit.export')}
          </Button>
        </>
      }
    >
      {error && <Banner tone="danger" title={error} />}
      {!audit && !error && <Spinner label={t('approvals.audit.reading')} />}
      {audit && (
        <>
          <VerificationBadge verification={audit.verification} />
          <p className="muted small">
            {/* The badge is Badge's own markup: Trans fills an element's children itself. */}
            <Trans
              t={t}
              i18nKey="approvals.audit.showing"
              count={audit.verification.records}
              values={{ shown: audit.entries.length }}
              components={{ badge: <span className="badge badge--neutral" /> }}
            />
          </p>
          <AuditTable entries={audit.entries} />
        </>
      )}
    </Card>
  )
}

const ROLES = [
  { id: 'cashier', label: 'approvals.limits.cashier' },
  { id: 'supervisor', label: 'approvals.limits.supervisor' },
  { id: 'admin', label: 'approvals.limits.admin' },
] as const

/** Limits per role; admins change them, supervisors see them. Main parses every amount. */
function Limits() {
  const isAdmin = useSession((s) => s.state?.user?.role === 'admin')
  const [policy, setPolicy] = useState<PayoutPolicyView | null>(null)
  const [draft, setDraft] = useState<Record<string, string>>({})
  const [fields, setFields] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()
  useEffect(() => {
    let live = true
    call('payouts.policy').then(
      (result) => live && setPolicy(result),
      (e: unknown) => live && setMessage({ tone: 'danger', text: messageOf(e) }),
    )
    return () => {
      live = false
    }
  }, [])
  if (!policy)
    return message ? (
      <Banner tone="danger" title={message.text} />
    ) : (
      <Spinner label={t('approvals.limits.loading')} />
    )
  const value = (key: string, fallback: string) => draft[key] ?? fallback
  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setMessage(null)
    try {
      const limits = Object.fromEntries(
        ROLES.map(({ id }) => [
          id,
          {
            perItem: value(`${id}.perItem`, policy.limits[id].perItemText),
            perDay: value(`${id}.perDay`, policy.limits[id].perDayText),
          },
        ]),
      )
      const ttl = Number(value('ttl', String(policy.approvalTtlMinutes)))
      setPolicy(await call('payouts.updatePolicy', { limits, approvalTtlMinutes: ttl }))
      setDraft({})
      setMessage({
        tone: 'success',
        text: t('approvals.limits.saved'),
      })
    } catch (problem) {
      setFields(fieldsOf(problem))
      setMessage({ tone: 'danger', text: messageOf(problem) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={t('approvals.limits.title')} description={t('approvals.limits.help')}>
      <form
        className="form"
        onSubmit={(event) => void save(event)}
        aria-label={t('approvals.limits.title')}
      >
        {message && <Banner tone={message.tone} title={message.text} />}
        {ROLES.map(({ id, label }) => (
          <fieldset key={id} className="po-limits__role" disabled={!isAdmin}>
            <legend>{t(label)}</legend>
            <div className="form__row">
              <TextField
                label={t('approvals.limits.perPayout')}
                inputMode="decimal"
                value={value(`${id}.perItem`, policy.limits[id].perItemText)}
                error={fields[`limits.${id}.perItem`]}
                onChange={(e) => setDraft((d) => ({ ...d, [`${id}.perItem`]: e.target.value }))}
              />
              <TextField
                label={t('approvals.limits.perDay')}
                inputMode="decimal"
                value={value(`${id}.perDay`, policy.limits[id].perDayText)}
                error={fields[`limits.${id}.perDay`]}
                onChange={(e) => setDraft((d) => ({ ...d, [`${id}.perDay`]: e.target.value }))}
              />
            </div>
          </fieldset>
        ))}
        <TextField
          label={t('approvals.limits.ttl')}
          inputMode="numeric"
          disabled={!isAdmin}
          value={value('ttl', String(policy.approvalTtlMinutes))}
          error={fields.approvalTtlMinutes}
          hint={t('approvals.limits.ttlHint')}
          onChange={(e) => setDraft((d) => ({ ...d, ttl: e.target.value.replace(/\D/g, '') }))}
        />
        {isAdmin ? (
          <div className="form__actions">
            <Button type="submit" variant="primary" busy={busy}>
              {t('approvals.limits.save')}
            </Button>
          </div>
        ) : (
          <p className="muted">{t('approvals.limits.onlyAdmin')}</p>
        )}
      </form>
    </Card>
  )
}
