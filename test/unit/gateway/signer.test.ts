import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bodyBytes, hmacHex, signRequest } from '../../../main/gateway/signer'

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
