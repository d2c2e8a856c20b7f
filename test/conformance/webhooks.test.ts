// Webhooks: the spec's envelope for every event, signed per docs/gateway-assumptions.md, a
// unique event_id, bounded retries with backoff, the delivery log, and a transfer's own URL.
// The gateway must be configured to deliver to a receiver here, so this needs the in-process
// sandbox.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from './client'
import {
  activeMandate,
  createVirtualAccount,
  expectStatus,
  transferBody,
  type Json,
} from './fixtures'
import { ENV, openTarget, requires, type Target } from './target'

interface Received {
  path: string
  headers: IncomingMessage['headers']
  raw: string
  body: Json
}

/** A merchant endpoint that records deliveries and fails the first `failFirst` of each event. */
class Receiver {
  readonly received: Received[] = []
  failFirst = 0
  private readonly seen = new Map<string, number>()
  private server: Server | null = null
  url = ''

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const body = JSON.parse(raw) as Json
        this.received.push({ path: req.url ?? '', headers: req.headers, raw, body })
        const id = String(body.event_id)
        const count = (this.seen.get(id) ?? 0) + 1
        this.seen.set(id, count)
        res.statusCode = count <= this.failFirst ? 503 : 200
        res.end()
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  }

  of(type: string): Received[] {
    return this.received.filter((r) => r.body.event_type === type)
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}

const external = Boolean(process.env[ENV.baseUrl])
const EXTERNAL_REASON =
  'needs a gateway configured to deliver webhooks to this machine (in-process sandbox only)'
const SECRET = 'whsec_conformance_suite'
const receiver = new Receiver()
let t: Target

beforeAll(async () => {
  if (external) return
  await receiver.start()
  t = await openTarget({
    webhookUrl: `${receiver.url}/hooks`,
    webhookSecret: SECRET,
    webhookBaseDelayMs: 20,
  })
})
afterAll(async () => {
  await t?.close()
  await receiver.close()
})

const ENVELOPE = ['event_type', 'status', 'message', 'event_id', 'timestamp', 'data']

function expectSigned(r: Received): void {
  const timestamp = String(r.headers['x-webhook-timestamp'])
  expect(timestamp).toMatch(/^\d+$/)
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300)
  const expected = createHmac('sha256', SECRET).update(`${timestamp}:${r.raw}`).digest('hex')
  expect(r.headers['x-webhook-signature']).toBe(expected)
  expect(r.headers['x-webhook-event-id']).toBe(r.body.event_id)
  for (const field of ENVELOPE) expect(r.body).toHaveProperty(field)
  expect(Number.isNaN(Date.parse(String(r.body.timestamp)))).toBe(false)
}

/** A test that needs deliveries to reach the receiver above. */
const hook = (name: string, body: () => Promise<void>) =>
  it(name, async (ctx) => {
    requires(ctx, !external, EXTERNAL_REASON)
    await body()
  })

describe('webhooks', () => {
  hook('va_charge_success carries the spec envelope with amount and metadata', async () => {
    const account = await createVirtualAccount(t, { metadata: { customer_id: 'C-9' } })
    const ref = String(account.account_reference)
    await t.client.post(`/sandbox/virtual-accounts/${ref}/transfers`, { amount: 7500.5 })
    const [event] = await eventually(
      async () =>
        receiver
          .of('va_charge_success')
          .filter((r) => (r.body.data as Json).account_reference === ref),
      (list) => list.length === 1,
    )
    expectSigned(event!)
    expect(event!.path).toBe('/hooks')
    expect(event!.body).toMatchObject({
      event_type: 'va_charge_success',
      status: expect.any(String),
      message: expect.any(String),
      data: {
        account_reference: ref,
        amount: 7500.5,
        currency: 'NGN',
        metadata: { customer_id: 'C-9' },
      },
    })
    expect((event!.body.data as Json).reference).toEqual(expect.any(String))
  })

  hook('va_charge_failure has the same shape plus failure_reason', async () => {
    const account = await createVirtualAccount(t)
    const ref = String(account.account_reference)
    await t.client.post(`/sandbox/virtual-accounts/${ref}/transfers`, {
      amount: 10,
      status: 'failed',
    })
    const [event] = await eventually(
      async () =>
        receiver
          .of('va_charge_failure')
          .filter((r) => (r.body.data as Json).account_reference === ref),
      (list) => list.length === 1,
    )
    expectSigned(event!)
    expect(event!.body.data).toMatchObject({ amount: 10, failure_reason: expect.any(String) })
  })

  hook('mandate_activated and direct_debit_success are sent', async () => {
    const mandate = await activeMandate(t)
    const payment_reference = t.ref('DBT')
    await t.client.post('/direct-debits/debit', {
      mandate_reference: mandate.mandate_reference,
      debit_amount: 10,
      narration: 'x',
      customer_email: mandate.customer_email,
      payment_reference,
    })
    await eventually(
      async () =>
        receiver
          .of('mandate_activated')
          .filter((r) => (r.body.data as Json).mandate_reference === mandate.mandate_reference),
      (l) => l.length === 1,
    )
    const [debit] = await eventually(
      async () =>
        receiver
          .of('direct_debit_success')
          .filter((r) => (r.body.data as Json).payment_reference === payment_reference),
      (l) => l.length === 1,
    )
    expect(debit!.body.data).toMatchObject({ status: 'success', amount: 10 })
  })

  hook('event ids are unique', async () => {
    const ids = new Set(receiver.received.map((r) => `${String(r.body.event_id)} ${r.path}`))
    expect(ids.size).toBe(receiver.received.length)
  })

  hook("a transfer's status updates also go to its own webhook_url", async () => {
    const body = transferBody(t, { webhook_url: `${receiver.url}/transfer-hook` })
    expectStatus(await t.client.post('/disbursements/initialize', body), 200)
    const updates = await eventually(
      async () =>
        receiver
          .of('transfer_status_update')
          .filter(
            (r) =>
              (r.body.data as Json).reference === body.reference && r.path === '/transfer-hook',
          ),
      (l) => l.some((r) => (r.body.data as Json).status === 'success'),
    )
    for (const u of updates) expectSigned(u)
    expect(updates.map((u) => (u.body.data as Json).status)).toEqual(['processing', 'success'])
    const merchantCopies = receiver
      .of('transfer_status_update')
      .filter((r) => (r.body.data as Json).reference === body.reference && r.path === '/hooks')
    expect(merchantCopies).toHaveLength(2)
  })

  hook(
    'a failed delivery is retried with the same event_id until it succeeds, and logged',
    async () => {
      receiver.failFirst = 2
      try {
        const account = await createVirtualAccount(t)
        const ref = String(account.account_reference)
        await t.client.post(`/sandbox/virtual-accounts/${ref}/transfers`, { amount: 1 })
        const attempts = await eventually(
          async () =>
            receiver
              .of('va_charge_success')
              .filter((r) => (r.body.data as Json).account_reference === ref),
          (l) => l.length === 3,
        )
        expect(new Set(attempts.map((a) => a.body.event_id)).size).toBe(1)
        const log = await eventually(
          () => t.client.get<{ data: Json[] }>('/sandbox/webhook-deliveries'),
          (r) =>
            r.body.data.some(
              (d) => d.event_id === attempts[0]!.body.event_id && d.delivered === true,
            ),
        )
        const entry = log.body.data.find((d) => d.event_id === attempts[0]!.body.event_id)
        expect(entry).toMatchObject({
          attempts: 3,
          delivered: true,
          last_status: 200,
          event_type: 'va_charge_success',
        })
      } finally {
        receiver.failFirst = 0
      }
    },
  )

  hook('gives up after 6 attempts', async () => {
    receiver.failFirst = 100
    try {
      const account = await createVirtualAccount(t)
      const ref = String(account.account_reference)
      await t.client.post(`/sandbox/virtual-accounts/${ref}/transfers`, { amount: 2 })
      const attempts = await eventually(
        async () =>
          receiver
            .of('va_charge_success')
            .filter((r) => (r.body.data as Json).account_reference === ref),
        (l) => l.length === 6,
      )
      const log = await eventually(
        () => t.client.get<{ data: Json[] }>('/sandbox/webhook-deliveries'),
        (r) =>
          r.body.data.some(
            (d) =>
              d.event_id === attempts[0]!.body.event_id &&
              d.last_status === 503 &&
              d.attempts === 6,
          ),
      )
      const entry = log.body.data.find((d) => d.event_id === attempts[0]!.body.event_id)
      expect(entry).toMatchObject({
        attempts: 6,
        delivered: false,
        last_status: 503,
        next_attempt_at: null,
      })
      // Longer than the next backoff step would be: no seventh attempt comes.
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** 6))
      expect(
        receiver
          .of('va_charge_success')
          .filter((r) => (r.body.data as Json).account_reference === ref),
      ).toHaveLength(6)
    } finally {
      receiver.failFirst = 0
    }
  })
})
