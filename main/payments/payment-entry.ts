// What the till remembers of a checkout payment it started: enough to verify it by reference
// after a restart and to show it in Recent payments. Amounts are integer minor units.
import * as z from 'zod'
import { PAYMENT_STATUSES, type PaymentRecord } from '../../common/api/payments'
import { CURRENCIES, type Minor } from '../../common/money'
import type { CheckoutStatus } from '../../common/ipc/payments'
import { refuse } from '../kernel/errors'
import { Alarm } from '../exactly-once/alarm'
import { Resolution } from '../exactly-once/decision'
import { Uncertainty } from '../exactly-once/submit'
import { ownRecord } from '../gateway/own-record'

export const MinorValue = z.custom<Minor>(
  (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  'Not an amount in minor units.',
)

export const PaymentEntry = z.object({
  reference: z.string(),
  // `not_paid`: its outcome was unknown and a supervisor decided it was not paid.
  status: z.enum(['starting', 'not_paid', ...PAYMENT_STATUSES]),
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
  /** Who took it: they may not decide its unknown outcome (absent in old entries). */
  takenById: z.string().nullable().optional(),
  notice: z.string().nullable(),
  /** Set once the initialize answer was lost: the evidence; kept after it is settled. */
  uncertainty: Uncertainty.nullable().optional(),
  /** A supervisor's decision on an unknown outcome: who, when, why (the audit record). */
  resolution: Resolution.nullable().optional(),
  /** The gateway contradicted a decision: it won, and a supervisor must acknowledge this. */
  alarm: Alarm.nullable().optional(),
})
export type PaymentEntry = z.infer<typeof PaymentEntry>

export const FINAL_PAYMENT_STATUSES: readonly CheckoutStatus[] = [
  'success',
  'failed',
  'abandoned',
  'not_paid',
]
export const isFinalPayment = (status: CheckoutStatus): boolean =>
  FINAL_PAYMENT_STATUSES.includes(status)

/**
 * Folds the gateway's record into what the till knew (a final status is kept by the exactly-
 * once core, main/exactly-once/kind.ts). The spec shows only `status` in a payment record:
 * a field the gateway leaves out keeps what the till knew, and a status word the till does not
 * know changes nothing but is reported in words.
 */
export function applyPaymentRecord(
  entry: PaymentEntry,
  record: PaymentRecord,
  verifiedAt: string,
): PaymentEntry {
  if (record.status === 'unknown')
    return {
      ...entry,
      verifiedAt,
      notice: `The gateway reports this payment as "${record.raw_status ?? 'unknown'}", a status this till does not know. It is not counted as paid or failed; check with the gateway.`,
    }
  return {
    ...entry,
    status: record.status,
    email: record.email ?? entry.email,
    customerName: record.customer_name ?? entry.customerName,
    amount: record.amount ?? entry.amount,
    currency: record.currency ?? entry.currency,
    amountRefunded: record.amount_refunded ?? entry.amountRefunded,
    paymentMethod: record.payment_method ?? entry.paymentMethod,
    authorizationUrl: record.authorization_url || entry.authorizationUrl,
    paidAt: record.paid_at ?? entry.paidAt,
    verifiedAt,
    notice: null,
  }
}

/**
 * An entry for a payment the till did not start (looked up by reference). Without a status the
 * till knows, an amount and a currency it can't be shown as a payment: that is said in words.
 */
export function entryFromRecord(
  record: PaymentRecord,
  verifiedAt: string,
  reference = record.reference ?? '',
): PaymentEntry {
  const status = record.status
  if (status === 'unknown' || record.amount === undefined || record.currency === undefined)
    throw refuse(
      'gateway_record_incomplete',
      status === 'unknown'
        ? {
            key: 'payments.unknownStatus',
            params: { reference, status: record.raw_status ?? 'unknown' },
          }
        : { key: 'payments.recordIncomplete', params: { reference, status } },
    )
  const description = record.metadata?.description
  return {
    reference: record.reference ?? reference,
    status,
    email: record.email ?? '',
    customerName: record.customer_name ?? null,
    description: typeof description === 'string' ? description : null,
    amount: record.amount,
    currency: record.currency,
    // Not shown in the spec: what the gateway did not say is not claimed to be refunded.
    amountRefunded: record.amount_refunded ?? (0 as Minor),
    paymentMethod: record.payment_method ?? null,
    authorizationUrl: record.authorization_url || null,
    createdAt: record.created_at ?? verifiedAt,
    paidAt: record.paid_at ?? null,
    verifiedAt,
    takenBy: null,
    notice: null,
  }
}

/**
 * The payment verify answered for `reference`, or a throw when it names another payment
 * (main/gateway/own-record.ts): never shown as the one asked about, never refunded.
 */
export function ownPayment<P extends { reference?: string }>(record: P, reference: string): P {
  const theirs = record.reference
  return ownRecord(record, theirs, reference, 'verifyPayment', `payment ${theirs}`)
}
