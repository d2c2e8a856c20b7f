// Webhook events. The spec shows only va_charge_success's envelope; every other event uses
// the same envelope with its own `data` (docs/gateway-assumptions.md).
import * as z from 'zod'
import { AmountNumber, Currency, IsoDateTime, Metadata } from './primitives'
import { PaymentRecord } from './payments'
import { Refund } from './refunds'
import { Transfer } from './disbursements'
import { DebitStatus, MandateStatus } from './directDebits'

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature'
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp'
export const WEBHOOK_EVENT_ID_HEADER = 'x-webhook-event-id'

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    event_type: z.literal(type),
    status: z.string(),
    message: z.string(),
    event_id: z.string(),
    timestamp: IsoDateTime,
    data,
  })

const VaCharge = z.object({
  reference: z.string(),
  account_reference: z.string(),
  amount: AmountNumber,
  currency: Currency,
  metadata: Metadata.default({}),
  narration: z.string().optional(),
  failure_reason: z.string().optional(),
})
const DebitEventData = z.object({
  payment_reference: z.string(),
  mandate_reference: z.string(),
  amount: AmountNumber,
  currency: Currency.optional(),
  status: DebitStatus,
  failure_reason: z.string().nullable().optional(),
})

export const WebhookEvent = z.discriminatedUnion('event_type', [
  envelope('va_charge_success', VaCharge),
  envelope('va_charge_failure', VaCharge),
  envelope(
    'mandate_activated',
    z.object({ mandate_reference: z.string(), status: MandateStatus, customer_email: z.string() }),
  ),
  envelope('direct_debit_success', DebitEventData),
  envelope('direct_debit_failure', DebitEventData),
  envelope('payment_status_update', PaymentRecord),
  envelope('refund_status_update', Refund),
  envelope('transfer_status_update', Transfer),
])
export type WebhookEvent = z.output<typeof WebhookEvent>
export type WebhookEventType = WebhookEvent['event_type']
