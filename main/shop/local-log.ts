// This till's side of shop mode on disk: the events it has made (signed, in order) and how far
// it has pushed and pulled. The till's own journals stay the source of truth; this log only
// carries what the other tills need to hear. It is written before anything is sent, so an
// event made while the server is down is pushed when it comes back, and a crash between a push
// and saving the cursor only means pushing again (the server ignores an event id it has).
import { existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../app/atomicFile'
import { shopEventSchema, type ShopEvent } from './events'

export interface SyncCursor {
  /** Own events up to this till_seq are on the server. */
  pushedSeq: number
  /** Other tills' events up to this server_seq have been applied here. */
  pulledSeq: number
}

export class ShopLogCorruptError extends Error {
  constructor(path: string, line: number) {
    super(
      `The shop event log ${path} has an unreadable record at line ${line}. Tilldesk kept the file ` +
        'as it is and will not sync with the shop until an admin restores it.',
    )
    this.name = 'ShopLogCorruptError'
  }
}

export class LocalShopLog {
  readonly #events: ShopEvent[] = []
  #cursor: SyncCursor = { pushedSeq: 0, pulledSeq: 0 }
  readonly #eventsPath: string
  readonly #cursorPath: string
  #appending = false

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    this.#eventsPath = join(dir, 'events.jsonl')
    this.#cursorPath = join(dir, 'cursor.json')
    this.#load()
  }

  #load(): void {
    if (existsSync(this.#eventsPath)) {
      const text = readFileSync(this.#eventsPath, 'utf8')
      const lines = text.split('\n')
      // Only a torn last line (a crash mid-append) may be dropped; anything else stops.
      const last = lines.length - 1
      lines.forEach((line, index) => {
        if (line.trim() === '') return
        let parsed: ShopEvent | null = null
        try {
          const result = shopEventSchema.safeParse(JSON.parse(line))
          parsed = result.success ? (result.data as ShopEvent) : null
        } catch {
          parsed = null
        }
        const isTail = index === last || (index === last - 1 && lines[last] === '')
        if (!parsed) {
          if (isTail && !line.endsWith('}')) {
            // Cut the torn bytes off, or the next append would glue a good record to them.
            truncateSync(
              this.#eventsPath,
              Buffer.byteLength(text, 'utf8') - Buffer.byteLength(line, 'utf8'),
            )
            return
          }
          throw new ShopLogCorruptError(this.#eventsPath, index + 1)
        }
        // Numbered 1, 2, 3… with no gap or repeat; anything else was not written by us.
        if (parsed.tillSeq !== this.#events.length + 1)
          throw new ShopLogCorruptError(this.#eventsPath, index + 1)
        this.#events.push(parsed)
      })
    }
    if (existsSync(this.#cursorPath)) {
      const value = JSON.parse(readFileSync(this.#cursorPath, 'utf8')) as Partial<SyncCursor>
      this.#cursor = {
        pushedSeq: Number.isSafeInteger(value.pushedSeq) ? Number(value.pushedSeq) : 0,
        pulledSeq: Number.isSafeInteger(value.pulledSeq) ? Number(value.pulledSeq) : 0,
      }
    }
  }

  get nextSeq(): number {
    return (this.#events.at(-1)?.tillSeq ?? 0) + 1
  }

  get cursor(): Readonly<SyncCursor> {
    return this.#cursor
  }

  /** Events not yet known to be on the server, in order. */
  pending(limit = 500): ShopEvent[] {
    return this.#events.filter((e) => e.tillSeq > this.#cursor.pushedSeq).slice(0, limit)
  }

  get all(): readonly ShopEvent[] {
    return this.#events
  }

  /** Appends and flushes to disk before returning. */
  async append(event: ShopEvent): Promise<void> {
    if (this.#appending || event.tillSeq !== this.nextSeq)
      throw new Error('shop events must be appended one at a time, in order')
    this.#appending = true
    try {
      await this.#write(event)
    } finally {
      this.#appending = false
    }
  }

  async #write(event: ShopEvent): Promise<void> {
    mkdirSync(dirname(this.#eventsPath), { recursive: true })
    const handle = await open(this.#eventsPath, 'a', 0o600)
    try {
      await handle.appendFile(`${JSON.stringify(event)}\n`, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    this.#events.push(event)
  }

  async saveCursor(next: SyncCursor): Promise<void> {
    this.#cursor = { ...next }
    await writeFileAtomic(this.#cursorPath, JSON.stringify(this.#cursor))
  }
}
