// The admin's update choices (channel, feed, paused), in `<data>/updates.json`. A file of its
// own rather than the settings file: only this feature reads it. The feed decides what code
// the till runs, so the file is sealed with the till's device key and anchored in the
// keychain (main/integrity/sealed-file.ts): a missing, damaged, unsealed, edited or older
// file is ignored with a finding and the defaults apply (stable, the build's feed, not
// paused), never stopping the till.
import { join } from 'node:path'
import * as z from 'zod'
import { UPDATE_CHANNELS, UpdateSourceSchema } from '../../common/ipc/updates'
import type { Logger } from '../kernel/log'
import { SealedFile, type JournalSeal } from '../integrity'
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
  readonly #file: SealedFile<UpdatePreferences>

  constructor(dir: string, log: Logger, seal: JournalSeal | null = null) {
    this.#file = new SealedFile(join(dir, UPDATE_PREFERENCES_FILE), {
      domain: 'updates.preferences.v1',
      schema: StoredSchema,
      seal,
      fallback: "the defaults apply (stable channel, the build's own feed, not paused)",
    })
    const { value, problem } = this.#file.read()
    if (problem) log.warn('update preferences not used; the defaults apply', { problem })
    this.#current = value ?? structuredClone(DEFAULT_UPDATE_PREFERENCES)
  }

  get(): UpdatePreferences {
    return structuredClone(this.#current)
  }

  set(change: Partial<UpdatePreferences>): UpdatePreferences {
    const next = StoredSchema.parse({ ...this.#current, ...change })
    this.#file.write(next)
    this.#current = next
    return this.get()
  }
}
