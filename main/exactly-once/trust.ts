// Whether this gateway environment has shown that it honours our merchant reference. Resending
// after an unknown outcome is safe only where the gateway keys a write by the reference we
// send (a second request with it is a 409, and a lookup by it finds the first): the spec does
// not show that initialize takes our reference or that verify looks it up (docs/gateway-
// assumptions.md, "Resends are earned"). Until the environment has shown it, an unknown outcome
// goes to lookups and review, never to a resend.
//
// Shown by: a 2xx to a write that echoed our reference, or a lookup by our reference that
// found a record carrying it. Kept in memory per base URL and key: a new key or address must
// show it again, and a file the cashier could edit never grants it.

export type TrustEvidence = 'echo' | 'lookup'

export interface ReferenceTrust {
  /** True once this environment has shown it keeps our reference. */
  honoured(): boolean
  /** Records that it did (a 2xx echoing our reference, or a lookup that found it). */
  learn(how: TrustEvidence): void
}

export interface TrustState {
  honoured: boolean
  how: TrustEvidence | null
  at: number | null
}

/** One store per running till: keyed by whatever names the environment (base URL and key). */
export class ReferenceTrustStore {
  readonly #learned = new Map<string, { how: TrustEvidence; at: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  /** The trust of the environment `key()` names at each call (it may change under us). */
  for(key: () => string | null): ReferenceTrust {
    return {
      honoured: () => {
        const k = key()
        return k !== null && this.#learned.has(k)
      },
      learn: (how) => {
        const k = key()
        if (k !== null && !this.#learned.has(k)) this.#learned.set(k, { how, at: this.now() })
      },
    }
  }

  state(key: string | null): TrustState {
    const learned = key === null ? undefined : this.#learned.get(key)
    return { honoured: learned !== undefined, how: learned?.how ?? null, at: learned?.at ?? null }
  }
}

/** For tests and benches whose model gateway is known to keep our reference. */
export const HONOURED: ReferenceTrust = { honoured: () => true, learn: () => undefined }

/** What names an environment for trust: its base URL and key, as the till is set up now. */
export interface TrustScope {
  environment: { current: string; baseUrl(): string | null }
  settings: { get(): { keyIds: Readonly<Record<string, string | null | undefined>> } }
  now: () => number
}

const stores = new WeakMap<object, ReferenceTrustStore>()

/** The one store of a running till (every feature shares it), and the key of the moment. */
export function tillTrust(scope: TrustScope): {
  store: ReferenceTrustStore
  key: () => string | null
} {
  let store = stores.get(scope)
  if (!store) {
    store = new ReferenceTrustStore(scope.now)
    stores.set(scope, store)
  }
  const key = (): string | null => {
    const base = scope.environment.baseUrl()
    const keyId = scope.settings.get().keyIds[scope.environment.current] ?? null
    return base === null ? null : `${base}|${keyId ?? 'demo'}`
  }
  return { store, key }
}

/** The trust every money-moving feature of this till consults. */
export const trustOf = (scope: TrustScope): ReferenceTrust => {
  const { store, key } = tillTrust(scope)
  return store.for(key)
}
