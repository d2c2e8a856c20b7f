// Builds webhook events in the spec's envelope (the va_charge_success shape for every type),
// encodes amounts to the wire with the shared schema, and hands them to the dispatcher.
import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { WebhookEvent, type WebhookEventType } from '../common/api/events'

export type EventData<T extends WebhookEventType> = Extract<WebhookEvent, { event_type: T }>['data']

export type Emit = <T extends WebhookEventType>(
  type: T,
  data: EventData<T>,
  options?: { extraUrls?: readonly (string | null | undefined)[]; status?: string },
) => void

/** Envelope `status`/`message` per event type; update events take the record's status. */
const DEFAULTS: Record<WebhookEventType, { status: string; message: string }> = {
  va_charge_success: { status: 'success', message: 'Transfer into virtual account received' },
  va_charge_failure: { status: 'failed', message: 'Transfer into virtual account failed' },
  mandate_activated: { status: 'success', message: 'Mandate activated' },
  direct_debit_success: { status: 'success', message: 'Direct debit successful' },
  direct_debit_failure: { status: 'failed', message: 'Direct debit failed' },
  payment_status_update: { status: 'success', message: 'Payment status updated' },
  refund_status_update: { status: 'success', message: 'Refund status updated' },
  transfer_status_update: { status: 'success', message: 'Transfer status updated' },
}

export interface EventSink {
  deliver(event: { event_id: string; event_type: string }, urls: readonly string[]): void
}

export function createEmitter(
  sink: EventSink,
  merchantUrl: () => string | undefined,
  businessIso: () => string,
): Emit {
  return (type, data, options) => {
    const defaults = DEFAULTS[type]
    const envelope = {
      event_type: type,
      status: options?.status ?? defaults.status,
      message: defaults.message,
      event_id: `evt_${randomUUID()}`,
      timestamp: businessIso(),
      data,
    } as WebhookEvent
    const wire = z.encode(WebhookEvent, envelope) as { event_id: string; event_type: string }
    const urls = [merchantUrl(), ...(options?.extraUrls ?? [])].filter(
      (u): u is string => typeof u === 'string' && u.length > 0,
    )
    if (urls.length) sink.deliver(wire, urls)
  }
}
