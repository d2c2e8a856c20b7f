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
// In shop mode (docs/shop.md) staff hashes are peppered with the shop's pepper instead, one
// secret every till of the shop holds in its own keychain, so a hash made on one till checks
// on the others. The prefix says which pepper a hash needs, so a till picks it by the hash.
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
/** HMAC(this till's pepper, PIN), then scrypt. */
const PEPPERED = 'pscrypt'
/** HMAC(the shop's pepper, PIN), then scrypt: a hash every till of one shop can check. */
const SHOP_PEPPERED = 'spscrypt'

/** Which secret peppers a hash: this till's own, or the shop's (shop mode). */
export type PepperKind = 'till' | 'shop'

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

// Each kind has its own label, so one secret used as both could never make the same input.
const peppered = (pin: string, pepper: Buffer, kind: PepperKind): Buffer =>
  createHmac('sha256', pepper)
    .update(
      `${kind === 'shop' ? 'tilldesk.shop-pin.v1' : 'tilldesk.pin.v1'}:${normalize(pin)}`,
      'utf8',
    )
    .digest()

const PREFIX: Record<PepperKind | 'none', string> = {
  none: PLAIN,
  till: PEPPERED,
  shop: SHOP_PEPPERED,
}

/**
 * `pscrypt$N$r$p$<salt>$<hash>` with this till's pepper, `spscrypt$…` with the shop's,
 * `scrypt$…` without one (base64 salt and hash): self-describing, so parameters can change.
 */
export async function hashPin(
  pin: string,
  params: ScryptParams = DEFAULT_SCRYPT,
  pepper: Buffer | null = null,
  kind: PepperKind = 'till',
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(pepper ? peppered(pin, pepper, kind) : normalize(pin), salt, params)
  return [
    PREFIX[pepper ? kind : 'none'],
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

interface Parsed {
  pepper: PepperKind | 'none'
  params: ScryptParams
  salt: Buffer
  expected: Buffer
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$')
  const pepper = (Object.keys(PREFIX) as Array<PepperKind | 'none'>).find(
    (kind) => PREFIX[kind] === parts[0],
  )
  if (parts.length !== 6 || pepper === undefined) return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (!N || !r || !p || !Number.isInteger(N) || N > 1 << 20) return null
  const salt = Buffer.from(parts[4] ?? '', 'base64')
  const expected = Buffer.from(parts[5] ?? '', 'base64')
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return null
  return { pepper, params: { N, r, p }, salt, expected }
}

/** True when checking this hash needs a pepper from the keychain (the till's or the shop's). */
export const needsPepper = (stored: string): boolean => (parse(stored)?.pepper ?? 'none') !== 'none'

/** The pepper a hash was made with: 'none', 'till', 'shop', or null for a malformed hash. */
export const pepperOf = (stored: string): PepperKind | 'none' | null =>
  parse(stored)?.pepper ?? null

/**
 * Constant-time check of a PIN against a stored hash. Malformed hashes never match, and a
 * peppered hash never matches without its pepper: without the keychain it cannot be checked.
 * The hash's prefix picks the pepper: `pepper` (this till's) or `shopPepper` (the shop's).
 */
export async function verifyPin(
  pin: string,
  stored: string,
  pepper: Buffer | null = null,
  shopPepper: Buffer | null = null,
): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  const kind = parsed.pepper
  const secretKey = kind === 'till' ? pepper : kind === 'shop' ? shopPepper : null
  if (kind !== 'none' && !secretKey) return false
  const secret = kind !== 'none' && secretKey ? peppered(pin, secretKey, kind) : normalize(pin)
  const actual = await derive(secret, parsed.salt, parsed.params)
  return timingSafeEqual(actual, parsed.expected)
}

/**
 * True when a hash should be replaced at the next good sign-in (older format or cost, or not
 * peppered the way this till now wants: `kind` 'shop' in shop mode, else its own pepper).
 */
export function needsRehash(
  stored: string,
  params: ScryptParams,
  pepper: Buffer | null,
  kind: PepperKind = 'till',
): boolean {
  const parsed = parse(stored)
  if (!parsed) return true
  return (
    parsed.pepper !== (pepper === null ? 'none' : kind) ||
    parsed.params.N !== params.N ||
    parsed.params.r !== params.r ||
    parsed.params.p !== params.p
  )
}

/** Which secret checked the PIN; 'earlier_shop' is a shop this till has since left. */
export async function checkPinWith(
  pin: string,
  hash: string,
  pepper: Buffer | null,
  shopPeppers: readonly Buffer[],
): Promise<'yes' | 'earlier_shop' | 'no'> {
  if (pepperOf(hash) !== 'shop') return (await verifyPin(pin, hash, pepper)) ? 'yes' : 'no'
  for (const [index, shopPepper] of shopPeppers.entries()) {
    if (await verifyPin(pin, hash, pepper, shopPepper)) return index === 0 ? 'yes' : 'earlier_shop'
  }
  return 'no'
}
