// Shift settings: the end of the business day and the time zone it is read in. Kept in the
// shifts folder (not the till's settings file) because only this feature reads them; written
// atomically, read tolerantly: a damaged file falls back to the defaults instead of stopping
// the till.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ShiftSettingsView } from '../../common/ipc/shifts'
import { writeFileAtomicSync } from '../app/atomicFile'
import { systemTimeZone } from './endOfDay'

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

export class ShiftSettings {
  #stored: Stored

  constructor(private readonly dir: string) {
    this.#stored = ShiftSettings.#read(join(dir, FILE))
  }

  static #read(path: string): Stored {
    try {
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stored>
      return {
        endOfDay:
          typeof raw.endOfDay === 'string' && HHMM.test(raw.endOfDay)
            ? raw.endOfDay
            : DEFAULT_END_OF_DAY,
        timeZone: validZone(raw.timeZone) ? raw.timeZone : null,
      }
    } catch {
      return { endOfDay: DEFAULT_END_OF_DAY, timeZone: null }
    }
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
    writeFileAtomicSync(join(this.dir, FILE), JSON.stringify(next))
    this.#stored = next
    return this.view()
  }
}
