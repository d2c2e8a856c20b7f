// What the till remembers of mandates and debits. The gateway has no list of mandates, so this
// journal is the Mandates screen's list; the gateway stays the authority on every status.
// Nothing here can hold an activation OTP or PIN: the schemas have no field for one.
import * as z from 'zod'
import { DEBIT_STATUSES, MANDATE_STATUSES, type Mandate } from '../../common/api/directDebits'
import { CURRENCIES } from '../../common/money'
import { refuse } from '../kernel/errors'
import { MinorValue } from '../payments/payment-entry'
import { Alarm } from '../exactly-once/alarm'
import { Resolution } from '../exactly-once/decision'
import { Uncertainty } from '../exactly-once/submit'

export const MandateEntry = z.object({
  mandateReference: z.string(),
  /** The gateway has confirmed it exists (false while a create's answer is unknown). */
  confirmed: z.boolean(),
  /** `unknown`: the gateway sent a status word Tilldesk does not know (nothing is allowed). */
  status: z.enum([...MANDATE_STATUSES, 'unknown']),
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
  /** Set once the create's answer was lost (exactly-once/submit.ts): the evidence. */
  uncertainty: Uncertainty.nullable().optional(),
})
export type MandateEntry = z.infer<typeof MandateEntry>

/**
 * What the mandates journal keeps when it trims its oldest: this journal is the only list of
 * mandates there is, so a mandate the till may still debit, or whose create is not confirmed
 * (a person may have to decide it), is never dropped; only a cancelled or expired one may go.
 */
export const mandateKept = (entry: MandateEntry): boolean =>
  !entry.confirmed || (entry.status !== 'cancelled' && entry.status !== 'expired')

export const DebitEntry = z.object({
  paymentReference: z.string(),
  mandateReference: z.string(),
  amount: MinorValue,
  currency: z.enum(CURRENCIES),
  narration: z.string(),
  // `not_paid`: its outcome was unknown and a supervisor decided nothing was charged.
  status: z.enum(['starting', 'not_sent', 'not_paid', ...DEBIT_STATUSES, 'unknown']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  notice: z.string().nullable(),
  chargedBy: z.string().nullable(),
  /** Who charged it: they may not decide its unknown outcome (absent in old entries). */
  chargedById: z.string().nullable().optional(),
  /** Set once the debit's answer was lost (exactly-once/submit.ts): the evidence. */
  uncertainty: Uncertainty.nullable().optional(),
  /** A supervisor's decision on an unknown outcome: who, when, why (the audit record). */
  resolution: Resolution.nullable().optional(),
  /** The gateway contradicted a decision: it won, and a supervisor must acknowledge this. */
  alarm: Alarm.nullable().optional(),
  /** The mandate's e-mail the debit was sent with (absent in old entries: read again). */
  customerEmail: z.string().optional(),
})
export type DebitEntry = z.infer<typeof DebitEntry>

export const FINAL_DEBIT: readonly string[] = ['success', 'failed', 'not_sent', 'not_paid']

/**
 * Folds the gateway's mandate record in; the gateway is right about everything it returns.
 * The spec shows only `mandate_reference` and `status` in a lookup: any other field it leaves
 * out keeps what this till recorded when it created the mandate (what the gateway accepted).
 * A mandate this till never saw, with its details left out, can't be shown or charged here:
 * that is said in words rather than filled in with guesses.
 */
export function applyMandate(
  entry: MandateEntry | undefined,
  record: Mandate,
  checkedAt: string,
): MandateEntry {
  const pick = <T>(given: T | undefined, known: T | undefined): T | undefined => given ?? known
  const details = {
    customerName: pick(record.customer_name, entry?.customerName),
    customerEmail: pick(record.customer_email, entry?.customerEmail),
    accountNumber: pick(record.account_number, entry?.accountNumber),
    bankCode: pick(record.bank_code, entry?.bankCode),
    startDate: pick(record.start_date, entry?.startDate),
    endDate: pick(record.end_date, entry?.endDate),
    currency: pick(record.currency, entry?.currency),
    maxMonthlyAmount: pick(record.max_monthly_amount, entry?.maxMonthlyAmount),
    maxMonthlyDebitCount: pick(record.max_monthly_debit_count, entry?.maxMonthlyDebitCount),
  }
  const missing = Object.entries(details)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k)
  if (missing.length > 0)
    throw refuse('gateway_record_incomplete', {
      key: 'mandates.recordIncomplete',
      params: {
        reference: record.mandate_reference,
        count: missing.length,
        fields: missing.join(', '),
        status: record.raw_status ?? record.status,
      },
    })
  const d = details as { [K in keyof typeof details]-?: NonNullable<(typeof details)[K]> }
  return {
    mandateReference: record.mandate_reference,
    confirmed: true,
    status: record.status,
    ...d,
    // The gateway's flag when it sends one; otherwise what this till did.
    activationInitiated: record.activation_initiated ?? entry?.activationInitiated ?? false,
    createdAt: record.created_at ?? entry?.createdAt ?? checkedAt,
    activatedAt: record.activated_at ?? entry?.activatedAt ?? null,
    cancelledAt: record.cancelled_at ?? entry?.cancelledAt ?? null,
    checkedAt,
    createdBy: entry?.createdBy ?? null,
    // Kept after it is settled: the record of what happened while it was unknown.
    uncertainty: entry?.uncertainty ?? null,
  }
}
