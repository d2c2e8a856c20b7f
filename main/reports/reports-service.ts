// Merchant-wide transaction lists, one gateway page at a time, and CSV export of everything a
// filter matches (bounded, so one click can't pull a year of records through the till).
import type { CashierAction } from '../../common/words/errors'
import type { Pagination } from '../../common/api/pagination'
import type {
  CsvExport,
  DisbursementReportRow,
  PaymentReportRow,
  ReportKind,
  ReportPage,
  TransferInReportRow,
} from '../../common/ipc/reports'
import type * as z from 'zod'
import type {
  DisbursementsReportFilter,
  PaymentsReportFilter,
  ReportExportInput,
  TransfersInReportFilter,
} from '../../common/ipc/reports'
import { AppError } from '../kernel/errors'
import type { GatewayClient } from '../gateway'
import { csvRow } from '../collections/csv'
import { cashierError } from '../gateway/cashier-errors'
import { CSV_COLUMNS, disbursementRow, paymentRow, transferInRow } from './report-rows'

export type PaymentsFilter = z.output<typeof PaymentsReportFilter>
export type TransfersInFilter = z.output<typeof TransfersInReportFilter>
export type DisbursementsFilter = z.output<typeof DisbursementsReportFilter>
export type ExportRequest = z.output<typeof ReportExportInput>

export interface ReportsGateway {
  payments: Pick<GatewayClient['payments'], 'list'>
  virtualAccounts: Pick<GatewayClient['virtualAccounts'], 'transactions'>
  disbursements: Pick<GatewayClient['disbursements'], 'list'>
}

export interface ReportsServiceDeps {
  gateway: () => Promise<ReportsGateway>
  now?: () => number
  /** Most rows one export may hold. */
  maxExportRows?: number
}

interface RawPage<T> {
  data: T[]
  pagination: Pagination
}

const EXPORT_PAGE_SIZE = 100
export const MAX_EXPORT_ROWS = 10_000

const TITLES: Record<ReportKind, string> = {
  payments: 'payments',
  transfersIn: 'transfers-in',
  disbursements: 'disbursements',
}

const DATE_FIELDS = { start_date: 'from', end_date: 'to' }

export class ReportsService {
  constructor(private readonly deps: ReportsServiceDeps) {}

  async payments(filter: PaymentsFilter): Promise<ReportPage<PaymentReportRow>> {
    return this.#page('loadPayments', filter, paymentRow, (g, page, pageSize) =>
      g.payments.list({
        page,
        page_size: pageSize,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.method ? { payment_method: filter.method } : {}),
        ...(filter.email ? { customer_email: filter.email } : {}),
        ...dates(filter),
      }),
    )
  }

  async transfersIn(filter: TransfersInFilter): Promise<ReportPage<TransferInReportRow>> {
    return this.#page('loadTransfers', filter, transferInRow, (g, page, pageSize) =>
      g.virtualAccounts.transactions({
        page,
        page_size: pageSize,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.accountReference ? { account_reference: filter.accountReference } : {}),
        ...dates(filter),
      }),
    )
  }

  async disbursements(filter: DisbursementsFilter): Promise<ReportPage<DisbursementReportRow>> {
    return this.#page('loadPayouts', filter, disbursementRow, (g, page, pageSize) =>
      g.disbursements.list({
        page,
        page_size: pageSize,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.recipientEmail ? { recipient_email: filter.recipientEmail } : {}),
        ...dates(filter),
      }),
    )
  }

  /** Walks every page of the filter (ignoring its page and size) into one CSV. */
  async exportCsv(request: ExportRequest): Promise<CsvExport> {
    const limit = this.deps.maxExportRows ?? MAX_EXPORT_ROWS
    const lines: string[] = []
    let rowCount = 0
    let truncated = false
    for (let page = 1; ; page++) {
      const result = await this.#fetchPage(request, page)
      if (page === 1) lines.push(csvRow(columnsOf(request.kind).map((c) => c.header)))
      for (const row of result.items) {
        if (rowCount >= limit) {
          truncated = true
          break
        }
        lines.push(csvRow(columnsOf(request.kind).map((c) => c.cell(row))))
        rowCount++
      }
      if (truncated || page >= result.totalPages) {
        truncated ||= rowCount < result.totalItems
        break
      }
    }
    const day = new Date((this.deps.now ?? Date.now)()).toISOString().slice(0, 10)
    const range = [request.filter.from, request.filter.to].filter(Boolean).join('_to_')
    return {
      filename: `tilldesk-${TITLES[request.kind]}${range ? `-${range}` : ''}-exported-${day}.csv`,
      // A byte-order mark makes spreadsheet programs read the file as UTF-8 (₦, names).
      csv: `\uFEFF${lines.join('')}`,
      rowCount,
      truncated,
    }
  }

  #fetchPage(request: ExportRequest, page: number): Promise<ReportPage<unknown>> {
    switch (request.kind) {
      case 'payments':
        return this.payments({ ...request.filter, page, pageSize: EXPORT_PAGE_SIZE })
      case 'transfersIn':
        return this.transfersIn({ ...request.filter, page, pageSize: EXPORT_PAGE_SIZE })
      case 'disbursements':
        return this.disbursements({ ...request.filter, page, pageSize: EXPORT_PAGE_SIZE })
    }
  }

  async #page<T, Row>(
    action: CashierAction,
    filter: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
    toRow: (record: T) => Row,
    load: (gateway: ReportsGateway, page: number, pageSize: number) => Promise<RawPage<T>>,
  ): Promise<ReportPage<Row>> {
    if (filter.from && filter.to && filter.from > filter.to)
      throw new AppError('invalid_input', 'Check the highlighted fields.', {
        fields: { to: 'The end date is before the start date.' },
        say: { key: 'input.checkFields' },
        fieldSay: { to: { key: 'input.endBeforeStart' } },
      })
    try {
      const gateway = await this.deps.gateway()
      const answer = await load(gateway, filter.page, filter.pageSize)
      return {
        items: answer.data.map(toRow),
        page: answer.pagination.page,
        pageSize: answer.pagination.page_size,
        totalItems: answer.pagination.total_items,
        totalPages: answer.pagination.total_pages,
        fetchedAt: new Date((this.deps.now ?? Date.now)()).toISOString(),
      }
    } catch (error) {
      throw cashierError(error, {
        action,
        fields: {
          ...DATE_FIELDS,
          customer_email: 'email',
          recipient_email: 'recipientEmail',
          account_reference: 'accountReference',
        },
      })
    }
  }
}

function dates(filter: { from?: string | undefined; to?: string | undefined }) {
  return {
    ...(filter.from ? { start_date: filter.from } : {}),
    ...(filter.to ? { end_date: filter.to } : {}),
  }
}

/** The kind's columns; each export walks rows of that same kind, so the cast is sound. */
function columnsOf(
  kind: ReportKind,
): Array<{ header: string; cell: (row: unknown) => string | number | null }> {
  return CSV_COLUMNS[kind] as unknown as Array<{
    header: string
    cell: (row: unknown) => string | number | null
  }>
}
