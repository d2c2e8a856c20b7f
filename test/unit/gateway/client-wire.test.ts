// What goes on the wire: one serialization, signed and sent byte for byte; paths, queries and
// bodies built from the shared schemas; every endpoint reachable through its typed function.
import { describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient } from '../../../main/gateway/client'
import { GatewayError } from '../../../main/gateway/errors'
import { hmacHex } from '../../../main/gateway/signer'
import type { Minor } from '../../../common/money'
import * as s from './samples'
import { fakeFetch, reply, type SentRequest } from './fake-gateway'

const SECRET = 'sk_test_wire_0123456789'
const NOW = Date.UTC(2025, 0, 15, 10, 0, 0)

function setup(answer: (req: SentRequest) => unknown = () => s.banks, baseUrl = 'http://gw.test') {
  const fake = fakeFetch((req) => reply(200, answer(req)))
  const client = createGatewayClient({
    baseUrl,
    keyId: 'key_live_1',
    secret: SECRET,
    fetch: fake.fetch,
    now: () => NOW,
  })
  return { client, sent: fake.sent }
}

const expectSignedOver = (req: SentRequest): void => {
  const ts = req.headers['x-timestamp']!
  expect(req.headers['x-signature']).toBe(hmacHex(SECRET, ts, req.body))
}

describe('signing what is sent', () => {
  it('sends exactly the bytes it signed, serialized once', async () => {
    const { client, sent } = setup(() => ({
      status: 'success',
      authorization_url: 'https://checkout.example/x',
      reference: 'PAY_1',
    }))
    await client.payments.initialize({
      email: 'ada@example.com',
      amount: 1_250_050 as Minor,
      currency: 'NGN',
      metadata: { note: 'Ọjà ₦ 🙂' },
    })
    const req = sent[0]!
    expect(req.bodyText).toBe(
      '{"email":"ada@example.com","amount":"12500.50","currency":"NGN","metadata":{"note":"Ọjà ₦ 🙂"}}',
    )
    expect(Buffer.from(req.body!).equals(Buffer.from(req.bodyText!, 'utf8'))).toBe(true)
    expectSignedOver(req)
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['x-key-id']).toBe('key_live_1')
    expect(req.headers['x-timestamp']).toBe(String(NOW / 1000))
  })

  it('signs "<timestamp>:" and sends no Content-Type when there is no body', async () => {
    const { client, sent } = setup(() => s.mandateAction)
    await client.directDebits.cancelMandate('MND_1')
    const req = sent[0]!
    expect(req.method).toBe('PATCH')
    expect(req.body).toBeUndefined()
    expect(req.headers['content-type']).toBeUndefined()
    expect(req.headers['x-signature']).toBe(hmacHex(SECRET, String(NOW / 1000)))
  })

  it('sends GET /health without authentication headers', async () => {
    const { client, sent } = setup(() => ({ status: 'ok', time: '2025-01-15T10:00:00Z' }))
    await expect(client.health()).resolves.toEqual({ status: 'ok', time: '2025-01-15T10:00:00Z' })
    expect(sent[0]!.headers['x-signature']).toBeUndefined()
    expect(sent[0]!.headers['x-key-id']).toBeUndefined()
  })

  it('keeps a base path prefix and drops trailing slashes', async () => {
    const { client, sent } = setup(() => s.banks, 'http://gw.test/api/v1/')
    await client.banks.list()
    expect(sent[0]!.url.pathname).toBe('/api/v1/banks')
  })
})

describe('encoding', () => {
  it('writes amounts in the wire form of each field (string vs number)', async () => {
    const { client, sent } = setup(() => s.debit)
    await client.directDebits.debit({
      mandate_reference: 'MND_1',
      debit_amount: 100_025 as Minor,
      narration: 'January',
      customer_email: 'ada@example.com',
      payment_reference: 'DD_1',
    })
    expect(JSON.parse(sent[0]!.bodyText!)).toMatchObject({ debit_amount: 1000.25 })
    expect(sent[0]!.bodyText).toContain('"debit_amount":1000.25')
  })

  it('fills schema defaults into queries and bodies', async () => {
    const { client, sent } = setup((req) =>
      req.url.pathname === '/banks'
        ? s.banks
        : { status: true, data: { token: 't', expires_at: '2025-01-15T11:00:00Z' } },
    )
    await client.banks.list()
    await client.sandbox.createSessionToken()
    expect(sent[0]!.url.search).toBe('?country_code=NG')
    expect(sent[1]!.bodyText).toBe('{"ttl_seconds":3600}')
  })

  it('encodes queries from the input form and skips absent filters', async () => {
    const { client, sent } = setup(() => s.list(s.payment))
    await client.payments.list({
      status: 'success',
      customer_email: 'a+b@example.com',
      page_size: 5,
    })
    const q = sent[0]!.url.searchParams
    expect(Object.fromEntries(q)).toEqual({
      page: '1',
      page_size: '5',
      status: 'success',
      customer_email: 'a+b@example.com',
    })
    expect(sent[0]!.url.search).toContain('customer_email=a%2Bb%40example.com')
  })

  it('refuses invalid input before sending, with field errors', async () => {
    const { client, sent } = setup()
    const zero = client.payments.initialize({
      email: 'x@y.co',
      amount: 0 as Minor,
      currency: 'NGN',
    })
    await expect(zero).rejects.toMatchObject({
      kind: 'validation',
      status: null,
      outcomeUnknown: false,
      fieldErrors: [{ field: 'amount', message: 'Amount must be more than zero.' }],
    })
    await expect(client.payments.verify('../admin')).rejects.toBeInstanceOf(GatewayError)
    await expect(client.banks.list({ country_code: 'ng' })).rejects.toMatchObject({
      kind: 'validation',
    })
    await expect(
      client.directDebits.createMandate({
        ...s.mandate,
        mandate_reference: 'M2',
        start_date: '2025-01-01',
        end_date: '2025-01-10',
        max_monthly_amount: 100 as Minor,
      } as never),
    ).rejects.toMatchObject({ fieldErrors: [{ field: 'end_date' }] })
    expect(sent).toHaveLength(0)
  })
})

type Case = [
  string,
  (c: GatewayClient) => Promise<unknown>,
  string,
  string,
  unknown,
  Record<string, string>?,
]
const amount = 150_000 as Minor
const cases: Case[] = [
  ['health', (c) => c.health(), 'GET', '/health', { status: 'ok', time: '2025-01-15T10:00:00Z' }],
  [
    'payments.initialize',
    (c) => c.payments.initialize({ email: 'a@b.co', amount, currency: 'NGN', reference: 'P1' }),
    'POST',
    '/payments/initialize',
    { status: 'success', authorization_url: 'https://c.example/P1', reference: 'P1' },
  ],
  [
    'payments.verify',
    (c) => c.payments.verify('PAY_1'),
    'GET',
    '/payments/verify/PAY_1',
    s.payment,
  ],
  ['payments.list', (c) => c.payments.list(), 'GET', '/merchants/transactions', s.list(s.payment)],
  [
    'virtualAccounts.create',
    (c) =>
      c.virtualAccounts.create({
        account_reference: 'CUST_1',
        customer_name: 'Adébáyọ̀ Obi',
        customer_email: 'ada@example.com',
        currency_code: 'NGN',
        bvn: '12345678901',
      }),
    'POST',
    '/virtual-accounts',
    s.virtualAccount,
  ],
  [
    'virtualAccounts.get',
    (c) => c.virtualAccounts.get('CUST_1'),
    'GET',
    '/virtual-accounts/CUST_1',
    s.virtualAccount,
  ],
  [
    'virtualAccounts.byEmail',
    (c) => c.virtualAccounts.byEmail('ada@example.com'),
    'POST',
    '/virtual-accounts/email',
    s.virtualAccount,
  ],
  [
    'virtualAccounts.transactions',
    (c) => c.virtualAccounts.transactions({ account_reference: 'CUST_1', status: 'success' }),
    'GET',
    '/merchants/virtual-accounts/transactions',
    s.list(s.vaTransaction),
    { account_reference: 'CUST_1', status: 'success' },
  ],
  [
    'directDebits.createMandate',
    (c) =>
      c.directDebits.createMandate({
        ...s.mandate,
        max_monthly_amount: amount,
      } as Parameters<GatewayClient['directDebits']['createMandate']>[0]),
    'POST',
    '/direct-debits/mandates',
    { mandate_reference: 'MND_1', status: 'pending_activation' },
  ],
  [
    'directDebits.initiateActivation',
    (c) => c.directDebits.initiateActivation('MND_1'),
    'POST',
    '/direct-debits/mandates/MND_1/initiate-activation',
    s.mandateAction,
  ],
  [
    'directDebits.validateActivation',
    (c) =>
      c.directDebits.validateActivation({
        mandate_reference: 'MND_1',
        param1: 'otp',
        value1: '123456',
        param2: 'pin',
        value2: '1234',
      }),
    'POST',
    '/direct-debits/mandates/MND_1/validate-activation',
    s.mandateAction,
  ],
  [
    'directDebits.getMandate',
    (c) => c.directDebits.getMandate('MND_1'),
    'GET',
    '/direct-debits/mandates/MND_1',
    s.mandate,
  ],
  [
    'directDebits.cancelMandate',
    (c) => c.directDebits.cancelMandate('MND_1'),
    'PATCH',
    '/direct-debits/mandates/MND_1/cancel',
    s.mandateAction,
  ],
  [
    'directDebits.debit',
    (c) =>
      c.directDebits.debit({
        mandate_reference: 'MND_1',
        debit_amount: amount,
        narration: 'x',
        customer_email: 'ada@example.com',
        payment_reference: 'DD_1',
      }),
    'POST',
    '/direct-debits/debit',
    s.debit,
  ],
  [
    'directDebits.status',
    (c) => c.directDebits.status('DD_1'),
    'GET',
    '/direct-debits/status/DD_1',
    s.debit,
  ],
  [
    'directDebits.disburse',
    (c) =>
      c.directDebits.disburse({
        reference: 'TRF_1',
        amount,
        currency: 'NGN',
        bank_code: '058',
        account_number: '0123456789',
      }),
    'POST',
    '/direct-debits/disburse',
    s.transfer,
  ],
  [
    'refunds.initialize',
    (c) => c.refunds.initialize({ payment_reference: 'PAY_1' }),
    'POST',
    '/refunds/initialize',
    s.refund,
  ],
  ['refunds.get', (c) => c.refunds.get('RF_1'), 'GET', '/refunds/RF_1', s.refund],
  [
    'refunds.ofPayment',
    (c) => c.refunds.ofPayment('PAY_1', { page: 2 }),
    'GET',
    '/refunds/payment/PAY_1',
    s.list(s.refund),
    { page: '2', page_size: '10' },
  ],
  [
    'refunds.history',
    (c) => c.refunds.history({ status: 'failed' }),
    'GET',
    '/refunds',
    s.list(s.refund),
  ],
  [
    'refunds.counts',
    (c) => c.refunds.counts(),
    'GET',
    '/refunds/counts',
    { status: true, data: { pending: 1, processing: 0, success: 2, failed: 0, total: 3 } },
  ],
  [
    'disbursements.initialize',
    (c) =>
      c.disbursements.initialize({
        reference: 'TRF_1',
        amount,
        currency: 'NGN',
        bank_code: '058',
        account_number: '0123456789',
        narration: 'payout',
      }),
    'POST',
    '/disbursements/initialize',
    s.transfer,
  ],
  [
    'disbursements.verify',
    (c) => c.disbursements.verify('TRF_1'),
    'GET',
    '/disbursements/verify',
    s.transfer,
    { reference: 'TRF_1' },
  ],
  [
    'disbursements.list',
    (c) => c.disbursements.list(),
    'GET',
    '/merchants/disbursements',
    s.list(s.transfer),
  ],
  [
    'banks.list',
    (c) => c.banks.list({ country_code: 'GH' }),
    'GET',
    '/banks',
    s.banks,
    { country_code: 'GH' },
  ],
  [
    'banks.resolve',
    (c) => c.banks.resolve({ bank: '058', account: '0123456789', currency: 'NGN' }),
    'POST',
    '/banks/resolve',
    {
      status: true,
      data: {
        bank_name: 'GTBank',
        bank_code: '058',
        account_number: '0123456789',
        account_name: 'ADA OBI',
      },
    },
  ],
  [
    'sandbox.simulateTransfer',
    (c) => c.sandbox.simulateTransfer('CUST_1', { amount }),
    'POST',
    '/sandbox/virtual-accounts/CUST_1/transfers',
    { status: true, data: s.vaTransaction },
  ],
  [
    'sandbox.completePayment',
    (c) => c.sandbox.completePayment('PAY_1', { outcome: 'success' }),
    'POST',
    '/sandbox/payments/PAY_1/complete',
    { status: true, data: s.payment },
  ],
  ['sandbox.getFaults', (c) => c.sandbox.getFaults(), 'GET', '/sandbox/faults', s.faults],
  [
    'sandbox.setFaults',
    (c) => c.sandbox.setFaults({ rules: [{ kind: '500', rate: 0.5 }] }),
    'POST',
    '/sandbox/faults',
    s.faults,
  ],
  [
    'sandbox.advanceClock',
    (c) => c.sandbox.advanceClock(3600),
    'POST',
    '/sandbox/clock/advance',
    { status: true, data: { now: '2025-01-15T11:00:00Z', offset_seconds: 3600 } },
  ],
  [
    'sandbox.createSessionToken',
    (c) => c.sandbox.createSessionToken({ ttl_seconds: 60 }),
    'POST',
    '/sandbox/session-tokens',
    { status: true, data: { token: 't', expires_at: '2025-01-15T10:01:00Z' } },
  ],
  [
    'sandbox.webhookDeliveries',
    (c) => c.sandbox.webhookDeliveries(),
    'GET',
    '/sandbox/webhook-deliveries',
    { status: true, data: [] },
  ],
  ['sandbox.getVariants', (c) => c.sandbox.getVariants(), 'GET', '/sandbox/variants', s.variants],
  [
    'sandbox.setVariants',
    (c) => c.sandbox.setVariants({ commit_lag: { seconds: 5 } }),
    'POST',
    '/sandbox/variants',
    s.variants,
  ],
]

describe('every endpoint as a typed function', () => {
  it('covers the whole endpoint table', async () => {
    const { gatewayEndpoints } = await import('../../../main/gateway/types')
    expect(cases).toHaveLength(Object.keys(gatewayEndpoints).length)
  })

  it.each(cases)('%s → %s %s', async (_, invoke, method, path, answer, query) => {
    const { client, sent } = setup(() => answer)
    const result = await invoke(client)
    expect(result).toBeTypeOf('object')
    const req = sent[0]!
    expect(req.method).toBe(method)
    expect(req.url.pathname).toBe(path)
    if (query) expect(Object.fromEntries(req.url.searchParams)).toMatchObject(query)
    if (method === 'GET') expect(req.body).toBeUndefined()
    if (path !== '/health') expectSignedOver(req)
  })

  it('settles the sandbox fault defaults on the wire', async () => {
    const { client, sent } = setup(() => s.faults)
    await client.sandbox.setFaults({ rules: [{ kind: '429', rate: 1 }] })
    expect(JSON.parse(sent[0]!.bodyText!)).toEqual({
      rules: [{ kind: '429', rate: 1, when: 'before', retry_after_seconds: 1 }],
    })
  })

  it('offers the same calls through request(name, input)', async () => {
    const { client, sent } = setup(() => s.transfer)
    const t = await client.request('verifyDisbursement', { query: { reference: 'TRF_9' } })
    expect(t.amount).toBe(250_000)
    expect(sent[0]!.url.search).toBe('?reference=TRF_9')
  })
})
