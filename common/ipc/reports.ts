// Merchant-wide transaction lists: checkout payments, transfers into virtual accounts, and
// disbursements. One server page at a time; CSV export walks every page of the same filter.
// Role rule: merchant-wide figures are for supervisors and admins.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../api/payments'
import { VA_TRANSACTION_STATUSES } from '../api/virtualAccounts'
import { TRANSFER_STATUSES } from '../api/disbursements'
import type { Currency, Minor } from '../money'
import { defineChannels, returns } from './contract'

export const REPORT_KINDS = ['payments', 'transfersIn', 'disbursements'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

export const REPORT_PAGE_SIZES = [25, 50, 100] as const

// Rows are the gateway's records as read; a field its record leaves out (the spec shows few)
// is null and shown as "not given", never filled in. `status` is the gateway's own word.
export interface PaymentReportRow {
  reference: string | null
  status: string
  paymentMethod: string | null
  email: string | null
  customerName: string | null
  amount: Minor | null
  amountRefunded: Minor | null
  currency: Currency | null
  createdAt: string | null
  paidAt: string | null
}

export interface TransferInReportRow {
  reference: string
  accountReference: string
  status: string
  amount: Minor
  /** As the gateway wrote it: possibly another currency than the account's, or one we lack. */
  currency: string
  narration: string
  createdAt: string
}

export interface DisbursementReportRow {
  reference: string
  status: string
  amount: Minor | null
  fee: Minor | null
  currency: Currency | null
  bankName: string | null
  accountNumber: string | null
  accountName: string | null
  recipientEmail: string | null
  narration: string | null
  failureReason: string | null
  createdAt: string | null
}

export interface ReportPage<Row> {
  items: Row[]
  page: number
  pageSize: number
  totalItems: number
  totalPages: number
  /** When main fetched it. */
  fetchedAt: string
}

export interface CsvExport {
  filename: string
  /** RFC 4180 text; amounts as exact decimals. */
  csv: string
  rowCount: number
  /** More rows matched than an export may hold; narrow the filter. */
  truncated: boolean
}

const IsoDay = z.iso.date({ message: 'Use a date like 2025-01-31.' })
const Email = z.email({ message: 'Enter a full e-mail address.' }).max(254)
const Reference = z
  .string()
  .trim()
  .max(64, 'References are at most 64 characters.')
  .regex(REFERENCE_PATTERN, 'References use only letters, digits, dot, dash and underscore.')

const Page = {
  page: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), 'Pick 25, 50 or 100.')
    .default(50),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
}

export const PaymentsReportFilter = z.strictObject({
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  email: Email.optional(),
  ...Page,
})
export type PaymentsReportFilter = z.input<typeof PaymentsReportFilter>

export const TransfersInReportFilter = z.strictObject({
  status: z.enum(VA_TRANSACTION_STATUSES).optional(),
  accountReference: Reference.optional(),
  ...Page,
})
export type TransfersInReportFilter = z.input<typeof TransfersInReportFilter>

export const DisbursementsReportFilter = z.strictObject({
  status: z.enum(TRANSFER_STATUSES).optional(),
  recipientEmail: Email.optional(),
  ...Page,
})
export type DisbursementsReportFilter = z.input<typeof DisbursementsReportFilter>

export const ReportExportInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('payments'), filter: PaymentsReportFilter }),
  z.strictObject({ kind: z.literal('transfersIn'), filter: TransfersInReportFilter }),
  z.strictObject({ kind: z.literal('disbursements'), filter: DisbursementsReportFilter }),
])
export type ReportExportInput = z.input<typeof ReportExportInput>

export const reportsChannels = defineChannels({
  'reports.payments': {
    input: PaymentsReportFilter,
    result: returns<ReportPage<PaymentReportRow>>(),
    role: 'supervisor',
    summary: 'Checkout payments by status, method, e-mail and date range; one page.',
  },
  'reports.transfersIn': {
    input: TransfersInReportFilter,
    result: returns<ReportPage<TransferInReportRow>>(),
    role: 'supervisor',
    summary: 'Transfers into virtual accounts; one page.',
  },
  'reports.disbursements': {
    input: DisbursementsReportFilter,
    result: returns<ReportPage<DisbursementReportRow>>(),
    role: 'supervisor',
    summary: 'Outbound transfers; one page.',
  },
  'reports.exportCsv': {
    input: ReportExportInput,
    result: returns<CsvExport>(),
    role: 'supervisor',
    summary: 'Every row matching a filter, as CSV.',
  },
})
