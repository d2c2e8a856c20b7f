import * as z from 'zod'
import { REFUND_STATUSES } from './statuses'
export { REFUND_STATUSES } from './statuses'
import type { RefundRead } from './read/records'
import {
  AmountNumber,
  Currency,
  DateOrDateTime,
  IsoDateTime,
  PositiveAmountNumber,
  Reference,
} from './primitives'
import { PageQuery, dataEnvelope, paginated } from './pagination'

export const RefundStatus = z.enum(REFUND_STATUSES)
export type RefundStatus = z.infer<typeof RefundStatus>

export const InitializeRefundRequest = z.object({
  payment_reference: Reference,
  /** Omit for a full refund of what remains refundable. */
  amount: PositiveAmountNumber.optional(),
  reason: z.string().trim().max(200).optional(),
  /** Merchant's own refund reference (our addition, optional); generated when omitted. */
  reference: Reference.optional(),
})
export type InitializeRefundRequest = z.output<typeof InitializeRefundRequest>

export const Refund = z.object({
  reference: z.string(),
  payment_reference: z.string(),
  amount: AmountNumber,
  currency: Currency,
  status: RefundStatus,
  reason: z.string().nullable(),
  failure_reason: z.string().nullable().optional(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
/** The full record our sandbox sends (strict). */
export type FullRefund = z.output<typeof Refund>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type Refund = z.output<typeof RefundRead>

export const RefundParams = z.object({ reference: Reference })
export const RefundsOfPaymentParams = z.object({ payment_reference: Reference })

export const RefundHistoryQuery = PageQuery.extend({
  status: RefundStatus.optional(),
  payment_reference: Reference.optional(),
  start_date: DateOrDateTime.optional(),
  end_date: DateOrDateTime.optional(),
})
export type RefundHistoryQuery = z.input<typeof RefundHistoryQuery>
export const RefundListResponse = paginated(Refund)

export const RefundCounts = z.object({
  pending: z.number().int(),
  processing: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
})
export const RefundCountsResponse = dataEnvelope(RefundCounts)
