// The client against a peer that disagrees with our own choices: the sandbox in each of its
// spec-variation modes (docs/sandbox.md), one at a time. Every flow the till uses must read
// the answers without an untyped error, keep amounts exact, and never see `failed` where the
// gateway did not say it.
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox, type VariantsInput } from '../../sandbox'
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client'
import { GatewayError } from '../../main/gateway/errors'
import type { Minor } from '../../common/money'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

async function peer(variants: VariantsInput, timeoutMs = 5_000): Promise<GatewayClient> {
  sandbox = await startSandbox({ port: 0, settleDelayMs: 50, variants })
  const key = sandbox.keys[0]!
  return createGatewayClient({
    baseUrl: sandbox.url,
    keyId: key.key_id,
    secret: key.secret,
    timeoutMs,
  })
}

const typed = async (call: Promise<unknown>): Promise<GatewayError> => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}

const transferBody = (reference: string) => ({
  reference,
  amount: 1_234_56 as Minor,
  currency: 'NGN' as const,
  bank_code: '058',
  account_number: '0123456789',
  narration: 'Supplier',
})

/** Every read and write a till makes, against whatever the peer answers. */
async function everyFlow(client: GatewayClient): Promise<void> {
  expect((await client.banks.list()).data.length).toBeGreaterThan(0)

  await client.virtualAccounts.create({
    account_reference: 'CUST_1',
    customer_name: 'Ada Obi',
    customer_email: 'ada@example.com',
    currency_code: 'NGN',
    bvn: '12345678901',
  })
  expect((await client.virtualAccounts.get('CUST_1')).account_reference).toBe('CUST_1')
  expect((await client.virtualAccounts.byEmail('ada@example.com')).account_reference).toBe('CUST_1')
  await client.sandbox.simulateTransfer('CUST_1', { amount: 7_500_50 as Minor })
  const incoming = await client.virtualAccounts.transactions({ account_reference: 'CUST_1' })
  expect(incoming.data.map((t) => t.amount)).toEqual([7_500_50])

  const sent = await client.disbursements.initialize(transferBody('TRF_1'))
  expect(sent.reference).toBe('TRF_1')
  expect(sent.status).not.toBe('failed')
  if (sent.amount !== undefined) expect(sent.amount).toBe(1_234_56)
  const verified = await client.disbursements.verify('TRF_1')
  expect(verified.status).not.toBe('failed')
  expect((await typed(client.disbursements.initialize(transferBody('TRF_1')))).status).toBe(409)
  expect((await client.disbursements.list()).data.map((t) => t.reference)).toContain('TRF_1')

  await client.directDebits.createMandate({
    customer_name: 'Ada Obi',
    customer_email: 'ada@example.com',
    account_number: '0123456789',
    bank_code: '058',
    mandate_reference: 'MD_1',
    start_date: '2025-01-01',
    end_date: '2030-01-01',
    max_monthly_amount: 100_000_00 as Minor,
    max_monthly_debit_count: 4,
    currency: 'NGN',
  })
  expect((await client.directDebits.getMandate('MD_1')).mandate_reference).toBe('MD_1')
  await client.directDebits.initiateActivation('MD_1')

  const started = await client.payments.initialize({
    email: 'ada@example.com',
    amount: 2_500_00 as Minor,
    currency: 'NGN',
    reference: 'PAY_1',
  })
  expect(started.authorization_url).toMatch(/^http/)
  expect((await client.payments.verify('PAY_1')).status).not.toBe('failed')
  await client.sandbox.completePayment('PAY_1', { outcome: 'success' })
  expect((await client.payments.verify('PAY_1')).status).toBe('success')
  const refund = await client.refunds.initialize({ payment_reference: 'PAY_1', reference: 'RF_1' })
  expect(refund.status).not.toBe('failed')
  expect((await client.refunds.get('RF_1')).status).not.toBe('failed')
  await client.refunds.history()

  const missing = await typed(client.disbursements.verify('NOPE'))
  expect(missing.status).toBe(404)
}

describe('the client against each spec variation', () => {
  const reshaping: [string, VariantsInput][] = [
    ['our own choices (no variation)', {}],
    ['error bodies with only a message', { message_only_errors: true }],
    ['extra unknown fields', { extra_fields: true }],
    ['only the fields the spec names', { missing_fields: true }],
    ['status words the spec never names', { unknown_statuses: true }],
    ['a boolean virtual-account status', { va_status_boolean: true }],
  ]
  it.each(reshaping)('%s', async (_, variants) => {
    await everyFlow(await peer(variants))
  })

  it('unknown statuses come back as `unknown` with the gateway word, never as failed', async () => {
    const client = await peer({ unknown_statuses: true })
    const t = await client.disbursements.initialize(transferBody('TRF_U'))
    expect(t).toMatchObject({ status: 'unknown', raw_status: 'queued' })
  })

  it('incoming transfers that are processing first, in another currency', async () => {
    const client = await peer({ va_processing_first: true, foreign_currency_transfers: true })
    await client.virtualAccounts.create({
      account_reference: 'CUST_2',
      customer_name: 'Ada Obi',
      customer_email: 'ada@example.com',
      currency_code: 'NGN',
      bvn: '12345678901',
    })
    await client.sandbox.simulateTransfer('CUST_2', { amount: 100_00 as Minor })
    const first = await client.virtualAccounts.transactions({ account_reference: 'CUST_2' })
    expect(first.data[0]).toMatchObject({ status: 'processing', currency: 'USD', amount: 100_00 })
    await client.sandbox.advanceClock(1)
    const later = await client.virtualAccounts.transactions({ account_reference: 'CUST_2' })
    expect(later.data[0]).toMatchObject({ status: 'success', currency: 'USD' })
  })

  it('commit lag: verify says 404 for a transfer that exists, and a resend is 409', async () => {
    const client = await peer({ commit_lag: { seconds: 60 } })
    await client.disbursements.initialize(transferBody('TRF_L'))
    const hidden = await typed(client.disbursements.verify('TRF_L'))
    expect(hidden.status).toBe(404)
    expect((await typed(client.disbursements.initialize(transferBody('TRF_L')))).status).toBe(409)
  })

  it('late response: the client times out although the transfer committed', async () => {
    const client = await peer({ late_response: { delay_ms: 30_000 } }, 300)
    const lost = await typed(client.disbursements.initialize(transferBody('TRF_T')))
    expect(lost.outcomeUnknown).toBe(true)
    expect((await client.disbursements.verify('TRF_T')).reference).toBe('TRF_T')
  })
})
