// The admin's update choices (channel, feed, paused), in `<data>/updates.json`. A file of its
// own rather than the settings file: only this feature reads it, and a missing or damaged
// file falls back to the defaults (stable, GitHub Releases, not paused) instead of stopping
// the till.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod'
import { UPDATE_CHANNELS, UpdateSourceSchema } from '../../common/ipc/updates'
import { writeFileAtomicSync } from '../app/atomicFile'
import type { Logger } from '../app/log'
import type { UpdatePreferences } from './policy'

export const UPDATE_PREFERENCES_FILE = 'updates.json'

const StoredSchema = z.strictObject({
  channel: z.enum(UPDATE_CHANNELS),
  paused: z.boolean(),
  source: UpdateSourceSchema,
})

export const DEFAULT_UPDATE_PREFERENCES: UpdatePreferences = {
  channel: 'stable',
  paused: false,
  source: { kind: 'github' },
}

export class UpdatePreferencesFile {
  #current: UpdatePreferences
  readonly #path: string

  constructor(dir: string, log: Logger) {
    this.#path = join(dir, UPDATE_PREFERENCES_FILE)
    this.#current = read(this.#path, log)
  }

  get(): UpdatePreferences {
    return structuredClone(this.#current)
  }

  set(change: Partial<UpdatePreferences>): UpdatePreferences {
    const next = StoredSchema.parse({ ...this.#current, ...change })
    writeFileAtomicSync(this.#path, `${JSON.stringify(next, null, 2)}\n`)
    this.#current = next
    return this.get()
  }
}

function read(path: string, log: Logger): UpdatePreferences {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return structuredClone(DEFAULT_UPDATE_PREFERENCES)
  }
  try {
    return StoredSchema.parse(JSON.parse(text))
  } catch (error) {
    log.warn('update preferences unreadable; using the defaults', { path, error })
    return structuredClone(DEFAULT_UPDATE_PREFERENCES)
  }
}
