// What a report is (its filters, columns and pages) and the pieces the three reports' declarations
// share: the choices in the till's words, the customer cell, today's date, the shared columns.
import type { ParseKeys, TFunction } from 'i18next'
import type {
  DisbursementsReportFilter,
  PaymentsReportFilter,
  ReportKind,
  TransfersInReportFilter,
} from '../../../common/ipc/reports'
import { PAGE_SIZE, type Column } from '../../components/kit'
import { useCustomerName } from '../../lib/customerNames'
import { call } from '../../lib/pos'
import { columns as column } from '../Payments/parts'

export type Filter<K extends ReportKind> = K extends 'payments'
  ? Omit<PaymentsReportFilter, 'page' | 'pageSize'>
  : K extends 'transfersIn'
    ? Omit<TransfersInReportFilter, 'page' | 'pageSize'>
    : Omit<DisbursementsReportFilter, 'page' | 'pageSize'>

export type Keyed = ReadonlyArray<readonly [string, ParseKeys]>
/** Choices with their words in the till's language. */
export const said = (t: TFunction, choices: Keyed): Array<readonly [string, string]> =>
  choices.map(([value, key]) => [value, t(key)] as const)

/** The customer by name when the till knows them; the account reference otherwise. */
export function CustomerCell({ reference }: { reference: string }) {
  const name = useCustomerName(reference)
  return name ? <span title={reference}>{name}</span> : <span className="mono">{reference}</span>
}

/** Today as YYYY-MM-DD in the till's own time zone. */
export const today = (): string => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** One filter of a report: a drop-down of states (first "any") or a text field. */
export interface FilterSpec {
  key: string
  label: string
  choices?: ReadonlyArray<readonly [string, string]>
  any?: string
  type?: 'email'
  placeholder?: string
}

/** What a report is: its filters, its columns and where its pages come from. */
export interface Report<K extends ReportKind, Row> {
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

/** Pages of one report's channel, as the list asks for them. */
export const pagesFrom =
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
export const shared = (t: TFunction) => ({
  status: t('kit.status'),
  amount: (width: string) => ({ ...column.amount(width), header: t('reports.col.amount') }),
  state: (kind: 'payment' | 'transferIn' | 'transfer', width: string) => ({
    ...column.status(kind, width),
    header: t('kit.status'),
  }),
})
