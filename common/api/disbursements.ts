import * as z from 'zod'
import { TRANSFER_STATUSES } from './statuses'
export { TRANSFER_STATUSES } from './statuses'
import type { TransferRead } from './read/records'
import {
  AccountNumber,
  AmountNumber,
  BankCode,
  Currency,
  DateOrDateTime,
  Email,
  IsoDateTime,
  Name,
  Narration,
  PositiveAmountNumber,
  Reference,
  Url,
} from './primitives'
import { PageQuery, paginated } from './pagination'

/** pending -> processing -> success | failed; success -> reversed (a bank sends it back). */
export const TransferStatus = z.enum(TRANSFER_STATUSES)
export type TransferStatus = z.infer<typeof TransferStatus>
export const FINAL_TRANSFER_STATUSES: readonly TransferStatus[] = ['success', 'failed', 'reversed']

export const InitializeDisbursementRequest = z.object({
  reference: Reference,
  amount: PositiveAmountNumber,
  currency: Currency,
  bank_code: BankCode,
  account_number: AccountNumber,
  narration: Narration,
  recipient_name: Name.optional(),
  recipient_email: Email.optional(),
  webhook_url: Url.optional(),
})
export type InitializeDisbursementRequest = z.output<typeof InitializeDisbursementRequest>

export const Transfer = z.object({
  reference: z.string(),
  status: TransferStatus,
  amount: AmountNumber,
  fee: AmountNumber.optional(),
  currency: Currency,
  bank_code: z.string(),
  bank_name: z.string().optional(),
  account_number: z.string(),
  account_name: z.string().nullable().optional(),
  recipient_name: z.string().nullable().optional(),
  recipient_email: z.string().nullable().optional(),
  narration: z.string(),
  failure_reason: z.string().nullable().optional(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  completed_at: IsoDateTime.nullable().optional(),
})
/** The full record our sandbox sends (strict). */
export type FullTransfer = z.output<typeof Transfer>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type Transfer = z.output<typeof TransferRead>

export const VerifyDisbursementQuery = z.object({ reference: Reference })

export const DisbursementListQuery = PageQuery.extend({
  status: TransferStatus.optional(),
  recipient_email: Email.optional(),
  start_date: DateOrDateTime.optional(),
  end_date: DateOrDateTime.optional(),
})
export type DisbursementListQuery = z.input<typeof DisbursementListQuery>
export const DisbursementListResponse = paginated(Transfer)
