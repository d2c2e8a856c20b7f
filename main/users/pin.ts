// PIN hashing. PINs are short, so the hash must be slow, salted and peppered:
// - the pepper is a secret from the OS keychain (integrity/keys.ts), mixed in with HMAC before
//   scrypt, so a copied staff file alone cannot check a single guess;
// - scrypt N=2^15, r=8, p=1 costs 32 MiB and about 90 ms per try on a quiet two-core till
//   (`npm run bench -- pin-check`, figures in docs/security.md). 2^16 (180 ms) fits the 300 ms
//   sign-in goal only on an idle machine; a till is also running its screens, watcher and
//   sender, so 2^15 keeps p95 under the goal with the machine three times as busy. The lockout
//   (users.ts) caps tries at the till, and the pepper makes a copied file useless offline.
// Hashes describe their own parameters, so older ones still check and are replaced at the next
// good sign-in (users.ts).
import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 32_768, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** Plain scrypt: hashes from before the pepper, and tills without a keychain. */
const PLAIN = 'scrypt'
/** HMAC(pepper, PIN), then scrypt. */
const PEPPERED = 'pscrypt'

function derive(secret: string | Buffer, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * 2,
  }
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

const normalize = (pin: string): string => pin.normalize('NFKC')

const peppered = (pin: string, pepper: Buffer): Buffer =>
  createHmac('sha256', pepper)
    .update(`tilldesk.pin.v1:${normalize(pin)}`, 'utf8')
    .digest()

/**
 * `pscrypt$N$r$p$<salt>$<hash>` with a pepper, `scrypt$…` without one (base64 salt and hash):
 * self-describing, so parameters can change.
 */
export async function hashPin(
  pin: string,
  params: ScryptParams = DEFAULT_SCRYPT,
  pepper: Buffer | null = null,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(pepper ? peppered(pin, pepper) : normalize(pin), salt, params)
  return [
    pepper ? PEPPERED : PLAIN,
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

interface Parsed {
  peppered: boolean
  params: ScryptParams
  salt: Buffer
  expected: Buffer
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || (parts[0] !== PLAIN && parts[0] !== PEPPERED)) return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (!N || !r || !p || !Number.isInteger(N) || N > 1 << 20) return null
  const salt = Buffer.from(parts[4] ?? '', 'base64')
  const expected = Buffer.from(parts[5] ?? '', 'base64')
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return null
  return { peppered: parts[0] === PEPPERED, params: { N, r, p }, salt, expected }
}

/** True when checking this hash needs the keychain's pepper. */
export const needsPepper = (stored: string): boolean => parse(stored)?.peppered ?? false

/**
 * Constant-time check of a PIN against a stored hash. Malformed hashes never match, and a
 * peppered hash never matches without the pepper: without the keychain it cannot be checked.
 */
export async function verifyPin(
  pin: string,
  stored: string,
  pepper: Buffer | null = null,
): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  if (parsed.peppered && !pepper) return false
  const secret = parsed.peppered && pepper ? peppered(pin, pepper) : normalize(pin)
  const actual = await derive(secret, parsed.salt, parsed.params)
  return timingSafeEqual(actual, parsed.expected)
}

/** True when a hash should be replaced at the next good sign-in (older format or cost). */
export function needsRehash(stored: string, params: ScryptParams, pepper: Buffer | null): boolean {
  const parsed = parse(stored)
  if (!parsed) return true
  return (
    parsed.peppered !== (pepper !== null) ||
    parsed.params.N !== params.N ||
    parsed.params.r !== params.r ||
    parsed.params.p !== params.p
  )
}
