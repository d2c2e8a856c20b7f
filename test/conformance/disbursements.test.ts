// Disbursements: asynchronous statuses through to a final one, verify by reference, list with
// filters, unique references (exactly-once payouts depend on the 409 and on verify finding a
// transfer whose response was lost), and the fault-injection semantics chaos tests rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from './client'
import { FINAL_TRANSFER, expectError, expectStatus, transferBody, type Json } from './fixtures'
import { CONTROLS_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(async () => {
  if (t?.controls) await t.client.post('/sandbox/faults', { rules: [] })
  await t?.close()
})

type Page = { data: Json[]; pagination: { total_items: number } }

const verify = (reference: unknown) =>
  t.client.get(`/disbursements/verify?reference=${encodeURIComponent(String(reference))}`)

const final = (reference: unknown, statuses = FINAL_TRANSFER) =>
  eventually(
    () => verify(reference),
    (r) => statuses.includes(String(r.body.status)),
    30_000,
  )

describe('POST /disbursements/initialize', () => {
  it('accepts a transfer as pending; verify follows it to success', async () => {
    const body = transferBody(t)
    const res = await t.client.post('/disbursements/initialize', body)
    expectStatus(res, 200)
    expect(res.body).toMatchObject({
      reference: body.reference,
      status: 'pending',
      amount: 1500.5,
      currency: 'NGN',
      bank_code: '058',
      account_number: '0123456789',
      narration: 'Supplier payout',
    })
    const done = await final(body.reference)
    expect(done.body).toMatchObject({
      reference: body.reference,
      status: 'success',
      amount: 1500.5,
    })
  })

  it('a reused reference is a 409, and the original is unchanged', async () => {
    const body = transferBody(t)
    expectStatus(await t.client.post('/disbursements/initialize', body), 200)
    const again = await t.client.post('/disbursements/initialize', { ...body, amount: 9 })
    expectError(again, 409)
    expect((await verify(body.reference)).body.amount).toBe(1500.5)
  })

  it('an unknown bank code is a 422, a malformed one a 400', async () => {
    expectError(
      await t.client.post('/disbursements/initialize', transferBody(t, { bank_code: '999' })),
      422,
    )
    expectError(
      await t.client.post('/disbursements/initialize', transferBody(t, { bank_code: '58' })),
      400,
    )
  })

  it('verify of an unknown reference is a 404; without one a 400', async () => {
    expectError(await verify(t.ref()), 404)
    expectError(await t.client.get('/disbursements/verify'), 400)
  })

  it('to a sandbox account that does not exist (0000…) fails', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const body = transferBody(t, { account_number: '0000123456' })
    expectStatus(await t.client.post('/disbursements/initialize', body), 200)
    const done = await final(body.reference)
    expect(done.body).toMatchObject({ status: 'failed', failure_reason: expect.any(String) })
  })

  it('to a returning sandbox account (0099…) succeeds, then is reversed', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const body = transferBody(t, { account_number: '0099123456' })
    expectStatus(await t.client.post('/disbursements/initialize', body), 200)
    // `success` may last only a moment before `reversed` (the sandbox settles in milliseconds
    // here), so a poll can miss it; only a successful transfer can be reversed.
    await final(body.reference, ['success', 'reversed'])
    const reversed = await final(body.reference, ['reversed'])
    expect(reversed.body.status).toBe('reversed')
  })
})

describe('GET /merchants/disbursements', () => {
  it('filters by status and recipient e-mail, newest first', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const recipient_email = `${t.ref('rcp').toLowerCase()}@example.com`
    const ok = transferBody(t, { recipient_email })
    const bad = transferBody(t, { recipient_email, account_number: '0000999999' })
    await t.client.post('/disbursements/initialize', ok)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await t.client.post('/disbursements/initialize', bad)
    await final(ok.reference)
    await final(bad.reference)
    const q = `recipient_email=${encodeURIComponent(recipient_email)}`
    const all = await t.client.get<Page>(`/merchants/disbursements?${q}`)
    expectStatus(all, 200)
    expect(all.body.data.map((d) => d.reference)).toEqual([bad.reference, ok.reference])
    const failed = await t.client.get<Page>(`/merchants/disbursements?${q}&status=failed`)
    expect(failed.body.data.map((d) => d.reference)).toEqual([bad.reference])
    const dated = await t.client.get<Page>(`/merchants/disbursements?${q}&end_date=2000-01-01`)
    expect(dated.body.pagination.total_items).toBe(0)
  })
})

describe('fault injection', () => {
  const setFaults = async (rules: Json[], seed?: number) =>
    expectStatus(
      await t.client.post('/sandbox/faults', { rules, ...(seed === undefined ? {} : { seed }) }),
      200,
    )

  it('500 after commit: the transfer exists, verify finds it, a retry gets 409', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([
      { kind: '500', rate: 1, when: 'after', path_prefix: '/disbursements/initialize' },
    ])
    const body = transferBody(t)
    expectError(await t.client.post('/disbursements/initialize', body), 500)
    await setFaults([])
    expectStatus(await verify(body.reference), 200)
    expectError(await t.client.post('/disbursements/initialize', body), 409)
  })

  it('502 before commit: nothing happened, a retry succeeds', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([{ kind: '502', rate: 1, when: 'before', method: 'POST' }])
    const body = transferBody(t)
    expectError(await t.client.post('/disbursements/initialize', body), 502)
    await setFaults([])
    expectError(await verify(body.reference), 404)
    expectStatus(await t.client.post('/disbursements/initialize', body), 200)
  })

  it('connection reset after commit: the client sees a network error, the write happened', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([{ kind: 'reset', rate: 1, when: 'after', path_prefix: '/disbursements' }])
    const body = transferBody(t)
    await expect(t.client.post('/disbursements/initialize', body)).rejects.toThrow()
    await setFaults([])
    expectStatus(await verify(body.reference), 200)
  })

  it('timeout before commit: no answer within the client timeout, nothing happened', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([
      { kind: 'timeout', rate: 1, when: 'before', path_prefix: '/disbursements/initialize' },
    ])
    const body = transferBody(t)
    await expect(
      t.client.post('/disbursements/initialize', body, { timeoutMs: 300 }),
    ).rejects.toThrow()
    await setFaults([])
    expectError(await verify(body.reference), 404)
  })

  it('429 carries Retry-After in whole seconds', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([{ kind: '429', rate: 1, retry_after_seconds: 7, path_prefix: '/banks' }])
    const res = await t.client.get('/banks')
    const body = expectError(res, 429)
    expect(body.code).toBe('rate_limited')
    expect(res.headers.get('retry-after')).toBe('7')
    await setFaults([])
  })

  it('never applies to /health or /sandbox/*', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    await setFaults([{ kind: '500', rate: 1 }])
    expectStatus(await t.client.get('/health', { unsigned: true }), 200)
    const rules = await t.client.get<{ data: { rules: Json[] } }>('/sandbox/faults')
    expectStatus(rules, 200)
    expect(rules.body.data.rules).toHaveLength(1)
    expectError(await t.client.get('/banks'), 500)
    await setFaults([])
  })

  it('at a rate, with a seed, replays the same sequence', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const run = async () => {
      await setFaults([{ kind: '500', rate: 0.5, path_prefix: '/banks' }], 42)
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) statuses.push((await t.client.get('/banks')).status)
      return statuses
    }
    const first = await run()
    expect(await run()).toEqual(first)
    expect(first).toContain(500)
    expect(first).toContain(200)
    await setFaults([])
  })
})
