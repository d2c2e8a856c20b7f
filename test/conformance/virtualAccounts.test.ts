// Virtual accounts: reservation, lookup by reference and by e-mail (most recent), BVN rule,
// uniqueness, and incoming transfers recorded as transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVirtualAccount, expectError, expectStatus, type Json } from './fixtures'
import { CONTROLS_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

type Page = { data: Json[]; pagination: { total_items: number } }

describe('POST /virtual-accounts', () => {
  it('reserves a 10-digit account at a listed bank and echoes the request', async () => {
    const account = await createVirtualAccount(t, { metadata: { till: 'T-3' } })
    expect(account).toMatchObject({
      status: 'success',
      customer_name: 'Chinedu Eze',
      currency_code: 'NGN',
      metadata: { till: 'T-3' },
    })
    expect(account.account_number).toMatch(/^\d{10}$/)
    expect(account.reservation_reference).toEqual(expect.any(String))
    expect(account.bank_name).toEqual(expect.any(String))
    const banks = await t.client.get<{ data: { code: string }[] }>('/banks')
    expect(banks.body.data.map((b) => b.code)).toContain(account.bank_code)
  })

  it.each(['1234567890', '123456789012', '1234567890a'])(
    'rejects BVN %s with a 400 on bvn',
    async (bvn) => {
      const res = await t.client.post<{ errors: { field: string }[] }>('/virtual-accounts', {
        account_reference: t.ref('VA'),
        customer_name: 'A',
        customer_email: 'a@example.com',
        currency_code: 'NGN',
        bvn,
      })
      expectError(res, 400)
      expect(res.body.errors.map((e) => e.field)).toContain('bvn')
    },
  )

  it('requires every creation field but metadata', async () => {
    const res = await t.client.post<{ errors: { field: string }[] }>('/virtual-accounts', {})
    expectError(res, 400)
    expect(res.body.errors.map((e) => e.field).sort()).toEqual(
      ['account_reference', 'bvn', 'currency_code', 'customer_email', 'customer_name'].sort(),
    )
  })

  it('a reused account_reference is a 409', async () => {
    const account = await createVirtualAccount(t)
    const again = await t.client.post('/virtual-accounts', {
      account_reference: account.account_reference,
      customer_name: 'Someone Else',
      customer_email: 'else@example.com',
      currency_code: 'NGN',
      bvn: '22212345678',
    })
    expectError(again, 409)
  })
})

describe('lookups', () => {
  it('GET /virtual-accounts/{account_reference} gives the same details as creation', async () => {
    const account = await createVirtualAccount(t)
    const res = await t.client.get(`/virtual-accounts/${String(account.account_reference)}`)
    expectStatus(res, 200)
    expect(res.body).toEqual(account)
  })

  it('POST /virtual-accounts/email returns the most recently created account', async () => {
    const email = `${t.ref('mail').toLowerCase()}@example.com`
    await createVirtualAccount(t, { customer_email: email })
    const latest = await createVirtualAccount(t, { customer_email: email })
    const res = await t.client.post('/virtual-accounts/email', { email })
    expectStatus(res, 200)
    expect(res.body).toMatchObject({
      status: 'success',
      account_number: latest.account_number,
      bank_name: latest.bank_name,
      account_reference: latest.account_reference,
      customer_name: latest.customer_name,
      customer_email: email,
    })
  })

  it('POST /virtual-accounts/email with an unknown e-mail is a 404, a bad one a 400', async () => {
    expectError(
      await t.client.post('/virtual-accounts/email', { email: `${t.ref('none')}@example.com` }),
      404,
    )
    expectError(await t.client.post('/virtual-accounts/email', { email: 'not-an-email' }), 400)
  })
})

describe('incoming transfers', () => {
  it('are recorded as transactions and filterable', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const account = await createVirtualAccount(t)
    const ref = String(account.account_reference)
    const ok = await t.client.post<{ data: Json }>(`/sandbox/virtual-accounts/${ref}/transfers`, {
      amount: 5000.25,
      narration: 'Invoice 7',
    })
    expectStatus(ok, 200)
    expect(ok.body.data).toMatchObject({
      account_reference: ref,
      amount: 5000.25,
      currency: 'NGN',
      status: 'success',
      narration: 'Invoice 7',
    })
    const failed = await t.client.post(`/sandbox/virtual-accounts/${ref}/transfers`, {
      amount: 10,
      status: 'failed',
    })
    expectStatus(failed, 200)

    const list = await t.client.get<Page>(
      `/merchants/virtual-accounts/transactions?account_reference=${ref}`,
    )
    expectStatus(list, 200)
    expect(list.body.pagination.total_items).toBe(2)
    expect(list.body.data[0]).toMatchObject({ status: 'failed' })
    const success = await t.client.get<Page>(
      `/merchants/virtual-accounts/transactions?account_reference=${ref}&status=success`,
    )
    expect(success.body.data.map((d) => d.amount)).toEqual([5000.25])
    const dated = await t.client.get<Page>(
      `/merchants/virtual-accounts/transactions?account_reference=${ref}&start_date=${t.today()}&end_date=${t.today()}`,
    )
    expect(dated.body.pagination.total_items).toBe(2)
  })

  it('to an unknown account is a 404', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const res = await t.client.post(`/sandbox/virtual-accounts/${t.ref()}/transfers`, { amount: 1 })
    expectError(res, 404)
  })
})
