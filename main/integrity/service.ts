// The integrity service: loads (or makes, at first run) a device key per scope from the OS
// keychain, hands out sealers and journal anchors, and keeps the admin's list of findings.
//
// Scopes: `till` seals what every environment shares (staff records, the settings that carry
// authority, payout policy) and holds the PIN pepper; `demo`, `sandbox` and `live` each seal
// their own journals and hold their journals' chain heads. Keys never leave main, never
// cross IPC and are never written to a file.
//
// Without a keychain (missing, locked or denied) every scope gets a key that lives in memory
// for this run only and checks nothing (Sealer.enforced = false). Demo keeps working that way;
// payouts in Sandbox and Live refuse to run (requireProtected) and say why.
import type { Environment } from '../../common/ipc/shared'
import { INTEGRITY_WORDS } from '../../common/words/integrity'
import { AppError, english } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import { keychainSaid, type Keychain, type KeychainScope } from '../keychain/keychain'
import { ChainAnchor, type ChainHead } from './anchor'
import { IntegrityFindings, keyedFinding, type IntegrityArea } from './findings'
import {
  deviceKeyAccount,
  headAccount,
  loadOrCreateSecret,
  memoryKey,
  pepperAccount,
  sealingAccount,
  TILLS_ACCOUNT,
} from './keys'
import { Sealer } from './seal'

const ENVIRONMENTS: readonly Environment[] = ['demo', 'sandbox', 'live']

/** Journals whose heads are read at start, so stores that open synchronously can use them. */
export const KNOWN_JOURNALS = [
  'payouts',
  'collections',
  'payments',
  'refunds',
  'mandates',
  'debits',
  'z-reports',
  'customers',
] as const

/** Till-wide files whose head is kept in the `till` scope. */
export const TILL_RECORDS = [
  'settings',
  'settings-trusted',
  'payout-policy',
  'updates',
  'crash-reporting',
  'shift-settings',
  // Shop mode's files (main/shop/): what was pulled, refused, placed, and the pull cursor.
  'shop-inbox',
  'shop-refused',
  'shop-own-order',
  'shop-cursor',
] as const

export interface Protection {
  /** True when this scope's key is in the OS keychain (records are really checked). */
  protected: boolean
  /** Why not, in words; null when protected. */
  explanation: string | null
}

/** What a journal needs: its scope's sealer and its chain head in the keychain. */
export interface JournalSeal {
  sealer: Sealer
  /** Null: unenforced (no keychain), so there is no head to check against. */
  anchor: ChainAnchor | null
  /**
   * Tells the admin that this journal failed to load (file, line, what is wrong); the store
   * stops using the journal and keeps the file. Absent in tests of a store alone.
   */
  report?: (problem: { file: string; line: number | null; reason: string }) => void
  /**
   * Files from before sealing may be adopted (sealed as they are): only when the scope's key
   * was made in this run on the first till of the OS account (IntegrityService.created).
   * Absent: never, on a sealer that checks.
   */
  adopt?: boolean
}

/**
 * True when an unsealed file may be taken as this journal's (and sealed): nothing is checked
 * (no keychain), or the key was just made on the first till and no head was ever written.
 * A till whose key already existed never adopts: an unsealed file there was not written by it.
 */
export const mayAdopt = (seal: JournalSeal): boolean =>
  !seal.sealer.enforced || (seal.adopt === true && !seal.anchor?.head)

export const NOT_ADOPTED =
  "the file has no seals, but this till's device key existed before it and this till seals every record, so it was not written by Tilldesk on this till"

const JOURNAL_NAMES = INTEGRITY_WORDS.en.journal.name

const AREAS: Record<string, IntegrityArea> = {
  payouts: 'payouts',
  collections: 'collections',
  payments: 'payments',
  refunds: 'refunds',
  mandates: 'mandates',
  debits: 'mandates',
  'z-reports': 'z-reports',
  books: 'z-reports',
  settings: 'settings',
  'settings-trusted': 'settings',
  'payout-policy': 'settings',
  updates: 'settings',
  'crash-reporting': 'settings',
  'shift-settings': 'settings',
  customers: 'collections',
  'shop-inbox': 'shop',
  'shop-refused': 'shop',
  'shop-own-order': 'shop',
  'shop-cursor': 'shop',
}

interface ScopeState {
  sealer: Sealer
  protection: Protection
  created: boolean
  anchors: Map<string, ChainAnchor>
}

export interface IntegrityOptions {
  keychain: Keychain
  /** The till's id (keys.ts resolveTillId); null or absent: the plain account names. */
  till?: string | null
  log?: Logger
  now?: () => number
}

export class IntegrityService {
  readonly findings: IntegrityFindings
  readonly #scopes = new Map<KeychainScope, ScopeState>()
  readonly #till: string | null
  #pepper: Buffer | null = null
  #firstTill = false
  /** This is the first start of a build that seals every journal (see keys.sealingAccount). */
  #firstSealingRun = false
  #tillsBefore: readonly string[] = []
  #authority: () => string | null = () => null

  private constructor(private readonly options: IntegrityOptions) {
    this.findings = new IntegrityFindings(options.now)
    this.#till = options.till ?? null
  }

  /** Loads every scope's key (making missing ones) and every known journal head. */
  static async open(options: IntegrityOptions): Promise<IntegrityService> {
    const service = new IntegrityService(options)
    await service.#load()
    return service
  }

  async #load(): Promise<void> {
    const { keychain } = this.options
    const status = await keychain.status()
    let failure: string | null = status.available ? null : (status.explanation ?? 'unavailable')
    if (failure === null) {
      try {
        for (const scope of ['till', ...ENVIRONMENTS] as const) {
          const key = await loadOrCreateSecret(keychain, scope, deviceKeyAccount(this.#till))
          const anchors = new Map<string, ChainAnchor>()
          {
            for (const name of scope === 'till' ? TILL_RECORDS : KNOWN_JOURNALS) {
              anchors.set(
                name,
                await ChainAnchor.load(
                  keychain,
                  scope,
                  headAccount(name, this.#till),
                  this.#anchorError,
                ),
              )
            }
          }
          this.#scopes.set(scope, {
            sealer: new Sealer(key.value, true),
            protection: { protected: true, explanation: null },
            created: key.created,
            anchors,
          })
        }
        this.#pepper = (await loadOrCreateSecret(keychain, 'till', pepperAccount(this.#till))).value
        this.#firstTill = await this.#register(keychain)
        const marker = sealingAccount(this.#till)
        if ((await keychain.get('till', marker)) === null) {
          await keychain.set('till', marker, '1')
          this.#firstSealingRun = true
        }
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error)
        this.#scopes.clear()
        this.#pepper = null
      }
    }
    if (failure !== null) {
      const explanation = `${english({ key: 'integrity.keychain.missing' })} (${failure})`
      for (const scope of ['till', ...ENVIRONMENTS] as const) {
        this.#scopes.set(scope, {
          sealer: new Sealer(memoryKey(), false),
          protection: { protected: false, explanation },
          created: true,
          anchors: new Map(),
        })
      }
      this.findings.report(
        keyedFinding({
          area: 'keychain',
          file: { key: 'integrity.file.keychain' },
          record: null,
          problem: { key: 'integrity.keychain.missing' },
          consequence: { key: 'integrity.keychain.missingThen' },
          detail: failure,
        }),
      )
    }
  }

  /**
   * Adds this till to the keychain's list of tills; true when it is the first ever. Only the
   * first till on an OS account may adopt files from before sealing: a second one (a changed
   * or deleted till-id file) would otherwise adopt files a cashier edited.
   */
  async #register(keychain: Keychain): Promise<boolean> {
    const stored = await keychain.get('till', TILLS_ACCOUNT)
    let tills: string[] = []
    try {
      const parsed: unknown = stored === null ? [] : JSON.parse(stored)
      if (Array.isArray(parsed)) tills = parsed.filter((t): t is string => typeof t === 'string')
    } catch {
      tills = ['unreadable']
    }
    const me = this.#till ?? 'plain'
    this.#tillsBefore = tills
    if (!tills.includes(me))
      await keychain.set('till', TILLS_ACCOUNT, JSON.stringify([...tills, me]))
    return tills.length === 0 || (tills.length === 1 && tills[0] === me)
  }

  readonly #anchorError = (error: unknown): void => {
    this.options.log?.error('journal head could not be written to the keychain', { error })
    this.findings.report(
      keyedFinding({
        area: 'keychain',
        file: { key: 'integrity.file.keychain' },
        record: { key: 'integrity.record.journalHead' },
        problem: { key: 'integrity.keychain.head' },
        consequence: { key: 'integrity.keychain.headThen' },
      }),
    )
  }

  #scope(scope: KeychainScope): ScopeState {
    const state = this.#scopes.get(scope)
    if (!state) throw new Error(`integrity scope ${scope} is not loaded`)
    return state
  }

  /** The till's id (keys.ts resolveTillId): secrets of this till are kept under it. */
  get tillId(): string | null {
    return this.#till
  }

  /** The sealer for staff records, authority settings and till-wide policy. */
  till(): Sealer {
    return this.#scope('till').sealer
  }

  /** The sealer for `environment`'s journals and approvals. */
  sealer(environment: Environment): Sealer {
    return this.#scope(environment).sealer
  }

  /**
   * True when `scope`'s key was made in this run (there was nothing to check before) and
   * this is the first till on the OS account: files from before sealing may be adopted.
   */
  created(scope: KeychainScope): boolean {
    const state = this.#scope(scope)
    return state.created && (this.#firstTill || !state.protection.protected)
  }

  /**
   * True when an unsealed journal file may be adopted in this run: the first till on the OS
   * account, and either the scope's key was just made or this is the first start of a build
   * that seals every journal (an upgrade). Never on a second till, never after that run.
   */
  adoptsJournals(scope: KeychainScope): boolean {
    const state = this.#scope(scope)
    if (!state.protection.protected) return true
    return this.#firstTill && (state.created || this.#firstSealingRun)
  }

  /** The keychain's list of tills as it was before this start added this till to it. */
  tillsBefore(): readonly string[] {
    return this.#tillsBefore
  }

  /** The PIN pepper, or null without a keychain (PINs then use plain scrypt). */
  pepper(): Buffer | null {
    return this.#pepper
  }

  protection(scope: KeychainScope): Protection {
    return { ...this.#scope(scope).protection }
  }

  /**
   * For money that leaves the till: throws AppError 'keychain_unavailable' with the reason
   * when `environment` is Sandbox or Live and its key is not in the keychain. Demo passes.
   */
  requireProtected(environment: Environment): void {
    if (environment === 'demo') return
    const name = environment === 'live' ? 'Live' : 'Sandbox'
    const protection = this.protection(environment)
    if (!protection.protected) {
      throw new AppError(
        'keychain_unavailable',
        `Payouts in ${name} are off: ${protection.explanation}`,
        {
          say: {
            key: 'tamper.payoutsOffKeychain',
            params: {
              environment: { key: `environment.${environment}` },
              why: keychainSaid(process.platform),
            },
          },
        },
      )
    }
    const authority = this.#authority()
    if (authority !== null) {
      throw new AppError(
        'integrity_failed',
        `Payouts in ${name} are off: ${authority} An admin should look at what changed in Settings and confirm the settings with their PIN.`,
        {
          say: {
            key: 'tamper.payoutsOffAuthority',
            params: { environment: { key: `environment.${environment}` } },
          },
        },
      )
    }
  }

  /** Where requireProtected learns that the authority settings failed their check. */
  watchAuthority(problem: () => string | null): void {
    this.#authority = problem
  }

  /**
   * The sealer and keychain head for journal `name` in `environment`. Heads of KNOWN_JOURNALS
   * are loaded at start; any other name must be opened with openJournal() first.
   */
  journal(environment: KeychainScope, name: string): JournalSeal {
    const state = this.#scope(environment)
    const report = this.#reporter(environment, name)
    const adopt = this.adoptsJournals(environment)
    if (!state.protection.protected) return { sealer: state.sealer, anchor: null, report, adopt }
    const anchor = state.anchors.get(name)
    if (!anchor) throw new Error(`journal ${name} was not opened; call openJournal first`)
    return { sealer: state.sealer, anchor, report, adopt }
  }

  #reporter(scope: KeychainScope, name: string): NonNullable<JournalSeal['report']> {
    // A journal this table does not name is said by its own name.
    const journal = Object.hasOwn(JOURNAL_NAMES, name)
      ? { key: `integrity.journal.name.${name}` }
      : name
    return ({ file, line, reason }) =>
      this.findings.report(
        keyedFinding({
          area: AREAS[name] ?? 'keychain',
          file: `${scope}/${name}: ${file}`,
          record: line === null ? null : { key: 'integrity.record.line', params: { line } },
          problem: {
            key: 'integrity.journal.failed',
            params: { journal, scope: { key: `integrity.journal.scope.${scope}` } },
          },
          consequence: { key: 'integrity.journal.then' },
          detail: reason,
        }),
      )
  }

  /** Like journal(), for any name: reads the head from the keychain if not loaded yet. */
  async openJournal(environment: Environment, name: string): Promise<JournalSeal> {
    const state = this.#scope(environment)
    if (state.protection.protected && !state.anchors.has(name)) {
      state.anchors.set(
        name,
        await ChainAnchor.load(
          this.options.keychain,
          environment,
          headAccount(name, this.#till),
          this.#anchorError,
        ),
      )
    }
    return this.journal(environment, name)
  }

  /** Waits for every journal head recorded so far to reach the keychain. */
  async flushed(): Promise<void> {
    for (const state of this.#scopes.values()) {
      for (const anchor of state.anchors.values()) await anchor.flushed().catch(() => undefined)
    }
  }
}

export type { ChainHead }
