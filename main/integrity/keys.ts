// The device keys and the PIN pepper: random secrets made at first run and kept only in the
// OS keychain, through the same Keychain interface as the API secrets. Their accounts contain
// spaces, which an API key id never does (KeyIdSchema), so the two can never collide.
//
// Keys are per till: each account ends with the till's id (resolveTillId), so a second data
// folder (a preview, a test run, another till on the same OS account) is another till with
// keys of its own, and never "an emptied copy" of this one. A till set up before till ids
// existed keeps the plain account names (id null).
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Keychain, KeychainScope } from '../keychain/keychain'

const TILL_ID_FILE = 'till-id'
/** Every till id this OS account has made keys for (a new one may not adopt old files). */
export const TILLS_ACCOUNT = 'Tilldesk tills'

/**
 * The till's id, from `<dataDir>/till-id`. Without that file: a till that already has staff
 * (`hasStaff`) is one from before till ids (null, plain account names); a fresh one gets a
 * new random id, written now. The id is not a secret; changing it only makes a new till,
 * which may not adopt the old files (see IntegrityService).
 */
export function resolveTillId(dataDir: string, hasStaff: boolean): string | null {
  const existing = readTillId(dataDir)
  if (existing !== null || hasStaff) return existing
  const id = randomBytes(8).toString('hex')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(join(dataDir, TILL_ID_FILE), `${id}\n`, { mode: 0o600 })
  return id
}

/** The id in `<dataDir>/till-id`, read only; null when there is no such file or it is not one. */
export function readTillId(dataDir: string): string | null {
  try {
    const id = readFileSync(join(dataDir, TILL_ID_FILE), 'utf8').trim()
    return /^[0-9a-f]{16}$/.test(id) ? id : null
  } catch {
    return null
  }
}

const suffix = (till: string | null): string => (till ? ` ${till}` : '')
export const deviceKeyAccount = (till: string | null): string =>
  `Tilldesk device key${suffix(till)}`
export const pepperAccount = (till: string | null): string => `Tilldesk PIN pepper${suffix(till)}`
/**
 * Set by the first start of a build that seals every journal. Until then (an upgrade from a
 * build that sealed only staff and payouts) the journals it did not seal may be adopted once.
 */
export const sealingAccount = (till: string | null): string =>
  `Tilldesk sealing every journal${suffix(till)}`
/** Any other secret of this till (the shop login, the shop signing key): bound to its id. */
export const tillAccount = (name: string, till: string | null): string => `${name}${suffix(till)}`
/** The account holding a journal's chain head, in its environment's service. */
export const headAccount = (journal: string, till: string | null = null): string =>
  `Tilldesk journal head${suffix(till)} ${journal}`

const KEY_BYTES = 32

export interface LoadedSecret {
  value: Buffer
  /** Made in this run (nothing existed in the keychain before). */
  created: boolean
}

/**
 * Reads the secret at `account`, or makes one and stores it. A value that is there but is not
 * a 32-byte base64 key is never replaced (that would silently re-key every record): it throws.
 */
export async function loadOrCreateSecret(
  keychain: Keychain,
  scope: KeychainScope,
  account: string,
): Promise<LoadedSecret> {
  const stored = await keychain.get(scope, account)
  if (stored !== null) {
    const value = Buffer.from(stored, 'base64')
    if (value.length !== KEY_BYTES || value.toString('base64') !== stored) {
      throw new Error(`the keychain entry "${account}" in Tilldesk/${scope} is not a Tilldesk key`)
    }
    return { value, created: false }
  }
  const value = randomBytes(KEY_BYTES)
  await keychain.set(scope, account, value.toString('base64'))
  return { value, created: true }
}

/** A key for this run only: Demo without a keychain. */
export const memoryKey = (): Buffer => randomBytes(KEY_BYTES)
