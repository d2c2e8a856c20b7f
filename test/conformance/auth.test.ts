// Authentication, exactly as the spec states it: the six messages with their statuses, the
// ±5 minute window, the signature over the exact bytes, session tokens, capabilities.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type EndpointDef } from '../../common/api/endpoints'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { hmacHex } from './client'
import { expectError, expectStatus } from './fixtures'
import { CONTROLS_REASON, LOCAL_REASON, openTarget, requires, type Target } from './target'

let t: Target
beforeAll(async () => {
  t = await openTarget()
})
afterAll(() => t?.close())

const PROBE = '/banks'

describe('GET /health', () => {
  it('answers 200 without authentication, with a Date header', async () => {
    const res = await t.client.get('/health', { unsigned: true })
    expectStatus(res, 200)
    expect(res.headers.get('date')).toBeTruthy()
  })
})

describe('API key', () => {
  it('is required: a request without X-Key-Id gets 401 "Invalid or missing API key"', async () => {
    expectError(
      await t.client.get(PROBE, { omit: ['x-key-id'] }),
      401,
      ERROR_MESSAGES.invalidApiKey,
    )
  })

  it('must match an active key', async () => {
    const res = await t.client.get(PROBE, { credentials: { keyId: `unknown_${t.ref()}` } })
    expectError(res, 401, ERROR_MESSAGES.invalidApiKey)
  })

  it('must not be revoked', async (ctx) => {
    requires(ctx, t.revokedKey !== null, LOCAL_REASON)
    const res = await t.client.get(PROBE, { credentials: t.revokedKey! })
    expectError(res, 401, ERROR_MESSAGES.invalidApiKey)
  })

  it('with every header and a good signature is accepted', async () => {
    expectStatus(await t.client.get(PROBE), 200)
  })
})

describe('timestamp', () => {
  it('missing: 401 "Invalid request timestamp"', async () => {
    expectError(
      await t.client.get(PROBE, { omit: ['x-timestamp'] }),
      401,
      ERROR_MESSAGES.invalidTimestamp,
    )
  })

  it.each(['abc', '12.5', '', '1e9', '-5', '0x65'])(
    'not an integer (%j): 401 "Invalid request timestamp"',
    async (timestamp) => {
      expectError(await t.client.get(PROBE, { timestamp }), 401, ERROR_MESSAGES.invalidTimestamp)
    },
  )

  it('more than 5 minutes behind: 401 "Request timestamp is too old"', async () => {
    const timestamp = String(t.client.nowSeconds() - 330)
    expectError(await t.client.get(PROBE, { timestamp }), 401, ERROR_MESSAGES.timestampTooOld)
  })

  it('more than 5 minutes ahead: 401 "Invalid request timestamp"', async () => {
    const timestamp = String(t.client.nowSeconds() + 330)
    expectError(await t.client.get(PROBE, { timestamp }), 401, ERROR_MESSAGES.invalidTimestamp)
  })

  it.each([-240, 240])('within the window (%i s) is accepted', async (offset) => {
    const timestamp = String(t.client.nowSeconds() + offset)
    expectStatus(await t.client.get(PROBE, { timestamp }), 200)
  })
})

describe('signature', () => {
  const body = { bank: '058', account: '0123456789', currency: 'NGN' }

  it('with the wrong secret: 401 "Invalid auth header"', async () => {
    const res = await t.client.post('/banks/resolve', body, {
      credentials: { secret: 'not-the-secret' },
    })
    expectError(res, 401, ERROR_MESSAGES.invalidSignature)
  })

  it('missing: 401 "Invalid auth header"', async () => {
    expectError(
      await t.client.get(PROBE, { omit: ['x-signature'] }),
      401,
      ERROR_MESSAGES.invalidSignature,
    )
  })

  it('over a body changed after signing: 401 "Invalid auth header"', async () => {
    const res = await t.client.post('/banks/resolve', undefined, {
      raw: JSON.stringify({ ...body, account: '0123456788' }),
      signBody: JSON.stringify(body),
    })
    expectError(res, 401, ERROR_MESSAGES.invalidSignature)
  })

  it('over a re-serialised body (same JSON, different bytes): 401', async () => {
    const res = await t.client.post('/banks/resolve', undefined, {
      raw: JSON.stringify(body, null, 2),
      signBody: JSON.stringify(body),
    })
    expectError(res, 401, ERROR_MESSAGES.invalidSignature)
  })

  it('is computed over the exact bytes received (odd spacing and key order are fine)', async () => {
    const raw = '{ "currency":"NGN",\n  "account" : "0123456789", "bank":"058" }'
    expectStatus(await t.client.post('/banks/resolve', undefined, { raw }), 200)
  })

  it('of a body-less request covers "<timestamp>:" (the empty body)', async () => {
    const timestamp = String(t.client.nowSeconds())
    const signature = hmacHex(t.client.credentials.secret, timestamp, '')
    expectStatus(await t.client.get(PROBE, { timestamp, signature }), 200)
  })

  it('in a wrong message format (no colon): 401 "Invalid auth header"', async () => {
    const timestamp = String(t.client.nowSeconds())
    const signature = createHmac('sha256', t.client.credentials.secret)
      .update(timestamp)
      .digest('hex')
    expectError(
      await t.client.get(PROBE, { timestamp, signature }),
      401,
      ERROR_MESSAGES.invalidSignature,
    )
  })

  it('is checked after the key and the timestamp (documented check order)', async () => {
    const res = await t.client.get(PROBE, {
      timestamp: String(t.client.nowSeconds() - 1000),
      signature: 'bad',
    })
    expectError(res, 401, ERROR_MESSAGES.timestampTooOld)
  })
})

describe('session token (Authorization)', () => {
  it('an unknown token: 401 "Invalid or expired token"', async () => {
    const res = await t.client.get(PROBE, { headers: { authorization: 'Bearer not-a-real-token' } })
    expectError(res, 401, ERROR_MESSAGES.invalidToken)
  })

  it('a token issued by the sandbox is accepted until it expires', async (ctx) => {
    requires(ctx, t.controls, CONTROLS_REASON)
    const issued = await t.client.post<{ data: { token: string; expires_at: string } }>(
      '/sandbox/session-tokens',
      { ttl_seconds: 60 },
    )
    expectStatus(issued, 200)
    const authorization = `Bearer ${issued.body.data.token}`
    expect(Date.parse(issued.body.data.expires_at)).toBeGreaterThan(Date.now() - 60_000)
    expectStatus(await t.client.get(PROBE, { headers: { authorization } }), 200)
    await t.advance(61)
    expectError(
      await t.client.get(PROBE, { headers: { authorization } }),
      401,
      ERROR_MESSAGES.invalidToken,
    )
  })

  it('a token is not valid with another key', async (ctx) => {
    requires(ctx, t.controls && t.limitedKey !== null, LOCAL_REASON)
    const issued = await t.client.post<{ data: { token: string } }>('/sandbox/session-tokens', {})
    const res = await t.client.get(PROBE, {
      credentials: t.limitedKey!,
      headers: { authorization: `Bearer ${issued.body.data.token}` },
    })
    expectError(res, 401, ERROR_MESSAGES.invalidToken)
  })
})

describe('capabilities', () => {
  it('a key without the capability: 403 "Missing required capability"', async (ctx) => {
    requires(ctx, t.limitedKey !== null, LOCAL_REASON)
    const limited = t.client.withCredentials(t.limitedKey!)
    expectStatus(await limited.get('/banks'), 200)
    expectError(
      await limited.post('/payments/initialize', {}),
      403,
      ERROR_MESSAGES.missingCapability,
    )
    expectError(
      await limited.get('/merchants/disbursements'),
      403,
      ERROR_MESSAGES.missingCapability,
    )
    expectError(await limited.get('/sandbox/faults'), 403, ERROR_MESSAGES.missingCapability)
  })

  it('is checked after the signature, before the body', async (ctx) => {
    requires(ctx, t.limitedKey !== null, LOCAL_REASON)
    const limited = t.client.withCredentials(t.limitedKey!)
    const bad = await limited.post('/payments/initialize', undefined, { raw: '{not json' })
    expectError(bad, 403, ERROR_MESSAGES.missingCapability)
    const unsigned = await limited.post('/payments/initialize', {}, { signature: '00' })
    expectError(unsigned, 401, ERROR_MESSAGES.invalidSignature)
  })
})

describe('every endpoint but /health', () => {
  const table = Object.entries(endpoints as Record<string, EndpointDef>).filter(
    ([, e]) => e.capability,
  )
  it.each(table.map(([name, e]) => [name, e.method, e.path.replace(/:[a-z_]+/g, 'X1')] as const))(
    '%s (%s %s) refuses an unsigned request with 401',
    async (_name, method, path) => {
      const res = await t.client.call(method, path, { unsigned: true })
      expectError(res, 401, ERROR_MESSAGES.invalidApiKey)
      expect(res.headers.get('date')).toBeTruthy()
    },
  )
})
