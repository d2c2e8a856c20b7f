import * as z from 'zod'
import { MANDATE_STATUSES, DEBIT_STATUSES } from './statuses'
export { MANDATE_STATUSES, DEBIT_STATUSES } from './statuses'
import type { DebitRecordRead, MandateActionResponseRead, MandateRead } from './read/records'
import {
  AccountNumber,
  AmountNumber,
  BankCode,
  Currency,
  Email,
  IsoDate,
  IsoDateTime,
  MandateBankCode,
  Metadata,
  Name,
  Narration,
  PositiveAmountNumber,
  Reference,
} from './primitives'

export const MIN_MANDATE_DAYS = 30
const DAY_MS = 86_400_000

export const MandateStatus = z.enum(MANDATE_STATUSES)
export type MandateStatus = z.infer<typeof MandateStatus>

/** Days between two ISO dates, computed on UTC midnights (exact integers). */
export const daysBetween = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS)

export const CreateMandateRequest = z
  .object({
    customer_name: Name,
    customer_email: Email,
    account_number: AccountNumber,
    bank_code: MandateBankCode,
    mandate_reference: Reference,
    start_date: IsoDate,
    end_date: IsoDate,
    max_monthly_amount: PositiveAmountNumber,
    max_monthly_debit_count: z.number().int().min(1, 'max_monthly_debit_count must be 1 or more.'),
    currency: Currency,
    metadata: Metadata.optional(),
  })
  .refine((m) => daysBetween(m.start_date, m.end_date) >= MIN_MANDATE_DAYS, {
    path: ['end_date'],
    message: `end_date must be at least ${MIN_MANDATE_DAYS} days after start_date.`,
  })
export type CreateMandateRequest = z.output<typeof CreateMandateRequest>

export const CreateMandateResponse = z.object({
  mandate_reference: z.string(),
  status: MandateStatus,
})

export const Mandate = z.object({
  mandate_reference: z.string(),
  status: MandateStatus,
  customer_name: z.string(),
  customer_email: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  max_monthly_amount: AmountNumber,
  max_monthly_debit_count: z.number().int(),
  currency: Currency,
  metadata: Metadata.default({}),
  activation_initiated: z.boolean().optional(),
  created_at: IsoDateTime.optional(),
  activated_at: IsoDateTime.nullable().optional(),
  cancelled_at: IsoDateTime.nullable().optional(),
})
/** The full record our sandbox sends (strict). */
export type FullMandate = z.output<typeof Mandate>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type Mandate = z.output<typeof MandateRead>

export const MandateParams = z.object({ mandate_reference: Reference })

/** Answer of initiate-activation, validate-activation and cancel (not shown; our choice). */
export const MandateActionResponse = z.object({
  mandate_reference: z.string(),
  status: MandateStatus,
  message: z.string(),
})
/** The full record our sandbox sends (strict). */
export type FullMandateActionResponse = z.output<typeof MandateActionResponse>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type MandateActionResponse = z.output<typeof MandateActionResponseRead>

export const ActivationCredentials = z.object({
  mandate_reference: Reference,
  param1: z.string().min(1),
  value1: z.string().min(1),
  param2: z.string().min(1),
  value2: z.string().min(1),
})
export type ActivationCredentials = z.output<typeof ActivationCredentials>

export const DebitStatus = z.enum(DEBIT_STATUSES)
export type DebitStatus = z.infer<typeof DebitStatus>

export const DebitRequest = z.object({
  mandate_reference: Reference,
  debit_amount: PositiveAmountNumber,
  narration: Narration,
  customer_email: Email,
  payment_reference: Reference,
})
export type DebitRequest = z.output<typeof DebitRequest>

export const DebitRecord = z.object({
  status: DebitStatus,
  payment_reference: z.string(),
  mandate_reference: z.string(),
  amount: AmountNumber,
  narration: z.string(),
  currency: Currency.optional(),
  failure_reason: z.string().nullable().optional(),
  created_at: IsoDateTime.optional(),
  completed_at: IsoDateTime.nullable().optional(),
})
/** The full record our sandbox sends (strict). */
export type FullDebitRecord = z.output<typeof DebitRecord>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type DebitRecord = z.output<typeof DebitRecordRead>

export const DebitStatusParams = z.object({ payment_reference: Reference })

/** Body of POST /direct-debits/disburse (not shown; our choice): collected funds out. */
export const DirectDebitDisburseRequest = z.object({
  reference: Reference,
  amount: PositiveAmountNumber,
  currency: Currency,
  bank_code: BankCode,
  account_number: AccountNumber,
  narration: Narration.optional(),
})
export type DirectDebitDisburseRequest = z.output<typeof DirectDebitDisburseRequest>
