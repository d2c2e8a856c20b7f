// API secrets belong to the till that stored them. Their keychain account names the till
// (`Tilldesk API secret <till id> <key id>`), so a second till on the same OS account (a data
// folder moved aside and a fresh one started, with the real key id put back in its settings)
// finds nothing under that key id: its admin must type the secret. A key id in a file never
// reaches another till's secret.
//
// Tills from before this rule kept secrets under the bare key id. Each is moved, once, to the
// till that owns it: a till that existed before the rule (the list is taken at the first start
// with it, in `Tilldesk secrets per till`), whose settings are sealed, pass their check and
// name that key id. A till made after the rule never qualifies, so it can't claim an old entry.
import type { Environment } from '../../common/ipc/shared'
import type { Logger } from '../kernel/log'
import type { Keychain } from './keychain'

/** Tills on this OS account from before secrets were per till (a JSON list, `till` scope). */
export const SECRETS_OWNERS_ACCOUNT = 'Tilldesk secrets per till'

/**
 * Where the secret of `keyId` lives for `till`. Key ids never contain spaces, so this never
 * collides with a bare key id; a till from before till ids (null) keeps the bare key id.
 */
export const secretAccount = (till: string | null, keyId: string): string =>
  till === null ? keyId : `Tilldesk API secret ${till} ${keyId}`

export interface MigrationInput {
  keychain: Keychain
  till: string | null
  /** The till list as it was before this start registered this till (IntegrityService). */
  tillsBefore: readonly string[]
  /** True when the settings are sealed and pass their check (a till that really set them). */
  trusted: boolean
  keyIds: Readonly<Record<Environment, string | null>>
  log: Logger
}

const ENVIRONMENTS: readonly Environment[] = ['demo', 'sandbox', 'live']

/** Moves this till's secrets from bare key ids to its own accounts, when it owns them. */
export async function bindSecretsToTill(input: MigrationInput): Promise<void> {
  const { keychain, till, log } = input
  if (till === null) return
  try {
    const owners = await ownersBeforeTheRule(keychain, input.tillsBefore)
    if (!owners.includes(till) || !input.trusted) return
    for (const environment of ENVIRONMENTS) {
      const keyId = input.keyIds[environment]
      if (!keyId) continue
      const bound = secretAccount(till, keyId)
      if ((await keychain.get(environment, bound)) !== null) continue
      const secret = await keychain.get(environment, keyId)
      if (secret === null) continue
      await keychain.set(environment, bound, secret)
      await keychain.delete(environment, keyId)
      log.info('api secret bound to this till', { environment, keyId })
    }
  } catch (error) {
    // The secret stays where it was; this till asks for it to be typed, and tries again next start.
    log.warn('could not bind the api secrets to this till', { error })
  }
}

async function ownersBeforeTheRule(
  keychain: Keychain,
  tillsBefore: readonly string[],
): Promise<string[]> {
  const stored = await keychain.get('till', SECRETS_OWNERS_ACCOUNT)
  if (stored !== null) {
    try {
      const parsed: unknown = JSON.parse(stored)
      return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : []
    } catch {
      return []
    }
  }
  const owners = [...tillsBefore]
  await keychain.set('till', SECRETS_OWNERS_ACCOUNT, JSON.stringify(owners))
  return owners
}
