// PIN hashing with scrypt. PINs are short, so the hash must be slow and salted: N=2^14, r=8,
// p=1 costs ~16 MiB and tens of milliseconds per try, and the lockout (users.ts) caps tries.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 16_384, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16

function derive(pin: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * 2,
  }
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`: self-describing, so parameters can change. */
export async function hashPin(pin: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(pin, salt, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

/** Constant-time check of a PIN against a stored hash. Malformed hashes never match. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (!N || !r || !p || !Number.isInteger(N) || N > 1 << 20) return false
  const salt = Buffer.from(parts[4] ?? '', 'base64')
  const expected = Buffer.from(parts[5] ?? '', 'base64')
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false
  const actual = await derive(pin, salt, { N, r, p })
  return timingSafeEqual(actual, expected)
}
