// Small pieces the Payments, Refunds, Mandates and Reports screens share: status badges in
// words a cashier knows, money and time as people read them, and the checkout QR code.
// Nothing here decides a state or computes an amount: main already did.
import { formatDate, formatMoney, formatMonth, formatWhen } from '../../lib/format'
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { t } from '../../i18n'
import { fieldsOf, summaryOf } from '../../lib/pos'
import type { QrMatrix, UnknownOutcomeView } from '../../../common/ipc/payments'
import { CURRENCIES, type Currency, type Minor } from '../../../common/money'
import { MoneyInput, SelectField } from '../../components'
import {
  InlineLookup,
  WordBadge,
  type Column,
  type StateWords as StatusWords,
} from '../../components/kit'
import { canSee } from '../../app/roles'
import { useSession } from '../../store/session'

/** The signed-in user may do what a supervisor does (main checks the same rule). */
export const useSupervisor = (): boolean =>
  canSee(
    useSession((s) => s.state?.user?.role),
    'supervisor',
  )

// Each status's words are looked up when a badge is drawn, so a badge follows the till's
// language. Where the glossary has the word (docs/glossary.md: money out that arrived is
// "Paid", money in is "Received"; a payout the bank sent back is "Returned"), it is the shared
// `status.*` text; the gateway screens' own words are under `payments.status`.
interface StatusText {
  label: () => string
  tone: StatusWords['tone']
}
const PAYMENT: Record<string, StatusText> = {
  starting: { label: () => t('payments.status.starting'), tone: 'info' },
  pending: { label: () => t('payments.status.waitingCustomer'), tone: 'warning' },
  success: { label: () => t('status.paid'), tone: 'success' },
  failed: { label: () => t('payments.status.declined'), tone: 'danger' },
  abandoned: { label: () => t('payments.status.abandoned'), tone: 'neutral' },
  not_paid: { label: () => t('payments.status.notPaidChecked'), tone: 'neutral' },
}
const REFUND: Record<string, StatusText> = {
  pending: { label: () => t('payments.status.requested'), tone: 'info' },
  processing: { label: () => t('status.processing'), tone: 'warning' },
  success: { label: () => t('payments.status.refunded'), tone: 'success' },
  failed: { label: () => t('status.failed'), tone: 'danger' },
}
const MANDATE: Record<string, StatusText> = {
  pending_activation: { label: () => t('payments.status.needsActivation'), tone: 'warning' },
  active: { label: () => t('payments.status.active'), tone: 'success' },
  cancelled: { label: () => t('status.cancelled'), tone: 'neutral' },
  expired: { label: () => t('payments.status.expired'), tone: 'neutral' },
}
const DEBIT: Record<string, StatusText> = {
  starting: { label: () => t('payments.status.sending'), tone: 'info' },
  not_sent: { label: () => t('payments.status.notSent'), tone: 'neutral' },
  not_paid: { label: () => t('payments.status.notPaidChecked'), tone: 'neutral' },
  pending: { label: () => t('status.processing'), tone: 'warning' },
  success: { label: () => t('payments.status.collected'), tone: 'success' },
  failed: { label: () => t('status.failed'), tone: 'danger' },
}
const TRANSFER: Record<string, StatusText> = {
  pending: { label: () => t('payments.status.pending'), tone: 'info' },
  processing: { label: () => t('status.processing'), tone: 'warning' },
  success: { label: () => t('status.paid'), tone: 'success' },
  failed: { label: () => t('status.failed'), tone: 'danger' },
  reversed: { label: () => t('status.returned'), tone: 'danger' },
}
const TRANSFER_IN: Record<string, StatusText> = {
  processing: { label: () => t('status.processing'), tone: 'warning' },
  success: { label: () => t('status.received'), tone: 'success' },
  failed: { label: () => t('status.failed'), tone: 'danger' },
}

export const STATUS_WORDS = {
  payment: PAYMENT,
  refund: REFUND,
  mandate: MANDATE,
  debit: DEBIT,
  transfer: TRANSFER,
  transferIn: TRANSFER_IN,
} as const

/** An item whose outcome the till could not learn reads so, whatever step its status is at. */
const OUTCOME: Record<'unknown' | 'needs_review', StatusText> = {
  unknown: { label: () => t('status.unknown'), tone: 'warning' },
  needs_review: { label: () => t('status.needsReview'), tone: 'warning' },
}

export function StatusBadge({
  kind,
  status,
  outcome,
}: {
  kind: keyof typeof STATUS_WORDS
  status: string
  /** The item's unknown outcome, if any: an unknown debit read "Sending" beside its notice. */
  outcome?: Pick<UnknownOutcomeView, 'state'> | null
}) {
  // Subscribes the badge to language changes; the words below are read in the new language.
  useTranslation()
  const open = outcome && outcome.state !== 'decided' ? outcome.state : null
  const words = Object.fromEntries(
    Object.entries(open ? OUTCOME : STATUS_WORDS[kind]).map(([key, text]) => [
      key,
      { label: text.label(), tone: text.tone },
    ]),
  )
  // `unknown`: the gateway used a status word Tilldesk does not know; never shown as failed.
  return <WordBadge words={words} status={open ?? status} />
}

/**
 * How a payment was made, in the till's language. Getters, so a screen that reads
 * `METHOD_LABEL[method]` while it renders gets the words of the current language; a method
 * the till does not know has no entry and is shown as the gateway wrote it.
 */
export const METHOD_LABEL: Readonly<Record<string, string>> = {
  get card() {
    return t('payments.method.card')
  },
  get bank_transfer() {
    return t('payments.method.bankTransfer')
  },
  get ussd() {
    return t('payments.method.ussd')
  },
}

/** An amount as the gateway gave it; one it left out is said to be missing, never made up. */
export const money = (amount: Minor | null, currency: Currency | string | null): string =>
  amount === null || currency === null ? t('payments.notGiven') : formatMoney(amount, currency)

/** "Today, 14:05", "Yesterday, 14:05" or "24 Nov 2026, 14:05": the one time format (lib/format). */
export function when(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return formatWhen(date)
}

/** A calendar day (YYYY-MM-DD) as "3 Jan 2026"; the date is read as written, not shifted. */
export function day(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00`)
  return Number.isNaN(date.getTime()) ? isoDay : formatDate(date)
}

/** The QR code main encoded, drawn as one SVG path (crisp at any size, no image data). */
export function QrCode({ matrix, label }: { matrix: QrMatrix; label: string }) {
  const path = useMemo(() => {
    let d = ''
    for (let row = 0; row < matrix.size; row++)
      for (let col = 0; col < matrix.size; col++)
        if (matrix.modules[row * matrix.size + col] === '1') d += `M${col + 4} ${row + 4}h1v1h-1z`
    return d
  }, [matrix])
  const box = matrix.size + 8
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/**
 * A form's last error from main, with each field's message hidden once the cashier edits that
 * field (so a fixed field stops shouting while the others still show).
 */
export function useFormErrors() {
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  const fields = Object.fromEntries(Object.entries(fieldsOf(error)).filter(([k]) => !edited.has(k)))
  const fail = useCallback((next: unknown) => {
    setError(next)
    setEdited(new Set())
  }, [])
  const touch = useCallback(
    (field: string) =>
      setEdited((current) => (current.has(field) ? current : new Set([...current, field]))),
    [],
  )
  /** A change handler that stores the new value and marks the field edited. */
  const edit =
    <V,>(field: string, set: (value: V) => void) =>
    (value: V) => {
      set(value)
      touch(field)
    }
  /** The same for an input's change event. */
  const editText = (field: string, set: (value: string) => void) => {
    const store = edit(field, set)
    return (event: { target: { value: string } }) => store(event.target.value)
  }
  /** Sends the form: busy meanwhile, the old errors cleared, main's refusal kept. */
  const send = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true)
    fail(null)
    try {
      await work()
      return true
    } catch (problem) {
      fail(problem)
      return false
    } finally {
      setBusy(false)
    }
  }
  /** Main's refusal, summed up above the form's fields. */
  const message =
    error === null ? null : { tone: 'danger' as const, text: summaryOf(error) as ReactNode }
  return {
    error,
    message,
    fields: fields as Record<string, string>,
    fail,
    touch,
    edit,
    editText,
    busy,
    send,
  }
}

/** "2025-01" as "January 2025" ("janvier 2025" in French), through lib/format. */
export const monthName = (month: string): string => {
  const date = new Date(`${month}-01T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? month : formatMonth(date)
}

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }))

/** An amount beside its currency, as the payment and mandate forms ask for them. */
export function AmountWithCurrency({
  label,
  name,
  amount,
  onAmount,
  currency,
  onCurrency,
  error,
  currencyError,
  autoFocus,
}: {
  label: string
  name: string
  amount: Minor | null
  onAmount: (value: Minor | null) => void
  currency: Currency
  onCurrency: (currency: Currency) => void
  error: string | undefined
  currencyError?: string | undefined
  autoFocus?: boolean
}) {
  return (
    <div className="gw-amount-row">
      <MoneyInput
        label={label}
        name={name}
        value={amount}
        onChange={onAmount}
        currency={currency}
        error={error}
        autoFocus={autoFocus}
      />
      <SelectField
        label={t('payments.currency')}
        name="currency"
        value={currency}
        onChange={(e) => onCurrency(e.target.value as Currency)}
        options={CURRENCY_OPTIONS}
        error={currencyError}
      />
    </div>
  )
}

/** A card that opens a record by its reference, with what went wrong beside the field. */
export function LookupCard({
  title,
  label,
  name,
  action,
  lookUp,
  describe,
}: {
  /** The card's title, also the form's accessible name. */
  title: string
  label: string
  name?: string
  /** The button's words. */
  action: string
  /** Fetches and shows the record; throws when it can't. */
  lookUp: (reference: string) => Promise<void>
  /** The message to show for a failed look-up. */
  describe: (problem: unknown) => string
}) {
  const [reference, setReference] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<unknown>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      await lookUp(reference.trim())
      setReference('')
    } catch (error) {
      setProblem(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <InlineLookup
      title={title}
      label={label}
      name={name}
      action={action}
      value={reference}
      onChange={setReference}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      error={problem === null ? undefined : describe(problem)}
    />
  )
}

/** Columns the report and history lists share: when, how much, in what state, which reference. */
export const columns = {
  time: <Row extends { createdAt: string | null }>(header: string, width: string): Column<Row> => ({
    header,
    width,
    cell: (row) => when(row.createdAt),
  }),
  amount: <Row extends { amount: Minor | null; currency: Currency | string | null }>(
    width: string,
  ): Column<Row> => ({
    header: t('payments.amount'),
    width,
    align: 'end',
    cell: (row) => money(row.amount, row.currency),
  }),
  status: <Row extends { status: string; outcome?: Pick<UnknownOutcomeView, 'state'> | null }>(
    kind: keyof typeof STATUS_WORDS,
    width: string,
  ): Column<Row> => ({
    header: t('payments.statusHeader'),
    width,
    cell: (row) => <StatusBadge kind={kind} status={row.status} outcome={row.outcome} />,
  }),
  reference: <Row,>(
    header: string,
    width: string,
    pick: (row: Row) => string | null,
  ): Column<Row> => ({
    header,
    width,
    cell: (row) => <span className="mono">{pick(row)}</span>,
  }),
}
