// The client's readers of every gateway answer, written from the spec's text: a field the spec
// names is required, a field it leaves "not shown" is optional (and read as absent when it is
// not what we expect), a status outside the known words is `unknown` with the gateway's word
// kept, extra fields are dropped, and one malformed list item is skipped and counted.
//
// The strict schemas beside this folder describe what our sandbox sends (and docs/openapi.json);
// these are what the till accepts from any gateway. docs/gateway-assumptions.md ("How the
// client reads") lists the choices.
import * as z from 'zod'
import { Bank, ResolvedAccount } from '../banks'
import { AmountNumber, Currency, Metadata } from '../primitives'
import {
  DEBIT_STATUSES,
  MANDATE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  TRANSFER_STATUSES,
  VA_TRANSACTION_STATUSES,
} from '../statuses'
import {
  EnvelopeStatus,
  ReadDateTime,
  knownOr,
  notShown,
  tolerantDataList,
  tolerantPage,
  withStatus,
} from './tolerant'

const text = z.string()
const optionalText = notShown(z.string().nullable())
/** Merchant metadata when given; `{}` when absent or unreadable (it is only ever shown). */
const ReadMetadata = Metadata.optional()
  .catch(undefined)
  .transform((m) => m ?? {})

// Payments. "Other fields of the payment record returned by verify: not shown beyond `status`."
export const PaymentRecordRead = withStatus(PAYMENT_STATUSES, {
  reference: notShown(text),
  email: notShown(text),
  amount: notShown(AmountNumber),
  currency: notShown(Currency),
  amount_refunded: notShown(AmountNumber),
  payment_method: notShown(knownOr(PAYMENT_METHODS).nullable()),
  customer_name: optionalText,
  metadata: notShown(Metadata),
  authorization_url: notShown(text),
  callback_url: optionalText,
  created_at: notShown(ReadDateTime),
  paid_at: notShown(ReadDateTime.nullable()),
})
// "200; `authorization_url` and transaction reference" (the reference's field name: not shown).
export const InitializePaymentResponseRead = z.object({
  status: EnvelopeStatus,
  authorization_url: text,
  reference: notShown(text),
})
export const MerchantTransactionsRead = tolerantPage(PaymentRecordRead)

// Virtual accounts: the table's response fields and the echoed creation fields are named.
export const VirtualAccountRead = z.object({
  status: z.union([z.boolean(), z.string()]),
  account_reference: text,
  customer_name: text,
  customer_email: text,
  currency_code: Currency,
  metadata: ReadMetadata,
  account_number: text,
  bank_name: text,
  bank_code: text,
  reservation_reference: text,
  created_at: notShown(ReadDateTime),
})
// "`status`, `account_number`, `bank_name`, `account_reference`, `customer_name`, `customer_email`"
export const VirtualAccountByEmailRead = z.object({
  status: z.union([z.boolean(), z.string()]),
  account_number: text,
  bank_name: text,
  account_reference: text,
  customer_name: text,
  customer_email: text,
  currency_code: notShown(Currency),
  metadata: notShown(Metadata),
  bank_code: notShown(text),
  reservation_reference: notShown(text),
  created_at: notShown(ReadDateTime),
})
// Every field of a virtual-account transaction is named; its currency is "string", so a code
// Tilldesk does not support still passes (and is never counted as money received).
export const VaTransactionRead = withStatus(VA_TRANSACTION_STATUSES, {
  reference: text,
  account_reference: text,
  amount: AmountNumber,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase()),
  narration: z.string().catch(''),
  created_at: ReadDateTime,
})
export const VaTransactionsRead = tolerantPage(VaTransactionRead)

// Mandates. "Fields of the mandate record returned by lookup: not shown beyond
// `mandate_reference` and `status`."
export const MandateRead = withStatus(MANDATE_STATUSES, {
  mandate_reference: text,
  customer_name: notShown(text),
  customer_email: notShown(text),
  account_number: notShown(text),
  bank_code: notShown(text),
  start_date: notShown(text),
  end_date: notShown(text),
  max_monthly_amount: notShown(AmountNumber),
  max_monthly_debit_count: notShown(z.number().int().min(0)),
  currency: notShown(Currency),
  metadata: ReadMetadata,
  activation_initiated: notShown(z.boolean()),
  created_at: notShown(ReadDateTime),
  activated_at: notShown(ReadDateTime.nullable()),
  cancelled_at: notShown(ReadDateTime.nullable()),
})
// "Response returns `mandate_reference` and `status`."
export const CreateMandateResponseRead = withStatus(MANDATE_STATUSES, { mandate_reference: text })
// "Response bodies of initiate-activation, validate-activation and cancel: not shown."
export const MandateActionResponseRead = z.object({
  mandate_reference: notShown(text),
  status: notShown(knownOr(MANDATE_STATUSES)),
  message: notShown(text),
})

// Debits. "Debit status record: `status` (string; `success` appears), `payment_reference`,
// `mandate_reference`, `amount` (number), `narration`."
const debitExtras = {
  currency: notShown(Currency),
  failure_reason: optionalText,
  created_at: notShown(ReadDateTime),
  completed_at: notShown(ReadDateTime.nullable()),
}
export const DebitRecordRead = withStatus(DEBIT_STATUSES, {
  payment_reference: text,
  mandate_reference: text,
  amount: AmountNumber,
  narration: text,
  ...debitExtras,
})
// "debit accepted, processed asynchronously": the acceptance body is not shown at all.
export const DebitAcceptedRead = z.object({
  status: notShown(knownOr(DEBIT_STATUSES)),
  payment_reference: notShown(text),
  mandate_reference: notShown(text),
  amount: notShown(AmountNumber),
  narration: notShown(text),
  ...debitExtras,
})

// Refunds. "Fields of the refund record: not shown." It "has a status".
export const RefundRead = withStatus(REFUND_STATUSES, {
  reference: notShown(text),
  payment_reference: notShown(text),
  amount: notShown(AmountNumber),
  currency: notShown(Currency),
  reason: optionalText,
  failure_reason: optionalText,
  created_at: notShown(ReadDateTime),
  updated_at: notShown(ReadDateTime),
})
export const RefundListRead = tolerantPage(RefundRead)
// Transfers. "it has a unique reference and a status. Fields of the transfer record: not shown."
export const TransferRead = withStatus(TRANSFER_STATUSES, {
  reference: text,
  amount: notShown(AmountNumber),
  fee: notShown(AmountNumber),
  currency: notShown(Currency),
  bank_code: notShown(text),
  bank_name: notShown(text),
  account_number: notShown(text),
  account_name: optionalText,
  recipient_name: optionalText,
  recipient_email: optionalText,
  narration: notShown(text),
  failure_reason: optionalText,
  created_at: notShown(ReadDateTime),
  updated_at: notShown(ReadDateTime),
  completed_at: notShown(ReadDateTime.nullable()),
})
export const TransferListRead = tolerantPage(TransferRead)

// Banks: "`status` (boolean true), `data`: array of bank (`name`, `code`)".
export const BanksRead = tolerantDataList(Bank)
export const ResolveRead = z.object({ status: EnvelopeStatus, data: ResolvedAccount })
