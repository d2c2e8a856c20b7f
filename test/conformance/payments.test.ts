// Payments: initialize -> hosted checkout at authorization_url -> verify the full record; the
// transactions list with its filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPayment, expectError, expectStatus, type Json } from './fixtures'
import { CONTROLS_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

const RECORD_FIELDS = [
  'reference',
  'status',
  'email',
  'amount',
  'currency',
  'amount_refunded',
  'payment_method',
  'customer_name',
  'metadata',
  'authorization_url',
  'callback_url',
  'created_at',
  'paid_at',
]

describe('POST /payments/initialize', () => {
  it('answers 200 with authorization_url and the reference', async () => {
    const reference = t.ref('PAY')
    const res = await t.client.post('/payments/initialize', {
      email: 'buyer@example.com',
      amount: '12500.50',
      currency: 'NGN',
      reference,
    })
    expectStatus(res, 200)
    expect(res.body).toMatchObject({ status: 'success', reference })
    expect(new URL(String(res.body.authorization_url)).protocol).toMatch(/^https?:$/)
  })

  it('generates a reference when none is given', async () => {
    const res = await t.client.post('/payments/initialize', {
      email: 'buyer@example.com',
      amount: '100',
      currency: 'NGN',
    })
    expectStatus(res, 200)
    expect(res.body.reference).toEqual(expect.any(String))
  })

  it('a reused reference is a 409', async () => {
    const payment = await createPayment(t)
    const again = await t.client.post('/payments/initialize', {
      email: 'buyer@example.com',
      amount: '1.00',
      currency: 'NGN',
      reference: payment.reference,
    })
    expectError(again, 409)
  })

  it('authorization_url serves the hosted checkout page (HTML)', async () => {
    const payment = await createPayment(t)
    const page = await fetch(String(payment.authorization_url))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    await page.text()
  })
})

describe('GET /payments/verify/{reference}', () => {
  it('returns the full record, pending before the customer pays', async () => {
    const payment = await createPayment(t, { amount: '2500.75', metadata: { order: 'A-1' } })
    const res = await t.client.get(`/payments/verify/${String(payment.reference)}`)
    expectStatus(res, 200)
    for (const field of RECORD_FIELDS) expect(res.body).toHaveProperty(field)
    expect(res.body).toMatchObject({
      reference: payment.reference,
      status: 'pending',
      amount: 2500.75,
      currency: 'NGN',
      amount_refunded: 0,
      metadata: { order: 'A-1' },
      paid_at: null,
    })
  })

  it.for(['success', 'failed', 'abandoned'])(
    'shows the outcome chosen at checkout (%s)',
    async (outcome, ctx) => {
      requires(ctx, t.controls, CONTROLS_REASON)
      const payment = await createPayment(t)
      const path = `/sandbox/payments/${String(payment.reference)}/complete`
      expectStatus(await t.client.post(path, { outcome }), 200)
      const res = await t.client.get(`/payments/verify/${String(payment.reference)}`)
      expect(res.body.status).toBe(outcome)
      if (outcome === 'success') expect(res.body.paid_at).toEqual(expect.any(String))
      // Final states do not change.
      expectError(await t.client.post(path, { outcome: 'success' }), 409)
    },
  )

  it('the checkout page form completes the payment with a test card', async (ctx) => {
    requires(ctx, t.controls && !t.external, 'uses the Tilldesk sandbox checkout page form')
    const callback = 'https://merchant.example/return'
    const payment = await createPayment(t, { callback_url: callback })
    const url = String(payment.authorization_url)
    const res = await fetch(`${url}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=card&card_number=4084+0840+8408+4081&payment_method=card',
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location') ?? '')
    expect(location.origin + location.pathname).toBe(callback)
    expect(location.searchParams.get('reference')).toBe(payment.reference)
    expect(location.searchParams.get('status')).toBe('success')
    const verified = await t.client.get(`/payments/verify/${String(payment.reference)}`)
    expect(verified.body).toMatchObject({ status: 'success', payment_method: 'card' })

    const declined = await createPayment(t)
    await fetch(`${String(declined.authorization_url)}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=card&card_number=4000000000000002',
    })
    const after = await t.client.get(`/payments/verify/${String(declined.reference)}`)
    expect(after.body.status).toBe('failed')
  })
})

describe('GET /merchants/transactions', () => {
  it('filters by status, payment method, customer e-mail and date', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const email = `${t.ref('tx').toLowerCase()}@example.com`
    const paid = await createPayment(t, { email })
    const open = await createPayment(t, { email })
    await t.client.post(`/sandbox/payments/${String(paid.reference)}/complete`, {
      outcome: 'success',
    })
    const q = `customer_email=${encodeURIComponent(email.toUpperCase())}`
    type Page = { data: Json[]; pagination: { total_items: number } }
    const all = await t.client.get<Page>(`/merchants/transactions?${q}`)
    expect(all.body.pagination.total_items).toBe(2)
    const success = await t.client.get<Page>(`/merchants/transactions?${q}&status=success`)
    expect(success.body.data.map((d) => d.reference)).toEqual([paid.reference])
    const pending = await t.client.get<Page>(`/merchants/transactions?${q}&status=pending`)
    expect(pending.body.data.map((d) => d.reference)).toEqual([open.reference])
    const card = await t.client.get<Page>(`/merchants/transactions?${q}&payment_method=card`)
    expect(card.body.data.map((d) => d.reference)).toEqual([paid.reference])
    const ussd = await t.client.get<Page>(`/merchants/transactions?${q}&payment_method=ussd`)
    expect(ussd.body.data).toEqual([])
    const today = await t.client.get<Page>(`/merchants/transactions?${q}&start_date=${t.today()}`)
    expect(today.body.pagination.total_items).toBe(2)
  })

  it('rejects an unknown status or payment method with a 400', async () => {
    expectError(await t.client.get('/merchants/transactions?status=paid'), 400)
    expectError(await t.client.get('/merchants/transactions?payment_method=cash'), 400)
  })
})
