import * as z from 'zod'
import { PAYMENT_STATUSES, PAYMENT_METHODS } from './statuses'
export { PAYMENT_STATUSES, PAYMENT_METHODS } from './statuses'
import type { InitializePaymentResponseRead, PaymentRecordRead } from './read/records'
import {
  AmountNumber,
  Currency,
  DateOrDateTime,
  Email,
  IsoDateTime,
  Metadata,
  PositiveAmountString,
  Reference,
  Url,
} from './primitives'
import { PageQuery, paginated } from './pagination'

export const PaymentStatus = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof PaymentStatus>
export const PaymentMethod = z.enum(PAYMENT_METHODS)

export const InitializePaymentRequest = z.object({
  email: Email,
  amount: PositiveAmountString,
  currency: Currency,
  /** Merchant's own reference; the gateway generates one when it is omitted. */
  reference: Reference.optional(),
  callback_url: Url.optional(),
  customer_name: z.string().max(120).optional(),
  metadata: Metadata.optional(),
})
export type InitializePaymentRequest = z.output<typeof InitializePaymentRequest>

export const InitializePaymentResponse = z.object({
  status: z.literal('success'),
  authorization_url: Url,
  reference: z.string(),
})
/** The full record our sandbox sends (strict). */
export type FullInitializePaymentResponse = z.output<typeof InitializePaymentResponse>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type InitializePaymentResponse = z.output<typeof InitializePaymentResponseRead>

/** The full payment record, as verify and the transactions list return it. */
export const PaymentRecord = z.object({
  reference: z.string(),
  status: PaymentStatus,
  email: z.string(),
  amount: AmountNumber,
  currency: Currency,
  amount_refunded: AmountNumber,
  payment_method: PaymentMethod.nullable(),
  customer_name: z.string().nullable(),
  metadata: Metadata,
  authorization_url: z.string(),
  callback_url: z.string().nullable(),
  created_at: IsoDateTime,
  paid_at: IsoDateTime.nullable(),
})
/** The full record our sandbox sends (strict). */
export type FullPaymentRecord = z.output<typeof PaymentRecord>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type PaymentRecord = z.output<typeof PaymentRecordRead>

export const VerifyPaymentParams = z.object({ reference: Reference })

export const MerchantTransactionsQuery = PageQuery.extend({
  status: PaymentStatus.optional(),
  payment_method: PaymentMethod.optional(),
  customer_email: Email.optional(),
  start_date: DateOrDateTime.optional(),
  end_date: DateOrDateTime.optional(),
})
export type MerchantTransactionsQuery = z.input<typeof MerchantTransactionsQuery>
export const MerchantTransactionsResponse = paginated(PaymentRecord)
