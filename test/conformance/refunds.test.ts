// Refunds: asynchronous, only against successful payments, full or partial, never more than
// was paid; every query operation (one, of a payment, history, counts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from './client'
import { createPayment, expectError, expectStatus, paidPayment, type Json } from './fixtures'
import { CONTROLS_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

type Page = { data: Json[]; pagination: { total_items: number; page_size: number } }

const settled = (reference: unknown) =>
  eventually(
    () => t.client.get(`/refunds/${String(reference)}`),
    (r) => r.body.status === 'success' || r.body.status === 'failed',
    30_000,
  )

describe('POST /refunds/initialize', () => {
  it('refunds a payment in full when no amount is given, asynchronously', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const payment = await paidPayment(t, '1200.00')
    const reference = t.ref('RF')
    const res = await t.client.post('/refunds/initialize', {
      payment_reference: payment.reference,
      reason: 'Customer changed their mind',
      reference,
    })
    expectStatus(res, 200)
    expect(res.body).toMatchObject({
      reference,
      payment_reference: payment.reference,
      amount: 1200,
      currency: 'NGN',
      status: 'pending',
      reason: 'Customer changed their mind',
    })
    const done = await settled(reference)
    expect(done.body.status).toBe('success')
    const verified = await t.client.get(`/payments/verify/${String(payment.reference)}`)
    expect(verified.body).toMatchObject({ status: 'success', amount_refunded: 1200 })
  })

  it('refunds in parts, never beyond the amount paid (422)', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const payment = await paidPayment(t, '1000.00')
    const refund = (amount?: number) =>
      t.client.post('/refunds/initialize', {
        payment_reference: payment.reference,
        ...(amount === undefined ? {} : { amount }),
      })
    expectStatus(await refund(400), 200)
    expectStatus(await refund(599.99), 200)
    expectError(await refund(0.02), 422)
    const last = await refund()
    expectStatus(last, 200)
    expect(last.body.amount).toBe(0.01)
    expectError(await refund(), 422)
  })

  it('only refunds successful payments (422)', async (ctx) => {
    const pending = await createPayment(t)
    expectError(
      await t.client.post('/refunds/initialize', { payment_reference: pending.reference }),
      422,
    )
    requires(ctx, t.controls, CONTROLS_REASON)
    const failed = await createPayment(t)
    await t.client.post(`/sandbox/payments/${String(failed.reference)}/complete`, {
      outcome: 'failed',
    })
    expectError(
      await t.client.post('/refunds/initialize', { payment_reference: failed.reference }),
      422,
    )
  })

  it('of an unknown payment is a 404', async () => {
    expectError(await t.client.post('/refunds/initialize', { payment_reference: t.ref() }), 404)
  })

  it('a reused refund reference is a 409', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const payment = await paidPayment(t)
    const body = { payment_reference: payment.reference, amount: 1, reference: t.ref('RF') }
    expectStatus(await t.client.post('/refunds/initialize', body), 200)
    expectError(await t.client.post('/refunds/initialize', body), 409)
  })

  it('a failed refund (sandbox rule: amount ending .13) frees its amount', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const payment = await paidPayment(t, '100.13')
    const first = await t.client.post('/refunds/initialize', {
      payment_reference: payment.reference,
    })
    expect(first.body.amount).toBe(100.13)
    const done = await settled(first.body.reference)
    expect(done.body).toMatchObject({ status: 'failed', failure_reason: expect.any(String) })
    const retry = await t.client.post('/refunds/initialize', {
      payment_reference: payment.reference,
      amount: 100,
    })
    expectStatus(retry, 200)
  })
})

describe('refund queries', () => {
  it('one refund, the refunds of a payment, history with filters, counts', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const payment = await paidPayment(t, '300.00')
    const other = await paidPayment(t, '50.00')
    const a = await t.client.post('/refunds/initialize', {
      payment_reference: payment.reference,
      amount: 100,
    })
    const b = await t.client.post('/refunds/initialize', {
      payment_reference: payment.reference,
      amount: 100,
    })
    await t.client.post('/refunds/initialize', { payment_reference: other.reference })
    await settled(a.body.reference)
    await settled(b.body.reference)

    const one = await t.client.get(`/refunds/${String(a.body.reference)}`)
    expectStatus(one, 200)
    expect(one.body).toMatchObject({ reference: a.body.reference, amount: 100, status: 'success' })

    const ofPayment = await t.client.get<Page>(
      `/refunds/payment/${String(payment.reference)}?page_size=1`,
    )
    expectStatus(ofPayment, 200)
    expect(ofPayment.body.pagination).toMatchObject({ total_items: 2, page_size: 1 })
    expectError(await t.client.get(`/refunds/payment/${t.ref()}`), 404)

    const history = await t.client.get<Page>(
      `/refunds?payment_reference=${String(payment.reference)}&status=success&start_date=${t.today()}`,
    )
    expect(history.body.data.map((r) => r.reference).sort()).toEqual(
      [a.body.reference, b.body.reference].sort(),
    )
    const none = await t.client.get<Page>(
      `/refunds?payment_reference=${String(payment.reference)}&status=failed`,
    )
    expect(none.body.data).toEqual([])

    const counts = await t.client.get<{ status: boolean; data: Record<string, number> }>(
      '/refunds/counts',
    )
    expectStatus(counts, 200)
    const c = counts.body.data
    expect(c.total).toBe(
      (c.pending ?? 0) + (c.processing ?? 0) + (c.success ?? 0) + (c.failed ?? 0),
    )
    expect(c.success).toBeGreaterThanOrEqual(2)
  })

  it('an unknown refund is a 404', async () => {
    expectError(await t.client.get(`/refunds/${t.ref()}`), 404)
  })
})
