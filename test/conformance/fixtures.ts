// Small builders for the records most tests need, through the public API only.
import { expect } from 'vitest'
import { addDays, type Target } from './target'
import type { ApiResponse } from './client'

export type Json = Record<string, unknown>

/** Asserts a response's status, printing the body when it differs (the useful part). */
export function expectStatus(res: ApiResponse<unknown>, status: number): void {
  expect(res.status, `HTTP ${res.status}: ${res.text.slice(0, 500)}`).toBe(status)
}

/** Asserts the documented error body and returns it. */
export function expectError(
  res: ApiResponse<unknown>,
  status: number,
  message?: string | RegExp,
): Json {
  expectStatus(res, status)
  const body = res.body as Json
  expect(body).toMatchObject({ message: expect.any(String) })
  if (typeof message === 'string') expect(body.message).toBe(message)
  else if (message) expect(body.message).toMatch(message)
  if ('status' in body) expect(body.status).toBe(false)
  return body
}

export async function createPayment(t: Target, extra: Json = {}): Promise<Json> {
  const res = await t.client.post('/payments/initialize', {
    email: 'buyer@example.com',
    amount: '2500.00',
    currency: 'NGN',
    reference: t.ref('PAY'),
    ...extra,
  })
  expectStatus(res, 200)
  return res.body
}

/** A payment the customer paid (needs the sandbox's checkout control). */
export async function paidPayment(t: Target, amount = '2500.00'): Promise<Json> {
  const payment = await createPayment(t, { amount })
  const done = await t.client.post(`/sandbox/payments/${String(payment.reference)}/complete`, {
    outcome: 'success',
  })
  expectStatus(done, 200)
  return (done.body as { data: Json }).data
}

export function mandateBody(t: Target, extra: Json = {}): Json {
  const today = t.today()
  return {
    customer_name: 'Ada Okafor',
    customer_email: 'ada@example.com',
    account_number: '0123456789',
    bank_code: '058',
    mandate_reference: t.ref('MND'),
    start_date: today,
    end_date: addDays(today, 90),
    max_monthly_amount: 10000,
    max_monthly_debit_count: 3,
    currency: 'NGN',
    metadata: { customer_id: 'C-1' },
    ...extra,
  }
}

const CREDENTIALS = { param1: 'otp', value1: '123456', param2: 'pin', value2: '1234' }

export async function activeMandate(t: Target, extra: Json = {}): Promise<Json> {
  const body = mandateBody(t, extra)
  const reference = String(body.mandate_reference)
  expectStatus(await t.client.post('/direct-debits/mandates', body), 200)
  expectStatus(await t.client.post(`/direct-debits/mandates/${reference}/initiate-activation`), 200)
  const validated = await t.client.post(
    `/direct-debits/mandates/${reference}/validate-activation`,
    {
      mandate_reference: reference,
      ...CREDENTIALS,
    },
  )
  expectStatus(validated, 200)
  return body
}

export const activationCredentials = (reference: string, value1 = '123456'): Json => ({
  ...CREDENTIALS,
  value1,
  mandate_reference: reference,
})

export async function createVirtualAccount(t: Target, extra: Json = {}): Promise<Json> {
  const res = await t.client.post('/virtual-accounts', {
    account_reference: t.ref('VA'),
    customer_name: 'Chinedu Eze',
    customer_email: `${t.ref('cust').toLowerCase()}@example.com`,
    currency_code: 'NGN',
    bvn: '22212345678',
    metadata: { customer_id: 'C-42' },
    ...extra,
  })
  expectStatus(res, 200)
  return res.body
}

export function transferBody(t: Target, extra: Json = {}): Json {
  return {
    reference: t.ref('TRF'),
    amount: 1500.5,
    currency: 'NGN',
    bank_code: '058',
    account_number: '0123456789',
    narration: 'Supplier payout',
    recipient_name: 'Bello Aisha',
    recipient_email: 'supplier@example.com',
    ...extra,
  }
}

export const FINAL_TRANSFER = ['success', 'failed', 'reversed']
