// Request authentication exactly as the spec states it, in the documented check order:
// key id -> timestamp -> signature -> session token -> capability. The digest is computed over
// the exact bytes received and compared in constant time.
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { ERROR_MESSAGES } from '../common/api/errors'
import type { Capability } from '../common/api/endpoints'
import { SandboxError } from './errors'
import type { ActiveKey, KeyRing } from './keys'

/** ±5 minutes, in seconds. */
export const SKEW_WINDOW_SECONDS = 300

const TIMESTAMP = /^\d{1,12}$/

export interface TokenChecker {
  /** True when the token exists, belongs to this key and has not expired. */
  valid(token: string, keyId: string): boolean
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name]
  return typeof value === 'string' || value === undefined ? value : value.join(', ')
}

const fail = (
  status: number,
  code: ConstructorParameters<typeof SandboxError>[1],
  message: string,
) => new SandboxError(status, code, message)

/** HMAC-SHA256 of `<timestamp>:<raw body>` as lowercase hex. */
export function signatureOf(secret: Buffer | string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}:`).update(rawBody).digest('hex')
}

/** Whether `provided` is exactly the `expected` hex digest, compared in constant time. */
export function signatureMatches(expected: string, provided: string | undefined): boolean {
  const a = Buffer.from(expected, 'latin1')
  const b = Buffer.from(provided ?? '', 'latin1')
  if (a.length !== b.length) {
    // timingSafeEqual needs equal lengths; a wrong length still costs one full comparison.
    timingSafeEqual(a, a)
    return false
  }
  return timingSafeEqual(a, b)
}

const HEX_DIGEST = /^[0-9a-f]{64}$/

/**
 * The request check's hot path: the raw 32-byte digest against the provided lowercase hex,
 * decoded only when it has exactly the digest's form, compared in constant time.
 */
function digestMatches(
  key: KeyObject,
  timestamp: string,
  rawBody: Buffer,
  provided: string | undefined,
): boolean {
  const expected = createHmac('sha256', key).update(`${timestamp}:`).update(rawBody).digest()
  if (provided === undefined || !HEX_DIGEST.test(provided)) {
    // A malformed signature still costs one full comparison.
    timingSafeEqual(expected, expected)
    return false
  }
  return timingSafeEqual(expected, Buffer.from(provided, 'hex'))
}

export interface AuthRequest {
  headers: IncomingHttpHeaders
  rawBody: Buffer
  capability: Capability
  /** Real time, seconds. */
  nowSeconds: number
}

/** Returns the authenticated key or throws the spec's error. */
export function authenticate(req: AuthRequest, keys: KeyRing, tokens: TokenChecker): ActiveKey {
  const keyId = header(req.headers, 'x-key-id')
  const key = keyId ? keys.get(keyId) : undefined
  if (!key) throw fail(401, 'invalid_api_key', ERROR_MESSAGES.invalidApiKey)

  const timestamp = header(req.headers, 'x-timestamp')
  if (timestamp === undefined || !TIMESTAMP.test(timestamp))
    throw fail(401, 'invalid_timestamp', ERROR_MESSAGES.invalidTimestamp)
  const age = req.nowSeconds - Number(timestamp)
  if (age > SKEW_WINDOW_SECONDS)
    throw fail(401, 'timestamp_too_old', ERROR_MESSAGES.timestampTooOld)
  if (age < -SKEW_WINDOW_SECONDS)
    throw fail(401, 'invalid_timestamp', ERROR_MESSAGES.invalidTimestamp)

  // The header string as received is part of the message: "0123" and "123" sign differently.
  if (!digestMatches(key.hmacKey, timestamp, req.rawBody, header(req.headers, 'x-signature')))
    throw fail(401, 'invalid_signature', ERROR_MESSAGES.invalidSignature)

  const authorization = header(req.headers, 'authorization')
  if (authorization !== undefined) {
    const match = /^Bearer ([\x21-\x7e]+)$/.exec(authorization)
    if (!match?.[1] || !tokens.valid(match[1], key.keyId))
      throw fail(401, 'invalid_token', ERROR_MESSAGES.invalidToken)
  }

  if (!key.all && !key.capabilities.has(req.capability))
    throw fail(403, 'missing_capability', ERROR_MESSAGES.missingCapability)
  return key
}
