// authenticate(): the spec's messages in the documented check order, over exact bytes.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  authenticate,
  signatureMatches,
  signatureOf,
  type TokenChecker,
} from '../../../sandbox/auth'
import { SandboxError } from '../../../sandbox/errors'
import { KeyRing } from '../../../sandbox/keys'

const keys = new KeyRing([
  { key_id: 'all', secret: 'secret-all', capabilities: ['*'], revoked: false },
  { key_id: 'banks', secret: 'secret-banks', capabilities: ['banks'], revoked: false },
  { key_id: 'old', secret: 'secret-old', capabilities: ['*'], revoked: true },
])
const tokens: TokenChecker = { valid: (token, keyId) => token === 'good' && keyId === 'all' }
const NOW = 1_800_000_000

function check(
  headers: Record<string, string | string[] | undefined>,
  body = '',
  capability: 'banks' | 'payments' = 'banks',
) {
  try {
    return authenticate(
      { headers, rawBody: Buffer.from(body), capability, nowSeconds: NOW },
      keys,
      tokens,
    )
  } catch (error) {
    if (error instanceof SandboxError) return `${error.status} ${error.message}`
    throw error
  }
}

const sign = (keyId: string, secret: string, ts: string | number, body = '') => ({
  'x-key-id': keyId,
  'x-timestamp': String(ts),
  'x-signature': createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex'),
})

describe('authenticate', () => {
  it('accepts a correctly signed request and returns the key', () => {
    expect(check(sign('all', 'secret-all', NOW, '{"a":1}'), '{"a":1}')).toMatchObject({
      keyId: 'all',
    })
  })

  it('gives the six messages', () => {
    expect(check({})).toBe('401 Invalid or missing API key')
    expect(check(sign('old', 'secret-old', NOW))).toBe('401 Invalid or missing API key')
    expect(check({ ...sign('all', 'secret-all', NOW), 'x-timestamp': 'soon' })).toBe(
      '401 Invalid request timestamp',
    )
    expect(check(sign('all', 'secret-all', NOW - 301))).toBe('401 Request timestamp is too old')
    expect(check(sign('all', 'secret-all', NOW + 301))).toBe('401 Invalid request timestamp')
    expect(check(sign('all', 'wrong', NOW))).toBe('401 Invalid auth header')
    expect(check({ ...sign('all', 'secret-all', NOW), authorization: 'Bearer bad' })).toBe(
      '401 Invalid or expired token',
    )
    expect(check(sign('banks', 'secret-banks', NOW), '', 'payments')).toBe(
      '403 Missing required capability',
    )
  })

  it('accepts the window edges (exactly 300 s either way)', () => {
    expect(check(sign('all', 'secret-all', NOW - 300))).toMatchObject({ keyId: 'all' })
    expect(check(sign('all', 'secret-all', NOW + 300))).toMatchObject({ keyId: 'all' })
  })

  it('follows the check order key -> timestamp -> signature -> token -> capability', () => {
    expect(check({ 'x-timestamp': 'x', 'x-signature': 'y' })).toBe('401 Invalid or missing API key')
    expect(check({ 'x-key-id': 'banks', 'x-timestamp': 'x', 'x-signature': 'y' })).toBe(
      '401 Invalid request timestamp',
    )
    expect(
      check({ ...sign('banks', 'wrong', NOW), authorization: 'Bearer bad' }, '', 'payments'),
    ).toBe('401 Invalid auth header')
    expect(
      check(
        { ...sign('banks', 'secret-banks', NOW), authorization: 'Bearer good' },
        '',
        'payments',
      ),
    ).toBe('401 Invalid or expired token')
  })

  it('signs the exact bytes: re-serialised JSON, uppercase hex and a re-formatted timestamp fail', () => {
    const body = '{"b": 2, "a": 1}'
    const good = sign('all', 'secret-all', NOW, body)
    expect(check(good, body)).toMatchObject({ keyId: 'all' })
    expect(check(good, JSON.stringify(JSON.parse(body)))).toBe('401 Invalid auth header')
    expect(check({ ...good, 'x-signature': good['x-signature'].toUpperCase() }, body)).toBe(
      '401 Invalid auth header',
    )
    // "0<ts>" is the same number but a different message.
    expect(check({ ...good, 'x-timestamp': `0${NOW}` }, body)).toBe('401 Invalid auth header')
  })

  it('accepts a valid session token', () => {
    expect(
      check({ ...sign('all', 'secret-all', NOW), authorization: 'Bearer good' }),
    ).toMatchObject({ keyId: 'all' })
  })

  it('treats repeated headers as one joined value (never a crash)', () => {
    expect(check({ ...sign('all', 'secret-all', NOW), 'x-key-id': ['all', 'all'] })).toBe(
      '401 Invalid or missing API key',
    )
  })
})

describe('helpers', () => {
  it('signatureOf is lowercase hex HMAC-SHA256 of "<ts>:<body>"', () => {
    const expected = createHmac('sha256', 'k').update('123:hello').digest('hex')
    expect(signatureOf('k', '123', Buffer.from('hello'))).toBe(expected)
  })

  it('signatureMatches wants exactly the lowercase hex digest', () => {
    const hex = createHmac('sha256', 'k').update('1:').digest('hex')
    expect(signatureMatches(hex, hex)).toBe(true)
    expect(signatureMatches(hex, hex.toUpperCase())).toBe(false)
    expect(signatureMatches(hex, hex.slice(0, 63))).toBe(false)
    expect(signatureMatches(hex, `${hex}0`)).toBe(false)
    expect(signatureMatches(hex, `${hex.slice(0, 63)}\u0000`)).toBe(false)
    expect(signatureMatches(hex, undefined)).toBe(false)
    expect(signatureMatches(hex, '')).toBe(false)
    expect(signatureMatches(hex, '0'.repeat(64))).toBe(false)
  })

  it.each([1, 64, 65, 200])('keys of any length (%i bytes) sign and verify', (length) => {
    const secret = 'x'.repeat(length - 1) + 'y'
    const ring = new KeyRing([{ key_id: 'k', secret, capabilities: ['*'], revoked: false }])
    for (const size of [0, 16, 70_000]) {
      const body = 'a'.repeat(size)
      const headers = sign('k', secret, NOW, body)
      const key = authenticate(
        { headers, rawBody: Buffer.from(body), capability: 'banks', nowSeconds: NOW },
        ring,
        tokens,
      )
      expect(key.keyId).toBe('k')
    }
  })
})
