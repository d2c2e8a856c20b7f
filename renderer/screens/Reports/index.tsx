// Merchant-wide transaction lists for supervisors: transfers into customer accounts (first:
// the till's main business, today, with totals), checkout payments, and payouts. Each list is server-paginated and virtualized; Export CSV asks
// main for every row that matches the filter, with exact decimal amounts.
import { useCallback, useEffect, useMemo, useState } from 'react'
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
      {tab === 'transfersIn' && <TransfersInReport />}
      {tab === 'disbursements' && <DisbursementsReport />}
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
  kind,
  label,
  noun,
  fields: renderFields,
  toFilter,
  initial,
  fetch,
  columns,
  rowKey,
  onRowClick,
  rowLabel,
  summarize,
}: {
  /** Totals lines over every matching row, e.g. "Received ₦12,000.00 in 3 transfers". */
  summarize?: (rows: Row[]) => string[]
  kind: K
  label: string
  noun: string
  initial: Record<string, string>
  fields: (
    form: Record<string, string>,
    set: SetFilterField,
    errors: Record<string, string>,
  ) => React.ReactNode
  toFilter: (form: Record<string, string>) => Filter<K>
  fetch: (filter: Filter<K>, page: number) => Promise<{ items: Row[]; totalItems: number }>
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  onRowClick?: (row: Row) => void
  rowLabel?: (row: Row) => string
}) {
  const { form, set, filter, apply: show } = useFilterForm(initial, toFilter)
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
          {renderFields(form, set, errors)}
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
const summarizeTransfersIn = (rows: TransferInReportRow[]) =>
  totalsByStatus(rows, TRANSFER_IN_WORDS, 'transfer')
const summarizePayouts = (rows: DisbursementReportRow[]) =>
  totalsByStatus(rows, PAYOUT_WORDS, 'payout')

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

const clean = (value: string | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined
const dates = (form: Record<string, string>) => ({
  ...(clean(form.from) ? { from: clean(form.from) } : {}),
  ...(clean(form.to) ? { to: clean(form.to) } : {}),
})

function PaymentsReport() {
  const go = useNavigation((s) => s.go)
  const columns = useMemo<Column<PaymentReportRow>[]>(
    () => [
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
    [],
  )
  const fetch = useCallback(async (filter: Filter<'payments'>, page: number) => {
    const result = await call('reports.payments', { ...filter, page, pageSize: PAGE_SIZE })
    return { items: result.items, totalItems: result.totalItems }
  }, [])
  return (
    <ReportFrame
      kind="payments"
      label="Payments"
      noun="payment"
      initial={{ status: '', method: '', email: '', from: '', to: '' }}
      toFilter={(f) => ({
        ...(f.status ? { status: f.status as NonNullable<PaymentsReportFilter['status']> } : {}),
        ...(f.method ? { method: f.method as NonNullable<PaymentsReportFilter['method']> } : {}),
        ...(clean(f.email) ? { email: clean(f.email) } : {}),
        ...dates(f),
      })}
      fields={(form, set, errors) => (
        <>
          <FilterSelect
            value={form.status ?? ''}
            onChange={set('status')}
            choices={PAYMENT_STATES}
          />
          <FilterSelect
            label="Method"
            any="Any method"
            value={form.method ?? ''}
            onChange={set('method')}
            choices={METHODS}
          />
          <TextField
            label="Customer e-mail"
            type="email"
            value={form.email ?? ''}
            onChange={set('email')}
            error={errors.email}
          />
        </>
      )}
      fetch={fetch}
      columns={columns}
      // A row the gateway gave no reference can be listed but not opened.
      rowKey={(r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`}
      onRowClick={(r) => r.reference && go('payments', r.reference)}
      rowLabel={(r) =>
        `Payment ${r.reference ?? 'without a reference'}, ${money(r.amount, r.currency)}; open it`
      }
    />
  )
}

function TransfersInReport() {
  const columns = useMemo<Column<TransferInReportRow>[]>(
    () => [
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
    [],
  )
  const fetch = useCallback(async (filter: Filter<'transfersIn'>, page: number) => {
    const result = await call('reports.transfersIn', { ...filter, page, pageSize: PAGE_SIZE })
    return { items: result.items, totalItems: result.totalItems }
  }, [])
  return (
    <ReportFrame
      kind="transfersIn"
      label="Transfers in"
      noun="transfer"
      initial={{ status: '', accountReference: '', from: today(), to: '' }}
      summarize={summarizeTransfersIn}
      toFilter={(f) => ({
        ...(f.status ? { status: f.status as NonNullable<TransfersInReportFilter['status']> } : {}),
        ...(clean(f.accountReference) ? { accountReference: clean(f.accountReference) } : {}),
        ...dates(f),
      })}
      fields={(form, set, errors) => (
        <>
          <FilterSelect
            value={form.status ?? ''}
            onChange={set('status')}
            choices={TRANSFER_IN_STATES}
          />
          <TextField
            label="Account reference"
            value={form.accountReference ?? ''}
            onChange={set('accountReference')}
            placeholder="All accounts"
            error={errors.accountReference}
          />
        </>
      )}
      fetch={fetch}
      columns={columns}
      rowKey={(r) => r.reference}
    />
  )
}

function DisbursementsReport() {
  const columns = useMemo<Column<DisbursementReportRow>[]>(
    () => [
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
      {
        header: 'Narration',
        width: 'minmax(0, 1.2fr)',
        cell: (r) => r.failureReason ?? r.narration,
      },
      column.reference('Reference', 'minmax(0, 1.2fr)', (r) => r.reference),
    ],
    [],
  )
  const fetch = useCallback(async (filter: Filter<'disbursements'>, page: number) => {
    const result = await call('reports.disbursements', { ...filter, page, pageSize: PAGE_SIZE })
    return { items: result.items, totalItems: result.totalItems }
  }, [])
  return (
    <ReportFrame
      kind="disbursements"
      label="Payouts"
      noun="payout"
      summarize={summarizePayouts}
      initial={{ status: '', recipientEmail: '', from: '', to: '' }}
      toFilter={(f) => ({
        ...(f.status
          ? { status: f.status as NonNullable<DisbursementsReportFilter['status']> }
          : {}),
        ...(clean(f.recipientEmail) ? { recipientEmail: clean(f.recipientEmail) } : {}),
        ...dates(f),
      })}
      fields={(form, set, errors) => (
        <>
          <FilterSelect
            value={form.status ?? ''}
            onChange={set('status')}
            choices={PAYOUT_STATES}
          />
          <TextField
            label="Recipient e-mail"
            type="email"
            value={form.recipientEmail ?? ''}
            onChange={set('recipientEmail')}
            error={errors.recipientEmail}
          />
        </>
      )}
      fetch={fetch}
      columns={columns}
      rowKey={(r) => r.reference}
    />
  )
}
