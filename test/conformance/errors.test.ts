// Error responses (docs/gateway-assumptions.md): the JSON shape, validation 400 with per-field
// errors, malformed JSON 400, 413 above 1 MiB, 404 for unknown routes and resources, amount
// rules, and a Date header on every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { expectError } from './fixtures'
import { openTarget, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

type Body = { code?: string; errors?: { field: string; message: string }[] }
const fields = (body: Body) => (body.errors ?? []).map((e) => e.field)

describe('error body', () => {
  it('is {status: false, message, code} with a Date header', async () => {
    const res = await t.client.get(`/payments/verify/${t.ref()}`)
    const body = expectError(res, 404, ERROR_MESSAGES.notFound)
    expect(body).toMatchObject({ status: false, code: 'not_found' })
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.headers.get('date')).toBeTruthy()
  })
})

describe('unknown route', () => {
  it.each([
    ['GET', '/no-such-thing'],
    ['POST', '/payments/refund-everything'],
    ['GET', '/payments/initialize'],
    ['DELETE', '/banks'],
  ])('%s %s is a 404', async (method, path) => {
    const body = expectError(await t.client.call(method, path), 404)
    expect(body.code).toBe('route_not_found')
  })
})

describe('validation', () => {
  it('is a 400 with one error per field', async () => {
    const res = await t.client.post<Body>('/payments/initialize', {
      amount: 'ten',
      currency: 'XYZ',
    })
    const body = expectError(res, 400, ERROR_MESSAGES.validation) as Body
    expect(body.code).toBe('validation_error')
    expect(fields(body)).toEqual(expect.arrayContaining(['email', 'amount', 'currency']))
    for (const e of body.errors ?? []) expect(e.message).toEqual(expect.any(String))
  })

  it('names a missing field as required', async () => {
    const res = await t.client.post<Body>('/banks/resolve', { bank: '058', currency: 'NGN' })
    const body = expectError(res, 400) as Body
    expect(body.errors).toEqual([{ field: 'account', message: expect.stringMatching(/required/i) }])
  })

  it('of a path parameter is a 400', async () => {
    const res = await t.client.get<Body>(`/payments/verify/${'x'.repeat(65)}`)
    expect(fields(expectError(res, 400) as Body)).toContain('reference')
  })

  it('of a missing body is a 400', async () => {
    expectError(await t.client.post('/disbursements/initialize'), 400)
  })

  it.each([
    ['more than two decimals', 10.123],
    ['zero', 0],
    ['negative', -5],
    ['a string where a number is expected', '10.00'],
  ])('amount %s is a 400', async (_what, amount) => {
    const res = await t.client.post<Body>('/disbursements/initialize', {
      reference: t.ref(),
      amount,
      currency: 'NGN',
      bank_code: '058',
      account_number: '0123456789',
      narration: 'x',
    })
    expect(fields(expectError(res, 400) as Body)).toContain('amount')
  })

  it('a decimal-string amount with three decimals is a 400', async () => {
    const res = await t.client.post<Body>('/payments/initialize', {
      email: 'a@example.com',
      amount: '1.005',
      currency: 'NGN',
    })
    expect(fields(expectError(res, 400) as Body)).toContain('amount')
  })

  it('a URL with a broken escape is a 400, not a 5xx', async () => {
    const res = await t.client.get('/payments/verify/%E0%A4%A')
    expect(res.status).toBe(400)
  })
})

describe('malformed JSON', () => {
  it.each(['{not json', '{"email": "a@b.co",}', '[1, 2', '"unterminated'])(
    '%j is a 400 malformed_json',
    async (raw) => {
      const body = expectError(await t.client.post('/payments/initialize', undefined, { raw }), 400)
      expect(body.code).toBe('malformed_json')
    },
  )

  it('valid JSON of the wrong type is a validation 400', async () => {
    const body = expectError(
      await t.client.post('/payments/initialize', undefined, { raw: '[]' }),
      400,
    )
    expect(body.code).toBe('validation_error')
  })
})

describe('request size', () => {
  it('a body over 1 MiB is a 413 with a JSON body', async () => {
    const raw = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(1024 * 1024) })
    const res = await t.client.post('/payments/initialize', undefined, { raw })
    const body = expectError(res, 413, ERROR_MESSAGES.payloadTooLarge)
    expect(body.code).toBe('payload_too_large')
  })

  it('a body just under 1 MiB is read (and then validated)', async () => {
    const raw = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(1000 * 1000) })
    expectError(await t.client.post('/payments/initialize', undefined, { raw }), 400)
  })
})

describe('not found', () => {
  it.each([
    ['GET', '/virtual-accounts/{ref}'],
    ['GET', '/direct-debits/mandates/{ref}'],
    ['GET', '/direct-debits/status/{ref}'],
    ['GET', '/refunds/{ref}'],
    ['GET', '/disbursements/verify?reference={ref}'],
    ['POST', '/direct-debits/mandates/{ref}/initiate-activation'],
    ['PATCH', '/direct-debits/mandates/{ref}/cancel'],
  ])('%s %s of an unknown reference is a 404', async (method, path) => {
    const body = expectError(await t.client.call(method, path.replace('{ref}', t.ref())), 404)
    expect(body.code).toBe('not_found')
  })
})
