// Merchant-wide transaction lists for supervisors: transfers into customer accounts (first:
// the till's main business, today, with totals), checkout payments, and payouts. Each report is
// declared once (filters, columns, channel) and drawn by one frame; each list is
// server-paginated and virtualized; Export CSV asks main for every row that matches the
// filter, with exact decimal amounts.
import { useCallback, useEffect, useState } from 'react'
import type { Currency, Minor } from '../../../common/money'
import { useCustomerName } from '../../lib/customerNames'
import { countOf } from '../../lib/format'
import type {
  DisbursementReportRow,
  PaymentReportRow,
  ReportKind,
  TransferInReportRow,
} from '../../../common/ipc/reports'
import type {
  PaymentsReportFilter,
  TransfersInReportFilter,
  DisbursementsReportFilter,
} from '../../../common/ipc/reports'
import { Banner, Button, Card, Tabs, TextField, type Tone } from '../../components'
import {
  FilterBar,
  FilterSelect,
  PAGE_SIZE,
  PagedTable,
  useFilterForm,
  type Column,
  type SetFilterField,
} from '../../components/kit'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { download } from '../Collect/browser'
import { METHOD_LABEL, columns as column, money } from '../Payments/parts'
import '../Payments/gateway.css'

const TABS: Array<{ id: ReportKind; label: string }> = [
  { id: 'transfersIn', label: 'Transfers in' },
  { id: 'payments', label: 'Card & online payments' },
  { id: 'disbursements', label: 'Payouts' },
]

/** Totals add up every matching row; past this many, narrowing the dates is asked for. */
const TOTALS_MAX = 500

export default function ReportsScreen() {
  const [tab, setTab] = useState<ReportKind>('transfersIn')
  return (
    <div className="gw-screen gw-fill" data-testid="reports-screen">
      <Tabs label="Reports" tabs={TABS} selected={tab} onSelect={setTab} look="gateway" />
      {tab === 'payments' && <PaymentsReport />}
      {tab === 'transfersIn' && <ReportFrame report={TRANSFERS_IN} />}
      {tab === 'disbursements' && <ReportFrame report={PAYOUTS} />}
    </div>
  )
}

type Filter<K extends ReportKind> = K extends 'payments'
  ? Omit<PaymentsReportFilter, 'page' | 'pageSize'>
  : K extends 'transfersIn'
    ? Omit<TransfersInReportFilter, 'page' | 'pageSize'>
    : Omit<DisbursementsReportFilter, 'page' | 'pageSize'>

/** The filter form, the count, Export CSV and the list: the same frame for every report. */
function ReportFrame<K extends ReportKind, Row>({
  report: { kind, label, noun, filters, startsToday, fetch, columns, rowKey, rowLabel, summarize },
  onRowClick,
}: {
  report: Report<K, Row>
  onRowClick?: (row: Row) => void
}) {
  const toFilter = (form: Record<string, string>) => filterOf<K>(filters, form)
  const {
    form,
    set,
    filter,
    apply: show,
  } = useFilterForm(
    () => ({ from: startsToday ? today() : '', to: '' }) as Record<string, string>,
    toFilter,
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [total, setTotal] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [note, setNote] = useState<{ tone: Tone; text: string } | null>(null)
  const fetchPage = useCallback(
    async (page: number) => {
      try {
        const result = await fetch(filter, page)
        setErrors({})
        setFailed(false)
        return result
      } catch (error) {
        setErrors(fieldsOf(error))
        setFailed(true)
        throw error
      }
    },
    [fetch, filter],
  )

  const totals = useTotals(filter, fetch, summarize)

  const apply = (event: React.FormEvent) => {
    setNote(null)
    show(event)
  }

  const exportCsv = async () => {
    setExporting(true)
    setNote(null)
    try {
      const request = { kind, filter: { ...filter, page: 1, pageSize: PAGE_SIZE } } as Parameters<
        typeof call<'reports.exportCsv'>
      >[1]
      const result = await call('reports.exportCsv', request)
      download(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }), result.filename)
      setNote({
        tone: result.truncated ? 'warning' : 'success',
        text: result.truncated
          ? `Exported the first ${countOf(result.rowCount, 'row')} to ${result.filename}. Narrow the dates to export the rest.`
          : `Exported ${countOf(result.rowCount, 'row')} to ${result.filename}.`,
      })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="gw-screen">
      <Card>
        <FilterBar
          label={`Filter ${noun}s`}
          onApply={apply}
          enterKey="shown"
          dates={{ from: form.from ?? '', to: form.to ?? '', onChange: set, errors }}
        >
          <FilterFields filters={filters} form={form} set={set} errors={errors} />
        </FilterBar>
      </Card>
      <div className="gw-bar">
        <p aria-live="polite" data-testid="report-count">
          {failed ? '\u00a0' : total === null ? 'Loading…' : countOf(total, noun)}
        </p>
        {totals && (
          <p className="gw-totals" data-testid="report-totals">
            {totals.join(' · ')}
          </p>
        )}
        <Button
          icon="outbox"
          busy={exporting}
          disabled={!total || failed}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      </div>
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
      <PagedTable
        label={label}
        queryKey={`${kind}:${JSON.stringify(filter)}`}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={rowKey}
        onRowClick={onRowClick}
        rowLabel={rowLabel}
        empty={`No ${noun}s match these filters.`}
        onTotal={setTotal}
        testId={`report-${kind}`}
      />
    </div>
  )
}

/**
 * Totals over every row the filter matches (at most TOTALS_MAX, page by page through main),
 * recomputed when the filter changes. Null while counting or without a summary.
 */
function useTotals<F, Row>(
  filter: F,
  fetch: (filter: F, page: number) => Promise<{ items: Row[]; totalItems: number }>,
  summarize: ((rows: Row[]) => string[]) | undefined,
): string[] | null {
  const [result, setResult] = useState<{ filter: F; lines: string[] } | null>(null)
  useEffect(() => {
    if (!summarize) return
    let live = true
    const count = async () => {
      const first = await fetch(filter, 1)
      if (first.totalItems > TOTALS_MAX)
        return [`Totals need a shorter range: more than ${countOf(TOTALS_MAX, 'row')}.`]
      const rows = [...first.items]
      const pages = Math.ceil(first.totalItems / PAGE_SIZE)
      for (let page = 2; page <= pages; page++) rows.push(...(await fetch(filter, page)).items)
      return summarize(rows)
    }
    count().then(
      (lines) => live && setResult({ filter, lines }),
      () => live && setResult({ filter, lines: [] }),
    )
    return () => {
      live = false
    }
  }, [filter, fetch, summarize])
  return result && result.filter === filter && result.lines.length > 0 ? result.lines : null
}

/** "Received ₦12,000.00 in 3 transfers · Failed 1": money by status, in the glossary's words. */
export function totalsByStatus<
  Row extends { status: string; amount: Minor | null; currency: Currency | string | null },
>(rows: Row[], words: Record<string, string>, noun: string): string[] {
  const groups = new Map<string, { amount: Minor; count: number; currency: string }>()
  let unknown = 0
  for (const row of rows) {
    // Tolerant reader: a row without an amount or currency is counted apart, never guessed.
    if (row.amount === null || row.currency === null) {
      unknown += 1
      continue
    }
    const key = `${row.status}|${row.currency}`
    const group = groups.get(key) ?? { amount: 0 as Minor, count: 0, currency: row.currency }
    group.amount = (group.amount + row.amount) as Minor
    group.count += 1
    groups.set(key, group)
  }
  const lines = [...groups.entries()].map(([key, group]) => {
    const status = key.split('|')[0] ?? ''
    return `${words[status] ?? status} ${money(group.amount, group.currency)} in ${countOf(group.count, noun)}`
  })
  return unknown > 0 ? [...lines, `${countOf(unknown, noun)} without an amount`] : lines
}

// Filter choices and totals in the glossary's words, in the order the filters list them.
const PAYMENT_STATES = [
  ['success', 'Paid'],
  ['pending', 'Waiting for customer'],
  ['failed', 'Declined'],
  ['abandoned', 'Abandoned'],
] as const
const METHODS = [
  ['card', 'Card'],
  ['bank_transfer', 'Bank transfer'],
  ['ussd', 'USSD'],
] as const
const TRANSFER_IN_STATES = [
  ['success', 'Received'],
  ['processing', 'Processing'],
  ['failed', 'Failed'],
] as const
const PAYOUT_STATES = [
  ['pending', 'Pending'],
  ['processing', 'Processing'],
  ['success', 'Paid'],
  ['failed', 'Failed'],
  ['reversed', 'Returned'],
] as const
const TRANSFER_IN_WORDS: Record<string, string> = Object.fromEntries(TRANSFER_IN_STATES)
const PAYOUT_WORDS: Record<string, string> = Object.fromEntries(PAYOUT_STATES)

/** The customer by name when the till knows them; the account reference otherwise. */
function CustomerCell({ reference }: { reference: string }) {
  const name = useCustomerName(reference)
  return name ? <span title={reference}>{name}</span> : <span className="mono">{reference}</span>
}

/** Today as YYYY-MM-DD in the till's own time zone. */
const today = (): string => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** One filter of a report: a drop-down of states (first "any") or a text field. */
interface FilterSpec {
  key: string
  label: string
  choices?: ReadonlyArray<readonly [string, string]>
  any?: string
  type?: 'email'
  placeholder?: string
}

/** What a report is: its filters, its columns and where its pages come from. */
interface Report<K extends ReportKind, Row> {
  kind: K
  label: string
  noun: string
  filters: FilterSpec[]
  /** The list opens on today's rows (From is today), not on every row. */
  startsToday?: boolean
  fetch: (filter: Filter<K>, page: number) => Promise<{ items: Row[]; totalItems: number }>
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  rowLabel?: (row: Row) => string
  /** Totals lines over every matching row, e.g. "Received ₦12,000.00 in 3 transfers". */
  summarize?: (rows: Row[]) => string[]
}

const clean = (value: string | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined

/** The filter main is asked for: every field filled in (trimmed), and the days. */
function filterOf<K extends ReportKind>(
  filters: FilterSpec[],
  form: Record<string, string>,
): Filter<K> {
  const filter: Record<string, string> = {}
  for (const key of [...filters.map((f) => f.key), 'from', 'to']) {
    const value = clean(form[key])
    if (value) filter[key] = value
  }
  // Main checks each value against the report's schema and says which field is wrong.
  return filter as Filter<K>
}

function FilterFields({
  filters,
  form,
  set,
  errors,
}: {
  filters: FilterSpec[]
  form: Record<string, string>
  set: SetFilterField
  errors: Record<string, string>
}) {
  return (
    <>
      {filters.map(({ key, label, choices, any, type, placeholder }) =>
        choices ? (
          <FilterSelect
            key={key}
            label={label}
            any={any}
            value={form[key] ?? ''}
            onChange={set(key)}
            choices={choices}
          />
        ) : (
          <TextField
            key={key}
            label={label}
            type={type}
            value={form[key] ?? ''}
            onChange={set(key)}
            placeholder={placeholder}
            error={errors[key]}
          />
        ),
      )}
    </>
  )
}

/** Pages of one report's channel, as the list asks for them. */
const pagesFrom =
  <Row,>(channel: 'reports.payments' | 'reports.transfersIn' | 'reports.disbursements') =>
  async (filter: object, page: number): Promise<{ items: Row[]; totalItems: number }> => {
    // The three channels take the same paging and answer the same page shape; the filter was
    // made for this report (filterOf) and main checks it against the channel's own schema.
    const result = await call(channel as 'reports.payments', {
      ...filter,
      page,
      pageSize: PAGE_SIZE,
    })
    return { items: result.items as unknown as Row[], totalItems: result.totalItems }
  }

const STATUS = 'Status'

const PAYMENTS: Report<'payments', PaymentReportRow> = {
  kind: 'payments',
  label: 'Payments',
  noun: 'payment',
  filters: [
    { key: 'status', label: STATUS, choices: PAYMENT_STATES },
    { key: 'method', label: 'Method', any: 'Any method', choices: METHODS },
    { key: 'email', label: 'Customer e-mail', type: 'email' },
  ],
  fetch: pagesFrom<PaymentReportRow>('reports.payments'),
  columns: [
    column.time('Created', '8rem'),
    {
      header: 'Customer',
      width: 'minmax(0, 1.5fr)',
      cell: (r) => (
        <span className="gw-two-line">
          <span>{r.customerName ?? r.email}</span>
          {r.customerName && <small>{r.email}</small>}
        </span>
      ),
    },
    {
      header: 'Method',
      width: '6.5rem',
      cell: (r) => (r.paymentMethod ? (METHOD_LABEL[r.paymentMethod] ?? r.paymentMethod) : '—'),
    },
    column.amount('8.5rem'),
    {
      header: 'Refunded',
      width: '7.5rem',
      align: 'end',
      cell: (r) =>
        r.amountRefunded !== null && r.amountRefunded > 0
          ? money(r.amountRefunded, r.currency)
          : '—',
    },
    column.status('payment', '10.5rem'),
    column.reference('Reference', 'minmax(0, 1.5fr)', (r) => r.reference),
  ],
  // A row the gateway gave no reference can be listed but not opened.
  rowKey: (r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`,
  rowLabel: (r) =>
    `Payment ${r.reference ?? 'without a reference'}, ${money(r.amount, r.currency)}; open it`,
}

const TRANSFERS_IN: Report<'transfersIn', TransferInReportRow> = {
  kind: 'transfersIn',
  label: 'Transfers in',
  noun: 'transfer',
  startsToday: true,
  filters: [
    { key: 'status', label: STATUS, choices: TRANSFER_IN_STATES },
    { key: 'accountReference', label: 'Account reference', placeholder: 'All accounts' },
  ],
  fetch: pagesFrom<TransferInReportRow>('reports.transfersIn'),
  summarize: (rows) => totalsByStatus(rows, TRANSFER_IN_WORDS, 'transfer'),
  columns: [
    column.time('Time', '8.5rem'),
    {
      header: 'Customer',
      width: 'minmax(0, 1.2fr)',
      cell: (r) => <CustomerCell reference={r.accountReference} />,
    },
    column.amount('9rem'),
    column.status('transferIn', '8rem'),
    { header: 'Narration', width: 'minmax(5.5rem, 1fr)', cell: (r) => r.narration },
    column.reference('Reference', 'minmax(0, 1.4fr)', (r) => r.reference),
  ],
  rowKey: (r) => r.reference,
}

const PAYOUTS: Report<'disbursements', DisbursementReportRow> = {
  kind: 'disbursements',
  label: 'Payouts',
  noun: 'payout',
  filters: [
    { key: 'status', label: STATUS, choices: PAYOUT_STATES },
    { key: 'recipientEmail', label: 'Recipient e-mail', type: 'email' },
  ],
  fetch: pagesFrom<DisbursementReportRow>('reports.disbursements'),
  summarize: (rows) => totalsByStatus(rows, PAYOUT_WORDS, 'payout'),
  columns: [
    column.time('Created', '8.5rem'),
    {
      header: 'Recipient',
      width: 'minmax(0, 1.4fr)',
      cell: (r) => r.accountName ?? r.recipientEmail ?? r.accountNumber,
    },
    {
      header: 'Bank',
      width: 'minmax(0, 1fr)',
      cell: (r) => `${r.bankName ?? ''} ${r.accountNumber}`.trim(),
    },
    column.amount('9rem'),
    column.status('transfer', '8rem'),
    { header: 'Narration', width: 'minmax(0, 1.2fr)', cell: (r) => r.failureReason ?? r.narration },
    column.reference('Reference', 'minmax(0, 1.2fr)', (r) => r.reference),
  ],
  rowKey: (r) => r.reference,
}

function PaymentsReport() {
  const go = useNavigation((s) => s.go)
  return (
    <ReportFrame report={PAYMENTS} onRowClick={(r) => r.reference && go('payments', r.reference)} />
  )
}
