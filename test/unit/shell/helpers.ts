// Test doubles for the shell's ports: an in-memory settings file and keychain, and a till
// started on them with its device key, as createServices wires it.
import type { Environment } from '../../../common/ipc/shared'
import type { KeychainStatus } from '../../../common/ipc/environment'
import {
  KeychainUnavailableError,
  keychainSaid,
  type Keychain,
} from '../../../main/keychain/keychain'
import type { RawSettings } from '../../../main/settings/migrations'
import type { Settings } from '../../../main/settings/schema'
import { EventBus } from '../../../main/kernel/events'
import { IntegrityService } from '../../../main/integrity'
import { SettingsStore, type SettingsBackend } from '../../../main/settings/store'
import { UsersService } from '../../../main/users/users'

export function memoryBackend(
  initial: RawSettings = {},
): SettingsBackend & { writes: number; raw: () => RawSettings } {
  let stored: RawSettings = structuredClone(initial)
  const backend = {
    path: '/memory/settings.json',
    writes: 0,
    read: () => structuredClone(stored),
    write: (value: Settings) => {
      stored = structuredClone(value) as unknown as RawSettings
      backend.writes += 1
    },
    raw: () => structuredClone(stored),
  }
  return backend
}

export class MemoryKeychain implements Keychain {
  readonly entries = new Map<string, string>()
  available = true

  async status(): Promise<KeychainStatus> {
    return this.available
      ? { available: true, explanation: null }
      : { available: false, explanation: 'No keychain in this test.' }
  }
  async get(environment: Environment, keyId: string): Promise<string | null> {
    this.#check()
    return this.entries.get(`Tilldesk/${environment}|${keyId}`) ?? null
  }
  async set(environment: Environment, keyId: string, secret: string): Promise<void> {
    this.#check()
    this.entries.set(`Tilldesk/${environment}|${keyId}`, secret)
  }
  async delete(environment: Environment, keyId: string): Promise<boolean> {
    this.#check()
    return this.entries.delete(`Tilldesk/${environment}|${keyId}`)
  }
  #check(): void {
    if (!this.available)
      throw new KeychainUnavailableError('No keychain in this test.', keychainSaid('linux'))
  }
}

/** Cheap scrypt for tests that hash many PINs; one test checks the production parameters. */
export const FAST_SCRYPT = { N: 1024, r: 8, p: 1 }

/** One start of a till with a device key on `backend` and `keychain`, as createServices wires it. */
export async function sealedBoot(
  backend: ReturnType<typeof memoryBackend>,
  keychain: MemoryKeychain,
) {
  const integrity = await IntegrityService.open({ keychain })
  const settings = new SettingsStore(backend, {
    integrity: {
      sealer: integrity.till(),
      anchor: integrity.journal('till', 'settings').anchor,
      adopt: integrity.created('till'),
      findings: integrity.findings,
    },
  })
  integrity.watchAuthority(() => settings.trust.authorityProblem)
  const users = new UsersService({
    settings,
    emit: new EventBus().emit,
    scrypt: FAST_SCRYPT,
    pepper: () => integrity.pepper(),
  })
  return { integrity, settings, users }
}
