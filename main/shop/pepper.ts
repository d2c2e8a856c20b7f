// The shop's PIN pepper: one secret every till of a shop holds in its own keychain, so a staff
// hash made on one till checks on the others (main/users/pin.ts, `spscrypt$…`). It is separate
// from each till's own pepper, which never leaves that till.
//
// The first till makes it when it creates the shop. A joining till gets it through the
// enrolment code: the till that makes the code encrypts the pepper with a key derived from the
// code (scrypt, random salt; AES-256-GCM) and the box waits on the server beside the code's
// hash until the code is used (then the box is deleted) or replaced. The server never holds the
// pepper in the clear; the box is only as strong as the one-time code, for its 30 minutes.
// node:crypto's scrypt and AES-GCM are what the rest of the till already uses for secrets.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto'
import type { Keychain } from '../keychain/keychain'

export const SHOP_PEPPER_ACCOUNT = 'Tilldesk shop PIN pepper'
/**
 * The pepper of the shop this till was in before, kept when it joins another: staff who have
 * not signed in since leaving still carry hashes made with it, and are rehashed at their next
 * good sign-in instead of being locked out by a PIN that can no longer check.
 */
export const EARLIER_SHOP_PEPPER_ACCOUNT = 'Tilldesk shop PIN pepper (earlier shop)'
const PEPPER_LENGTH = 32
const BOX_VERSION = 'v1'
/** The box is bound to its purpose: it can't be taken for any other ciphertext of ours. */
const AAD = Buffer.from('tilldesk.shop-pepper.v1', 'utf8')
// As for PINs (users/pin.ts): 32 MiB and about 90 ms per guess, once per code, on each side.
const KDF = { N: 32_768, r: 8, p: 1, maxmem: 128 * 32_768 * 8 * 2 }

export const newShopPepper = (): Buffer => randomBytes(PEPPER_LENGTH)

function keyFor(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, 32, KDF, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** Encrypts `bytes` with a key from `code`: `<version>.<salt>.<iv>.<ciphertext>.<tag>`. */
async function seal(bytes: Buffer, code: string, version: string, aad: Buffer): Promise<string> {
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await keyFor(code, salt), iv)
  cipher.setAAD(aad)
  const body = Buffer.concat([cipher.update(bytes), cipher.final()])
  return [version, salt, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

async function open(box: string, code: string, version: string, aad: Buffer): Promise<Buffer> {
  const [found, salt, iv, body, tag, ...rest] = box.split('.')
  if (found !== version || !salt || !iv || !body || !tag || rest.length > 0)
    throw new Error('The shop pepper box is not in a form this version of Tilldesk reads.')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    await keyFor(code, Buffer.from(salt, 'base64url')),
    Buffer.from(iv, 'base64url'),
  )
  decipher.setAAD(aad)
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])
}

/**
 * `v1.<salt>.<iv>.<ciphertext>.<tag>` (base64url): the pepper, openable only with `code` (the
 * normalized enrolment code, enrolment.ts).
 */
export function sealPepper(pepper: Buffer, code: string): Promise<string> {
  return seal(pepper, code, BOX_VERSION, AAD)
}

/** The pepper in `box`; throws when the code is not the one it was sealed with, or it was changed. */
export async function openPepper(box: string, code: string): Promise<Buffer> {
  const pepper = await open(box, code, BOX_VERSION, AAD)
  if (pepper.length !== PEPPER_LENGTH) throw new Error('The shop pepper has the wrong length.')
  return pepper
}

/** What a code carries to the till that uses it: the pepper and the tills pinned where it was made. */
export interface EnrolmentBox {
  pepper: Buffer | null
  /** Till id → public key (pins.ts): believed by the joining till on the code's word. */
  tills: Record<string, string>
}

const BOX_V2 = 'v2'
const AAD_V2 = Buffer.from('tilldesk.shop-enrolment.v2', 'utf8')

/** `v2.…`: the pepper and the pinned tills, openable only with `code` (normalized). */
export function sealEnrolmentBox(contents: EnrolmentBox, code: string): Promise<string> {
  const text = JSON.stringify({
    pepper: contents.pepper?.toString('base64') ?? null,
    tills: contents.tills,
  })
  return seal(Buffer.from(text, 'utf8'), code, BOX_V2, AAD_V2)
}

/** A box of either form (v1 carries the pepper alone); throws for a wrong code or a change. */
export async function openEnrolmentBox(box: string, code: string): Promise<EnrolmentBox> {
  if (box.startsWith(`${BOX_VERSION}.`)) return { pepper: await openPepper(box, code), tills: {} }
  const parsed = JSON.parse((await open(box, code, BOX_V2, AAD_V2)).toString('utf8')) as {
    pepper?: unknown
    tills?: unknown
  }
  const pepper = typeof parsed.pepper === 'string' ? Buffer.from(parsed.pepper, 'base64') : null
  if (pepper && pepper.length !== PEPPER_LENGTH)
    throw new Error('The shop pepper has the wrong length.')
  const tills: Record<string, string> = {}
  if (parsed.tills && typeof parsed.tills === 'object')
    for (const [id, key] of Object.entries(parsed.tills))
      if (typeof key === 'string') tills[id] = key
  return { pepper, tills }
}

/** The shop pepper in this till's keychain, read once and kept in memory. */
export class ShopPepper {
  readonly #keychain: Keychain
  #value: Promise<Buffer | null> | null = null
  #earlier: Promise<Buffer | null> | null = null

  constructor(keychain: Keychain) {
    this.#keychain = keychain
  }

  #read(account: string, forget: () => void): Promise<Buffer | null> {
    return this.#keychain.get('till', account).then(
      (text) => {
        const value = text ? Buffer.from(text, 'base64') : null
        return value && value.length === PEPPER_LENGTH ? value : null
      },
      () => {
        // Not cached: the next sign-in asks the keychain again.
        forget()
        return null
      },
    )
  }

  /** Null when this till never joined a shop, or the keychain can't be reached now. */
  get(): Promise<Buffer | null> {
    this.#value ??= this.#read(SHOP_PEPPER_ACCOUNT, () => {
      this.#value = null
    })
    return this.#value
  }

  /** The current pepper, then the earlier shop's, as the keychain holds them. */
  async all(): Promise<Buffer[]> {
    this.#earlier ??= this.#read(EARLIER_SHOP_PEPPER_ACCOUNT, () => {
      this.#earlier = null
    })
    const [current, earlier] = await Promise.all([this.get(), this.#earlier])
    return [current, earlier].filter((p): p is Buffer => p !== null)
  }

  /** Keeps `pepper` as the shop's; a different one held before is kept as the earlier shop's. */
  async set(pepper: Buffer): Promise<void> {
    const current = await this.get()
    if (current && !current.equals(pepper)) {
      await this.#keychain.set('till', EARLIER_SHOP_PEPPER_ACCOUNT, current.toString('base64'))
      this.#earlier = Promise.resolve(current)
    }
    await this.#keychain.set('till', SHOP_PEPPER_ACCOUNT, pepper.toString('base64'))
    this.#value = Promise.resolve(pepper)
  }
}
