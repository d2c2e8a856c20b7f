// Whether this gateway environment has shown that it honours our merchant reference. Resending
// after an unknown outcome is safe only where the gateway keys a write by it (a second request
// is a 409, a lookup finds the first), which the spec does not show (docs/gateway-assumptions.md,
// "Resends are earned"). Until shown, an unknown outcome goes to lookups and review, never to a
// resend.
//
// Shown by: a 2xx to a write that echoed our reference, a lookup by our reference that found a
// record carrying it, or a passed conformance run for that base URL and key (test/conformance/
// trust-record.ts; one whose reference checks fail withdraws it). Kept per environment, base
// URL and key id, in memory and in the OS keychain (bound to the till's id, like the journal
// heads): a restart keeps it, a new key or address must show it again, and no file the cashier
// can edit grants it. A keychain that can't be read or written: trust is earned again.
import { createHash } from 'node:crypto'
import * as z from 'zod'
import type { ResendTrustView } from '../../common/ipc/exactly-once'
import { tillAccount } from '../integrity/keys'
import type { Keychain } from '../keychain/keychain'

/** What was learned for one environment, and when. */
const Learned = z.object({ how: z.enum(['echo', 'lookup', 'conformance']), at: z.number() })
type Learned = z.infer<typeof Learned>
export type TrustEvidence = Learned['how']

/** Whether an environment has shown it keeps our reference; `learn` records that it did. */
export type ReferenceTrust = ReturnType<ReferenceTrustStore['for']>

/** One store per running till: keyed by whatever names the environment (base URL and key). */
export class ReferenceTrustStore {
  readonly #learned = new Map<string, Learned>()
  readonly #loading = new Map<string, Promise<void>>()

  constructor(
    private readonly now: () => number = Date.now,
    /** Where earned trust outlives the run (the OS keychain); in memory only without one. */
    private readonly vault: ReturnType<typeof keychainTrustVault> | null = null,
  ) {}

  /**
   * Reads what the vault holds for `key` into memory (once per key and run). Until it has
   * answered, the environment counts as not yet shown: a lookup instead of a resend.
   */
  warm(key: string | null): Promise<void> {
    if (key === null || !this.vault || this.#learned.has(key)) return Promise.resolve()
    const loading =
      this.#loading.get(key) ??
      this.vault.load(key).then(
        (learned) => {
          if (learned && !this.#learned.has(key)) this.#learned.set(key, learned)
        },
        () => undefined,
      )
    this.#loading.set(key, loading)
    return loading
  }

  /** The trust of the environment `key()` names at each call (it may change under us). */
  for(key: () => string | null) {
    return {
      honoured: () => {
        const k = key()
        if (k !== null && !this.#learned.has(k)) void this.warm(k)
        return k !== null && this.#learned.has(k)
      },
      learn: (how: TrustEvidence): void => {
        const k = key()
        if (k === null || this.#learned.has(k)) return
        const learned = { how, at: this.now() }
        this.#learned.set(k, learned)
        this.vault?.save(k, learned).catch(() => undefined)
      },
    }
  }

  /** As Settings → Connection shows it. */
  state(key: string | null): ResendTrustView {
    const learned = key === null ? undefined : this.#learned.get(key)
    const since = learned ? new Date(learned.at).toISOString() : null
    return { honoured: learned !== undefined, how: learned?.how ?? null, since }
  }
}

/** For tests and benches whose model gateway is known to keep our reference. */
export const HONOURED: ReferenceTrust = { honoured: () => true, learn: () => undefined }

const ACCOUNT = 'Tilldesk reference trust'

/**
 * The OS keychain as the vault: one entry per environment, base URL and key id (hashed into
 * the account name, which ends with the till's id), holding what was learned and for which
 * environment, so an entry is believed only for the environment it names.
 */
export function keychainTrustVault(keychain: Keychain, till: string | null) {
  const account = (key: string): string =>
    tillAccount(`${ACCOUNT} ${createHash('sha256').update(key).digest('hex').slice(0, 32)}`, till)
  return {
    load: async (key: string) => readLearned(await keychain.get('till', account(key)), key),
    save: (key: string, learned: Learned) =>
      keychain.set('till', account(key), JSON.stringify({ key, ...learned })),
    /** Withdraws what was kept for `key` (a conformance run showed the reference is not kept). */
    forget: async (key: string) => void (await keychain.delete('till', account(key))),
  }
}

/** A vault entry, believed only when it is whole and names this very environment. */
function readLearned(raw: string | null, key: string): Learned | null {
  try {
    const stored = Learned.extend({ key: z.literal(key) }).safeParse(JSON.parse(raw ?? 'null'))
    return stored.success ? { how: stored.data.how, at: stored.data.at } : null
  } catch {
    return null
  }
}

/** What names an environment for trust: its base URL and key, as the till is set up now. */
export interface TrustScope {
  environment: { current: string; baseUrl(): string | null }
  settings: { get(): { keyIds: Readonly<Record<string, string | null | undefined>> } }
  now: () => number
  /** With both, earned trust is kept in the keychain under this till's id. */
  keychain?: Keychain
  integrity?: { readonly tillId: string | null }
}

/** What names an environment for trust; `base` as the settings keep it (no trailing slash). */
export const trustKey = (environment: string, base: string, keyId?: string | null): string =>
  `${environment}|${base}|${keyId ?? 'demo'}`

const stores = new WeakMap<object, ReferenceTrustStore>()

/** The one store of a running till (every feature shares it), the key of the moment, its trust. */
export function tillTrust(scope: TrustScope) {
  let store = stores.get(scope)
  if (!store) {
    const { keychain, integrity } = scope
    const vault = keychain && integrity ? keychainTrustVault(keychain, integrity.tillId) : null
    stores.set(scope, (store = new ReferenceTrustStore(scope.now, vault)))
  }
  const key = (): string | null => {
    const { environment: env, settings } = scope
    const base = env.baseUrl()
    return base === null ? null : trustKey(env.current, base, settings.get().keyIds[env.current])
  }
  // Read what an earlier run earned here before the first unknown outcome needs it.
  void store.warm(key())
  return { store, key, trust: store.for(key) }
}

/** The trust every money-moving feature of this till consults. */
export const trustOf = (scope: TrustScope): ReferenceTrust => tillTrust(scope).trust
