// Receipts are worded and formatted here, in main, from the charge main reconciled, in the
// till's language (common/words); the renderer (and printToPDF in Electron) only lays the
// lines out.
import type { Language } from '../../common/ipc/appearance'
import type { ChargeView, Receipt, ReceiptLine } from '../../common/ipc/collections'
import { formatMoney } from '../../common/money'
import { documentWords, fill, FORMAT_LOCALE } from '../../common/words'

/** Readable local date-time in the till's locale; receipts are read by people, not parsed. */
export function receiptTime(iso: string, language: Language): string {
  return new Date(iso).toLocaleString(FORMAT_LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
}

export function receiptNumber(charge: ChargeView): string {
  const day = charge.openedAt.slice(0, 10).replace(/-/g, '')
  return `R-${day}-${charge.id.slice(3, 11).toUpperCase()}`
}

export function buildReceipt(
  charge: ChargeView,
  issuedAt: string,
  language: Language = 'en',
): Receipt {
  const w = documentWords(language)
  const r = charge.reconciliation
  const locale = FORMAT_LOCALE[language]
  const money = (m: typeof r.received) => formatMoney(m, charge.currency, locale)
  const when = (iso: string) => receiptTime(iso, language)
  const status = charge.state === 'cancelled' ? w.charge.cancelled : w.charge[r.status]
  const lines: ReceiptLine[] = [
    { label: w.receipt.status, value: status },
    { label: w.receipt.amountDue, value: money(r.amountDue) },
    { label: w.receipt.received, value: money(r.received) },
  ]
  if (r.balanceDue > 0) lines.push({ label: w.receipt.balanceDue, value: money(r.balanceDue) })
  if (r.overpaidBy > 0) lines.push({ label: w.receipt.overpaidBy, value: money(r.overpaidBy) })
  if (charge.overpayment)
    lines.push({
      label: w.receipt.overpayment,
      value: `${charge.overpayment.decision === 'refund' ? w.receipt.toRefund : w.receipt.keptAsCredit}${charge.overpayment.note ? ` (${charge.overpayment.note})` : ''}`,
    })
  if (charge.cancellation)
    lines.push({ label: w.receipt.cancelled, value: charge.cancellation.reason })
  // The account holder is the customer, printed at the top; the bank and number say where.
  lines.push({
    label: w.receipt.paidInto,
    value: `${charge.account.bankName} ${charge.account.accountNumber}`,
  })
  if (charge.saleReference) lines.push({ label: w.receipt.sale, value: charge.saleReference })
  lines.push({ label: w.receipt.opened, value: when(charge.openedAt) })
  if (charge.closedAt) lines.push({ label: w.receipt.closed, value: when(charge.closedAt) })

  const counted = charge.transfers.filter((t) => r.counted.includes(t.reference))
  const paidAt = counted
    .map((t) => t.createdAt)
    .sort()
    .at(-1)
  return {
    language,
    number: receiptNumber(charge),
    customer: charge.account.accountName,
    amount: money(r.received),
    time: when(paidAt ?? charge.closedAt ?? charge.openedAt),
    chargeId: charge.id,
    title:
      r.status === 'paid' || r.status === 'overpaid' ? w.receipt.titlePaid : w.receipt.titleRecord,
    issuedAt,
    till: charge.till,
    cashier: charge.openedBy.name,
    lines,
    transfers: charge.transfers.map((t) => ({
      reference: t.reference,
      amount: formatMoney(t.amount, t.currency, locale),
      status: (w.transfer as Record<string, string>)[t.status] ?? w.transfer.unknown,
      at: when(t.createdAt),
      // The spec names no payer field on a virtual-account transaction; the bank's narration
      // is where the sender's name appears (docs/gateway-assumptions.md), printed as is.
      payer: t.narration.trim() || w.receipt.payerNotStated,
    })),
    footer: w.receipt.footer,
  }
}

/** "Issued …" under a receipt, in its own language. */
export const issuedLine = (receipt: Receipt): string =>
  fill(documentWords(receipt.language).receipt.issued, {
    at: receiptTime(receipt.issuedAt, receipt.language),
  })
