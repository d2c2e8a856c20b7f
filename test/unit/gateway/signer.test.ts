import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseHttpDate } from '../../../main/gateway/http-date'
import { bodyBytes, createSigner, hmacHex, signRequest } from '../../../main/gateway/signer'

interface Vector {
  name: string
  secret: string
  timestamp: string
  body: string | null
  message_hex: string
  signature: string
}
// Digests computed by openssl (test/fixtures/README.md), never by our code.
const { vectors } = JSON.parse(
  readFileSync(new URL('../../fixtures/signatures.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] }

describe('signer against openssl vectors', () => {
  it('has vectors with and without a body, and a unicode one', () => {
    expect(vectors.some((v) => v.body === null)).toBe(true)
    expect(vectors.some((v) => v.body && Buffer.byteLength(v.body) > v.body.length)).toBe(true)
    expect(vectors.length).toBeGreaterThanOrEqual(5)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_, v) => {
    const headers = signRequest(
      'key_1',
      v.secret,
      Number(v.timestamp),
      bodyBytes(v.body ?? undefined),
    )
    expect(headers['X-Signature']).toBe(v.signature)
    expect(headers['X-Timestamp']).toBe(v.timestamp)
    expect(headers['X-Key-Id']).toBe('key_1')
  })

  it('signs the exact message bytes the vectors record', () => {
    for (const v of vectors) {
      const message = Buffer.from(v.message_hex, 'hex')
      const colon = message.indexOf(0x3a)
      expect(message.subarray(0, colon).toString('utf8')).toBe(v.timestamp)
      const body = new Uint8Array(message.subarray(colon + 1))
      expect(hmacHex(v.secret, v.timestamp, body)).toBe(v.signature)
    }
  })

  it('signs "<timestamp>:" for no body and for an empty body alike', () => {
    const v = vectors.find((x) => x.body === null)!
    expect(hmacHex(v.secret, v.timestamp)).toBe(v.signature)
    expect(hmacHex(v.secret, v.timestamp, new Uint8Array())).toBe(v.signature)
  })

  it('is lowercase hex of 32 bytes', () => {
    expect(hmacHex('s', '1')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('changes when a single body byte changes', () => {
    const v = vectors.find((x) => x.body && x.body.length > 10)!
    const tampered = `${v.body!.slice(0, -1)} `
    expect(
      signRequest('k', v.secret, Number(v.timestamp), bodyBytes(tampered))['X-Signature'],
    ).not.toBe(v.signature)
  })

  it('refuses a timestamp that is not whole Unix seconds', () => {
    expect(() => signRequest('k', 's', 1.5)).toThrow(RangeError)
    expect(() => signRequest('k', 's', -1)).toThrow(RangeError)
  })
})

describe('a signer for one key (bodiless signatures reused within their second)', () => {
  it('matches the openssl vectors, with and without a body', () => {
    for (const v of vectors) {
      const sign = createSigner('key_1', v.secret)
      const body = bodyBytes(v.body ?? undefined)
      expect(sign(Number(v.timestamp), body)['X-Signature']).toBe(v.signature)
      // Asked again (the memo's path for a bodiless request): still the vector's digest.
      expect(sign(Number(v.timestamp), body)['X-Signature']).toBe(v.signature)
    }
  })

  it('signs a new second afresh, and a body never from the bodiless memo', () => {
    const sign = createSigner('k', 'secret')
    const first = sign(1_700_000_000)
    expect(sign(1_700_000_000)).toBe(first)
    const next = sign(1_700_000_001)
    expect(next['X-Timestamp']).toBe('1700000001')
    expect(next['X-Signature']).toBe(hmacHex('secret', '1700000001'))
    const withBody = sign(1_700_000_001, bodyBytes('{"a":1}'))
    expect(withBody['X-Signature']).toBe(hmacHex('secret', '1700000001', bodyBytes('{"a":1}')))
    expect(sign(1_700_000_001, new Uint8Array())['X-Signature']).toBe(next['X-Signature'])
  })

  it('still refuses a timestamp that is not whole Unix seconds', () => {
    const sign = createSigner('k', 's')
    expect(() => sign(1.5)).toThrow(RangeError)
    expect(() => sign(-1)).toThrow(RangeError)
  })
})

describe('HTTP dates (the last one remembered)', () => {
  it('reads the same text the same way every time, and a bad one as null', () => {
    const date = 'Tue, 14 Nov 2023 22:13:20 GMT'
    expect(parseHttpDate(date)).toBe(Date.UTC(2023, 10, 14, 22, 13, 20))
    expect(parseHttpDate(date)).toBe(Date.UTC(2023, 10, 14, 22, 13, 20))
    expect(parseHttpDate('-5')).toBeNull()
    expect(parseHttpDate('-5')).toBeNull()
    expect(parseHttpDate('Tue, 14 Nov 2023 22:13:21 GMT')).toBe(Date.UTC(2023, 10, 14, 22, 13, 21))
    expect(parseHttpDate('')).toBeNull()
    expect(parseHttpDate(null)).toBeNull()
  })
})
