// Every error kind, mapped from what the gateway answers (status, message, code, headers).
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../common/api/errors'
import { createGatewayClient } from '../../../main/gateway/client'
import { GatewayError, type GatewayErrorKind } from '../../../main/gateway/errors'
import { lookupFailure, parseRetryAfter, writeFailure } from '../../../main/gateway/classify'
import type { Minor } from '../../../common/money'
import { fakeFetch, reply } from './fake-gateway'

const NOW = Date.UTC(2025, 0, 15, 10, 0, 0)

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fake = fakeFetch(() => reply(status, body, headers))
  return createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'k1',
    secret: 'sk_errors',
    fetch: fake.fetch,
    now: () => NOW,
  })
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError)
    return error as GatewayError
  }
  throw new Error('expected the call to fail')
}

const debitBody = {
  mandate_reference: 'MND_1',
  debit_amount: 1000 as Minor,
  narration: 'x',
  customer_email: 'a@b.co',
  payment_reference: 'DD_1',
}

interface Row {
  status: number
  body: unknown
  headers?: Record<string, string>
  kind: GatewayErrorKind
  code?: string | null
  outcomeUnknown: boolean
  retryable: boolean
  retryAfterMs?: number | null
}
const e = (message: string, code?: string) => ({
  status: false,
  message,
  ...(code ? { code } : {}),
})

// Written against a write (POST /direct-debits/debit, retry policy by_reference).
const rows: [string, Row][] = [
  [
    '401 bad key',
    {
      status: 401,
      body: e(ERROR_MESSAGES.invalidApiKey),
      kind: 'invalid_api_key',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 bad timestamp',
    {
      status: 401,
      body: e(ERROR_MESSAGES.invalidTimestamp),
      kind: 'invalid_timestamp',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 too old',
    {
      status: 401,
      body: e(ERROR_MESSAGES.timestampTooOld),
      kind: 'timestamp_too_old',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 bad signature',
    {
      status: 401,
      body: e(ERROR_MESSAGES.invalidSignature),
      kind: 'invalid_signature',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 bad token',
    {
      status: 401,
      body: e(ERROR_MESSAGES.invalidToken),
      kind: 'invalid_token',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 by code only',
    {
      status: 401,
      body: e('Signature mismatch', 'invalid_signature'),
      kind: 'invalid_signature',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '401 unknown text',
    {
      status: 401,
      body: e('Unauthorized'),
      kind: 'invalid_api_key',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '403 capability',
    {
      status: 403,
      body: e(ERROR_MESSAGES.missingCapability),
      kind: 'missing_capability',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '409 spec text, no code',
    {
      status: 409,
      body: e(ERROR_MESSAGES.duplicateDebitReference),
      kind: 'conflict',
      code: 'duplicate_payment_reference',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '409 activation',
    {
      status: 409,
      body: e(ERROR_MESSAGES.activationNotInitiated),
      kind: 'conflict',
      code: 'activation_not_initiated',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '409 mandate inactive',
    {
      status: 409,
      body: e(ERROR_MESSAGES.mandateNotActive, 'mandate_not_active'),
      kind: 'conflict',
      code: 'mandate_not_active',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '409 duplicate reference',
    {
      status: 409,
      body: e(ERROR_MESSAGES.duplicateReference),
      kind: 'conflict',
      code: 'duplicate_reference',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '409 invalid state',
    {
      status: 409,
      body: e('Mandate is cancelled', 'invalid_state'),
      kind: 'conflict',
      code: 'invalid_state',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '400 validation',
    {
      status: 400,
      body: {
        ...e(ERROR_MESSAGES.validation, 'validation_error'),
        errors: [{ field: 'narration', message: 'Too long' }],
      },
      kind: 'validation',
      code: 'validation_error',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '400 malformed json',
    {
      status: 400,
      body: e(ERROR_MESSAGES.malformedJson, 'malformed_json'),
      kind: 'validation',
      code: 'malformed_json',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '404',
    {
      status: 404,
      body: e(ERROR_MESSAGES.notFound, 'not_found'),
      kind: 'not_found',
      code: 'not_found',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '413',
    {
      status: 413,
      body: e(ERROR_MESSAGES.payloadTooLarge, 'payload_too_large'),
      kind: 'payload_too_large',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '422',
    {
      status: 422,
      body: e('Monthly limit exceeded', 'limit_exceeded'),
      kind: 'unprocessable',
      code: 'limit_exceeded',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '429 seconds',
    {
      status: 429,
      body: e(ERROR_MESSAGES.rateLimited, 'rate_limited'),
      headers: { 'retry-after': '7' },
      kind: 'rate_limited',
      outcomeUnknown: false,
      retryable: true,
      retryAfterMs: 7000,
    },
  ],
  [
    '429 no header',
    {
      status: 429,
      body: e(ERROR_MESSAGES.rateLimited),
      kind: 'rate_limited',
      outcomeUnknown: false,
      retryable: true,
      retryAfterMs: null,
    },
  ],
  [
    '500',
    {
      status: 500,
      body: e(ERROR_MESSAGES.internal, 'internal_error'),
      kind: 'server',
      outcomeUnknown: true,
      retryable: false,
    },
  ],
  [
    '502 html from a proxy',
    {
      status: 502,
      body: '<html>Bad Gateway</html>',
      kind: 'server',
      code: null,
      outcomeUnknown: true,
      retryable: false,
    },
  ],
  [
    '503 retry-after',
    {
      status: 503,
      body: '',
      headers: { 'retry-after': '2' },
      kind: 'server',
      outcomeUnknown: true,
      retryable: false,
      retryAfterMs: 2000,
    },
  ],
  ['408', { status: 408, body: '', kind: 'timeout', outcomeUnknown: true, retryable: false }],
  [
    '302 redirect',
    {
      status: 302,
      body: '',
      headers: { location: 'http://elsewhere.test/' },
      kind: 'bad_response',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
  [
    '418 other 4xx',
    {
      status: 418,
      body: e('I am a teapot'),
      kind: 'unprocessable',
      outcomeUnknown: false,
      retryable: false,
    },
  ],
]

describe('status + message → kind', () => {
  it.each(rows)('%s', async (_, row) => {
    const client = clientAnswering(row.status, row.body, row.headers)
    const error = await failure(client.directDebits.debit(debitBody))
    expect(error.kind).toBe(row.kind)
    expect(error.status).toBe(row.status)
    expect(error.outcomeUnknown).toBe(row.outcomeUnknown)
    expect(error.retryable).toBe(row.retryable)
    if (row.code !== undefined) expect(error.code).toBe(row.code)
    if (row.retryAfterMs !== undefined) expect(error.retryAfterMs).toBe(row.retryAfterMs)
    const message = (row.body as { message?: string }).message
    expect(error.gatewayMessage).toBe(typeof message === 'string' ? message : null)
    if (message) expect(error.message).toContain(message)
    expect(error.endpoint).toBe('debit')
    expect(error.method).toBe('POST')
    expect(error.path).toBe('/direct-debits/debit')
    expect(error.retryPolicy).toBe('by_reference')
  })

  it('distinguishes all six authentication errors', async () => {
    const kinds = new Set<string>()
    for (const message of [
      ERROR_MESSAGES.invalidApiKey,
      ERROR_MESSAGES.invalidTimestamp,
      ERROR_MESSAGES.timestampTooOld,
      ERROR_MESSAGES.invalidSignature,
      ERROR_MESSAGES.invalidToken,
    ]) {
      kinds.add((await failure(clientAnswering(401, e(message)).banks.list())).kind)
    }
    kinds.add(
      (await failure(clientAnswering(403, e(ERROR_MESSAGES.missingCapability)).banks.list())).kind,
    )
    expect(kinds.size).toBe(6)
  })

  it('keeps per-field validation errors', async () => {
    const body = {
      ...e(ERROR_MESSAGES.validation, 'validation_error'),
      errors: [{ field: 'bvn', message: 'BVN must be 11 digits.' }],
    }
    const error = await failure(clientAnswering(400, body).banks.list())
    expect(error.fieldErrors).toEqual([{ field: 'bvn', message: 'BVN must be 11 digits.' }])
  })

  it('lets a 5xx on a safe read be retried', async () => {
    const error = await failure(clientAnswering(502, e(ERROR_MESSAGES.badGateway)).banks.list())
    expect(error).toMatchObject({ kind: 'server', outcomeUnknown: true, retryable: true })
  })

  it('writes messages an admin can act on', async () => {
    const secretError = await failure(
      clientAnswering(401, e(ERROR_MESSAGES.invalidSignature)).banks.list(),
    )
    expect(secretError.message).toBe(
      'The gateway rejected the API secret (Invalid auth header). Check the key id and secret in Settings.',
    )
    const cap = await failure(
      clientAnswering(403, e(ERROR_MESSAGES.missingCapability)).refunds.counts(),
    )
    expect(cap.message).toContain('"refunds"')
    const busy = await failure(
      clientAnswering(429, e('Too many requests'), { 'retry-after': '30' }).banks.list(),
    )
    expect(busy.message).toBe('The gateway is busy (Too many requests). Try again in 30 seconds.')
    const unknown = await failure(
      clientAnswering(500, e('Internal server error')).directDebits.debit(debitBody),
    )
    expect(unknown.message).toContain('may or may not have processed it')
  })
})

describe('Retry-After', () => {
  it('reads whole seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000)
  })
  it('reads an HTTP date relative to the response Date header, not the local clock', () => {
    const serverNow = 'Wed, 15 Jan 2025 12:00:00 GMT'
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:00:45 GMT', NOW, serverNow)).toBe(45_000)
    // Without a Date header the local clock is the reference (NOW is 10:00:00Z).
    expect(parseRetryAfter('Wed, 15 Jan 2025 10:01:00 GMT', NOW)).toBe(60_000)
  })
  it('never goes negative and ignores junk', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 09:00:00 GMT', NOW)).toBe(0)
    expect(parseRetryAfter('soon', NOW)).toBeNull()
    expect(parseRetryAfter('-5', NOW)).toBeNull()
    expect(parseRetryAfter('1.5', NOW)).toBeNull()
    expect(parseRetryAfter(null, NOW)).toBeNull()
  })
  it('reaches the error from a 429 with an HTTP date', async () => {
    const client = clientAnswering(429, e('Too many requests'), {
      date: 'Wed, 15 Jan 2025 10:00:00 GMT',
      'retry-after': 'Wed, 15 Jan 2025 10:00:10 GMT',
    })
    expect((await failure(client.banks.list())).retryAfterMs).toBe(10_000)
  })
})

// After an unknown outcome only the gateway's word about the reference settles anything, so a
// 404 counts as "no such record" only when it is a JSON answer saying so about the record.
describe('a 404 counts as "no such record" only when the gateway says so in JSON', () => {
  const verifyAnswering = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    failure(clientAnswering(status, body, headers).disbursements.verify('TDP-1'))
  const cases: [string, unknown, Record<string, string>, boolean][] = [
    ['JSON with the not_found code', e(ERROR_MESSAGES.notFound, 'not_found'), {}, true],
    ['JSON message only, naming a missing record', { message: 'Transfer not found' }, {}, true],
    ['JSON message only, the spec-style text', { message: 'Resource not found' }, {}, true],
    ['route_not_found code', e(ERROR_MESSAGES.routeNotFound, 'route_not_found'), {}, false],
    ['message only, a route', { message: 'Route not found' }, {}, false],
    [
      'a framework route 404',
      { message: 'Route GET:/disbursements/verify not found', error: 'Not Found', statusCode: 404 },
      {},
      false,
    ],
    ['a not_found code whose text names a route', e('Route not found', 'not_found'), {}, false],
    ['another code', e('Gone away', 'gone'), {}, false],
    [
      'an HTML proxy page',
      '<html><body>404 Not Found</body></html>',
      { 'content-type': 'text/html' },
      false,
    ],
    ['plain text', 'Not Found', { 'content-type': 'text/plain' }, false],
    ['an empty body', '', {}, false],
    ['JSON without message or code', { status: false }, {}, false],
    ['a JSON array', ['not found'], {}, false],
  ]
  it.each(cases)('%s', async (_, body, headers, absent) => {
    const error = await verifyAnswering(404, body, headers)
    expect(error.kind).toBe('not_found')
    expect(error.recordAbsent).toBe(absent)
    expect(lookupFailure(error)).toBe(absent ? 'absent' : 'unknown')
  })

  it('never reads a 404 from something other than a 404 as absent', async () => {
    const error = await verifyAnswering(410, e(ERROR_MESSAGES.notFound, 'not_found'))
    expect(error.recordAbsent).toBe(false)
    expect(lookupFailure(error)).toBe('unknown')
  })
})

describe('what a failed write by reference tells us', () => {
  const debitAnswering = (status: number, body: unknown) =>
    failure(clientAnswering(status, body).directDebits.debit(debitBody))

  it('a 408 may have been processed: unknown, not definite', async () => {
    const error = await debitAnswering(408, '')
    expect(error.kind).toBe('timeout')
    expect(error.outcomeUnknown).toBe(true)
    expect(error.retryable).toBe(false)
    expect(writeFailure(error)).toBe('unknown')
  })

  it('a 409 means the record exists only when it is about our reference (or says nothing)', async () => {
    for (const body of [
      e(ERROR_MESSAGES.duplicateReference, 'duplicate_reference'),
      { message: 'Direct debit payment already exists for the given reference' },
      '<html>409</html>',
    ]) {
      expect(writeFailure(await debitAnswering(409, body))).toBe('exists')
    }
    // "Mandate not active" and other state conflicts: a refusal of this write.
    for (const body of [
      e('Something else entirely', 'invalid_state'),
      e('Mandate is not active', 'mandate_not_active'),
      { message: 'Conflict' },
    ]) {
      expect(writeFailure(await debitAnswering(409, body))).toBe('refused')
    }
  })

  it('a 404 on a write is not a refusal', async () => {
    expect(writeFailure(await debitAnswering(404, '<html>nope</html>'))).toBe('unknown')
  })

  it('sorts the rest', async () => {
    expect(
      writeFailure(await debitAnswering(400, e('Validation failed', 'validation_error'))),
    ).toBe('refused')
    expect(writeFailure(await debitAnswering(422, e('No funds', 'insufficient_funds')))).toBe(
      'refused',
    )
    expect(writeFailure(await debitAnswering(500, e('x')))).toBe('unknown')
    expect(writeFailure(await debitAnswering(401, e(ERROR_MESSAGES.invalidSignature)))).toBe('auth')
    expect(writeFailure(await debitAnswering(429, e('slow down')))).toBe('rate_limited')
    expect(writeFailure(new Error('boom'))).toBe('unknown')
    expect(lookupFailure(new Error('boom'))).toBe('unknown')
  })
})
