// What the till remembers of mandates and debits. The gateway has no list of mandates, so this
// journal is the Mandates screen's list; the gateway stays the authority on every status.
// Nothing here can hold an activation OTP or PIN: the schemas have no field for one.
import * as z from 'zod'
import { DEBIT_STATUSES, MANDATE_STATUSES, type Mandate } from '../../common/api/directDebits'
import { CURRENCIES } from '../../common/money'
import { MinorValue } from '../payments/payment-entry'

export const MandateEntry = z.object({
  mandateReference: z.string(),
  /** The gateway has confirmed it exists (false while a create's answer is unknown). */
  confirmed: z.boolean(),
  status: z.enum(MANDATE_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  currency: z.enum(CURRENCIES),
  maxMonthlyAmount: MinorValue,
  maxMonthlyDebitCount: z.number().int(),
  activationInitiated: z.boolean(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
})
export type MandateEntry = z.infer<typeof MandateEntry>

export const DebitEntry = z.object({
  paymentReference: z.string(),
  mandateReference: z.string(),
  amount: MinorValue,
  currency: z.enum(CURRENCIES),
  narration: z.string(),
  status: z.enum(['starting', 'not_sent', ...DEBIT_STATUSES]),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  notice: z.string().nullable(),
  chargedBy: z.string().nullable(),
})
export type DebitEntry = z.infer<typeof DebitEntry>

export const FINAL_DEBIT: readonly string[] = ['success', 'failed', 'not_sent']

/** Folds the gateway's mandate record in; the gateway is right about everything it returns. */
export function applyMandate(
  entry: MandateEntry | undefined,
  record: Mandate,
  checkedAt: string,
): MandateEntry {
  return {
    mandateReference: record.mandate_reference,
    confirmed: true,
    status: record.status,
    customerName: record.customer_name,
    customerEmail: record.customer_email,
    accountNumber: record.account_number,
    bankCode: record.bank_code,
    startDate: record.start_date,
    endDate: record.end_date,
    currency: record.currency,
    maxMonthlyAmount: record.max_monthly_amount,
    maxMonthlyDebitCount: record.max_monthly_debit_count,
    // The gateway's flag when it sends one; otherwise what this till did.
    activationInitiated: record.activation_initiated ?? entry?.activationInitiated ?? false,
    createdAt: record.created_at ?? entry?.createdAt ?? checkedAt,
    activatedAt: record.activated_at ?? entry?.activatedAt ?? null,
    cancelledAt: record.cancelled_at ?? entry?.cancelledAt ?? null,
    checkedAt,
    createdBy: entry?.createdBy ?? null,
  }
}
