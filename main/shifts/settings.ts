// Shift settings: the end of the business day and the time zone it is read in. Kept in the
// shifts folder (not the till's settings file) because only this feature reads them. They
// decide when the end-of-day reminder comes and how times print, so the file is sealed with
// the till's device key and anchored in the keychain (main/integrity/sealed-file.ts): a
// damaged, unsealed, edited or older file falls back to the defaults, with a finding,
// instead of stopping the till.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod'
import type { ShiftSettingsView } from '../../common/ipc/shifts'
import { SealedFile, type JournalSeal } from '../integrity'
import { systemTimeZone } from './endOfDay'
import type { CoreServices } from '../compose/core'

export const DEFAULT_END_OF_DAY = '22:00'
const FILE = 'settings.json'
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/

interface Stored {
  endOfDay: string
  /** null: follow the computer's zone. */
  timeZone: string | null
}

function validZone(zone: unknown): zone is string {
  if (typeof zone !== 'string') return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const StoredSchema = z.object({
  endOfDay: z.string().regex(HHMM),
  timeZone: z.string().refine(validZone).nullable(),
})

export class ShiftSettings {
  #stored: Stored
  readonly #file: SealedFile<Stored>

  constructor(
    private readonly dir: string,
    seal: JournalSeal | null = null,
  ) {
    this.#file = new SealedFile(join(dir, FILE), {
      domain: 'shifts.settings.v1',
      schema: StoredSchema,
      seal,
      fallback: `the defaults apply (end of day ${DEFAULT_END_OF_DAY}, the computer's time zone)`,
    })
    this.#stored = this.#file.read().value ?? { endOfDay: DEFAULT_END_OF_DAY, timeZone: null }
  }

  view(): ShiftSettingsView {
    return { endOfDay: this.#stored.endOfDay, timeZone: this.#stored.timeZone ?? systemTimeZone() }
  }

  update(changes: {
    endOfDay?: string | undefined
    timeZone?: string | undefined
  }): ShiftSettingsView {
    const next: Stored = {
      endOfDay: changes.endOfDay ?? this.#stored.endOfDay,
      timeZone: changes.timeZone ?? this.#stored.timeZone,
    }
    mkdirSync(this.dir, { recursive: true })
    this.#file.write(next)
    this.#stored = next
    return this.view()
  }
}

/**
 * The till's time zone as the shifts read it, afresh each call (a change counts at once): the
 * day of the shop's views and of the reconciliation is the Z-reports' day.
 */
export const shiftsTimeZone = (core: Pick<CoreServices, 'dataDir' | 'integrity'>): string =>
  new ShiftSettings(
    join(core.dataDir, 'shifts'),
    core.integrity.journal('till', 'shift-settings'),
  ).view().timeZone
