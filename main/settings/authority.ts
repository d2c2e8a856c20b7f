// Authority settings that failed their check: what the admin looks at and how they confirm.
//
// While the settings seal fails, every gateway call in Sandbox and Live is stopped
// (EnvironmentService). To lift that an admin must see what changed, the values in the file
// next to the last ones this till trusted, and confirm with a fresh PIN, on its own channel.
// Saving any other section never confirms (settings/handlers.ts).
//
// The last trusted values are kept in `<data>/settings-trusted.json`, sealed with the till's
// device key: the cashier can delete or replace that copy, never forge one. It is only a
// reference for the admin's eyes; a missing or failed copy is said in words, and nothing is
// ever trusted because of it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod'
import type { AuthorityReview, AuthorityValues } from '../../common/ipc/settings'
import { AppError } from '../app/errors'
import { writeFileAtomicSync } from '../app/atomicFile'
import type { Logger } from '../app/log'
import type { Sealer } from '../integrity/seal'
import { canonicalJson, sha256Hex } from '../payouts/canonicalJson'
import type { FrozenSettings } from './schema'
import type { SettingsStore } from './store'

export const TRUSTED_COPY_FILE = 'settings-trusted.json'
const DOMAIN = 'settings.trusted.v1'

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
const CopySchema = z.strictObject({
  generation: z.number().int().min(0),
  values: ValuesSchema,
  seal: z.string(),
})

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
  /** The till's sealer (staff records and authority settings). */
  sealer: Sealer
  dataDir: string
  log: Logger
}

export class AuthorityReviewService {
  readonly #path: string

  constructor(private readonly options: AuthorityOptions) {
    this.#path = join(options.dataDir, TRUSTED_COPY_FILE)
    this.recordIfTrusted()
    options.settings.onChange(() => this.recordIfTrusted())
  }

  /** Why the authority settings are not trusted, in words; null when they are. */
  problem(): string | null {
    return this.options.settings.trust.authorityProblem
  }

  review(): AuthorityReview {
    const stored = authorityValues(this.options.settings.get())
    const copy = this.#readCopy()
    return {
      problem: this.problem(),
      stored,
      trusted: copy.values,
      trustedUnknown: copy.values ? null : copy.why,
      fingerprint: fingerprintOf(stored),
    }
  }

  /** The admin trusts what they were shown (`fingerprint`); the IPC guard checked the PIN. */
  confirm(fingerprint: string): AuthorityReview {
    const current = this.review()
    if (current.fingerprint !== fingerprint) {
      throw new AppError(
        'authority_changed',
        'The settings changed after they were shown. Look at them again before confirming.',
      )
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
    const { settings, sealer } = this.options
    const current = settings.get()
    if (!sealer.enforced || current.seals === null || settings.trust.authorityProblem !== null) {
      return
    }
    const values = authorityValues(current)
    const copy = this.#readCopy()
    if (copy.values && canonicalJson(copy.values) === canonicalJson(values)) return
    const generation = current.seals.generation
    const seal = sealer.seal(DOMAIN, { generation, values })
    try {
      writeFileAtomicSync(this.#path, `${JSON.stringify({ generation, values, seal }, null, 2)}\n`)
    } catch (error) {
      // Only the admin's view of a later difference depends on it.
      this.options.log.warn('could not keep the copy of the trusted settings', { error })
    }
  }

  #readCopy(): { values: AuthorityValues; why: null } | { values: null; why: string } {
    let text: string
    try {
      text = readFileSync(this.#path, 'utf8')
    } catch {
      return {
        values: null,
        why: 'This till has no copy of earlier trusted settings (it is kept from the first time the settings pass their check), so what changed cannot be shown.',
      }
    }
    try {
      const copy = CopySchema.parse(JSON.parse(text))
      if (
        this.options.sealer.enforced &&
        this.options.sealer.check(
          DOMAIN,
          { generation: copy.generation, values: copy.values },
          copy.seal,
        )
      ) {
        return { values: copy.values, why: null }
      }
    } catch {
      // Unreadable: said below like a failed seal.
    }
    return {
      values: null,
      why: `The copy of the last trusted settings (${TRUSTED_COPY_FILE}) was changed, replaced or damaged outside Tilldesk, so what changed cannot be shown.`,
    }
  }
}
