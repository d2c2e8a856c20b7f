// The Approvals screen (supervisors): the payouts waiting for a decision, the exact details an
// approval is bound to, PIN re-entry, approve or reject with a reason, and the audit log with
// its verification and export. Works offline: approving needs no connection.
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { AuditView, PayoutPolicyView, PayoutView } from '../../../common/ipc/payouts'
import {
  Badge,
  Banner,
  Button,
  Card,
  EmptyState,
  PinPad,
  Spinner,
  Tabs,
  TextField,
} from '../../components'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'
import { useSession } from '../../store/session'
import { approvalQueue, connectPayouts, sortedPayouts, usePayouts } from '../../store/payouts'
import { countOf, formatNumber } from '../../lib/format'
import {
  AuditTable,
  BoundDetails,
  download,
  ReasonDialog,
  shortTime,
  StateChip,
  VerificationBadge,
} from '../Payouts/parts'
import '../Payouts/payouts.css'
import { OtherTills } from './OtherTills'

type Tab = 'queue' | 'audit' | 'limits'
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'queue', label: 'Waiting for a decision' },
  { id: 'audit', label: 'Audit log' },
  { id: 'limits', label: 'Limits' },
]

export default function ApprovalsScreen() {
  const [tab, setTab] = useState<Tab>('queue')
  useEffect(() => connectPayouts(), [])
  return (
    <div className="po-screen">
      <Tabs label="Approvals" tabs={TABS} selected={tab} onSelect={setTab} look="payouts" />
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

  return (
    <div className="po-approvals">
      <Card
        title="Waiting for a decision"
        description={queue.length ? countOf(queue.length, 'payout') : undefined}
        className="po-queue"
      >
        {offline && (
          <Banner tone="info" title="Offline: approvals still work">
            Approved payouts wait in the outbox and are sent as soon as the gateway is back.
          </Banner>
        )}
        {queue.length === 0 ? (
          <EmptyState icon="approvals" title="Nothing to approve">
            Payouts that cashiers send for approval appear here.
          </EmptyState>
        ) : (
          <ul className="po-queue__list" aria-label="Payouts waiting for a decision">
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
                  onClick={() => setSelected(view.reference)}
                  data-testid="queue-item"
                >
                  <span className="po-queue__amount">{view.amountText}</span>
                  <span className="po-queue__payee">{view.accountName}</span>
                  <span className="po-queue__meta">
                    <StateChip view={view} /> by {view.createdBy.name} ·{' '}
                    {shortTime(view.submittedAt ?? view.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="po-decision-column">
        {decided && (
          <Banner
            tone={decided.state === 'rejected' ? 'info' : 'success'}
            title={`${decided.amountText} to ${decided.accountName} ${decided.state === 'rejected' ? 'rejected' : 'approved'}`}
          >
            {decided.stateMeaning}
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
      title={view.state === 'needs_review' ? 'Held for review' : 'Check every detail, then approve'}
      description="Your approval is bound to exactly these details. If anyone changes any of them, the approval is cancelled."
      className="po-decision"
    >
      {view.state === 'needs_review' && (
        <Banner tone="warning" title="The bank’s name does not match">
          {view.reviewReason}
        </Banner>
      )}
      <div className="po-decision__body">
        <BoundDetails view={view} />
        {view.approveBlocked && (
          <Banner tone="warning" title="You can’t approve this one" className="po-blocked">
            {view.approveBlocked}
          </Banner>
        )}
        {(canApprove || canReject) && (
          <form
            className="po-decision__form"
            aria-label="Decision"
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
              label="Your PIN, to sign this decision"
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
                Approve {view.amountText}
              </Button>
            )}
            {canReject && (
              <Button
                variant="danger"
                onClick={() => setRejecting(true)}
                disabled={busy !== null || pin.length < 4}
              >
                Reject…
              </Button>
            )}
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
      title={view ? `Reject ${view.amountText} to ${view.accountName}?` : ''}
      intro="The cashier sees your reason. Nothing is paid."
      label="Reason (required)"
      reason={reason}
      onReason={setReason}
      maxLength={300}
      error={error}
      cancelLabel="Back"
      submitLabel="Reject payout"
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
      title="Audit log"
      description="Every step of every payout: who, when and why. Each record is sealed with the one before, so any change or deletion shows."
      actions={
        <>
          <Button size="sm" icon="refresh" onClick={load}>
            Refresh
          </Button>
          <Button size="sm" variant="primary" busy={exporting} onClick={() => void exportLog()}>
            Export
          </Button>
        </>
      }
    >
      {error && <Banner tone="danger" title={error} />}
      {!audit && !error && <Spinner label="Reading and verifying the audit log" />}
      {audit && (
        <>
          <VerificationBadge verification={audit.verification} />
          <p className="muted small">
            Showing the latest {formatNumber(audit.entries.length)} of{' '}
            {countOf(audit.verification.records, 'record')}. <Badge tone="neutral">Export</Badge>{' '}
            saves all of them with their seals, for an auditor to re-check.
          </p>
          <AuditTable entries={audit.entries} />
        </>
      )}
    </Card>
  )
}

const ROLES = [
  { id: 'cashier', label: 'Cashier (what they may send for approval)' },
  { id: 'supervisor', label: 'Supervisor (what they may approve)' },
  { id: 'admin', label: 'Admin (what they may approve)' },
] as const

/** Limits per role; admins change them, supervisors see them. Main parses every amount. */
function Limits() {
  const isAdmin = useSession((s) => s.state?.user?.role === 'admin')
  const [policy, setPolicy] = useState<PayoutPolicyView | null>(null)
  const [draft, setDraft] = useState<Record<string, string>>({})
  const [fields, setFields] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
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
      <Spinner label="Loading limits" />
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
        text: 'Limits saved. They apply from the next payout or approval.',
      })
    } catch (problem) {
      setFields(fieldsOf(problem))
      setMessage({ tone: 'danger', text: messageOf(problem) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card
      title="Payout limits"
      description="Per payout, and per day for each person. Payouts to one account in a day are added up, so splitting a payout does not get around the per-payout limit."
    >
      <form className="form" onSubmit={(event) => void save(event)} aria-label="Payout limits">
        {message && <Banner tone={message.tone} title={message.text} />}
        {ROLES.map(({ id, label }) => (
          <fieldset key={id} className="po-limits__role" disabled={!isAdmin}>
            <legend>{label}</legend>
            <div className="form__row">
              <TextField
                label="Per payout"
                inputMode="decimal"
                value={value(`${id}.perItem`, policy.limits[id].perItemText)}
                error={fields[`limits.${id}.perItem`]}
                onChange={(e) => setDraft((d) => ({ ...d, [`${id}.perItem`]: e.target.value }))}
              />
              <TextField
                label="Per day"
                inputMode="decimal"
                value={value(`${id}.perDay`, policy.limits[id].perDayText)}
                error={fields[`limits.${id}.perDay`]}
                onChange={(e) => setDraft((d) => ({ ...d, [`${id}.perDay`]: e.target.value }))}
              />
            </div>
          </fieldset>
        ))}
        <TextField
          label="An approval expires after (minutes)"
          inputMode="numeric"
          disabled={!isAdmin}
          value={value('ttl', String(policy.approvalTtlMinutes))}
          error={fields.approvalTtlMinutes}
          hint="If the payout can’t be sent by then (for example, offline all day), it needs a fresh approval."
          onChange={(e) => setDraft((d) => ({ ...d, ttl: e.target.value.replace(/\D/g, '') }))}
        />
        {isAdmin ? (
          <div className="form__actions">
            <Button type="submit" variant="primary" busy={busy}>
              Save limits
            </Button>
          </div>
        ) : (
          <p className="muted">Only an admin can change these.</p>
        )}
      </form>
    </Card>
  )
}
