// Creating a shop and bringing tills into it. The shop owner's database login is used only
// for these admin steps, typed in by the admin and never stored on a till. Each till gets its
// own database login (a long random password kept in the OS keychain) that can read the shop
// and append its own events, nothing more; and its own Ed25519 key for signing them. The
// shop's PIN pepper reaches each till sealed to its one-time code (main/shop/pepper.ts), with
// the keys of the tills the code-making till believes (pins.ts). Passwords go to the server as
// SCRAM verifiers made here (scram.ts), never as SQL text.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { ClientBase } from 'pg'
import { generateTillKey, type TillKeyPair } from './events'
import { migrate } from './migrate'
import { withClient, type ShopLogin, type ShopServer } from './connection'
import { newShopPepper, openEnrolmentBox, sealEnrolmentBox } from './pepper'
import { joinProof } from './pins'
import { scramVerifier } from './scram'

/** What a till keeps after enrolment: the password and private key go to the keychain. */
export interface TillEnrolment {
  shopId: string
  tillId: string
  tillName: string
  login: ShopLogin
  key: TillKeyPair
  /**
   * The shop's PIN pepper, for the keychain; null when the code carried none (a code made by
   * a till that has no shop pepper, or on a server from before migration 2).
   */
  pepper: Buffer | null
  /** The tills the code-making till had pinned (id → public key); empty for a new shop. */
  tills: Record<string, string>
  /** What this till's `till.joined` carries: it held the code, for this id and key. */
  proof: { salt: string; proof: string }
}

/** Ten characters from an alphabet without look-alikes (no 0/O, 1/I/L): read out, typed in. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export function newEnrolmentCode(): string {
  const bytes = randomBytes(10)
  let code = ''
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

export const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')

const codeHash = (code: string) =>
  createHash('sha256').update(normalizeCode(code), 'utf8').digest('hex')

export const tillIdFor = (name: string) => {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
  return `${base.length >= 3 ? base : 'till'}-${randomBytes(3).toString('hex')}`
}

/**
 * Makes a one-time code (valid `minutes`) with the owner's login. The enrolment login's
 * password becomes the code until it is used or expires, so the code is all a new till needs.
 * With `pepper` (the shop's PIN pepper), the code also carries it, sealed with the code.
 */
export async function createEnrolmentCode(
  owner: ClientBase,
  minutes = 30,
  pepper: Buffer | null = null,
  tills: Record<string, string> = {},
): Promise<{ code: string; expiresAt: string }> {
  const code = newEnrolmentCode()
  const expires = new Date(Date.now() + minutes * 60_000)
  const box =
    pepper || Object.keys(tills).length > 0
      ? await sealEnrolmentBox({ pepper, tills }, normalizeCode(code))
      : null
  // Only one code works at a time (the enrolment login's password), so older boxes go now.
  await owner.query('update enrolment_codes set pepper_box = null where pepper_box is not null')
  await owner.query(
    'insert into enrolment_codes (code_hash, expires_at, pepper_box) values ($1, $2, $3)',
    [codeHash(code), expires, box],
  )
  // `valid until` makes the server itself stop accepting the code as a password. The code
  // goes as a SCRAM verifier: a statement log on the server never holds the code itself.
  // ALTER ROLE takes no bind parameters; both values are made here, in a fixed alphabet.
  const verifier = scramVerifier(normalizeCode(code))
  await owner.query(
    `alter role tilldesk_enrol password '${verifier}' valid until '${expires.toISOString()}'`,
  )
  return { code, expiresAt: expires.toISOString() }
}

/** A new till joins with a code: registers itself, gets its own login, burns the code. */
export async function joinShop(
  server: ShopServer,
  code: string,
  tillName: string,
): Promise<TillEnrolment> {
  const tillId = tillIdFor(tillName)
  const key = generateTillKey()
  const password = randomBytes(32).toString('base64url')
  const normalized = normalizeCode(code)
  const box = await withClient(
    server,
    { user: 'tilldesk_enrol', password: normalized },
    async (client) => {
      // The till's password goes as a SCRAM verifier (the function's CREATE ROLE takes it
      // as it is): the server never holds, or logs, the password itself.
      const result = await client.query<{ box: string | null }>(
        'select tilldesk_enrol_till($1, $2, $3, $4, $5) as box',
        [normalized, tillId, tillName, key.publicKey, scramVerifier(password)],
      )
      const value = result.rows[0]?.box
      return typeof value === 'string' && value !== '' ? value : null
    },
  )
  // Only the code opens the box; the server handed it over once and has deleted it.
  const carried = box ? await openEnrolmentBox(box, normalized) : { pepper: null, tills: {} }
  const proof = await joinProof(normalized, tillId, key.publicKey)
  const login = { user: `till_${tillId.replace(/-/g, '_')}`, password }
  const id = await withClient(server, login, async (client) => {
    const row = (await client.query('select id from shop limit 1')).rows[0]
    return row ? String(row.id) : ''
  })
  return {
    shopId: id,
    tillId,
    tillName,
    login,
    key,
    pepper: carried.pepper,
    tills: carried.tills,
    proof,
  }
}

/**
 * The first till: migrates the server, names the shop, makes the shop's PIN pepper and enrols
 * this till (with a code of its own, which hands the pepper to it as to any other till).
 */
export async function createShop(
  server: ShopServer,
  owner: ShopLogin,
  shopName: string,
  tillName: string,
): Promise<TillEnrolment> {
  const code = await withClient(server, owner, async (client) => {
    await migrate(client)
    const existing = (await client.query('select id from shop limit 1')).rows[0]
    if (!existing) {
      await client.query('insert into shop (id, name) values ($1, $2)', [randomUUID(), shopName])
    } else if ((await client.query('select 1 from tills limit 1')).rows.length > 0) {
      // Its tills hold the shop's pepper already; a second one would split the staff list.
      throw new Error(
        'This server already has a shop with tills. Join it with a code made on one of its tills.',
      )
    }
    return (await createEnrolmentCode(client, 5, newShopPepper())).code
  })
  return joinShop(server, code, tillName)
}
