import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../main/kernel/errors'
import { confBackend } from '../../../main/settings/conf-backend'
import { migrate, MIGRATIONS, type MigrationTable } from '../../../main/settings/migrations'
import { defaultSettings, SETTINGS_VERSION, type Settings } from '../../../main/settings/schema'
import { SettingsStore } from '../../../main/settings/store'
import { memoryBackend } from './helpers'

const codeOf = (run: () => unknown): string => {
  try {
    run()
    return 'ok'
  } catch (error) {
    return error instanceof AppError ? error.code : `other: ${String(error)}`
  }
}

describe('settings migrations', () => {
  it('turns a new (empty) file into the current defaults: Demo, no keys, no users', () => {
    const { value, from, applied } = migrate({})
    expect(from).toBe(0)
    expect(applied).toEqual([1, 2])
    expect(value).toEqual(defaultSettings())
    expect(value.environment).toBe('demo')
  })

  it('keeps known values of an unversioned file and fills the rest', () => {
    const { value } = migrate({ tillName: 'Till 7', environment: 'sandbox', stray: 'dropped' })
    expect(value).toMatchObject({
      schemaVersion: 2,
      tillName: 'Till 7',
      environment: 'sandbox',
      users: [],
    })
    expect(value).not.toHaveProperty('stray')
  })

  it('leaves a current file alone', () => {
    const current = { ...defaultSettings(), tillName: 'Front' }
    const { value, applied } = migrate(current as never)
    expect(applied).toEqual([])
    expect(value).toEqual(current)
  })

  it('runs each step in order and stamps the version', () => {
    const seen: number[] = []
    const table: MigrationTable = {
      1: (raw) => (seen.push(1), { ...raw, a: 1 }),
      2: (raw) => (seen.push(2), { ...raw, b: (raw.a as number) + 1 }),
      3: (raw) => (seen.push(3), { ...raw, c: (raw.b as number) + 1 }),
    }
    const { value, applied } = migrate({ schemaVersion: 1, a: 1 }, table, 3)
    expect(seen).toEqual([2, 3])
    expect(applied).toEqual([2, 3])
    expect(value).toEqual({ schemaVersion: 3, a: 1, b: 2, c: 3 })
  })

  it('refuses a file from a newer Tilldesk instead of overwriting it', () => {
    expect(codeOf(() => migrate({ schemaVersion: SETTINGS_VERSION + 1 }))).toBe('settings_too_new')
  })

  it('refuses a nonsense version', () => {
    expect(codeOf(() => migrate({ schemaVersion: 'two' }))).toBe('settings_corrupt')
    expect(codeOf(() => migrate({ schemaVersion: -1 }))).toBe('settings_corrupt')
  })

  it('has a step for every version up to the current one', () => {
    for (let version = 1; version <= SETTINGS_VERSION; version++)
      expect(MIGRATIONS[version]).toBeTypeOf('function')
  })
})

describe('SettingsStore', () => {
  it('writes the migrated file at once, so an old file is never half-upgraded', () => {
    const backend = memoryBackend({ tillName: 'Old till' })
    new SettingsStore(backend)
    expect(backend.writes).toBe(1)
    expect(backend.raw()).toMatchObject({ schemaVersion: SETTINGS_VERSION, tillName: 'Old till' })
  })

  it('explains a file that does not match the schema', () => {
    const backend = memoryBackend({ ...defaultSettings(), environment: 'staging' })
    const error = (() => {
      try {
        new SettingsStore(backend)
      } catch (problem) {
        return problem
      }
    })()
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('settings_corrupt')
    expect((error as AppError).message).toContain('/memory/settings.json')
  })

  it('validates every update and leaves the file untouched when it is invalid', () => {
    const backend = memoryBackend()
    const store = new SettingsStore(backend)
    const writes = backend.writes
    expect(() =>
      store.update((draft) => {
        draft.pollIntervals.waitingMs = 10
      }),
    ).toThrow(/Refusing to write invalid settings/)
    expect(backend.writes).toBe(writes)
    expect(store.get().pollIntervals.waitingMs).toBe(1000)
  })

  it('hands out frozen settings and tells listeners the new and old values', () => {
    const store = new SettingsStore(memoryBackend())
    const seen: Array<[string, string]> = []
    store.onChange((next, previous) => seen.push([previous.tillName, next.tillName]))
    const handed = store.get() as Settings
    // Nothing a caller holds changes the store: a write throws, down to the nested parts.
    expect(() => (handed.tillName = 'mutated')).toThrow(TypeError)
    expect(() => (handed.pollIntervals.waitingMs = 1)).toThrow(TypeError)
    expect(() => handed.users.push({} as Settings['users'][number])).toThrow(TypeError)
    expect(store.get().tillName).toBe('Till 1')
    store.update((draft) => {
      draft.tillName = 'Front'
    })
    expect(seen).toEqual([['Till 1', 'Front']])
  })
})

describe('conf backend (the Node twin of electron-store)', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('round-trips through settings.json, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-settings-'))
    dirs.push(dir)
    const store = new SettingsStore(confBackend(dir))
    store.update((draft) => {
      draft.tillName = 'Till 9'
    })
    const file = join(dir, 'settings.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      schemaVersion: 2,
      tillName: 'Till 9',
    })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(new SettingsStore(confBackend(dir)).get().tillName).toBe('Till 9')
  })

  it('migrates an unversioned file on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-settings-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ tillName: 'Legacy' }))
    const store = new SettingsStore(confBackend(dir))
    expect(store.get()).toMatchObject({ schemaVersion: 2, tillName: 'Legacy', environment: 'demo' })
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).schemaVersion).toBe(2)
  })
})
