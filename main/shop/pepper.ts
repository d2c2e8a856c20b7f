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

/**
 * `v1.<salt>.<iv>.<ciphertext>.<tag>` (base64url): the pepper, openable only with `code` (the
 * normalized enrolment code, enrolment.ts).
 */
export async function sealPepper(pepper: Buffer, code: string): Promise<string> {
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await keyFor(code, salt), iv)
  cipher.setAAD(AAD)
  const body = Buffer.concat([cipher.update(pepper), cipher.final()])
  return [BOX_VERSION, salt, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The pepper in `box`; throws when the code is not the one it was sealed with, or it was changed. */
export async function openPepper(box: string, code: string): Promise<Buffer> {
  const [version, salt, iv, body, tag, ...rest] = box.split('.')
  if (version !== BOX_VERSION || !salt || !iv || !body || !tag || rest.length > 0)
    throw new Error('The shop pepper box is not in a form this version of Tilldesk reads.')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    await keyFor(code, Buffer.from(salt, 'base64url')),
    Buffer.from(iv, 'base64url'),
  )
  decipher.setAAD(AAD)
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  const pepper = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])
  if (pepper.length !== PEPPER_LENGTH) throw new Error('The shop pepper has the wrong length.')
  return pepper
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
