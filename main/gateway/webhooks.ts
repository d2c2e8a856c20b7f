// Verifying a webhook delivery (docs/gateway-assumptions.md, "Webhooks"): X-Webhook-Timestamp
// in Unix seconds and X-Webhook-Signature = lowercase hex HMAC-SHA256 of
// `<timestamp>:<raw body>` with the webhook secret, the same construction as request signing.
// The signature is checked over the raw bytes before anything is parsed, in constant time,
// and deliveries outside a 5-minute window are refused so a captured one can't be replayed
// later. De-duplicating by event_id is the receiver's job (it owns the store).
import { timingSafeEqual } from 'node:crypto'
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WebhookEvent,
} from '../../common/api/events'
import { hmacHex } from './signer'

export const WEBHOOK_TOLERANCE_SECONDS = 300

export type WebhookFailureReason =
  | 'missing_headers'
  | 'bad_timestamp'
  | 'stale'
  | 'bad_signature'
  | 'bad_payload'
  | 'unknown_event'
  | 'event_id_mismatch'

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'
  constructor(
    readonly reason: WebhookFailureReason,
    message: string,
  ) {
    super(message)
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

export interface VerifyWebhookOptions {
  secret: string
  headers: WebhookHeaders
  /** The body exactly as received; never a re-serialized object. */
  rawBody: string | Uint8Array
  /** Local clock in ms. */
  now?: () => number
  toleranceSeconds?: number
}

export interface VerifiedWebhook {
  event: WebhookEvent
  eventId: string
  /** The delivery's signed timestamp (Unix seconds). */
  timestamp: number
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value
  return undefined
}

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })
const HEX_SHA256 = /^[0-9a-f]{64}$/

export function verifyWebhook(options: VerifyWebhookOptions): VerifiedWebhook {
  const timestampText = header(options.headers, WEBHOOK_TIMESTAMP_HEADER)?.trim()
  const signature = header(options.headers, WEBHOOK_SIGNATURE_HEADER)?.trim().toLowerCase()
  if (!timestampText || !signature)
    throw new WebhookVerificationError('missing_headers', 'The delivery is not signed.')
  if (!/^\d{1,12}$/.test(timestampText))
    throw new WebhookVerificationError(
      'bad_timestamp',
      'The delivery timestamp is not Unix seconds.',
    )

  const body =
    typeof options.rawBody === 'string' ? encoder.encode(options.rawBody) : options.rawBody
  const expected = Buffer.from(hmacHex(options.secret, timestampText, body), 'hex')
  const given = HEX_SHA256.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new WebhookVerificationError('bad_signature', 'The delivery signature does not match.')

  // Checked after the signature so an attacker learns nothing about the window.
  const timestamp = Number(timestampText)
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000)
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS
  if (Math.abs(nowSeconds - timestamp) > tolerance)
    throw new WebhookVerificationError(
      'stale',
      'The delivery is older than 5 minutes (or from the future).',
    )

  let json: unknown
  try {
    json = JSON.parse(decoder.decode(body))
  } catch {
    throw new WebhookVerificationError('bad_payload', 'The delivery body is not JSON.')
  }
  const type = (json as { event_type?: unknown } | null)?.event_type
  const parsed = WebhookEvent.safeParse(json)
  if (!parsed.success) {
    const known = WebhookEvent.options.some((o) => o.shape.event_type.value === type)
    throw known
      ? new WebhookVerificationError(
          'bad_payload',
          `The ${String(type)} event does not match its schema (${parsed.error.issues
            .slice(0, 3)
            .map((i) => i.path.map(String).join('.') || '(root)')
            .join(', ')}).`,
        )
      : new WebhookVerificationError(
          'unknown_event',
          `Unknown event type: ${String(type).slice(0, 64)}.`,
        )
  }
  const eventIdHeader = header(options.headers, WEBHOOK_EVENT_ID_HEADER)
  if (eventIdHeader !== undefined && eventIdHeader !== parsed.data.event_id)
    throw new WebhookVerificationError(
      'event_id_mismatch',
      'X-Webhook-Event-Id differs from the body.',
    )
  return { event: parsed.data, eventId: parsed.data.event_id, timestamp }
}
