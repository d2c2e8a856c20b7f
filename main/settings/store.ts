// Settings over any key-value file backend: electron-store in the app, conf in Node. Reads go
// through migrations and zod; writes are whole-object and atomic (both backends write a temp
// file and rename). Listeners hear every committed change.
import * as z from 'zod'
import { AppError } from '../app/errors'
import { migrate, type MigrationTable, type RawSettings } from './migrations'
import { SettingsSchema, SETTINGS_VERSION, type Settings } from './schema'

export interface SettingsBackend {
  /** The whole stored object (empty object for a new file). */
  read(): RawSettings
  /** Replaces the whole stored object atomically. */
  write(value: Settings): void
  /** File path, for messages and the keychain test. */
  readonly path: string
}

export type SettingsListener = (settings: Settings, previous: Settings) => void

export class SettingsStore {
  #current: Settings
  readonly #listeners = new Set<SettingsListener>()

  constructor(
    private readonly backend: SettingsBackend,
    options: { migrations?: MigrationTable; version?: number } = {},
  ) {
    const { value, applied } = migrate(backend.read(), options.migrations, options.version)
    const parsed = SettingsSchema.safeParse(value)
    if (!parsed.success) {
      throw new AppError(
        'settings_corrupt',
        `The settings file at ${backend.path} is not valid (${z.prettifyError(parsed.error).split('\n')[0]}). Restore it from a backup or remove it to start the first-run setup again.`,
      )
    }
    this.#current = parsed.data
    // Persist upgrades at once so a crash later can't leave a half-migrated file behind.
    if (applied.length > 0) backend.write(this.#current)
  }

  get path(): string {
    return this.backend.path
  }

  /** A copy: callers can't mutate the store by accident. */
  get(): Settings {
    return structuredClone(this.#current)
  }

  /** Applies `change` to a copy, validates, writes, then notifies. */
  update(change: (draft: Settings) => void): Settings {
    const previous = this.#current
    const draft = structuredClone(previous)
    change(draft)
    const parsed = SettingsSchema.safeParse(draft)
    if (!parsed.success) {
      // A bug in a service, not user input (inputs are parsed at the IPC edge).
      throw new Error(`Refusing to write invalid settings: ${z.prettifyError(parsed.error)}`)
    }
    this.backend.write(parsed.data)
    this.#current = parsed.data
    for (const listener of this.#listeners) listener(this.get(), structuredClone(previous))
    return this.get()
  }

  onChange(listener: SettingsListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

export const CURRENT_SETTINGS_VERSION = SETTINGS_VERSION
