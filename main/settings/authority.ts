// Authority settings that failed their check: what the admin looks at and how they confirm.
//
// While the settings seal fails, every gateway call in Sandbox and Live is stopped
// (EnvironmentService). To lift that an admin must see what changed, the values in the file
// next to the last ones this till trusted, and confirm with a fresh PIN, on its own channel.
// Saving any other section never confirms (settings/handlers.ts).
//
// The last trusted values are kept in `<data>/settings-trusted.json`, a sealed file anchored
// in the keychain (main/integrity/sealed-file.ts, head `settings-trusted`): the cashier can
// delete it, replace it or put an older copy back, never forge one, and an older copy is not
// shown as the last trusted state. It is only a reference for the admin's eyes; a missing or
// failed copy is said in words, and nothing is ever trusted because of it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod'
import type { AuthorityReview, AuthorityValues } from '../../common/ipc/settings'
import type { Said } from '../../common/ipc/contract'
import { ERROR_WORDS } from '../../common/words/errors'
import { readBack, sentencesOf } from '../../common/words/read-back'
import { english, refuse } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import { SEALED_FILE_FORMAT, SealedFile } from '../integrity/sealed-file'
import type { JournalSeal } from '../integrity/service'
import { canonicalJson, sha256Hex } from '../kernel/canonicalJson'
import type { FrozenSettings } from './schema'
import type { SettingsStore } from './store'

export const TRUSTED_COPY_FILE = 'settings-trusted.json'
const DOMAIN = 'settings.trusted.v2'

const Nullable = z.string().max(2000).nullable()
const ValuesSchema = z.strictObject({
  environment: z.enum(['demo', 'sandbox', 'live']),
  baseUrls: z.strictObject({ sandbox: Nullable, live: Nullable }),
  keyIds: z.strictObject({ demo: Nullable, sandbox: Nullable, live: Nullable }),
  tillName: z.string().max(200),
  idleLock: z.strictObject({
    cashier: z.number().int(),
    supervisor: z.number().int(),
    admin: z.number().int(),
  }),
  staff: z.array(z.strictObject({ id: z.string().max(100), name: z.string().max(200) })),
})
const NO_COPY: Said = { key: 'settings.trust.noCopy' }
/** The trust problems' sentences (main/settings/seals.ts), to name one by key again. */
const TRUST = sentencesOf(ERROR_WORDS.en.settings.trust, 'settings.trust')

/** Why the settings are not trusted, by key, when main's words made it (`settings.trust`). */
export const trustProblemSaid = (problem: string): Said | undefined => readBack(TRUST, problem)

export function authorityValues(settings: FrozenSettings): AuthorityValues {
  return {
    environment: settings.environment,
    baseUrls: { ...settings.baseUrls },
    keyIds: { ...settings.keyIds },
    tillName: settings.tillName,
    idleLock: { ...settings.idleLock },
    staff: settings.users
      .map((user) => ({ id: user.id, name: user.name }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  }
}

const fingerprintOf = (values: AuthorityValues): string => sha256Hex(canonicalJson(values))

export interface AuthorityOptions {
  settings: SettingsStore
  /** The till's sealer and the copy's head in the keychain (`settings-trusted`). */
  seal: JournalSeal
  dataDir: string
  log: Logger
}

type Copy = { values: AuthorityValues; why: null } | { values: null; why: Said; detail?: string }

export class AuthorityReviewService {
  readonly #file: SealedFile<AuthorityValues>
  /** The copy as read at start, then as last written. */
  #copy: Copy

  constructor(private readonly options: AuthorityOptions) {
    const path = join(options.dataDir, TRUSTED_COPY_FILE)
    this.#file = new SealedFile(path, {
      domain: DOMAIN,
      schema: ValuesSchema,
      seal: options.seal,
      fallback: 'what changed in the settings cannot be shown against it',
    })
    this.#copy = this.#read(path)
    this.recordIfTrusted()
    options.settings.onChange(() => this.recordIfTrusted())
  }

  #read(path: string): Copy {
    if (!this.options.seal.sealer.enforced) return { values: null, why: NO_COPY }
    // A copy kept by a version before it was anchored (no `format`): not shown, since an
    // older one could not be told from the last; the next trusted values replace it.
    let text: string | null = null
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      text = null
    }
    if (
      text !== null &&
      this.options.seal.anchor?.head == null &&
      !text.includes(SEALED_FILE_FORMAT)
    )
      return { values: null, why: NO_COPY }
    const read = this.#file.read()
    if (read.value) return { values: read.value, why: null }
    if (read.problem === null) return { values: null, why: NO_COPY }
    // The file's own problem is an engineer's detail: in the English, never in the keyed words.
    return {
      values: null,
      why: { key: 'settings.trust.copyDamaged', params: { file: TRUSTED_COPY_FILE } },
      detail: read.problem,
    }
  }

  /** Why the authority settings are not trusted, in words; null when they are. */
  problem(): string | null {
    return this.options.settings.trust.authorityProblem
  }

  review(): AuthorityReview {
    const stored = authorityValues(this.options.settings.get())
    const copy = this.#copy
    const problem = this.problem()
    const problemSay = problem === null ? undefined : trustProblemSaid(problem)
    return {
      problem,
      ...(problemSay ? { problemSay } : {}),
      stored,
      trusted: copy.values,
      trustedUnknown: copy.values ? null : copyWhy(copy),
      ...(copy.values ? {} : { trustedUnknownSay: copy.why }),
      fingerprint: fingerprintOf(stored),
    }
  }

  /** The admin trusts what they were shown (`fingerprint`); the IPC guard checked the PIN. */
  confirm(fingerprint: string): AuthorityReview {
    const current = this.review()
    if (current.fingerprint !== fingerprint) {
      throw refuse('authority_changed', { key: 'settings.changedSinceShown' })
    }
    if (current.problem === null) return current
    this.options.settings.update(() => undefined, { confirm: true })
    this.options.log.warn('authority settings confirmed by an admin after a failed check', {
      problem: current.problem,
    })
    return this.review()
  }

  /** Keeps the sealed copy of the values, whenever they are trusted and differ from it. */
  recordIfTrusted(): void {
    const { settings, seal } = this.options
    const current = settings.get()
    if (
      !seal.sealer.enforced ||
      current.seals === null ||
      settings.trust.authorityProblem !== null
    ) {
      return
    }
    const values = authorityValues(current)
    if (this.#copy.values && canonicalJson(this.#copy.values) === canonicalJson(values)) return
    try {
      this.#file.write(values)
      this.#copy = { values, why: null }
    } catch (error) {
      // Only the admin's view of a later difference depends on it.
      this.options.log.warn('could not keep the copy of the trusted settings', { error })
    }
  }
}

/** Why the copy cannot show what changed, in main's English (with the file's own problem). */
function copyWhy(copy: { why: Said; detail?: string }): string {
  const why = english(copy.why)
  return copy.detail ? `${why} Details: ${copy.detail}.` : why
}
