// Direct debits: the mandate state machine (spec table + assumptions), debit rules (active
// mandate, e-mail match, unique payment_reference, monthly amount and count per calendar
// month), asynchronous settlement, expiry, and paying out collected funds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { eventually } from './client'
import {
  activationCredentials,
  activeMandate,
  expectError,
  expectStatus,
  mandateBody,
  type Json,
} from './fixtures'
import { CONTROLS_REASON, addDays, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

const mandatePath = (ref: unknown, action = '') => `/direct-debits/mandates/${String(ref)}${action}`

function debitBody(mandate: Json, extra: Json = {}): Json {
  return {
    mandate_reference: mandate.mandate_reference,
    debit_amount: 1000,
    narration: 'Monthly subscription',
    customer_email: mandate.customer_email,
    payment_reference: t.ref('DBT'),
    ...extra,
  }
}

const debit = (mandate: Json, extra: Json = {}) =>
  t.client.post('/direct-debits/debit', debitBody(mandate, extra))

describe('mandate creation', () => {
  it('creates a mandate in pending_activation', async () => {
    const body = mandateBody(t)
    const res = await t.client.post('/direct-debits/mandates', body)
    expectStatus(res, 200)
    expect(res.body).toEqual({
      mandate_reference: body.mandate_reference,
      status: 'pending_activation',
    })
    const read = await t.client.get(mandatePath(body.mandate_reference))
    expect(read.body).toMatchObject({
      mandate_reference: body.mandate_reference,
      status: 'pending_activation',
      max_monthly_amount: 10000,
      max_monthly_debit_count: 3,
      customer_email: body.customer_email,
    })
  })

  it('needs end_date at least 30 days after start_date', async () => {
    const today = t.today()
    expectError(
      await t.client.post(
        '/direct-debits/mandates',
        mandateBody(t, { end_date: addDays(today, 29) }),
      ),
      400,
    )
    expectStatus(
      await t.client.post(
        '/direct-debits/mandates',
        mandateBody(t, { end_date: addDays(today, 30) }),
      ),
      200,
    )
  })

  it('requires every listed field except metadata', async () => {
    const { metadata: _m, ...withoutMetadata } = mandateBody(t)
    expectStatus(await t.client.post('/direct-debits/mandates', withoutMetadata), 200)
    for (const field of ['customer_name', 'bank_code', 'max_monthly_amount', 'currency']) {
      const { [field]: _omit, ...rest } = mandateBody(t)
      const res = await t.client.post<{ errors: { field: string }[] }>(
        '/direct-debits/mandates',
        rest,
      )
      expectError(res, 400)
      expect(res.body.errors.map((e) => e.field)).toContain(field)
    }
  })

  it('a mandate bank code is three digits', async () => {
    // Spec, Direct debit mandate: `bank_code` | string | "Three-digit bank code".
    expectError(
      await t.client.post('/direct-debits/mandates', mandateBody(t, { bank_code: '50211' })),
      400,
    )
  })

  it('a reused mandate_reference is a 409', async () => {
    const body = mandateBody(t)
    expectStatus(await t.client.post('/direct-debits/mandates', body), 200)
    expectError(await t.client.post('/direct-debits/mandates', body), 409)
  })
})

describe('activation', () => {
  it('validate before initiate: 409 with the spec message, state unchanged', async () => {
    const body = mandateBody(t)
    await t.client.post('/direct-debits/mandates', body)
    const res = await t.client.post(
      mandatePath(body.mandate_reference, '/validate-activation'),
      activationCredentials(String(body.mandate_reference)),
    )
    expectError(res, 409, ERROR_MESSAGES.activationNotInitiated)
    expect((await t.client.get(mandatePath(body.mandate_reference))).body.status).toBe(
      'pending_activation',
    )
  })

  it('initiate then validate makes the mandate active', async () => {
    const body = mandateBody(t)
    const ref = body.mandate_reference
    await t.client.post('/direct-debits/mandates', body)
    const initiated = await t.client.post(mandatePath(ref, '/initiate-activation'))
    expectStatus(initiated, 200)
    expect(initiated.body).toMatchObject({ mandate_reference: ref, status: 'pending_activation' })
    // Customers lose OTPs: initiating again is allowed while pending.
    expectStatus(await t.client.post(mandatePath(ref, '/initiate-activation')), 200)
    const validated = await t.client.post(
      mandatePath(ref, '/validate-activation'),
      activationCredentials(String(ref)),
    )
    expectStatus(validated, 200)
    expect(validated.body).toMatchObject({
      mandate_reference: ref,
      status: 'active',
      message: expect.any(String),
    })
    expect((await t.client.get(mandatePath(ref))).body.status).toBe('active')
    expectError(await t.client.post(mandatePath(ref, '/initiate-activation')), 409)
  })

  it('rejected credentials (sandbox OTP 000000) are a 400 and leave it pending', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const body = mandateBody(t)
    const ref = String(body.mandate_reference)
    await t.client.post('/direct-debits/mandates', body)
    await t.client.post(mandatePath(ref, '/initiate-activation'))
    const res = await t.client.post(
      mandatePath(ref, '/validate-activation'),
      activationCredentials(ref, '000000'),
    )
    expectError(res, 400)
    expect((await t.client.get(mandatePath(ref))).body.status).toBe('pending_activation')
  })
})

describe('cancellation', () => {
  it('cancels an active mandate; it cannot be reactivated or debited', async () => {
    const mandate = await activeMandate(t)
    const ref = mandate.mandate_reference
    const cancelled = await t.client.patch(mandatePath(ref, '/cancel'))
    expectStatus(cancelled, 200)
    expect(cancelled.body).toMatchObject({ mandate_reference: ref, status: 'cancelled' })
    expectError(await t.client.patch(mandatePath(ref, '/cancel')), 409)
    expectError(await t.client.post(mandatePath(ref, '/initiate-activation')), 409)
    expectError(
      await t.client.post(
        mandatePath(ref, '/validate-activation'),
        activationCredentials(String(ref)),
      ),
      409,
    )
    expectError(await debit(mandate), 409)
    expect((await t.client.get(mandatePath(ref))).body.status).toBe('cancelled')
  })

  it('cancels a mandate that was never activated', async () => {
    const body = mandateBody(t)
    await t.client.post('/direct-debits/mandates', body)
    expectStatus(await t.client.patch(mandatePath(body.mandate_reference, '/cancel')), 200)
  })
})

describe('debits', () => {
  it('need an active mandate (409)', async () => {
    const body = mandateBody(t)
    await t.client.post('/direct-debits/mandates', body)
    expectError(await debit(body), 409)
  })

  it('of an unknown mandate are a 404', async () => {
    expectError(await debit({ mandate_reference: t.ref(), customer_email: 'a@example.com' }), 404)
  })

  it("need the mandate's e-mail (422)", async () => {
    const mandate = await activeMandate(t)
    expectError(await debit(mandate, { customer_email: 'someone.else@example.com' }), 422)
  })

  it('are accepted as pending, then settle to success', async () => {
    const mandate = await activeMandate(t)
    const body = debitBody(mandate, { debit_amount: 2500.5 })
    const res = await t.client.post('/direct-debits/debit', body)
    expectStatus(res, 200)
    expect(res.body).toMatchObject({
      payment_reference: body.payment_reference,
      mandate_reference: mandate.mandate_reference,
      amount: 2500.5,
      narration: 'Monthly subscription',
    })
    expect(['success', 'failed']).not.toContain(res.body.status)
    const settled = await eventually(
      () => t.client.get(`/direct-debits/status/${String(body.payment_reference)}`),
      (r) => r.body.status !== 'pending',
      30_000,
    )
    expect(settled.body).toMatchObject({ status: 'success', amount: 2500.5 })
  })

  it('with a reused payment_reference: 409 with the spec message', async () => {
    const mandate = await activeMandate(t)
    const body = debitBody(mandate)
    expectStatus(await t.client.post('/direct-debits/debit', body), 200)
    expectError(
      await t.client.post('/direct-debits/debit', body),
      409,
      ERROR_MESSAGES.duplicateDebitReference,
    )
  })

  it('fail by the sandbox rule (amount ending in .13)', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const mandate = await activeMandate(t)
    const body = debitBody(mandate, { debit_amount: 100.13 })
    expectStatus(await t.client.post('/direct-debits/debit', body), 200)
    const settled = await eventually(
      () => t.client.get(`/direct-debits/status/${String(body.payment_reference)}`),
      (r) => r.body.status !== 'pending',
    )
    expect(settled.body).toMatchObject({ status: 'failed', failure_reason: expect.any(String) })
  })
})

describe('monthly limits', () => {
  it('count: at most max_monthly_debit_count debits in a month (422)', async () => {
    const mandate = await activeMandate(t, {
      max_monthly_debit_count: 2,
      max_monthly_amount: 100000,
    })
    expectStatus(await debit(mandate), 200)
    expectStatus(await debit(mandate), 200)
    expectError(await debit(mandate), 422)
  })

  it('amount: the month total never exceeds max_monthly_amount (422)', async () => {
    const mandate = await activeMandate(t, {
      max_monthly_amount: 5000,
      max_monthly_debit_count: 10,
    })
    expectStatus(await debit(mandate, { debit_amount: 3000 }), 200)
    expectError(await debit(mandate, { debit_amount: 2000.01 }), 422)
    expectStatus(await debit(mandate, { debit_amount: 2000 }), 200)
    expectError(await debit(mandate, { debit_amount: 0.01 }), 422)
  })

  it('a failed debit is an attempt: it uses a debit of the month but frees its amount', async (ctx) => {
    // Spec, Limits: `max_monthly_debit_count` caps "debit attempts per calendar month";
    // `max_monthly_amount` caps the "total debited".
    requires(ctx, t.controls, CONTROLS_REASON)
    const mandate = await activeMandate(t, { max_monthly_amount: 1000, max_monthly_debit_count: 2 })
    const failing = debitBody(mandate, { debit_amount: 999.13 })
    expectStatus(await t.client.post('/direct-debits/debit', failing), 200)
    expectError(await debit(mandate, { debit_amount: 1000 }), 422)
    await eventually(
      () => t.client.get(`/direct-debits/status/${String(failing.payment_reference)}`),
      (r) => r.body.status === 'failed',
    )
    expectStatus(await debit(mandate, { debit_amount: 1000 }), 200)
    expectError(await debit(mandate, { debit_amount: 1 }), 422)
  })

  it('reset with the calendar month', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const mandate = await activeMandate(t, {
      max_monthly_amount: 1000,
      max_monthly_debit_count: 1,
      end_date: addDays(t.today(), 400),
    })
    expectStatus(await debit(mandate, { debit_amount: 1000 }), 200)
    expectError(await debit(mandate, { debit_amount: 1 }), 422)
    // Move to the first day of next month (UTC), at most 31 days ahead.
    const now = new Date(`${t.today()}T12:00:00Z`)
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12)
    const seconds = Math.ceil((nextMonth - now.getTime()) / 1000) + 86_400
    await t.advance(seconds)
    expectStatus(await debit(mandate, { debit_amount: 1000 }), 200)
  })
})

describe('expiry', () => {
  it('after end_date the mandate reads expired and debits get 409', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const mandate = await activeMandate(t, { end_date: addDays(t.today(), 30) })
    await t.advance(31 * 86_400)
    expect((await t.client.get(mandatePath(mandate.mandate_reference))).body.status).toBe('expired')
    expectError(await debit(mandate), 409, ERROR_MESSAGES.mandateNotActive)
    expectError(await t.client.patch(mandatePath(mandate.mandate_reference, '/cancel')), 409)
  })
})

describe('POST /direct-debits/disburse', () => {
  it('pays out collected funds, and not more than were collected (422)', async (ctx) => {
    requires(ctx, !t.external, 'needs a fresh gateway whose collected balance the suite knows')
    // A sandbox of its own: the other tests' debits would add to the collected balance.
    const fresh = await openTarget()
    ctx.onTestFinished(() => fresh.close())
    const mandate = await activeMandate(fresh, { max_monthly_amount: 100000 })
    const body = debitBody(mandate, { debit_amount: 5000 })
    await fresh.client.post('/direct-debits/debit', body)
    await eventually(
      () => fresh.client.get(`/direct-debits/status/${String(body.payment_reference)}`),
      (r) => r.body.status === 'success',
    )
    const payout = {
      reference: fresh.ref('DDP'),
      amount: 5000,
      currency: 'NGN',
      bank_code: '058',
      account_number: '0123456789',
      narration: 'Sweep',
    }
    const res = await fresh.client.post('/direct-debits/disburse', payout)
    expectStatus(res, 200)
    expect(res.body).toMatchObject({ reference: payout.reference, amount: 5000, status: 'pending' })
    const verify = await fresh.client.get(`/disbursements/verify?reference=${payout.reference}`)
    expectStatus(verify, 200)
    const more = await fresh.client.post('/direct-debits/disburse', {
      ...payout,
      reference: fresh.ref('DDP'),
      amount: 0.01,
    })
    const err = expectError(more, 422)
    expect(err.code).toBe('insufficient_funds')
    expectError(await fresh.client.post('/direct-debits/disburse', payout), 409)
  })
})
