// Receipts are worded and formatted here, in main, from the charge main reconciled; the
// renderer (and printToPDF in Electron) only lays the lines out.
import { formatMoney } from '../../common/money'
import type { ChargeView, Receipt, ReceiptLine } from '../../common/ipc/collections'

const STATUS_WORDS = {
  awaiting: 'Awaiting payment',
  part_paid: 'Part-paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
} as const

const TRANSFER_WORDS = {
  success: 'Received',
  processing: 'Processing',
  failed: 'Failed',
  unknown: 'Status unknown',
} as const

/**
 * The spec names no payer field on a virtual-account transaction; the bank's narration is
 * where the sender's name appears (docs/gateway-assumptions.md), so it is printed as is.
 */
const payerOf = (narration: string): string => narration.trim() || 'Not stated by the bank'

/** Readable local date-time; receipts are read by people, not parsed. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
}

export function receiptNumber(charge: ChargeView): string {
  const day = charge.openedAt.slice(0, 10).replace(/-/g, '')
  return `R-${day}-${charge.id.slice(3, 11).toUpperCase()}`
}

export function buildReceipt(charge: ChargeView, issuedAt: string): Receipt {
  const r = charge.reconciliation
  const money = (m: typeof r.received) => formatMoney(m, charge.currency)
  const lines: ReceiptLine[] = [
    { label: 'Status', value: charge.state === 'cancelled' ? 'Cancelled' : STATUS_WORDS[r.status] },
    { label: 'Amount due', value: money(r.amountDue) },
    { label: 'Received', value: money(r.received) },
  ]
  if (r.balanceDue > 0) lines.push({ label: 'Balance due', value: money(r.balanceDue) })
  if (r.overpaidBy > 0) lines.push({ label: 'Overpaid by', value: money(r.overpaidBy) })
  if (charge.overpayment)
    lines.push({
      label: 'Overpayment',
      value: `${charge.overpayment.decision === 'refund' ? 'To be refunded' : 'Kept as customer credit'}${charge.overpayment.note ? ` (${charge.overpayment.note})` : ''}`,
    })
  if (charge.cancellation) lines.push({ label: 'Cancelled', value: charge.cancellation.reason })
  // The account holder is the customer, printed at the top; the bank and number say where.
  lines.push({
    label: 'Paid into',
    value: `${charge.account.bankName} ${charge.account.accountNumber}`,
  })
  if (charge.saleReference) lines.push({ label: 'Sale', value: charge.saleReference })
  lines.push({ label: 'Opened', value: when(charge.openedAt) })
  if (charge.closedAt) lines.push({ label: 'Closed', value: when(charge.closedAt) })

  const counted = charge.transfers.filter((t) => r.counted.includes(t.reference))
  const paidAt = counted
    .map((t) => t.createdAt)
    .sort()
    .at(-1)
  return {
    number: receiptNumber(charge),
    customer: charge.account.accountName,
    amount: money(r.received),
    time: when(paidAt ?? charge.closedAt ?? charge.openedAt),
    chargeId: charge.id,
    title: r.status === 'paid' || r.status === 'overpaid' ? 'Payment receipt' : 'Payment record',
    issuedAt,
    till: charge.till,
    cashier: charge.openedBy.name,
    lines,
    transfers: charge.transfers.map((t) => ({
      reference: t.reference,
      amount: formatMoney(t.amount, t.currency),
      status: TRANSFER_WORDS[t.status] ?? 'Status unknown',
      at: when(t.createdAt),
      payer: payerOf(t.narration),
    })),
    footer: 'Bank transfer into your dedicated account. Keep this receipt for your records.',
  }
}
