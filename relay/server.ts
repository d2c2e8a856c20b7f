// The webhook relay (docs/relay.md): an optional, small HTTP service for a shop that runs its
// PostgreSQL and can give the gateway an HTTPS address. It receives the gateway's webhooks,
// verifies each by the rule in docs/gateway-assumptions.md ("Webhooks": HMAC-SHA256 of
// `<timestamp>:<raw body>`, 5-minute window, main/gateway/webhooks.ts), keeps each event once
// by event_id in the shop's database, and wakes the tills (NOTIFY tilldesk_watch) so the shop's
// watcher asks the gateway about that account now. A webhook is a reason to look now, never
// proof of payment: nothing here marks anything paid; polling stays the source of truth.
import Fastify, { type FastifyInstance } from 'fastify'
import type pg from 'pg'
import {
  verifyWebhook,
  WebhookVerificationError,
  type WebhookFailureReason,
} from '../main/gateway/webhooks'

export const WATCH_CHANNEL = 'tilldesk_watch'

export interface RelayOptions {
  pool: Pick<pg.Pool, 'query'>
  /** The merchant's webhook secret (never logged). */
  secret: string
  /** The path the gateway posts to. */
  path?: string
  /** How often the relay says it is alive to the tills, ms (0: never). */
  beatMs?: number
  now?: () => number
  log?: (message: string, data: Record<string, unknown>) => void
}

export interface Relay {
  app: FastifyInstance
  /** Deliveries by outcome, for the operator and the tests. */
  counts(): Record<string, number>
  close(): Promise<void>
}

const REFUSED: Record<WebhookFailureReason, number> = {
  missing_headers: 401,
  bad_timestamp: 401,
  stale: 401,
  bad_signature: 401,
  event_id_mismatch: 400,
  bad_payload: 400,
  unknown_event: 200, // signed and well formed, of a type we don't know: kept, acknowledged
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, 200) : null

export function createRelay(options: RelayOptions): Relay {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 })
  const counts: Record<string, number> = {}
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1)
  const log = options.log ?? (() => undefined)
  // The signature is over the exact bytes: keep them, parse only after verifying.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  const wake = (payload: Record<string, unknown>) =>
    options.pool.query('select pg_notify($1, $2)', [
      WATCH_CHANNEL,
      JSON.stringify({ type: 'relay', ...payload }),
    ])

  app.get('/health', async () => ({ ok: true }))

  app.post(options.path ?? '/webhooks/gateway', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    let event: { event_id: string; event_type: string; data?: unknown }
    try {
      const verified = verifyWebhook({
        secret: options.secret,
        headers: request.headers as Record<string, string | string[] | undefined>,
        rawBody: raw,
        ...(options.now ? { now: options.now } : {}),
      })
      event = verified.event as typeof event
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error
      if (error.reason !== 'unknown_event') {
        count(`refused_${error.reason}`)
        log('relay: delivery refused', { reason: error.reason })
        return reply.code(REFUSED[error.reason]).send({ ok: false, reason: error.reason })
      }
      // Signed by the gateway but of a type this version doesn't know: kept as received.
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
      const id = text(body.event_id)
      if (!id) return reply.code(400).send({ ok: false, reason: 'bad_payload' })
      event = { event_id: id, event_type: text(body.event_type) ?? 'unknown', data: body.data }
    }
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as {
      account_reference?: unknown
      reference?: unknown
    }
    const accountReference = text(data.account_reference)
    const inserted = await options.pool.query(
      `insert into relay_events (event_id, event_type, account_reference, reference, body)
       values ($1, $2, $3, $4, $5::jsonb) on conflict (event_id) do nothing`,
      [
        event.event_id,
        event.event_type,
        accountReference,
        text(data.reference),
        raw.toString('utf8'),
      ],
    )
    if ((inserted.rowCount ?? 0) === 0) {
      count('duplicate')
      return reply.code(200).send({ ok: true, duplicate: true })
    }
    count(event.event_type)
    // Wake the tills: the watcher looks at this account now. Best effort: polling finds it anyway.
    await wake({ eventType: event.event_type, accountReference }).catch((error: unknown) =>
      log('relay: could not wake the tills', { error: String(error) }),
    )
    return reply.code(200).send({ ok: true })
  })

  let beat: NodeJS.Timeout | null = null
  if ((options.beatMs ?? 30_000) > 0) {
    beat = setInterval(
      () => void wake({ beat: true }).catch(() => undefined),
      options.beatMs ?? 30_000,
    )
    beat.unref?.()
  }
  return {
    app,
    counts: () => ({ ...counts }),
    async close() {
      if (beat) clearInterval(beat)
      await app.close()
    },
  }
}
