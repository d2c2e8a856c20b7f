// What the till remembers of a checkout payment it started: enough to verify it by reference
// after a restart and to show it in Recent payments. Amounts are integer minor units.
import * as z from 'zod'
import { PAYMENT_STATUSES, type PaymentRecord } from '../../common/api/payments'
import { CURRENCIES, type Minor } from '../../common/money'
import type { CheckoutStatus } from '../../common/ipc/payments'
import { Uncertainty } from './submit-by-reference'

export const MinorValue = z.custom<Minor>(
  (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  'Not an amount in minor units.',
)

export const PaymentEntry = z.object({
  reference: z.string(),
  status: z.enum(['starting', ...PAYMENT_STATUSES]),
  email: z.string(),
  customerName: z.string().nullable(),
  description: z.string().nullable(),
  amount: MinorValue,
  currency: z.enum(CURRENCIES),
  amountRefunded: MinorValue,
  paymentMethod: z.string().nullable(),
  authorizationUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  takenBy: z.string().nullable(),
  notice: z.string().nullable(),
  /** Set once the initialize answer was lost: the evidence; kept after it is settled. */
  uncertainty: Uncertainty.nullable().optional(),
})
export type PaymentEntry = z.infer<typeof PaymentEntry>

export const FINAL_PAYMENT_STATUSES: readonly CheckoutStatus[] = ['success', 'failed', 'abandoned']
export const isFinalPayment = (status: CheckoutStatus): boolean =>
  FINAL_PAYMENT_STATUSES.includes(status)

/**
 * Folds the gateway's record into what the till knew. A final status never moves back, so a
 * slow, stale answer can't undo a newer one.
 */
export function applyPaymentRecord(
  entry: PaymentEntry,
  record: PaymentRecord,
  verifiedAt: string,
): PaymentEntry {
  const keepFinal = isFinalPayment(entry.status) && !isFinalPayment(record.status)
  return {
    ...entry,
    status: keepFinal ? entry.status : record.status,
    email: record.email,
    customerName: record.customer_name ?? entry.customerName,
    amount: record.amount,
    currency: record.currency,
    amountRefunded: record.amount_refunded,
    paymentMethod: record.payment_method ?? entry.paymentMethod,
    authorizationUrl: record.authorization_url || entry.authorizationUrl,
    paidAt: record.paid_at ?? entry.paidAt,
    verifiedAt,
    notice: null,
  }
}

/** An entry for a payment the till did not start (looked up by reference). */
export function entryFromRecord(record: PaymentRecord, verifiedAt: string): PaymentEntry {
  const description = record.metadata.description
  return {
    reference: record.reference,
    status: record.status,
    email: record.email,
    customerName: record.customer_name,
    description: typeof description === 'string' ? description : null,
    amount: record.amount,
    currency: record.currency,
    amountRefunded: record.amount_refunded,
    paymentMethod: record.payment_method,
    authorizationUrl: record.authorization_url || null,
    createdAt: record.created_at,
    paidAt: record.paid_at,
    verifiedAt,
    takenBy: null,
    notice: null,
  }
}
