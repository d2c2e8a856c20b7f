// A small write-ahead journal of records keyed by merchant reference. A record is written
// before its request is sent, so after a crash or a timeout main still knows which reference
// to verify. Payments, refunds, mandates and debits each keep one. The file is rewritten whole
// and atomically (temp file, fsync, rename, fsync of the directory) and read back through zod;
// it never holds a secret, OTP or PIN (the schemas have no field for one).
//
// Damage is never skipped: a file that does not parse, or a record that does not validate,
// stops this journal (every call answers AppError 'journal_damaged' in words), the admin is
// told which file and record, and the file is never written again until it is looked at.
// (Files are replaced whole and atomically, so there is no torn last line to forgive.)
//
// With a device key (`seal`, main/integrity/) the file is a sealed document: each record and
// the whole set carry the key's HMAC, and the generation with its seal is kept in the OS
// keychain, so an edited, added or removed record, or an older copy of the file, is caught.
import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as z from 'zod'
import { writeFileAtomicSync } from '../kernel/atomicFile'
import type { Said } from '../../common/ipc/contract'
import { AppError } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import {
  JournalIntegrityError,
  journalSaid,
  openSealedDocument,
  sealedDocument,
  type JournalSeal,
} from '../integrity'

export interface JournalStorage {
  /** The stored value as last written, parsed but unvalidated ([] when there is none). */
  load(): unknown
  save(value: unknown): void
  /** The file's name, for messages. */
  readonly label?: string
}

/** Keeps records in memory only: tests, and a till with no data directory. */
export function memoryStorage(initial: unknown = []): JournalStorage & { saved: unknown[] } {
  const state = { saved: structuredClone(initial) }
  return {
    get saved() {
      return state.saved as unknown[]
    },
    label: 'memory',
    load: () => structuredClone(state.saved),
    save: (value) => {
      state.saved = structuredClone(value)
    },
  }
}

/** `<dir>/<name>.json`, owner-readable only. */
export function fileStorage(dir: string, name: string): JournalStorage {
  const path = join(dir, `${name}.json`)
  return {
    label: path,
    load: () => {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw new JournalIntegrityError(path, null, 'the file is not readable JSON')
      }
    },
    save: (value) => {
      mkdirSync(dirname(path), { recursive: true })
      // fsynced file and directory: "durable once put returns" must survive a power cut.
      writeFileAtomicSync(path, JSON.stringify(value))
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
  /**
   * Hands the records a trim is about to drop to whoever must keep them first (the shift
   * books, main/kernel/drop-keeper.ts); they are dropped only when it answers true, and
   * otherwise stay past the limit until a later write. Absent: dropped at once.
   */
  dropping?: (records: readonly T[]) => boolean
  log?: Logger
  name: string
  /** The device key and chain head that seal this journal; absent: a plain array. */
  seal?: JournalSeal | null
}

export class Journal<T> {
  readonly #records = new Map<string, T>()
  /** Why this journal is stopped (in words), or null. */
  #damage: string | null = null
  #damageSay: Said | null = null
  #generation = 0

  constructor(private readonly options: JournalOptions<T>) {
    try {
      const adopt = this.#load()
      // A file from before sealing, on a till that seals: rewrite it sealed, once.
      if (adopt) this.#flush()
    } catch (error) {
      if (!(error instanceof JournalIntegrityError)) throw error
      // Stop this journal, keep its file as it is, tell the admin; the rest of the till goes on.
      this.#records.clear()
      this.#damage = `The ${options.name} journal is damaged (${error.message})`
      this.#damageSay = journalSaid(error)
      options.seal?.report?.(error)
      options.log?.error(`${options.name} journal damaged; stopped`, { reason: error.reason })
    }
  }

  /** Loads and checks the stored value; true when it was a plain file to adopt. */
  #load(): boolean {
    const { options } = this
    const file = options.storage.label ?? options.name
    const raw = options.storage.load()
    let values: unknown[]
    let adopt = false
    if (options.seal) {
      const opened = openSealedDocument(raw, {
        file,
        domain: `${options.name}.journal.v1`,
        seal: options.seal,
        nameOf: (value) => {
          const parsed = options.schema.safeParse(value)
          return parsed.success ? options.keyOf(parsed.data) : null
        },
      })
      values = opened.values
      this.#generation = opened.generation
      adopt = opened.legacy && options.seal.sealer.enforced && opened.values.length > 0
    } else {
      if (!Array.isArray(raw)) throw new JournalIntegrityError(file, null, 'the file is not a list')
      values = raw
    }
    values.forEach((item, index) => {
      const parsed = options.schema.safeParse(item)
      if (!parsed.success) {
        const why = z.prettifyError(parsed.error).split('\n')[0] ?? 'invalid'
        throw new JournalIntegrityError(file, null, `record ${index + 1} is not valid (${why})`)
      }
      this.#records.set(options.keyOf(parsed.data), parsed.data)
    })
    return adopt
  }

  /** Throws the damage report when this journal is stopped. */
  #assertUsable(): void {
    if (this.#damage !== null) {
      throw new AppError(
        'journal_damaged',
        `${this.#damage}. Tilldesk will not use or overwrite it until it is looked at; the gateway still has every record.`,
        { say: this.#damageSay ?? { key: 'internal' } },
      )
    }
  }

  /** Why the journal is stopped, or null. */
  get damage(): string | null {
    return this.#damage
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
    this.#assertUsable()
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
    this.#assertUsable()
    if (this.#records.delete(key)) this.#flush()
  }

  #trim(): void {
    const extra = this.#records.size - this.options.limit
    if (extra <= 0) return
    const removable = this.list()
      .reverse()
      .filter((record) => !(this.options.keep?.(record) ?? false))
      .slice(0, extra)
    if (removable.length === 0 || !this.#handedOver(removable)) return
    for (const record of removable) this.#records.delete(this.options.keyOf(record))
  }

  /** True when the records may leave: nobody must keep them, or the keeper kept them. */
  #handedOver(records: readonly T[]): boolean {
    const dropping = this.options.dropping
    if (!dropping) return true
    try {
      if (dropping(records)) return true
    } catch (error) {
      this.options.log?.warn(`${this.options.name} journal: trim waits for its keeper`, { error })
    }
    return false
  }

  #flush(): void {
    const records = [...this.#records.values()]
    const seal = this.options.seal
    if (!seal) {
      this.options.storage.save(records)
      return
    }
    const generation = Math.max(this.#generation, seal.anchor?.head?.seq ?? 0) + 1
    const { document, head } = sealedDocument(
      seal,
      `${this.options.name}.journal.v1`,
      generation,
      records,
    )
    this.options.storage.save(document)
    this.#generation = generation
    // On disk (fsynced): now the keychain learns the new head.
    seal.anchor?.set(head)
  }
}
