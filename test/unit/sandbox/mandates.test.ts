// Mandate and debit state machines, driven directly with a hand-moved clock.
import { afterEach, describe, expect, it } from 'vitest'
import type { CreateMandateRequest, DebitRequest } from '../../../common/api/directDebits'
import { SandboxError } from '../../../sandbox/errors'
import { harness, m, type Harness } from './helpers'

let h: Harness
afterEach(() => h?.stop())

const mandate = (extra: Partial<CreateMandateRequest> = {}): CreateMandateRequest => ({
  customer_name: 'Ada Okafor',
  customer_email: 'ada@example.com',
  account_number: '0123456789',
  bank_code: '058',
  mandate_reference: 'M1',
  start_date: '2026-03-01',
  end_date: '2026-12-31',
  max_monthly_amount: m(100_000),
  max_monthly_debit_count: 3,
  currency: 'NGN',
  ...extra,
})

const debit = (ref: string, amount: number, extra: Partial<DebitRequest> = {}): DebitRequest => ({
  mandate_reference: 'M1',
  debit_amount: m(amount),
  narration: 'Subscription',
  customer_email: 'ada@example.com',
  payment_reference: ref,
  ...extra,
})

/** The error a call throws, for asserting status and code. */
function thrown(fn: () => unknown): SandboxError {
  try {
    fn()
  } catch (error) {
    if (error instanceof SandboxError) return error
    throw error
  }
  throw new Error('expected an error')
}

function active(extra: Partial<CreateMandateRequest> = {}) {
  const { mandates } = h.state
  mandates.create(mandate(extra))
  mandates.initiateActivation('M1')
  mandates.validateActivation('M1', {
    mandate_reference: 'M1',
    param1: 'otp',
    value1: '123456',
    param2: 'pin',
    value2: '1234',
  })
}

const creds = {
  mandate_reference: 'M1',
  param1: 'otp',
  value1: '123456',
  param2: 'pin',
  value2: '1234',
}

describe('mandate state machine', () => {
  it('pending_activation -> initiate -> validate -> active, with mandate_activated', () => {
    h = harness()
    const { mandates } = h.state
    expect(mandates.create(mandate()).status).toBe('pending_activation')
    expect(thrown(() => mandates.validateActivation('M1', creds))).toMatchObject({
      status: 409,
      code: 'activation_not_initiated',
      message: 'Mandate activation needs to be initiated first',
    })
    expect(mandates.get('M1').status).toBe('pending_activation')
    mandates.initiateActivation('M1')
    mandates.initiateActivation('M1') // re-sending the challenge is fine
    expect(mandates.validateActivation('M1', creds).status).toBe('active')
    expect(mandates.get('M1')).toMatchObject({ status: 'active', activation_initiated: true })
    expect(h.events).toEqual([
      {
        type: 'mandate_activated',
        data: { mandate_reference: 'M1', status: 'active', customer_email: 'ada@example.com' },
        status: undefined,
      },
    ])
  })

  it('rejects the sandbox OTP 000000 with a 400 and stays pending', () => {
    h = harness()
    h.state.mandates.create(mandate())
    h.state.mandates.initiateActivation('M1')
    expect(
      thrown(() => h.state.mandates.validateActivation('M1', { ...creds, value1: '000000' }))
        .status,
    ).toBe(400)
    expect(h.state.mandates.get('M1').status).toBe('pending_activation')
  })

  it('cancelled is final: no reactivation, no second cancel, no debits', () => {
    h = harness()
    active()
    const { mandates, debits } = h.state
    expect(mandates.cancel('M1').status).toBe('cancelled')
    expect(thrown(() => mandates.cancel('M1')).code).toBe('invalid_state')
    expect(thrown(() => mandates.initiateActivation('M1')).code).toBe('invalid_state')
    expect(thrown(() => mandates.validateActivation('M1', creds)).code).toBe('invalid_state')
    expect(thrown(() => debits.debit(debit('D1', 100))).code).toBe('mandate_not_active')
  })

  it('expires after end_date (inclusive of the day itself)', () => {
    h = harness({ start: '2026-03-15T10:00:00Z' })
    active({ start_date: '2026-03-15', end_date: '2026-04-14' })
    h.advanceMs(30 * 86_400_000) // 2026-04-14T10:00Z: last valid day
    expect(h.state.mandates.get('M1').status).toBe('active')
    h.advanceMs(14 * 3_600_000) // 2026-04-15T00:00Z
    expect(h.state.mandates.get('M1').status).toBe('expired')
    expect(thrown(() => h.state.debits.debit(debit('D1', 1))).code).toBe('mandate_not_active')
  })

  it('a reused mandate_reference and an unknown bank are refused', () => {
    h = harness()
    h.state.mandates.create(mandate())
    expect(thrown(() => h.state.mandates.create(mandate())).code).toBe('duplicate_reference')
    expect(
      thrown(() => h.state.mandates.create(mandate({ mandate_reference: 'M2', bank_code: '999' })))
        .status,
    ).toBe(422)
  })
})

describe('debits', () => {
  it('settle asynchronously after the settle delay, with events', () => {
    h = harness({ settleDelayMs: 1000 })
    active()
    expect(h.state.debits.debit(debit('D1', 500)).status).toBe('pending')
    // 5.13: minor units ending in 13 fail by the sandbox rule.
    expect(h.state.debits.debit(debit('D2', 513)).status).toBe('pending')
    h.advanceMs(999)
    expect(h.state.debits.status('D1').status).toBe('pending')
    h.advanceMs(1)
    expect(h.state.debits.status('D1')).toMatchObject({ status: 'success', failure_reason: null })
    expect(h.state.debits.status('D2')).toMatchObject({
      status: 'failed',
      failure_reason: expect.any(String),
    })
    expect(h.events.map((e) => e.type)).toEqual([
      'mandate_activated',
      'direct_debit_success',
      'direct_debit_failure',
    ])
    expect(h.state.balances.available('direct_debit', 'NGN')).toBe(500)
  })

  it('checks the payment_reference before anything else', () => {
    h = harness()
    active()
    h.state.debits.debit(debit('D1', 100))
    h.state.mandates.cancel('M1')
    expect(thrown(() => h.state.debits.debit(debit('D1', 100)))).toMatchObject({
      status: 409,
      code: 'duplicate_payment_reference',
      message: 'Direct debit payment already exists for the given reference',
    })
  })

  it("needs the mandate's e-mail (case-insensitive) and a started mandate", () => {
    h = harness()
    active({ start_date: '2026-03-20' })
    expect(thrown(() => h.state.debits.debit(debit('D1', 1))).status).toBe(422)
    h.advanceMs(5 * 86_400_000)
    expect(
      thrown(() => h.state.debits.debit(debit('D2', 1, { customer_email: 'eve@example.com' })))
        .status,
    ).toBe(422)
    expect(h.state.debits.debit(debit('D3', 1, { customer_email: 'ADA@Example.com' })).status).toBe(
      'pending',
    )
  })

  it('monthly count and amount are per calendar month on the sandbox clock', () => {
    h = harness({ start: '2026-03-30T12:00:00Z' })
    active({ max_monthly_amount: m(10_000), max_monthly_debit_count: 2 })
    const { debits } = h.state
    debits.debit(debit('D1', 6_000))
    expect(thrown(() => debits.debit(debit('D2', 4_001)))).toMatchObject({
      status: 422,
      code: 'limit_exceeded',
    })
    debits.debit(debit('D3', 4_000))
    expect(thrown(() => debits.debit(debit('D4', 1))).code).toBe('limit_exceeded')
    expect(debits.usage('M1', '2026-03')).toEqual({ count: 2, amount: 10_000 })
    h.advanceMs(2 * 86_400_000) // 2026-04-01
    expect(debits.usage('M1', '2026-04')).toEqual({ count: 0, amount: 0 })
    debits.debit(debit('D5', 10_000))
    expect(thrown(() => debits.debit(debit('D6', 1))).code).toBe('limit_exceeded')
  })

  it('a failed debit is an attempt: it counts against max_monthly_debit_count, not the amount', () => {
    // Spec, Limits: "`max_monthly_debit_count` | debit attempts per calendar month must not
    // exceed it"; mandate fields: "Maximum debit attempts per calendar month".
    h = harness({ settleDelayMs: 10 })
    active({ max_monthly_amount: m(1_000), max_monthly_debit_count: 2 })
    h.state.debits.debit(debit('D1', 913)) // ends in 13: fails
    h.advanceMs(10)
    expect(h.state.debits.status('D1').status).toBe('failed')
    expect(h.state.debits.usage('M1', '2026-03')).toEqual({ count: 1, amount: 0 })
    // The failed attempt moved no money, so the whole amount is still available...
    expect(h.state.debits.debit(debit('D2', 1_000)).status).toBe('pending')
    // ...but it used one of the two attempts.
    expect(thrown(() => h.state.debits.debit(debit('D3', 1))).code).toBe('limit_exceeded')
  })
})
