// Webhook verification per docs/gateway-assumptions.md: signature over `<timestamp>:<raw
// body>` with the webhook secret, constant-time compare, 5-minute window, then the schema.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hmacHex } from '../../../main/gateway/signer'
import { verifyWebhook, WebhookVerificationError } from '../../../main/gateway/webhooks'

interface Vector {
  name: string
  secret: string
  timestamp: string
  body: string | null
  signature: string
}
const { vectors } = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] }
// Signed by openssl, not by us.
const delivery = vectors.find((v) => v.name.startsWith('webhook delivery'))!
const at = (seconds: number) => () => seconds * 1000
const T = Number(delivery.timestamp)

const headersOf = (
  v: { timestamp: string; signature: string },
  extra: Record<string, string> = {},
) => ({
  'X-Webhook-Timestamp': v.timestamp,
  'X-Webhook-Signature': v.signature,
  ...extra,
})

const reason = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason
    throw error
  }
  return undefined
}

describe('verifyWebhook', () => {
  it('accepts an openssl-signed delivery and parses the event with minor units', () => {
    const result = verifyWebhook({
      secret: delivery.secret,
      headers: headersOf(delivery, { 'x-webhook-event-id': 'evt_01' }),
      rawBody: delivery.body!,
      now: at(T + 10),
    })
    expect(result.eventId).toBe('evt_01')
    expect(result.timestamp).toBe(T)
    expect(result.event.event_type).toBe('va_charge_success')
    if (result.event.event_type === 'va_charge_success') {
      expect(result.event.data.amount).toBe(1_250_050)
      expect(result.event.data.metadata).toEqual({ till: 3 })
    }
  })

  it('accepts raw bytes and a Headers object (case-insensitive)', () => {
    const headers = new Headers(headersOf(delivery))
    const bytes = new TextEncoder().encode(delivery.body!)
    expect(
      verifyWebhook({ secret: delivery.secret, headers, rawBody: bytes, now: at(T) }).eventId,
    ).toBe('evt_01')
  })

  it('rejects a wrong secret, a changed body or a changed timestamp', () => {
    const base = { headers: headersOf(delivery), rawBody: delivery.body!, now: at(T) }
    expect(reason(() => verifyWebhook({ ...base, secret: 'whsec_other' }))).toBe('bad_signature')
    expect(
      reason(() =>
        verifyWebhook({
          ...base,
          secret: delivery.secret,
          rawBody: delivery.body!.replace('12500.5', '99999'),
        }),
      ),
    ).toBe('bad_signature')
    expect(
      reason(() =>
        verifyWebhook({ ...base, secret: delivery.secret, rawBody: `${delivery.body!} ` }),
      ),
    ).toBe('bad_signature')
    expect(
      reason(() =>
        verifyWebhook({
          ...base,
          secret: delivery.secret,
          headers: headersOf({ ...delivery, timestamp: String(T + 1) }),
        }),
      ),
    ).toBe('bad_signature')
    expect(
      reason(() =>
        verifyWebhook({
          ...base,
          secret: delivery.secret,
          headers: headersOf({ ...delivery, signature: 'zz' }),
        }),
      ),
    ).toBe('bad_signature')
  })

  it('accepts an uppercase hex signature', () => {
    const headers = headersOf({ ...delivery, signature: delivery.signature.toUpperCase() })
    expect(
      verifyWebhook({ secret: delivery.secret, headers, rawBody: delivery.body!, now: at(T) })
        .eventId,
    ).toBe('evt_01')
  })

  it('refuses deliveries outside the 5-minute window, either side', () => {
    const base = { secret: delivery.secret, headers: headersOf(delivery), rawBody: delivery.body! }
    expect(reason(() => verifyWebhook({ ...base, now: at(T + 300) }))).toBeUndefined()
    expect(reason(() => verifyWebhook({ ...base, now: at(T + 301) }))).toBe('stale')
    expect(reason(() => verifyWebhook({ ...base, now: at(T - 301) }))).toBe('stale')
  })

  it('requires both headers and a numeric timestamp', () => {
    const rawBody = delivery.body!
    expect(reason(() => verifyWebhook({ secret: 's', headers: {}, rawBody }))).toBe(
      'missing_headers',
    )
    expect(
      reason(() =>
        verifyWebhook({
          secret: 's',
          headers: { 'x-webhook-timestamp': '1e9', 'x-webhook-signature': 'ab' },
          rawBody,
        }),
      ),
    ).toBe('bad_timestamp')
  })

  it('tells an unknown event type from a malformed known one, after the signature', () => {
    const sign = (body: string) => ({
      'x-webhook-timestamp': String(T),
      'x-webhook-signature': hmacHex('whsec', String(T), new TextEncoder().encode(body)),
    })
    const unknown = '{"event_type":"chargeback_opened","event_id":"e"}'
    expect(
      reason(() =>
        verifyWebhook({ secret: 'whsec', headers: sign(unknown), rawBody: unknown, now: at(T) }),
      ),
    ).toBe('unknown_event')
    const broken = delivery.body!.replace('"amount":12500.5', '"amount":"lots"')
    expect(
      reason(() =>
        verifyWebhook({ secret: 'whsec', headers: sign(broken), rawBody: broken, now: at(T) }),
      ),
    ).toBe('bad_payload')
    expect(
      reason(() =>
        verifyWebhook({ secret: 'whsec', headers: sign('nope'), rawBody: 'nope', now: at(T) }),
      ),
    ).toBe('bad_payload')
  })

  it('rejects an event id header that disagrees with the body', () => {
    expect(
      reason(() =>
        verifyWebhook({
          secret: delivery.secret,
          headers: headersOf(delivery, { 'X-Webhook-Event-Id': 'evt_02' }),
          rawBody: delivery.body!,
          now: at(T),
        }),
      ),
    ).toBe('event_id_mismatch')
  })
})
