// A small write-ahead journal of records keyed by merchant reference. A record is written
// before its request is sent, so after a crash or a timeout main still knows which reference
// to verify. Payments, refunds, mandates and debits each keep one. The file is rewritten whole
// and atomically (temp file, fsync, rename, fsync of the directory) and read back through zod;
// it never holds a secret, OTP or PIN (the schemas have no field for one).
import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type * as z from 'zod'
import { writeFileAtomicSync } from '../app/atomicFile'
import type { Logger } from '../app/log'

export interface JournalStorage {
  /** Every stored record, as last written (unvalidated). */
  load(): unknown[]
  save(records: readonly unknown[]): void
}

/** Keeps records in memory only: tests, and a till with no data directory. */
export function memoryStorage(initial: unknown[] = []): JournalStorage & { saved: unknown[] } {
  const state = { saved: structuredClone(initial) }
  return {
    get saved() {
      return state.saved
    },
    load: () => structuredClone(state.saved),
    save: (records) => {
      state.saved = structuredClone([...records])
    },
  }
}

/** `<dir>/<name>.json`, owner-readable only. */
export function fileStorage(dir: string, name: string): JournalStorage {
  const path = join(dir, `${name}.json`)
  return {
    load: () => {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      const parsed: unknown = JSON.parse(text)
      return Array.isArray(parsed) ? parsed : []
    },
    save: (records) => {
      mkdirSync(dirname(path), { recursive: true })
      // fsynced file and directory: "durable once put returns" must survive a power cut.
      writeFileAtomicSync(path, JSON.stringify(records))
    },
  }
}

export interface JournalOptions<T> {
  schema: z.ZodType<T>
  storage: JournalStorage
  keyOf: (record: T) => string
  /** Sort key, newest first in list(). */
  timeOf: (record: T) => string
  /** Oldest records beyond this many are dropped on write (never unfinished ones). */
  limit: number
  /** Records that must be kept past the limit (not final yet). */
  keep?: (record: T) => boolean
  log?: Logger
  name: string
}

export class Journal<T> {
  readonly #records = new Map<string, T>()

  constructor(private readonly options: JournalOptions<T>) {
    let raw: unknown[] = []
    try {
      raw = options.storage.load()
    } catch (error) {
      // A damaged journal must not stop the till; the gateway still has every record.
      options.log?.warn(`${options.name} journal unreadable; starting empty`, error)
    }
    for (const item of raw) {
      const parsed = options.schema.safeParse(item)
      if (parsed.success) this.#records.set(options.keyOf(parsed.data), parsed.data)
      else options.log?.warn(`${options.name} journal: skipped an invalid record`)
    }
  }

  get(key: string): T | undefined {
    const record = this.#records.get(key)
    return record === undefined ? undefined : structuredClone(record)
  }

  has(key: string): boolean {
    return this.#records.has(key)
  }

  /** Newest first. */
  list(): T[] {
    return [...this.#records.values()]
      .sort((a, b) => this.options.timeOf(b).localeCompare(this.options.timeOf(a)))
      .map((record) => structuredClone(record))
  }

  /** Writes through to storage before returning: the record is durable once this returns. */
  put(record: T): T {
    this.#records.set(this.options.keyOf(record), structuredClone(record))
    this.#trim()
    this.#flush()
    return structuredClone(record)
  }

  /** Reads, changes and writes one record; returns undefined when it is not there. */
  update(key: string, change: (record: T) => T): T | undefined {
    const current = this.#records.get(key)
    if (current === undefined) return undefined
    return this.put(change(structuredClone(current)))
  }

  remove(key: string): void {
    if (this.#records.delete(key)) this.#flush()
  }

  #trim(): void {
    const extra = this.#records.size - this.options.limit
    if (extra <= 0) return
    const removable = this.list()
      .reverse()
      .filter((record) => !(this.options.keep?.(record) ?? false))
      .slice(0, extra)
    for (const record of removable) this.#records.delete(this.options.keyOf(record))
  }

  #flush(): void {
    this.options.storage.save([...this.#records.values()])
  }
}
