// Banks: the list per country (NG by default, real Nigerian names and codes) and resolve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { expectError, expectStatus } from './fixtures'
import { CONTROLS_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

type Banks = { status: boolean; data: { name: string; code: string }[] }
type Resolved = { status: boolean; data: Record<string, string> }

describe('GET /banks', () => {
  it('lists Nigerian banks by default as {status: true, data: [{name, code}]}', async () => {
    const res = await t.client.get<Banks>('/banks')
    expectStatus(res, 200)
    expect(res.body.status).toBe(true)
    expect(res.body.data.length).toBeGreaterThan(5)
    for (const bank of res.body.data) {
      expect(bank.name).toEqual(expect.any(String))
      expect(bank.code).toMatch(/^\d+$/)
    }
    const explicit = await t.client.get<Banks>('/banks?country_code=NG')
    expect(explicit.body.data).toEqual(res.body.data)
  })

  it('has the real codes of major Nigerian banks', async () => {
    const res = await t.client.get<Banks>('/banks')
    const byCode = new Map(res.body.data.map((b) => [b.code, b.name]))
    for (const [code, name] of [
      ['044', /access/i],
      ['058', /guaranty|gtbank/i],
      ['057', /zenith/i],
      ['011', /first bank/i],
      ['033', /united bank|uba/i],
    ] as const)
      expect(byCode.get(code)).toMatch(name)
  })

  it('takes other countries, and rejects a malformed country code', async () => {
    const gh = await t.client.get<Banks>('/banks?country_code=GH')
    expectStatus(gh, 200)
    expect(gh.body.data).not.toEqual((await t.client.get<Banks>('/banks')).body.data)
    expectError(await t.client.get('/banks?country_code=ng'), 400)
    expectError(await t.client.get('/banks?country_code=NGA'), 400)
  })
})

describe('POST /banks/resolve', () => {
  it('resolves an account to its holder name, the same every time', async () => {
    const body = { bank: '058', account: '0123456789', currency: 'NGN' }
    const res = await t.client.post<Resolved>('/banks/resolve', body)
    expectStatus(res, 200)
    expect(res.body.status).toBe(true)
    expect(res.body.data).toMatchObject({ bank_code: '058', account_number: '0123456789' })
    expect(res.body.data.account_name).toMatch(/\S/)
    expect(res.body.data.bank_name).toMatch(/\S/)
    const again = await t.client.post<Resolved>('/banks/resolve', body)
    expect(again.body.data.account_name).toBe(res.body.data.account_name)
  })

  it.each([
    ['a 9-digit account', { bank: '058', account: '012345678', currency: 'NGN' }],
    ['an 11-digit account', { bank: '058', account: '01234567890', currency: 'NGN' }],
    ['letters in the account', { bank: '058', account: '01234S6789', currency: 'NGN' }],
    ['no currency', { bank: '058', account: '0123456789' }],
    ['a malformed bank code', { bank: 'GTB', account: '0123456789', currency: 'NGN' }],
  ])('rejects %s with a 400', async (_what, body) => {
    expectError(await t.client.post('/banks/resolve', body), 400)
  })

  it('an unknown bank code is a clear 4xx', async () => {
    const res = await t.client.post('/banks/resolve', {
      bank: '999',
      account: '0123456789',
      currency: 'NGN',
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it('an account that does not exist (sandbox: 0000…) is a 404', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const res = await t.client.post('/banks/resolve', {
      bank: '058',
      account: '0000123456',
      currency: 'NGN',
    })
    expectError(res, 404, ERROR_MESSAGES.accountNotFound)
  })
})
