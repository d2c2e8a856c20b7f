import * as z from 'zod'
import { VA_TRANSACTION_STATUSES } from './statuses'
export { VA_TRANSACTION_STATUSES } from './statuses'
import type {
  VaTransactionRead,
  VirtualAccountByEmailRead,
  VirtualAccountRead,
} from './read/records'
import {
  AmountNumber,
  Bvn,
  Currency,
  DateOrDateTime,
  Email,
  IsoDateTime,
  Metadata,
  Name,
  Reference,
} from './primitives'
import { PageQuery, paginated } from './pagination'

export const CreateVirtualAccountRequest = z.object({
  account_reference: Reference,
  customer_name: Name,
  customer_email: Email,
  currency_code: Currency,
  bvn: Bvn,
  metadata: Metadata.optional(),
})
export type CreateVirtualAccountRequest = z.output<typeof CreateVirtualAccountRequest>

/** Creation and lookup answer with the same flat record; `status` is the envelope's "success". */
export const VirtualAccount = z.object({
  status: z.literal('success'),
  account_reference: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  currency_code: Currency,
  metadata: Metadata.default({}),
  account_number: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  reservation_reference: z.string(),
  created_at: IsoDateTime.optional(),
})
/** The full record our sandbox sends (strict). */
export type FullVirtualAccount = z.output<typeof VirtualAccount>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type VirtualAccount = z.output<typeof VirtualAccountRead>

export const VirtualAccountParams = z.object({ account_reference: Reference })

export const VirtualAccountByEmailRequest = z.object({ email: Email })
/** The spec names only these fields for the e-mail lookup; the rest are optional. */
export const VirtualAccountByEmailResponse = VirtualAccount.partial().required({
  status: true,
  account_number: true,
  bank_name: true,
  account_reference: true,
  customer_name: true,
  customer_email: true,
})
/** The full record our sandbox sends (strict). */
export type FullVirtualAccountByEmailResponse = z.output<typeof VirtualAccountByEmailResponse>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type VirtualAccountByEmailResponse = z.output<typeof VirtualAccountByEmailRead>

export const VaTransactionStatus = z.enum(VA_TRANSACTION_STATUSES)
export type VaTransactionStatus = z.infer<typeof VaTransactionStatus>

export const VaTransaction = z.object({
  reference: z.string(),
  account_reference: z.string(),
  amount: AmountNumber,
  currency: Currency,
  status: VaTransactionStatus,
  narration: z.string(),
  created_at: IsoDateTime,
})
/** The full record our sandbox sends (strict). */
export type FullVaTransaction = z.output<typeof VaTransaction>
/** What the till reads from any gateway (common/api/read): use this in the app. */
export type VaTransaction = z.output<typeof VaTransactionRead>

export const VaTransactionsQuery = PageQuery.extend({
  account_reference: Reference.optional(),
  status: VaTransactionStatus.optional(),
  start_date: DateOrDateTime.optional(),
  end_date: DateOrDateTime.optional(),
})
export type VaTransactionsQuery = z.input<typeof VaTransactionsQuery>
export const VaTransactionsResponse = paginated(VaTransaction)
