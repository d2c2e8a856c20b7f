// Pieces shared by the Payouts and Approvals screens: state chips, the progress steps, the
// bank picker, a payout's details, and the audit log table. They show what main decided.
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type {
  AuditEntryView,
  AuditVerification,
  BankOption,
  PayoutView,
} from '../../../common/ipc/payouts'
import { searchBanks } from '../../../common/ipc/payouts'
import { Badge, FieldShell, Icon, TextField, type Tone } from '../../components'
import { DataTable, DetailList, FormDialog } from '../../components/kit'
import { formatDateTime, groupDigits } from '../../lib/format'
import { amountOf, auditWords, purposeText, stateLabelOf } from './words'
import { download as saveBlob } from '../Collect/browser'

const CHIP_TONE: Record<PayoutView['progress']['tone'], Tone> = {
  neutral: 'neutral',
  busy: 'info',
  good: 'success',
  bad: 'danger',
  attention: 'warning',
}

export function StateChip({ view }: { view: PayoutView }) {
  return (
    <span className="po-chip" data-state={view.state} data-testid="payout-state">
      <Badge tone={CHIP_TONE[view.progress.tone]}>{stateLabelOf(view)}</Badge>
    </span>
  )
}

const STEPS = ['drafted', 'approval', 'approved', 'sending', 'withBank', 'paid'] as const

/** Six steps from draft to paid; the current one is marked, a failure shown in red. */
export function Progress({ view }: { view: PayoutView }) {
  const { t } = useTranslation()
  const { step, tone } = view.progress
  return (
    <ol
      className={`po-steps po-steps--${tone}`}
      aria-label={t('payouts.steps.label', { step, state: stateLabelOf(view) })}
    >
      {STEPS.map((label, index) => {
        const n = index + 1
        const state = n < step ? 'done' : n === step ? 'current' : 'todo'
        return (
          <li
            key={label}
            className={`po-steps__item is-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="po-steps__dot" aria-hidden="true" />
            <span className="po-steps__label">
              {n === step ? stateLabelOf(view) : t(`payouts.steps.${label}`)}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** One time format everywhere (renderer/lib/format.ts): "24 Nov 2026, 14:05". */
export const shortTime = (iso: string): string => formatDateTime(iso)

/** What a supervisor approves: every field the approval is bound to, large and labelled. */
/**
 * The bank's word on the payee's name, in the till's language. A name that matches is not
 * written a second time beside itself: the supervisor reads it once, and the approval fits.
 */
export function nameCheckWords(view: PayoutView, t: TFunction): string {
  const check = view.nameCheck
  if (!check)
    return t(view.nameSource === 'typed' ? 'payouts.bound.check.typed' : 'payouts.bound.check.none')
  if (check.status === 'mismatch')
    return t('payouts.bound.check.mismatch', { bankName: check.bankName })
  return view.nameSource === 'bank'
    ? t('payouts.bound.check.confirmed', { name: view.createdBy.name })
    : t('payouts.bound.check.matched')
}

export function BoundDetails({ view }: { view: PayoutView }) {
  const { t } = useTranslation()
  return (
    <DetailList
      className="po-bound"
      grouped
      testId="bound-details"
      items={[
        { label: t('payouts.bound.amount'), value: amountOf(view), className: 'po-bound__amount' },
        {
          label: t('payouts.bound.payTo'),
          className: 'po-bound__payee',
          value: (
            <>
              {view.accountName}
              <span className={`po-namecheck po-namecheck--${view.nameCheck?.status ?? 'none'}`}>
                <Icon name={view.nameCheck?.status === 'matched' ? 'check' : 'alert'} size={16} />
                {nameCheckWords(view, t)}
              </span>
            </>
          ),
        },
        {
          label: t('payouts.bound.bank'),
          value: (
            <>
              {view.bankName} <span className="muted">({view.bankCode})</span>
            </>
          ),
        },
        {
          label: t('payouts.bound.accountNumber'),
          value: groupDigits(view.accountNumber),
          valueClassName: 'mono',
        },
        { label: t('payouts.bound.for'), value: purposeText(view) },
        view.recipientEmail && { label: t('payouts.bound.receiptTo'), value: view.recipientEmail },
        { label: t('payouts.bound.reference'), value: view.reference, valueClassName: 'mono' },
        {
          label: t('payouts.bound.madeBy'),
          value: t('payouts.bound.madeByValue', {
            name: view.createdBy.name,
            time: shortTime(view.createdAt),
          }),
        },
        {
          label: t('payouts.bound.approvalCode'),
          title: view.bindingHash,
          value: (
            <>
              <span className="mono">
                {view.bindingHash.slice(0, 4).toUpperCase()}-
                {view.bindingHash.slice(4, 8).toUpperCase()}
              </span>
              <span className="muted small"> {t('payouts.bound.codeChanges')}</span>
            </>
          ),
        },
      ]}
    />
  )
}

/**
 * A searchable bank list (combobox): type a name, initials or code; arrows move, Enter picks.
 * Works from the saved list, so it works offline.
 */
export function BankPicker({
  banks,
  value,
  onChange,
  error,
  hint,
}: {
  banks: BankOption[]
  value: BankOption | null
  onChange: (bank: BankOption | null) => void
  error?: string | undefined
  hint?: ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const listId = `${id}-list`
  const [query, setQuery] = useState(value ? value.name : '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const matches = useMemo(() => searchBanks(banks, open ? query : '', 8), [banks, query, open])
  // A bank picked elsewhere (editing a payout) shows its name; typing clears the pick only.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    if (value) setQuery(value.name)
  }

  const pick = (bank: BankOption) => {
    onChange(bank)
    setQuery(bank.name)
    setOpen(false)
  }

  return (
    <FieldShell
      label={t('payouts.bankPicker.label')}
      hint={hint}
      error={error}
      aside={
        value && (
          <span className="muted mono">{t('payouts.bankPicker.code', { code: value.code })}</span>
        )
      }
    >
      {({ id: inputId, describedBy }) => (
        <div className="po-combo">
          <input
            ref={input}
            id={inputId}
            aria-describedby={describedBy}
            className="input"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            placeholder={t('payouts.bankPicker.placeholder')}
            value={query}
            onFocus={() => setOpen(true)}
            onBlur={() => window.setTimeout(() => setOpen(false), 120)}
            onChange={(event) => {
              setQuery(event.target.value)
              setOpen(true)
              setActive(0)
              if (value) onChange(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault()
                setOpen(true)
                setActive((n) => Math.min(n + 1, matches.length - 1))
              } else if (event.key === 'ArrowUp') {
                event.preventDefault()
                setActive((n) => Math.max(n - 1, 0))
              } else if (event.key === 'Enter' && open && matches[active]) {
                event.preventDefault()
                pick(matches[active])
              } else if (event.key === 'Escape' && open) {
                event.stopPropagation()
                setOpen(false)
              }
            }}
          />
          {open && matches.length > 0 && (
            <ul
              className="po-combo__list"
              id={listId}
              role="listbox"
              aria-label={t('payouts.bankPicker.list')}
            >
              {matches.map((bank, index) => (
                <li
                  key={bank.code}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'is-active' : undefined}
                  onMouseDown={(event) => {
                    event.preventDefault()
                    pick(bank)
                  }}
                >
                  <span>{bank.name}</span>
                  <span className="mono muted">{bank.code}</span>
                </li>
              ))}
            </ul>
          )}
          {open && matches.length === 0 && query.trim() !== '' && (
            <p className="po-combo__empty">{t('payouts.bankPicker.noMatch', { query })}</p>
          )}
        </div>
      )}
    </FieldShell>
  )
}

export function VerificationBadge({ verification }: { verification: AuditVerification }) {
  const { t } = useTranslation()
  return verification.ok ? (
    <span className="po-verified" data-testid="audit-verified">
      <Icon name="shield" size={18} />
      <span title={t('payouts.audit.seal', { head: verification.head })}>
        {t('payouts.audit.verified', { count: verification.records })}
      </span>
    </span>
  ) : (
    <span className="po-verified po-verified--bad" role="alert" data-testid="audit-verified">
      <Icon name="alert" size={18} />
      {verification.problem ?? t('payouts.audit.failed')}
    </span>
  )
}

export function AuditTable({
  entries,
  showReference = true,
}: {
  entries: AuditEntryView[]
  showReference?: boolean
}) {
  const { t } = useTranslation()
  if (entries.length === 0) return <p className="muted">{t('payouts.audit.empty')}</p>
  return (
    <div className="po-audit">
      <DataTable
        className="table"
        testId="audit-table"
        rows={entries}
        rowKey={(entry) => entry.seq}
        columns={[
          {
            header: t('payouts.audit.when'),
            className: 'nowrap',
            cell: (entry) => shortTime(entry.at),
          },
          {
            header: t('payouts.audit.who'),
            cell: (entry) => (
              <>
                <strong>{entry.who}</strong>
                <div className="muted small">
                  {entry.role === 'system'
                    ? t('payouts.audit.automatic')
                    : isRole(entry.role)
                      ? t(`roles.${entry.role}`).toLowerCase()
                      : entry.role}
                </div>
              </>
            ),
          },
          showReference && {
            header: t('payouts.audit.payout'),
            className: 'mono small',
            cell: (entry) => entry.reference,
          },
          { header: t('payouts.audit.what'), cell: (entry) => auditWords(entry).what },
          {
            header: t('payouts.audit.state'),
            className: 'nowrap small',
            cell: (entry) => {
              const { from, to } = auditWords(entry)
              return from && to ? `${from} → ${to}` : (to ?? '')
            },
          },
          { header: t('payouts.audit.why'), cell: (entry) => entry.why ?? '' },
        ]}
      />
    </div>
  )
}

const ROLES = ['cashier', 'supervisor', 'admin'] as const
/** A role the catalogue names; anything else main wrote is shown as it came (tolerant reader). */
const isRole = (role: string): role is (typeof ROLES)[number] =>
  (ROLES as readonly string[]).includes(role)

/** Saves text the user asked to export. */
export function download(content: string, filename: string, mediaType: string): void {
  saveBlob(new Blob([content], { type: mediaType }), filename)
}

/** Asks for the reason behind rejecting or withdrawing a payout, then submits it. */
export function ReasonDialog({
  open,
  onClose,
  title,
  intro,
  label,
  reason,
  onReason,
  maxLength,
  error,
  cancelLabel,
  submitLabel,
  busy,
  disabled,
  onSubmit,
}: {
  open: boolean
  onClose: () => void
  title: string
  intro: ReactNode
  label: string
  reason: string
  onReason: (reason: string) => void
  maxLength?: number
  error: string | null
  cancelLabel: string
  submitLabel: string
  busy: boolean
  disabled?: boolean
  onSubmit: (event: FormEvent) => Promise<void>
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      tone="danger"
      onSubmit={onSubmit}
      cancelLabel={cancelLabel}
      submitLabel={submitLabel}
      busy={busy}
      disabled={disabled}
    >
      <p>{intro}</p>
      <TextField
        label={label}
        value={reason}
        autoFocus
        maxLength={maxLength}
        error={error ?? undefined}
        onChange={(e) => onReason(e.target.value)}
      />
    </FormDialog>
  )
}
