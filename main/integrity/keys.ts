// The device keys and the PIN pepper: random secrets made at first run and kept only in the
// OS keychain, through the same Keychain interface as the API secrets. Their accounts contain
// spaces, which an API key id never does (KeyIdSchema), so the two can never collide.
import { randomBytes } from 'node:crypto'
import type { Keychain, KeychainScope } from '../keychain/keychain'

export const DEVICE_KEY_ACCOUNT = 'Tilldesk device key'
export const PIN_PEPPER_ACCOUNT = 'Tilldesk PIN pepper'
/** The account holding a journal's chain head, in its environment's service. */
export const headAccount = (journal: string): string => `Tilldesk journal head ${journal}`

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
