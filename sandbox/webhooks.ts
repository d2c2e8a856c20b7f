// Webhook delivery: signed like requests are (HMAC-SHA256 of "<timestamp>:<raw body>"), same
// event_id on every retry, up to 6 attempts backing off base·1, 2, 4, 8, 16. The log is in
// memory and bounded; deliveries in flight are abandoned when the sandbox closes.
import { request as httpRequest, type ClientRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type * as z from 'zod'
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../common/api/events'
import type { WebhookDelivery } from '../common/api/sandboxControls'
import { signatureOf } from './auth'

export const MAX_WEBHOOK_ATTEMPTS = 6
const LOG_LIMIT = 1000

type Delivery = z.output<typeof WebhookDelivery>

export interface WebhookOptions {
  secret: () => string | undefined
  /** Base of the exponential backoff; the real gateway's is 1 s. */
  baseDelayMs: number
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number
  wallMs: () => number
  businessIso: () => string
}

interface Job {
  delivery: Delivery
  body: string
}

export class WebhookDispatcher {
  private readonly log: Delivery[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<ClientRequest>()
  private closed = false

  constructor(private readonly options: WebhookOptions) {}

  /** Queues one event (already in wire form) to each URL. */
  deliver(event: { event_id: string; event_type: string }, urls: readonly string[]): void {
    if (this.closed) return
    const body = JSON.stringify(event)
    for (const url of new Set(urls)) {
      const delivery: Delivery = {
        event_id: event.event_id,
        event_type: event.event_type,
        url,
        attempts: 0,
        delivered: false,
        last_status: null,
        last_error: null,
        next_attempt_at: this.options.businessIso(),
        created_at: this.options.businessIso(),
      }
      this.log.push(delivery)
      this.trim()
      this.attempt({ delivery, body })
    }
  }

  /** Newest first. */
  deliveries(): Delivery[] {
    return this.log.map((d) => ({ ...d })).reverse()
  }

  /** Resolves when no delivery is in flight or waiting to retry (tests). */
  async idle(pollMs = 10): Promise<void> {
    while (!this.closed && (this.inFlight.size > 0 || this.timers.size > 0))
      await new Promise((resolve) => setTimeout(resolve, pollMs))
  }

  close(): void {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const req of this.inFlight) req.destroy()
    this.inFlight.clear()
  }

  private trim(): void {
    // Drop the oldest finished deliveries first; a retrying one stays visible.
    while (this.log.length > LOG_LIMIT) {
      const index = this.log.findIndex(
        (d) => d.delivered || (d.attempts >= MAX_WEBHOOK_ATTEMPTS && d.next_attempt_at === null),
      )
      this.log.splice(index === -1 ? 0 : index, 1)
    }
  }

  private attempt(job: Job): void {
    const { delivery } = job
    delivery.attempts += 1
    delivery.next_attempt_at = null
    const secret = this.options.secret()
    const timestamp = String(Math.floor(this.options.wallMs() / 1000))
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(job.body)),
      'user-agent': 'tilldesk-sandbox-webhooks',
      [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [WEBHOOK_EVENT_ID_HEADER]: delivery.event_id,
    }
    if (secret)
      headers[WEBHOOK_SIGNATURE_HEADER] = signatureOf(secret, timestamp, Buffer.from(job.body))

    let url: URL
    try {
      url = new URL(delivery.url)
    } catch {
      this.finish(job, null, 'Invalid webhook URL')
      return
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const done = (status: number | null, error: string | null) => {
      if (settled) return
      settled = true
      this.inFlight.delete(req)
      this.finish(job, status, error)
    }
    // agent: false — one connection per attempt, so close() leaves no pooled sockets behind.
    const req = send(url, {
      method: 'POST',
      headers,
      agent: false,
      timeout: this.options.timeoutMs,
    })
    this.inFlight.add(req)
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? null, null))
      res.on('error', (e) => done(res.statusCode ?? null, e.message))
    })
    req.on('timeout', () => {
      done(null, `No response within ${this.options.timeoutMs} ms`)
      req.destroy()
    })
    req.on('error', (e) => done(null, e.message))
    req.end(job.body)
  }

  private finish(job: Job, status: number | null, error: string | null): void {
    const { delivery } = job
    delivery.last_status = status
    const ok = status !== null && status >= 200 && status < 300
    delivery.last_error = ok ? null : (error ?? `HTTP ${status}`)
    if (ok) {
      delivery.delivered = true
      return
    }
    if (this.closed || delivery.attempts >= MAX_WEBHOOK_ATTEMPTS) return
    const delay = this.options.baseDelayMs * 2 ** (delivery.attempts - 1)
    delivery.next_attempt_at = new Date(
      Date.parse(this.options.businessIso()) + delay,
    ).toISOString()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) this.attempt(job)
    }, delay)
    this.timers.add(timer)
  }
}
