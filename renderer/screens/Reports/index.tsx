// Merchant-wide transaction lists for supervisors: transfers into customer accounts (first:
// the till's main business, today, with totals), checkout payments, and payouts. Each report is
// declared once (filters, columns, channel) and drawn by one frame; each list is
// server-paginated and virtualized; Export CSV asks main for every row that matches the
// filter, with exact decimal amounts.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ParseKeys, TFunction } from 'i18next'
import type { Currency, Minor } from '../../../common/money'
import { useCustomerName } from '../../lib/customerNames'
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

const TABS: ReportKind[] = ['transfersIn', 'payments', 'disbursements']

/** Totals add up every matching row; past this many, narrowing the dates is asked for. */
const TOTALS_MAX = 500

export default function ReportsScreen() {
  const [tab, setTab] = useState<ReportKind>('transfersIn')
  const { t } = useTranslation()
  // The reports' words follow the language; their fetching (and so their lists) stays the same.
  const transfersIn = useMemo(() => transfersInReport(t), [t])
  const payouts = useMemo(() => payoutsReport(t), [t])
  return (
    <div className="gw-screen gw-fill" data-testid="reports-screen">
      <Tabs
        label={t('screens.reports')}
        tabs={TABS.map((id) => ({ id, label: t(`reports.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
        look="gateway"
      />
      {tab === 'payments' && <PaymentsReport />}
      {tab === 'transfersIn' && <ReportFrame report={transfersIn} />}
      {tab === 'disbursements' && <ReportFrame report={payouts} />}
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
  report: {
    kind,
    label,
    filters,
    startsToday,
    fetch,
    columns,
    rowKey,
    rowLabel,
    summarize,
    minWidth,
  },
  onRowClick,
}: {
  report: Report<K, Row>
  onRowClick?: (row: Row) => void
}) {
  const { t } = useTranslation()
  // The catalogue keeps each report's own sentences under its kind ("reports.payments.count").
  const words: ReportKind = kind
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

  const totals = useTotals(filter, fetch, summarize, t)

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
        text: t(result.truncated ? 'reports.exportedFirst' : 'reports.exported', {
          count: result.rowCount,
          file: result.filename,
        }),
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
          label={t(`reports.${words}.filter`)}
          onApply={apply}
          enterKey="shown"
          dates={{ from: form.from ?? '', to: form.to ?? '', onChange: set, errors }}
        >
          <FilterFields filters={filters} form={form} set={set} errors={errors} />
        </FilterBar>
      </Card>
      <div className="gw-bar">
        <p aria-live="polite" data-testid="report-count">
          {failed
            ? '\u00a0'
            : total === null
              ? t('common.loading')
              : t(`reports.${words}.count`, { count: total })}
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
          {t('reports.exportCsv')}
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
        empty={t(`reports.${words}.empty`)}
        onTotal={setTotal}
        testId={`report-${kind}`}
        minWidth={minWidth}
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
  t: TFunction,
): string[] | null {
  const [result, setResult] = useState<{ filter: F; lines: string[] } | null>(null)
  useEffect(() => {
    if (!summarize) return
    let live = true
    const count = async () => {
      const first = await fetch(filter, 1)
      if (first.totalItems > TOTALS_MAX) return [t('reports.totalsTooMany', { count: TOTALS_MAX })]
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
  }, [filter, fetch, summarize, t])
  return result && result.filter === filter && result.lines.length > 0 ? result.lines : null
}

/**
 * "Received ₦12,000.00 in 3 transfers · Failed 1": money by status, in the glossary's words.
 * `kind` picks the catalogue's sentences for the report's noun ("in 3 transfers", "payouts").
 */
export function totalsByStatus<
  Row extends { status: string; amount: Minor | null; currency: Currency | string | null },
>(
  rows: Row[],
  words: Record<string, string>,
  kind: 'transfersIn' | 'disbursements',
  t: TFunction,
): string[] {
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
    return t(`reports.${kind}.total`, {
      status: words[status] ?? status,
      amount: money(group.amount, group.currency),
      count: group.count,
    })
  })
  return unknown > 0 ? [...lines, t(`reports.${kind}.noAmount`, { count: unknown })] : lines
}

// Filter choices and totals in the glossary's words (catalogue keys), in the order the filters
// list them.
const PAYMENT_STATES = [
  ['success', 'status.paid'],
  ['pending', 'reports.states.waitingCustomer'],
  ['failed', 'reports.states.declined'],
  ['abandoned', 'reports.states.abandoned'],
] as const
const METHODS = [
  ['card', 'reports.methods.card'],
  ['bank_transfer', 'reports.methods.bankTransfer'],
  ['ussd', 'reports.methods.ussd'],
] as const
const TRANSFER_IN_STATES = [
  ['success', 'status.received'],
  ['processing', 'status.processing'],
  ['failed', 'status.failed'],
] as const
const PAYOUT_STATES = [
  ['pending', 'reports.states.pending'],
  ['processing', 'status.processing'],
  ['success', 'status.paid'],
  ['failed', 'status.failed'],
  ['reversed', 'status.returned'],
] as const
type Keyed = ReadonlyArray<readonly [string, ParseKeys]>
/** Choices with their words in the till's language. */
const said = (t: TFunction, choices: Keyed): Array<readonly [string, string]> =>
  choices.map(([value, key]) => [value, t(key)] as const)

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
  filters: FilterSpec[]
  /** The list opens on today's rows (From is today), not on every row. */
  startsToday?: boolean
  fetch: (filter: Filter<K>, page: number) => Promise<{ items: Row[]; totalItems: number }>
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  rowLabel?: (row: Row) => string
  /** Totals lines over every matching row, e.g. "Received ₦12,000.00 in 3 transfers". */
  summarize?: (rows: Row[]) => string[]
  /** Narrower than this, the list scrolls sideways (see PagedTable). */
  minWidth?: string
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

/** The filter "Status" and the columns the three reports share, in the till's language. */
const shared = (t: TFunction) => ({
  status: t('kit.status'),
  amount: (width: string) => ({ ...column.amount(width), header: t('reports.col.amount') }),
  state: (kind: 'payment' | 'transferIn' | 'transfer', width: string) => ({
    ...column.status(kind, width),
    header: t('kit.status'),
  }),
})

/** The payments report's pages: made once, so its list is not asked for again on a re-render. */
const PAYMENT_PAGES = pagesFrom<PaymentReportRow>('reports.payments')
const TRANSFER_IN_PAGES = pagesFrom<TransferInReportRow>('reports.transfersIn')
const PAYOUT_PAGES = pagesFrom<DisbursementReportRow>('reports.disbursements')

const paymentsReport = (t: TFunction): Report<'payments', PaymentReportRow> => {
  const col = shared(t)
  return {
    kind: 'payments',
    label: t('reports.payments.label'),
    filters: [
      { key: 'status', label: col.status, choices: said(t, PAYMENT_STATES) },
      {
        key: 'method',
        label: t('reports.col.method'),
        any: t('reports.anyMethod'),
        choices: said(t, METHODS),
      },
      { key: 'email', label: t('reports.customerEmail'), type: 'email' },
    ],
    fetch: PAYMENT_PAGES,
    // Seven columns, a status badge as wide as "Waiting for customer" among them: below about
    // 1280 px the customer and the reference would be squeezed until they no longer fit.
    minWidth: '60rem',
    columns: [
      column.time(t('reports.col.created'), '8rem'),
      {
        header: t('reports.col.customer'),
        width: 'minmax(0, 1.5fr)',
        cell: (r) => (
          <span className="gw-two-line">
            <span>{r.customerName ?? r.email}</span>
            {r.customerName && <small>{r.email}</small>}
          </span>
        ),
      },
      {
        header: t('reports.col.method'),
        width: '6.5rem',
        cell: (r) => (r.paymentMethod ? (METHOD_LABEL[r.paymentMethod] ?? r.paymentMethod) : '—'),
      },
      col.amount('8.5rem'),
      {
        header: t('reports.col.refunded'),
        width: '7.5rem',
        align: 'end',
        cell: (r) =>
          r.amountRefunded !== null && r.amountRefunded > 0
            ? money(r.amountRefunded, r.currency)
            : '—',
      },
      col.state('payment', '10.5rem'),
      column.reference(t('reports.col.reference'), 'minmax(0, 1.5fr)', (r) => r.reference),
    ],
    // A row the gateway gave no reference can be listed but not opened.
    rowKey: (r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`,
    rowLabel: (r) =>
      r.reference
        ? t('reports.payments.open', {
            reference: r.reference,
            amount: money(r.amount, r.currency),
          })
        : t('reports.payments.openUnreferenced', { amount: money(r.amount, r.currency) }),
  }
}

const transfersInReport = (t: TFunction): Report<'transfersIn', TransferInReportRow> => {
  const col = shared(t)
  const words = Object.fromEntries(said(t, TRANSFER_IN_STATES))
  return {
    kind: 'transfersIn',
    label: t('reports.transfersIn.label'),
    startsToday: true,
    filters: [
      { key: 'status', label: col.status, choices: said(t, TRANSFER_IN_STATES) },
      {
        key: 'accountReference',
        label: t('reports.accountReference'),
        placeholder: t('reports.allAccounts'),
      },
    ],
    fetch: TRANSFER_IN_PAGES,
    summarize: (rows) => totalsByStatus(rows, words, 'transfersIn', t),
    // The customer's name gets the widest share: at 1024 px it was squeezed to one word a
    // line (and "Enterprises" broken) beside a time column wide enough for a date and a time.
    columns: [
      column.time(t('reports.col.time'), '6.5rem'),
      {
        header: t('reports.col.customer'),
        width: 'minmax(0, 1.5fr)',
        cell: (r) => <CustomerCell reference={r.accountReference} />,
      },
      col.amount('7.5rem'),
      col.state('transferIn', '7.5rem'),
      {
        header: t('reports.col.narration'),
        width: 'minmax(5.5rem, 1fr)',
        cell: (r) => r.narration,
      },
      column.reference(t('reports.col.reference'), 'minmax(0, 1.1fr)', (r) => r.reference),
    ],
    rowKey: (r) => r.reference,
  }
}

const payoutsReport = (t: TFunction): Report<'disbursements', DisbursementReportRow> => {
  const col = shared(t)
  const words = Object.fromEntries(said(t, PAYOUT_STATES))
  return {
    kind: 'disbursements',
    label: t('reports.disbursements.label'),
    filters: [
      { key: 'status', label: col.status, choices: said(t, PAYOUT_STATES) },
      { key: 'recipientEmail', label: t('reports.recipientEmail'), type: 'email' },
    ],
    fetch: PAYOUT_PAGES,
    // Four flexible columns (recipient, bank, narration, reference) beside three fixed ones: at
    // 1024 px they would be too narrow for their own names.
    minWidth: '60rem',
    summarize: (rows) => totalsByStatus(rows, words, 'disbursements', t),
    columns: [
      column.time(t('reports.col.created'), '8.5rem'),
      {
        header: t('reports.col.recipient'),
        width: 'minmax(0, 1.4fr)',
        cell: (r) => r.accountName ?? r.recipientEmail ?? r.accountNumber,
      },
      {
        header: t('reports.col.bank'),
        width: 'minmax(0, 1fr)',
        cell: (r) => `${r.bankName ?? ''} ${r.accountNumber}`.trim(),
      },
      col.amount('9rem'),
      col.state('transfer', '8rem'),
      {
        header: t('reports.col.narration'),
        width: 'minmax(0, 1.2fr)',
        cell: (r) => r.failureReason ?? r.narration,
      },
      column.reference(t('reports.col.reference'), 'minmax(0, 1.2fr)', (r) => r.reference),
    ],
    rowKey: (r) => r.reference,
  }
}

function PaymentsReport() {
  const go = useNavigation((s) => s.go)
  const { t } = useTranslation()
  const report = useMemo(() => paymentsReport(t), [t])
  return (
    <ReportFrame report={report} onRowClick={(r) => r.reference && go('payments', r.reference)} />
  )
}
