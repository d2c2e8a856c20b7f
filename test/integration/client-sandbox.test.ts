// The gateway client against the sandbox, end to end over loopback: both are built from the
// same common/api schemas, so this checks signing, encoding, decoding and error mapping agree
// on real HTTP, plus webhook signatures made by the sandbox verifying with our verifier.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client'
import { GatewayError } from '../../main/gateway/errors'
import { verifyWebhook, type VerifiedWebhook } from '../../main/gateway/webhooks'
import type { Minor } from '../../common/money'
import { startSandbox } from '../../sandbox'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

const FULL = { key_id: 'it_full', secret: 'sk_it_full_0123456789', capabilities: ['*'] as const }
const BANKS_ONLY = {
  key_id: 'it_banks',
  secret: 'sk_it_banks_0123456789',
  capabilities: ['banks'] as const,
}
const WEBHOOK_SECRET = 'whsec_integration_01'

let sandbox: Sandbox
let receiver: Server
const received: { delivery: VerifiedWebhook | null; error: unknown }[] = []

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

beforeAll(async () => {
  // A merchant webhook endpoint that verifies every delivery with our verifier.
  receiver = createServer((req, res) => {
    void readBody(req).then((raw) => {
      try {
        const delivery = verifyWebhook({
          secret: WEBHOOK_SECRET,
          headers: req.headers,
          rawBody: new Uint8Array(raw),
        })
        received.push({ delivery, error: null })
        res.writeHead(200).end()
      } catch (error) {
        received.push({ delivery: null, error })
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const port = (receiver.address() as { port: number }).port
  sandbox = await startSandbox({
    keys: [
      { ...FULL, capabilities: [...FULL.capabilities] },
      { ...BANKS_ONLY, capabilities: [...BANKS_ONLY.capabilities] },
    ],
    webhookUrl: `http://127.0.0.1:${port}/hooks`,
    webhookSecret: WEBHOOK_SECRET,
    settleDelayMs: 50,
    webhookBaseDelayMs: 20,
  })
})

afterAll(async () => {
  await sandbox?.close()
  await new Promise<void>((resolve) => receiver?.close(() => resolve()))
})

const clientFor = (
  key: { key_id: string; secret: string },
  extra: Partial<Parameters<typeof createGatewayClient>[0]> = {},
): GatewayClient =>
  createGatewayClient({
    baseUrl: sandbox.url,
    keyId: key.key_id,
    secret: key.secret,
    timeoutMs: 5_000,
    ...extra,
  })

async function failure(p: Promise<unknown>): Promise<GatewayError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}

describe('client ↔ sandbox', () => {
  it('health and banks', async () => {
    const client = clientFor(FULL)
    expect((await client.health()).status).toBe('ok')
    const banks = await client.banks.list()
    expect(banks.data.length).toBeGreaterThan(0)
    expect(client.clockSkewSeconds).not.toBeNull()
    expect(Math.abs(client.clockSkewSeconds!)).toBeLessThanOrEqual(2)
  })

  it('payment: initialize, complete, verify, list — amounts in minor units', async () => {
    const client = clientFor(FULL)
    const init = await client.payments.initialize({
      email: 'ada@example.com',
      amount: 1_250_050 as Minor,
      currency: 'NGN',
      reference: 'IT_PAY_1',
      customer_name: 'Adébáyọ̀ Ọlá',
    })
    expect(init.reference).toBe('IT_PAY_1')
    await client.sandbox.completePayment('IT_PAY_1', { outcome: 'success' })
    const paid = await client.payments.verify('IT_PAY_1')
    expect(paid).toMatchObject({ status: 'success', amount: 1_250_050, currency: 'NGN' })
    const list = await client.payments.list({ status: 'success', page_size: 5 })
    expect(list.data.some((p) => p.reference === 'IT_PAY_1')).toBe(true)
    // The same reference again is a conflict the caller can read as "it exists".
    const again = await failure(
      client.payments.initialize({
        email: 'ada@example.com',
        amount: 1_250_050 as Minor,
        currency: 'NGN',
        reference: 'IT_PAY_1',
      }),
    )
    expect(again).toMatchObject({ kind: 'conflict', status: 409, code: 'duplicate_reference' })
  })

  it('virtual account: create, simulated transfer, transactions, webhook verified', async () => {
    const client = clientFor(FULL)
    const va = await client.virtualAccounts.create({
      account_reference: 'IT_CUST_1',
      customer_name: 'Ada Obi',
      customer_email: 'ada.obi@example.com',
      currency_code: 'NGN',
      bvn: '12345678901',
      metadata: { till: 'T1' },
    })
    expect(va.account_number).toMatch(/^\d{10}$/)
    expect((await client.virtualAccounts.get('IT_CUST_1')).account_number).toBe(va.account_number)
    expect((await client.virtualAccounts.byEmail('ada.obi@example.com')).account_reference).toBe(
      'IT_CUST_1',
    )
    await client.sandbox.simulateTransfer('IT_CUST_1', { amount: 500_001 as Minor })
    const txs = await client.virtualAccounts.transactions({ account_reference: 'IT_CUST_1' })
    expect(txs.data.map((t) => t.amount)).toContain(500_001)

    await sandbox.webhooksIdle()
    const charge = received.find((r) => r.delivery?.event.event_type === 'va_charge_success')
    expect(received.filter((r) => r.error)).toEqual([])
    expect(charge?.delivery?.event.data).toMatchObject({
      account_reference: 'IT_CUST_1',
      amount: 500_001,
    })
  })

  it('direct debit: mandate lifecycle and the 409s', async () => {
    const client = clientFor(FULL)
    await client.directDebits.createMandate({
      customer_name: 'Ada Obi',
      customer_email: 'ada.obi@example.com',
      account_number: '0123456789',
      bank_code: '058',
      mandate_reference: 'IT_MND_1',
      start_date: '2025-01-01',
      end_date: '2030-12-31',
      max_monthly_amount: 10_000_000 as Minor,
      max_monthly_debit_count: 5,
      currency: 'NGN',
    })
    const credentials = {
      mandate_reference: 'IT_MND_1',
      param1: 'otp',
      value1: '123456',
      param2: 'pin',
      value2: '1234',
    }
    expect(await failure(client.directDebits.validateActivation(credentials))).toMatchObject({
      kind: 'conflict',
      code: 'activation_not_initiated',
      gatewayMessage: 'Mandate activation needs to be initiated first',
    })
    await client.directDebits.initiateActivation('IT_MND_1')
    expect((await client.directDebits.validateActivation(credentials)).status).toBe('active')
    const debit = {
      mandate_reference: 'IT_MND_1',
      debit_amount: 250_075 as Minor,
      narration: 'Jan',
      customer_email: 'ada.obi@example.com',
      payment_reference: 'IT_DD_1',
    }
    expect((await client.directDebits.debit(debit)).amount).toBe(250_075)
    expect(await failure(client.directDebits.debit(debit))).toMatchObject({
      kind: 'conflict',
      code: 'duplicate_payment_reference',
    })
    expect((await client.directDebits.status('IT_DD_1')).payment_reference).toBe('IT_DD_1')
    expect((await client.directDebits.cancelMandate('IT_MND_1')).status).toBe('cancelled')
    expect(
      await failure(client.directDebits.debit({ ...debit, payment_reference: 'IT_DD_2' })),
    ).toMatchObject({
      kind: 'conflict',
      code: 'mandate_not_active',
    })
  })

  it('disbursement: initialize and verify by reference', async () => {
    const client = clientFor(FULL)
    const t = await client.disbursements.initialize({
      reference: 'IT_TRF_1',
      amount: 150_000 as Minor,
      currency: 'NGN',
      bank_code: '058',
      account_number: '0123456789',
      narration: 'payout',
    })
    expect(t.amount).toBe(150_000)
    expect((await client.disbursements.verify('IT_TRF_1')).reference).toBe('IT_TRF_1')
    expect((await client.disbursements.list({ page_size: 1 })).data).toHaveLength(1)
  })

  it('errors: bad secret, unknown key, missing capability, not found, unprocessable; the probe', async () => {
    const wrongSecret = clientFor({ key_id: FULL.key_id, secret: 'not-the-secret' })
    expect(await failure(wrongSecret.banks.list())).toMatchObject({
      kind: 'invalid_signature',
      status: 401,
    })
    const unknownKey = clientFor({ key_id: 'nobody', secret: 'x' })
    expect(await failure(unknownKey.banks.list())).toMatchObject({ kind: 'invalid_api_key' })
    const banksOnly = clientFor(BANKS_ONLY)
    expect(await failure(banksOnly.refunds.counts())).toMatchObject({
      kind: 'missing_capability',
      status: 403,
    })
    const full = clientFor(FULL)
    expect(await failure(full.refunds.get('IT_NOPE'))).toMatchObject({
      kind: 'not_found',
      status: 404,
    })
    // Name enquiry: an unknown account is not found; an unknown bank code is unprocessable.
    expect(
      await failure(full.banks.resolve({ bank: '058', account: '0000000000', currency: 'NGN' })),
    ).toMatchObject({ kind: 'not_found', status: 404 })
    expect(
      await failure(full.banks.resolve({ bank: '999999', account: '0123456789', currency: 'NGN' })),
    ).toMatchObject({ kind: 'unprocessable', status: 422 })

    const probe = await banksOnly.probeCapabilities()
    expect(probe.find((p) => p.capability === 'banks')?.allowed).toBe(true)
    expect(probe.filter((p) => p.capability !== 'banks').every((p) => p.allowed === false)).toBe(
      true,
    )
    expect((await full.probeCapabilities()).every((p) => p.allowed === true)).toBe(true)
  })

  it('clock skew: a client 10 minutes slow corrects itself and retries once', async () => {
    const slow = clientFor(FULL, { now: () => Date.now() - 600_000 })
    const banks = await slow.banks.list()
    expect(banks.data.length).toBeGreaterThan(0)
    expect(slow.clockOffsetSeconds).toBeGreaterThanOrEqual(599)
    expect(slow.clockOffsetSeconds).toBeLessThanOrEqual(601)
  })

  it('session token: a bad one is invalid_token', async () => {
    const client = clientFor(FULL, { sessionToken: 'not-a-token' })
    expect(await failure(client.banks.list())).toMatchObject({ kind: 'invalid_token', status: 401 })
    const issued = await clientFor(FULL).sandbox.createSessionToken({ ttl_seconds: 60 })
    await expect(
      clientFor(FULL, { sessionToken: issued.data.token }).banks.list(),
    ).resolves.toBeTruthy()
  })

  it('faults: a 500 after the write commits is outcome unknown; 429 carries Retry-After', async () => {
    const client = clientFor(FULL)
    await client.sandbox.setFaults({
      rules: [{ kind: '429', rate: 1, path_prefix: '/banks', retry_after_seconds: 3 }],
    })
    expect(await failure(client.banks.list())).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 3000,
      retryable: true,
    })
    await client.sandbox.setFaults({
      rules: [{ kind: '500', rate: 1, when: 'after', path_prefix: '/disbursements/initialize' }],
    })
    const unknown = await failure(
      client.disbursements.initialize({
        reference: 'IT_TRF_2',
        amount: 100 as Minor,
        currency: 'NGN',
        bank_code: '058',
        account_number: '0123456789',
        narration: 'n',
      }),
    )
    expect(unknown).toMatchObject({
      kind: 'server',
      outcomeUnknown: true,
      retryable: false,
      retryPolicy: 'by_reference',
    })
    await client.sandbox.setFaults({
      rules: [
        { kind: 'timeout', rate: 1, path_prefix: '/merchants/disbursements' },
        { kind: 'reset', rate: 1, path_prefix: '/refunds/counts' },
      ],
    })
    expect(await failure(client.disbursements.list({}, { timeoutMs: 200 }))).toMatchObject({
      kind: 'timeout',
      outcomeUnknown: true,
      retryable: true,
    })
    expect(await failure(client.refunds.counts())).toMatchObject({
      kind: 'network',
      outcomeUnknown: true,
    })
    await client.sandbox.setFaults({ rules: [] })
    // Verify by reference: the write did happen.
    expect((await client.disbursements.verify('IT_TRF_2')).reference).toBe('IT_TRF_2')
  })
})
