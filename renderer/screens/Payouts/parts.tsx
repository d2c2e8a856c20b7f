// Pieces shared by the Payouts and Approvals screens: state chips, the progress steps, the
// bank picker, a payout's details, and the audit log table. They show what main decided.
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type {
  AuditEntryView,
  AuditVerification,
  BankOption,
  PayoutView,
} from '../../../common/ipc/payouts'
import { searchBanks } from '../../../common/ipc/payouts'
import { Badge, FieldShell, Icon, TextField, type Tone } from '../../components'
import { DataTable, DetailList, FormDialog } from '../../components/kit'
import { countOf, formatDateTime, groupDigits } from '../../lib/format'
import { purposeText } from './words'
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
      <Badge tone={CHIP_TONE[view.progress.tone]}>{view.stateLabel}</Badge>
    </span>
  )
}

const STEPS = ['Drafted', 'Approval', 'Approved', 'Sending', 'With bank', 'Paid']

/** Six steps from draft to paid; the current one is marked, a failure shown in red. */
export function Progress({ view }: { view: PayoutView }) {
  const { step, tone } = view.progress
  return (
    <ol
      className={`po-steps po-steps--${tone}`}
      aria-label={`Progress: step ${step} of 6, ${view.stateLabel}`}
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
            <span className="po-steps__label">{n === step ? view.stateLabel : label}</span>
          </li>
        )
      })}
    </ol>
  )
}

/** One time format everywhere (renderer/lib/format.ts): "24 Nov 2026, 14:05". */
export const shortTime = (iso: string): string => formatDateTime(iso)

/** What a supervisor approves: every field the approval is bound to, large and labelled. */
export function BoundDetails({ view }: { view: PayoutView }) {
  return (
    <DetailList
      className="po-bound"
      grouped
      testId="bound-details"
      items={[
        { label: 'Amount', value: view.amountText, className: 'po-bound__amount' },
        {
          label: 'Pay to',
          className: 'po-bound__payee',
          value: (
            <>
              {view.accountName}
              <span className={`po-namecheck po-namecheck--${view.nameCheck?.status ?? 'none'}`}>
                <Icon name={view.nameCheck?.status === 'matched' ? 'check' : 'alert'} size={16} />
                {view.nameCheckText}
              </span>
            </>
          ),
        },
        {
          label: 'Bank',
          value: (
            <>
              {view.bankName} <span className="muted">({view.bankCode})</span>
            </>
          ),
        },
        {
          label: 'Account number',
          value: groupDigits(view.accountNumber),
          valueClassName: 'mono',
        },
        { label: 'For', value: purposeText(view) },
        view.recipientEmail && { label: 'Receipt to', value: view.recipientEmail },
        { label: 'Reference', value: view.reference, valueClassName: 'mono' },
        { label: 'Made by', value: `${view.createdBy.name}, ${shortTime(view.createdAt)}` },
        {
          label: 'Approval code',
          title: view.bindingHash,
          value: (
            <>
              <span className="mono">
                {view.bindingHash.slice(0, 4).toUpperCase()}-
                {view.bindingHash.slice(4, 8).toUpperCase()}
              </span>
              <span className="muted small"> changes if any detail above changes</span>
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
      label="Bank"
      hint={hint}
      error={error}
      aside={value && <span className="muted mono">code {value.code}</span>}
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
            placeholder="Bank name or code (058)"
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
            <ul className="po-combo__list" id={listId} role="listbox" aria-label="Banks">
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
            <p className="po-combo__empty">No bank matches “{query}”.</p>
          )}
        </div>
      )}
    </FieldShell>
  )
}

export function VerificationBadge({ verification }: { verification: AuditVerification }) {
  return verification.ok ? (
    <span className="po-verified" data-testid="audit-verified">
      <Icon name="shield" size={18} />
      <span title={`Seal of the latest record: ${verification.head}`}>
        Verified: all {countOf(verification.records, 'record')} are as written; none changed or
        removed.
      </span>
    </span>
  ) : (
    <span className="po-verified po-verified--bad" role="alert" data-testid="audit-verified">
      <Icon name="alert" size={18} />
      {verification.problem ?? 'The audit log failed verification.'}
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
  if (entries.length === 0) return <p className="muted">Nothing recorded yet.</p>
  return (
    <div className="po-audit">
      <DataTable
        className="table"
        testId="audit-table"
        rows={entries}
        rowKey={(entry) => entry.seq}
        columns={[
          { header: 'When', className: 'nowrap', cell: (entry) => shortTime(entry.at) },
          {
            header: 'Who',
            cell: (entry) => (
              <>
                <strong>{entry.who}</strong>
                <div className="muted small">
                  {entry.role === 'system' ? 'automatic' : entry.role}
                </div>
              </>
            ),
          },
          showReference && {
            header: 'Payout',
            className: 'mono small',
            cell: (entry) => entry.reference,
          },
          { header: 'What happened', cell: (entry) => entry.what },
          {
            header: 'State',
            className: 'nowrap small',
            cell: (entry) =>
              entry.from && entry.to ? `${entry.from} → ${entry.to}` : (entry.to ?? ''),
          },
          { header: 'Why', cell: (entry) => entry.why ?? '' },
        ]}
      />
    </div>
  )
}

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
