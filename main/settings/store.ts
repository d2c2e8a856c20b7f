// Settings over any key-value file backend: electron-store in the app, conf in Node. Reads go
// through migrations and zod; writes are whole-object and atomic (both backends write a temp
// file and rename). Listeners hear every committed change.
import * as z from 'zod'
import { AppError } from '../kernel/errors'
import type { ChainHead } from '../integrity/anchor'
import { keyedFinding } from '../integrity/findings'
import { sanitizeIdleLock } from './idle-lock'
import { migrate, type MigrationTable, type RawSettings } from './migrations'
import {
  SettingsSchema,
  SETTINGS_VERSION,
  type DeepReadonly,
  type FrozenSettings,
  type Settings,
} from './schema'
import {
  checkSettings,
  sealSettings,
  staffChanges,
  TRUSTED,
  type SettingsIntegrity,
  type SettingsTrust,
} from './seals'

export interface SettingsBackend {
  /** The whole stored object (empty object for a new file). */
  read(): RawSettings
  /** Replaces the whole stored object atomically. */
  write(value: Settings): void
  /** File path, for messages and the keychain test. */
  readonly path: string
}

export type SettingsListener = (settings: FrozenSettings, previous: FrozenSettings) => void

/** Freezes `value` and everything in it (plain JSON data: objects, arrays, scalars). */
function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item)
    Object.freeze(value)
  }
  return value as DeepReadonly<T>
}

export class SettingsStore {
  /** Frozen: read on every call (role, environment, staff), so it is handed out, not cloned. */
  #current: FrozenSettings
  readonly #listeners = new Set<SettingsListener>()
  readonly #integrity: SettingsIntegrity | null
  #trust: SettingsTrust = TRUSTED
  /** Idle lock times the file held out of bounds (replaced by defaults), until next written. */
  #idleLockProblem: string | null = null

  constructor(
    private readonly backend: SettingsBackend,
    options: { migrations?: MigrationTable; version?: number; integrity?: SettingsIntegrity } = {},
  ) {
    this.#integrity = options.integrity ?? null
    const migrated = migrate(backend.read(), options.migrations, options.version)
    const { applied } = migrated
    // A bad idle lock time must neither stop the till nor be kept: see settings/idle-lock.ts.
    const { raw: value, problem: idleLockProblem } = sanitizeIdleLock(migrated.value)
    this.#idleLockProblem = idleLockProblem
    const parsed = SettingsSchema.safeParse(value)
    if (!parsed.success) {
      throw new AppError(
        'settings_corrupt',
        `The settings file at ${backend.path} is not valid (${z.prettifyError(parsed.error).split('\n')[0]}). Restore it from a backup or remove it to start the first-run setup again.`,
        { say: { key: 'settings.invalid', params: { where: backend.path } } },
      )
    }
    let current = parsed.data
    const integrity = this.#integrity
    if (integrity && current.seals === null && integrity.adopt && integrity.sealer.enforced) {
      // A file from before sealing, on a till whose device key was just made: adopt it once.
      current = { ...current, seals: sealSettings(current, null, integrity, TRUSTED, true) }
      backend.write(current)
      this.#current = deepFreeze(current)
      integrity.anchor?.set(this.#head(current))
    } else {
      if (integrity) this.#trust = checkSettings(current, integrity, backend.path)
      // Persist upgrades at once so a crash later can't leave a half-migrated file behind.
      if (applied.length > 0) backend.write(current)
      this.#current = deepFreeze(current)
      // Sealed by an earlier version (staff seals without the generation): written again now,
      // while the file is known to be the one the keychain names, so a record spliced in later
      // can't pass.
      if (this.#trust.upgrade && integrity?.sealer.enforced) this.update(() => undefined)
    }
    this.#reportIdleLock()
  }

  /** Tells the admin about refused idle lock times, next to the other settings findings. */
  #reportIdleLock(): void {
    if (this.#idleLockProblem === null || !this.#integrity) return
    this.#integrity.findings.report(
      keyedFinding({
        area: 'settings',
        file: this.backend.path,
        record: { key: 'integrity.record.idleLock' },
        problem: { key: 'integrity.settings.idleLock' },
        consequence: { key: 'integrity.settings.idleLockThen' },
        detail: this.#idleLockProblem,
      }),
    )
  }

  /** What failed its check when the file was read (untrusted staff are never honoured). */
  get trust(): SettingsTrust {
    return this.#trust
  }

  /** The head for the keychain: generation, authority seal and when each record changed. */
  #head(previous: FrozenSettings): ChainHead {
    const seals = this.#current.seals
    const generation = seals?.generation ?? 0
    return {
      seq: generation,
      hash: seals?.authority ?? '',
      staff: staffChanges(
        this.#current,
        previous,
        this.#integrity?.anchor?.head ?? null,
        generation,
      ),
    }
  }

  get path(): string {
    return this.backend.path
  }

  /**
   * The settings, frozen: a caller can't change the store by accident (the type says so, and
   * a write throws), and nothing is copied on the calls that read them many times a second.
   */
  get(): FrozenSettings {
    return this.#current
  }

  /**
   * Applies `change` to a copy, seals, validates, writes, then notifies. `confirm` is an
   * admin saving the settings: authority settings that failed their check are sealed again.
   */
  update(change: (draft: Settings) => void, options: { confirm?: boolean } = {}): FrozenSettings {
    const previous = this.#current
    const draft = structuredClone(previous) as Settings
    change(draft)
    const integrity = this.#integrity
    if (integrity?.sealer.enforced) {
      draft.seals = sealSettings(
        draft,
        previous.seals,
        integrity,
        this.#trust,
        options.confirm ?? false,
      )
    } else {
      // No keychain: nothing can be sealed; the seals stay as they were (see docs/security.md).
      draft.seals = previous.seals
    }
    const parsed = SettingsSchema.safeParse(draft)
    if (!parsed.success) {
      // A bug in a service, not user input (inputs are parsed at the IPC edge).
      throw new Error(`Refusing to write invalid settings: ${z.prettifyError(parsed.error)}`)
    }
    this.backend.write(parsed.data)
    this.#current = deepFreeze(parsed.data)
    // The file now holds valid idle lock times: that finding is settled.
    const idleLockSettled = this.#idleLockProblem !== null
    this.#idleLockProblem = null
    if (idleLockSettled) integrity?.findings.clear('settings', this.backend.path)
    if (integrity?.sealer.enforced) {
      integrity.anchor?.set(this.#head(previous))
      // A removed profile, or an admin's confirmation, may have cleared a finding.
      const problems = this.#trust.untrustedUsers.size > 0 || this.#trust.authorityProblem !== null
      if (problems || idleLockSettled) {
        this.#trust = checkSettings(parsed.data, integrity, this.backend.path)
      }
    }
    for (const listener of this.#listeners) listener(this.#current, previous)
    return this.#current
  }

  onChange(listener: SettingsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

export const CURRENT_SETTINGS_VERSION = SETTINGS_VERSION
