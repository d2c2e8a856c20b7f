// Gateway records → report rows, and report rows → CSV columns. Amounts stay integer minor
// units in rows; CSV writes them as exact decimals ("12500.50"), never through a float.
import type { Transfer } from '../../common/api/disbursements'
import type { PaymentRecord } from '../../common/api/payments'
import type { VaTransaction } from '../../common/api/virtualAccounts'
import type {
  DisbursementReportRow,
  PaymentReportRow,
  ReportKind,
  TransferInReportRow,
} from '../../common/ipc/reports'
import { toDecimalString, type Minor } from '../../common/money'

export const paymentRow = (p: PaymentRecord): PaymentReportRow => ({
  reference: p.reference ?? null,
  status: p.raw_status ?? p.status,
  paymentMethod: p.payment_method ?? null,
  email: p.email ?? null,
  customerName: p.customer_name ?? null,
  amount: p.amount ?? null,
  amountRefunded: p.amount_refunded ?? null,
  currency: p.currency ?? null,
  createdAt: p.created_at ?? null,
  paidAt: p.paid_at ?? null,
})

export const transferInRow = (t: VaTransaction): TransferInReportRow => ({
  reference: t.reference,
  accountReference: t.account_reference,
  status: t.raw_status ?? t.status,
  amount: t.amount,
  currency: t.currency,
  narration: t.narration,
  createdAt: t.created_at,
})

export const disbursementRow = (t: Transfer): DisbursementReportRow => ({
  reference: t.reference,
  status: t.raw_status ?? t.status,
  amount: t.amount ?? null,
  fee: t.fee ?? null,
  currency: t.currency ?? null,
  bankName: t.bank_name ?? null,
  accountNumber: t.account_number ?? null,
  accountName: t.account_name ?? null,
  recipientEmail: t.recipient_email ?? null,
  narration: t.narration ?? null,
  failureReason: t.failure_reason ?? null,
  createdAt: t.created_at ?? null,
})

type Cell = string | number | null
interface Column<Row> {
  header: string
  cell: (row: Row) => Cell
}

const money = (value: Minor | null): string | null =>
  value === null ? null : toDecimalString(value)

export const CSV_COLUMNS: {
  payments: Column<PaymentReportRow>[]
  transfersIn: Column<TransferInReportRow>[]
  disbursements: Column<DisbursementReportRow>[]
} = {
  payments: [
    { header: 'Reference', cell: (r) => r.reference },
    { header: 'Status', cell: (r) => r.status },
    { header: 'Method', cell: (r) => r.paymentMethod },
    { header: 'Customer e-mail', cell: (r) => r.email },
    { header: 'Customer name', cell: (r) => r.customerName },
    { header: 'Currency', cell: (r) => r.currency },
    { header: 'Amount', cell: (r) => money(r.amount) },
    { header: 'Refunded', cell: (r) => money(r.amountRefunded) },
    { header: 'Created (UTC)', cell: (r) => r.createdAt },
    { header: 'Paid (UTC)', cell: (r) => r.paidAt },
  ],
  transfersIn: [
    { header: 'Reference', cell: (r) => r.reference },
    { header: 'Account reference', cell: (r) => r.accountReference },
    { header: 'Status', cell: (r) => r.status },
    { header: 'Currency', cell: (r) => r.currency },
    { header: 'Amount', cell: (r) => money(r.amount) },
    { header: 'Narration', cell: (r) => r.narration },
    { header: 'Created (UTC)', cell: (r) => r.createdAt },
  ],
  disbursements: [
    { header: 'Reference', cell: (r) => r.reference },
    { header: 'Status', cell: (r) => r.status },
    { header: 'Currency', cell: (r) => r.currency },
    { header: 'Amount', cell: (r) => money(r.amount) },
    { header: 'Fee', cell: (r) => money(r.fee) },
    { header: 'Bank', cell: (r) => r.bankName },
    { header: 'Account number', cell: (r) => r.accountNumber },
    { header: 'Account name', cell: (r) => r.accountName },
    { header: 'Recipient e-mail', cell: (r) => r.recipientEmail },
    { header: 'Narration', cell: (r) => r.narration },
    { header: 'Failure reason', cell: (r) => r.failureReason },
    { header: 'Created (UTC)', cell: (r) => r.createdAt },
  ],
}

export type RowOf<K extends ReportKind> = K extends 'payments'
  ? PaymentReportRow
  : K extends 'transfersIn'
    ? TransferInReportRow
    : DisbursementReportRow
