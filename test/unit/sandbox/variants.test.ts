// Spec-variation mode: each switch on its own, over HTTP, through the CLI and the control
// endpoint. Every variation is legal under the spec; these tests pin what each one sends.
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { CommitLagTracker, parseVariantList } from '../../../sandbox/variants'
import { parseCli } from '../../../sandbox/cliArgs'
import { signer } from './http'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

const transfer = (reference: string) => ({
  reference,
  amount: 100,
  currency: 'NGN',
  bank_code: '044',
  account_number: '0123456789',
  narration: 'x',
})
const account = (reference: string) => ({
  account_reference: reference,
  customer_name: 'Ada Obi',
  customer_email: 'ada@example.com',
  currency_code: 'NGN',
  bvn: '12345678901',
})

async function start(variants: Parameters<RunningSandbox['setVariants']>[0] = {}) {
  sandbox = await startSandbox({ port: 0, settleDelayMs: 60_000, variants })
  return signer(sandbox)
}

describe('spec variations', () => {
  it('are all off by default and answer in our documented shapes', async () => {
    const call = await start()
    const got = await call('GET', '/sandbox/variants')
    expect(got.body.data).toMatchObject({
      message_only_errors: false,
      extra_fields: false,
      commit_lag: null,
      late_response: null,
    })
    const missing = await call('GET', '/disbursements/verify?reference=NOPE')
    expect(missing.body).toEqual({
      status: false,
      message: 'Resource not found',
      code: 'not_found',
    })
  })

  it('message_only_errors: error bodies carry only the message', async () => {
    const call = await start({ message_only_errors: true })
    expect((await call('GET', '/disbursements/verify?reference=NOPE')).body).toEqual({
      message: 'Resource not found',
    })
    expect((await call('GET', '/no/such/route')).body).toEqual({ message: 'Route not found' })
    const conflict = await call('POST', '/disbursements/initialize', transfer('T-1'))
    expect(conflict.status).toBe(200)
    const again = await call('POST', '/disbursements/initialize', transfer('T-1'))
    expect(again).toMatchObject({ status: 409, body: { message: expect.any(String) } })
    expect(Object.keys(again.body)).toEqual(['message'])
  })

  it('extra_fields: unknown fields everywhere except merchant metadata', async () => {
    const call = await start({ extra_fields: true })
    const created = await call('POST', '/virtual-accounts', {
      ...account('VA-X'),
      metadata: { till: 'A' },
    })
    expect(created.body).toMatchObject({ gateway_trace_id: 'trc_variant', status: 'success' })
    expect(created.body.metadata).toEqual({ till: 'A' })
    const list = await call('GET', '/banks')
    expect((list.body.data as Record<string, unknown>[])[0]).toHaveProperty('x_extension')
  })

  it('missing_fields: records keep only what the spec names', async () => {
    const call = await start({ missing_fields: true })
    const sent = await call('POST', '/disbursements/initialize', transfer('T-2'))
    expect(sent.body).toEqual({ reference: 'T-2', status: 'pending' })
    const va = await call('POST', '/virtual-accounts', account('VA-M'))
    expect(va.body).not.toHaveProperty('created_at')
    expect(va.body).toHaveProperty('reservation_reference')
    const mandate = await call('POST', '/direct-debits/mandates', {
      customer_name: 'Ada Obi',
      customer_email: 'ada@example.com',
      account_number: '0123456789',
      bank_code: '044',
      mandate_reference: 'MD-1',
      start_date: '2026-01-01',
      end_date: '2027-01-01',
      max_monthly_amount: 1000,
      max_monthly_debit_count: 2,
      currency: 'NGN',
    })
    expect(mandate.body).toEqual({ mandate_reference: 'MD-1', status: 'pending_activation' })
    expect((await call('GET', '/direct-debits/mandates/MD-1')).body).toEqual({
      mandate_reference: 'MD-1',
      status: 'pending_activation',
    })
    expect((await call('POST', '/direct-debits/mandates/MD-1/initiate-activation')).body).toEqual(
      {},
    )
  })

  it('unknown_statuses: statuses the spec never names come back under other names', async () => {
    const call = await start({ unknown_statuses: true })
    const sent = await call('POST', '/disbursements/initialize', transfer('T-3'))
    expect(sent.body.status).toBe('queued')
    const list = await call('GET', '/merchants/disbursements')
    expect((list.body.data as { status: string }[])[0]?.status).toBe('queued')
  })

  it('va_status_boolean: the virtual-account envelope status is a boolean', async () => {
    const call = await start({ va_status_boolean: true })
    expect((await call('POST', '/virtual-accounts', account('VA-B'))).body.status).toBe(true)
    expect((await call('GET', '/virtual-accounts/VA-B')).body.status).toBe(true)
    expect(
      (await call('POST', '/virtual-accounts/email', { email: 'ada@example.com' })).body.status,
    ).toBe(true)
  })

  it('va_processing_first and foreign_currency_transfers: processing, then settled', async () => {
    const call = await start({ va_processing_first: true, foreign_currency_transfers: true })
    await call('POST', '/virtual-accounts', account('VA-P'))
    const incoming = await call('POST', '/sandbox/virtual-accounts/VA-P/transfers', {
      amount: 50,
    })
    expect(incoming.body.data).toMatchObject({ status: 'processing', currency: 'USD' })
    sandbox!.clock.advance(60)
    const list = await call(
      'GET',
      '/merchants/virtual-accounts/transactions?account_reference=VA-P',
    )
    expect((list.body.data as { status: string }[])[0]).toMatchObject({
      status: 'success',
      currency: 'USD',
    })
  })

  it('commit_lag: a committed write is invisible to verify but a resend is still 409', async () => {
    const call = await start({ commit_lag: { seconds: 30 } })
    expect((await call('POST', '/disbursements/initialize', transfer('T-4'))).status).toBe(200)
    expect((await call('GET', '/disbursements/verify?reference=T-4')).status).toBe(404)
    expect((await call('POST', '/disbursements/initialize', transfer('T-4'))).status).toBe(409)
    await call('POST', '/sandbox/variants', {})
    expect((await call('GET', '/disbursements/verify?reference=T-4')).status).toBe(404)
  })

  it('late_response: the write commits at once, its answer comes after the timeout', async () => {
    const call = await start({ late_response: { delay_ms: 60_000 } })
    const post = call('POST', '/disbursements/initialize', transfer('T-5')).catch(
      (error: unknown) => error,
    )
    // The answer is held; the record is there already.
    for (let i = 0; i < 50; i++) {
      const seen = await call('GET', '/disbursements/verify?reference=T-5')
      if (seen.status === 200) break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect((await call('GET', '/disbursements/verify?reference=T-5')).status).toBe(200)
    await sandbox!.close()
    expect(await post).toBeInstanceOf(Error)
  })

  it('the control endpoint replaces every switch and refuses bad values', async () => {
    const call = await start()
    const set = await call('POST', '/sandbox/variants', {
      extra_fields: true,
      commit_lag: { seconds: 2 },
    })
    expect(set.body.data).toMatchObject({ extra_fields: true, commit_lag: { seconds: 2 } })
    expect((await call('POST', '/sandbox/variants', { commit_lag: { seconds: 0 } })).status).toBe(
      400,
    )
    expect((await call('POST', '/sandbox/variants', {})).body.data).toMatchObject({
      extra_fields: false,
      commit_lag: null,
    })
  })
})

describe('--variant', () => {
  it('parses names and values, and explains bad ones', () => {
    expect(parseVariantList(['extra-fields,commit-lag=5', 'late-response=20000@0.5'])).toEqual({
      extra_fields: true,
      commit_lag: { seconds: 5 },
      late_response: { delay_ms: 20000, rate: 0.5 },
    })
    expect(() => parseVariantList(['sideways'])).toThrow(/use one of/)
    expect(() => parseVariantList(['commit-lag=-1'])).toThrow(/commit_lag/)
    expect(() => parseVariantList(['extra-fields=1'])).toThrow(/takes no value/)
    const cli = parseCli(['--variant', 'message-only-errors'])
    expect(cli.help === false && cli.options.variants).toEqual({ message_only_errors: true })
  })
})

describe('CommitLagTracker', () => {
  it('hides a write for its lag only, and forgets expired ones as writes pile up', () => {
    let now = 0
    const lag = new CommitLagTracker(() => now)
    lag.committed('initializeDisbursement', { reference: 'T-1' }, 5)
    expect(lag.hides('verifyDisbursement', { query: { reference: 'T-1' } })).toBe(true)
    expect(lag.hides('verifyDisbursement', { query: { reference: 'T-2' } })).toBe(false)
    expect(lag.hides('getRefund', { params: { reference: 'T-1' } })).toBe(false)
    now = 5_000
    expect(lag.hides('verifyDisbursement', { query: { reference: 'T-1' } })).toBe(false)
    for (let i = 0; i < 10_000; i++) lag.committed('debit', { payment_reference: `D-${i}` }, 1)
    now = 10_000
    lag.committed('debit', { payment_reference: 'D-last' }, 1)
    expect(lag.size).toBe(1)
  })
})
