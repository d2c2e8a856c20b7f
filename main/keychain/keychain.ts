// API secrets live only in the OS keychain (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux), under service `Tilldesk/<environment>` with the key id as the
// account. There is no file fallback: when no keychain is reachable we say so and stop.
import type { Environment } from '../../common/ipc/shared'
import type { KeychainStatus } from '../../common/ipc/environment'
import type { Said } from '../../common/ipc/contract'
import { AppError } from '../kernel/errors'

/**
 * Where an item lives: one service per environment (API secrets, that environment's device
 * key and journal heads), plus `till` for what every environment shares (the staff records'
 * device key and the PIN pepper; see main/integrity/).
 */
export type KeychainScope = Environment | 'till'

export interface Keychain {
  status(): Promise<KeychainStatus>
  get(environment: KeychainScope, keyId: string): Promise<string | null>
  set(environment: KeychainScope, keyId: string, secret: string): Promise<void>
  /** True when something was deleted. */
  delete(environment: KeychainScope, keyId: string): Promise<boolean>
}

export const keychainService = (environment: KeychainScope): string => `Tilldesk/${environment}`

/** The subset of keytar we use; lets tests and other platforms plug in. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/** What an admin can do about an unreachable keychain, per platform. */
export function explainKeychainFailure(platform: NodeJS.Platform, reason: string): string {
  const why = reason.replace(/\s+/g, ' ').trim().slice(0, 200)
  const base =
    platform === 'linux'
      ? 'No OS keychain is reachable, so Tilldesk cannot store API secrets. On Linux it uses the Secret Service: install and run GNOME Keyring (or KWallet) with libsecret, make sure it is unlocked when you sign in to the desktop, then restart Tilldesk.'
      : platform === 'darwin'
        ? 'macOS Keychain refused access, so Tilldesk cannot store API secrets. Unlock the login keychain (Keychain Access) and allow Tilldesk when asked.'
        : 'Windows Credential Manager is not reachable, so Tilldesk cannot store API secrets. Sign in to Windows with a normal user profile and try again.'
  return `${base} Tilldesk never writes secrets to a plain file instead. (Details: ${why})`
}

export class KeychainUnavailableError extends AppError {
  constructor(explanation: string, say: Said) {
    super('keychain_unavailable', explanation, { say })
  }
}

/**
 * The keychain's refusal in the catalogue's words (common/words/errors.ts `keychain`): what to do
 * on this platform. The details the OS gave stay in the English message and the log.
 */
export const keychainSaid = (platform: NodeJS.Platform): Said => ({
  key:
    platform === 'linux'
      ? 'keychain.linux'
      : platform === 'darwin'
        ? 'keychain.darwin'
        : 'keychain.windows',
})

/**
 * Keychain over keytar (loaded lazily: a missing native build becomes "unavailable", not a
 * crash). Failures are rethrown as KeychainUnavailableError with a human explanation.
 */
export class KeytarKeychain implements Keychain {
  #keytar: Promise<KeytarLike> | null = null
  #status: KeychainStatus | null = null

  constructor(
    private readonly load: () => Promise<KeytarLike> = loadKeytar,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async status(): Promise<KeychainStatus> {
    if (this.#status?.available) return this.#status
    try {
      const keytar = await this.#lib()
      // A read of our own service: needs a reachable, unlocked keychain and changes nothing.
      await keytar.findCredentials(keychainService('demo'))
      this.#status = { available: true, explanation: null }
    } catch (error) {
      this.#status = {
        available: false,
        explanation: this.#explain(error),
        explanationSay: keychainSaid(this.platform),
      }
    }
    return this.#status
  }

  async get(environment: KeychainScope, keyId: string): Promise<string | null> {
    return this.#call((keytar) => keytar.getPassword(keychainService(environment), keyId))
  }

  async set(environment: KeychainScope, keyId: string, secret: string): Promise<void> {
    await this.#call((keytar) => keytar.setPassword(keychainService(environment), keyId, secret))
    // Read back: some Secret Service setups accept a write into a locked collection and drop it.
    const stored = await this.get(environment, keyId)
    if (stored !== secret) {
      throw new KeychainUnavailableError(
        explainKeychainFailure(
          this.platform,
          'the keychain accepted the secret but did not keep it',
        ),
        keychainSaid(this.platform),
      )
    }
  }

  async delete(environment: KeychainScope, keyId: string): Promise<boolean> {
    return this.#call((keytar) => keytar.deletePassword(keychainService(environment), keyId))
  }

  async #call<T>(operation: (keytar: KeytarLike) => Promise<T>): Promise<T> {
    try {
      const result = await operation(await this.#lib())
      this.#status = { available: true, explanation: null }
      return result
    } catch (error) {
      const explanation = this.#explain(error)
      this.#status = { available: false, explanation, explanationSay: keychainSaid(this.platform) }
      throw new KeychainUnavailableError(explanation, keychainSaid(this.platform))
    }
  }

  #lib(): Promise<KeytarLike> {
    this.#keytar ??= this.load()
    return this.#keytar
  }

  #explain(error: unknown): string {
    const reason = error instanceof Error ? error.message : String(error)
    return explainKeychainFailure(this.platform, reason)
  }
}

async function loadKeytar(): Promise<KeytarLike> {
  const module = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike }
  return module.default ?? module
}
