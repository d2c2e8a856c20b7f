// Versioned upgrades of the settings file. Each step takes the raw object written by version
// n-1 and returns version n; we run them in order, then validate the result with zod. We do
// our own versioning instead of electron-store's app-version migrations so the same code runs
// on `conf` in Node and the file records the shape it holds, not the app that wrote it.
import { refuse } from '../kernel/errors'
import { defaultSettings, SETTINGS_VERSION } from './schema'

export type RawSettings = Record<string, unknown>
export type Migration = (previous: RawSettings) => RawSettings
/** migrations[n] upgrades a version n-1 file to version n. Version 0 is "no version yet". */
export type MigrationTable = Readonly<Record<number, Migration>>

export const MIGRATIONS: MigrationTable = {
  // 0 → 1: a new or unversioned file. Keep whatever valid-looking keys it has and fill the
  // rest from the defaults; validation afterwards rejects anything malformed.
  1: (previous) => {
    const defaults = defaultSettings() as unknown as RawSettings
    const merged: RawSettings = { ...defaults }
    for (const key of Object.keys(defaults)) {
      if (key in previous && key !== 'schemaVersion') merged[key] = previous[key]
    }
    merged.schemaVersion = 1
    return merged
  },
  // 1 → 2: seals over staff records and authority settings. A file from before has none; the
  // store adopts it (seals it) only when this till's device key is new (settings/seals.ts).
  2: (previous) => ({ ...previous, seals: null }),
}

export function versionOf(raw: RawSettings): number {
  const version = raw.schemaVersion
  if (version === undefined) return 0
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw refuse('settings_corrupt', { key: 'settings.badVersion' })
  }
  return version
}

/**
 * Brings `raw` up to `target`. Returns the upgraded object and the versions it passed
 * through. Refuses files from a newer Tilldesk rather than guessing (and overwriting them).
 */
export function migrate(
  raw: RawSettings,
  table: MigrationTable = MIGRATIONS,
  target: number = SETTINGS_VERSION,
): { value: RawSettings; from: number; applied: number[] } {
  const from = versionOf(raw)
  if (from > target) {
    throw refuse('settings_too_new', { key: 'settings.tooNew', params: { from, target } })
  }
  let value = raw
  const applied: number[] = []
  for (let version = from + 1; version <= target; version += 1) {
    const step = table[version]
    if (!step) throw new Error(`No settings migration to version ${version}.`)
    value = { ...step(value), schemaVersion: version }
    applied.push(version)
  }
  return { value, from, applied }
}
