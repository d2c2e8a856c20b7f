// This till's side of shop mode on disk: the events it has made (signed, in order) and how far
// it has pushed and pulled. The till's own journals stay the source of truth; this log only
// carries what the other tills need to hear. It is written before anything is sent, so an
// event made while the server is down is pushed when it comes back, and a crash between a push
// and saving the cursor only means pushing again (the server ignores an event id it has).
import { existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../kernel/atomicFile'
import { openSealedDocument, sealedDocument, type JournalSeal } from '../integrity'
import { shopEventSchema, type ShopEvent } from './events'

export interface SyncCursor {
  /** Own events up to this till_seq are on the server. */
  pushedSeq: number
  /** Other tills' events up to this server_seq have been applied here. */
  pulledSeq: number
}

export class ShopLogCorruptError extends Error {
  constructor(path: string, line: number, what = 'an unreadable record') {
    super(
      `The shop event log ${path} has ${what} at line ${line}. Tilldesk kept the file ` +
        'as it is and will not sync with the shop until an admin restores it.',
    )
    this.name = 'ShopLogCorruptError'
  }
}

export interface LocalShopLogOptions {
  /**
   * Seals the cursor, with its generation as the head in the keychain: a cursor moved on by
   * hand (a high pulledSeq would stop this till hearing the shop's staff changes) or an older
   * copy put back no longer checks, and the till pushes and pulls from the start instead
   * (appliers are idempotent, so nothing is applied twice). Absent: a plain file (the bench).
   */
  seal?: JournalSeal
  /** A cursor that did not check, in words. */
  onProblem?: (problem: string) => void
  /**
   * Checks each event read back (its signature, with this till's key): a line written by
   * hand stops the log like an unreadable one, so it is neither shown nor pushed.
   */
  verify?: (event: ShopEvent) => boolean
}

const CURSOR_DOMAIN = 'shop.cursor'

export class LocalShopLog {
  readonly #events: ShopEvent[] = []
  #cursor: SyncCursor = { pushedSeq: 0, pulledSeq: 0 }
  readonly #eventsPath: string
  readonly #cursorPath: string
  readonly #options: LocalShopLogOptions
  #generation = 0
  #saving: Promise<void> = Promise.resolve()
  /** Events handed to append() and not yet on disk, in till_seq order. */
  #queued: { event: ShopEvent; done: (error?: unknown) => void }[] = []
  /** The batch being written now. */
  #inFlight: readonly ShopEvent[] = []
  #writing = false

  constructor(dir: string, options: LocalShopLogOptions = {}) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    this.#eventsPath = join(dir, 'events.jsonl')
    this.#cursorPath = join(dir, 'cursor.json')
    this.#options = options
    this.#load()
    this.#loadCursor()
    // The sealed, anchored cursor says how many of our events the server has: a log with
    // fewer was cut short, deleted or put back older (its events are signed, not anchored).
    // Going on would number new events again from a place the shop already has.
    if (this.#cursor.pushedSeq > this.#events.length)
      throw new ShopLogCorruptError(
        this.#eventsPath,
        this.#events.length + 1,
        `no record where this till had sent event ${this.#cursor.pushedSeq} to the shop`,
      )
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
        // Numbered 1, 2, 3… with no gap or repeat, and signed here; anything else was not
        // written by us.
        if (this.#options.verify && !this.#options.verify(parsed))
          throw new ShopLogCorruptError(this.#eventsPath, index + 1)
        if (parsed.tillSeq !== this.#events.length + 1)
          throw new ShopLogCorruptError(this.#eventsPath, index + 1)
        this.#events.push(parsed)
      })
    }
  }

  #loadCursor(): void {
    const seal = this.#options.seal
    const head = seal?.anchor?.head ?? null
    this.#generation = head?.seq ?? 0
    if (!existsSync(this.#cursorPath)) {
      if (head && head.seq > 0) this.#options.onProblem?.('the file was deleted')
      return
    }
    let value: Partial<SyncCursor> | null = null
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.#cursorPath, 'utf8'))
      if (!seal) {
        value = parsed as Partial<SyncCursor>
      } else if (
        typeof parsed === 'object' &&
        parsed !== null &&
        !('format' in parsed) &&
        head === null
      ) {
        // A cursor from before sealing: not followed (nothing says this till wrote it); the
        // till pushes and pulls from the start once, which changes nothing already applied.
        value = null
      } else {
        const opened = openSealedDocument(parsed, {
          file: 'cursor.json',
          domain: CURSOR_DOMAIN,
          seal,
        })
        if (opened.legacy || opened.values.length !== 1) throw new Error('not a cursor')
        value = opened.values[0] as Partial<SyncCursor>
        this.#generation = Math.max(this.#generation, opened.generation)
      }
    } catch (error) {
      this.#options.onProblem?.(
        error instanceof Error && 'reason' in error ? String(error.reason) : 'it is not readable',
      )
      value = null
    }
    if (value) {
      this.#cursor = {
        pushedSeq: Number.isSafeInteger(value.pushedSeq) ? Number(value.pushedSeq) : 0,
        pulledSeq: Number.isSafeInteger(value.pulledSeq) ? Number(value.pulledSeq) : 0,
      }
    }
  }

  /** The till_seq the next event must carry: after those on disk and those being written. */
  get nextSeq(): number {
    const last = this.#queued.at(-1)?.event ?? this.#inFlight.at(-1) ?? this.#events.at(-1)
    return (last?.tillSeq ?? 0) + 1
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

  /**
   * Appends and flushes to disk before the promise settles. Events handed in while a write is
   * under way are written together by the next one, with one fsync (group commit): a watcher
   * that publishes a burst of transfers, or a till recording while its last event is still
   * being flushed, waits for one disk flush, not one per event queued ahead of it. An event
   * is numbered when it is handed in (`nextSeq` counts the queue), is pushed only once on disk,
   * and a write that fails fails every event queued behind it, so the log never has a hole.
   */
  append(event: ShopEvent): Promise<void> {
    if (event.tillSeq !== this.nextSeq)
      return Promise.reject(new Error('shop events must be appended one at a time, in order'))
    return new Promise<void>((resolve, reject) => {
      this.#queued.push({ event, done: (error) => (error ? reject(error) : resolve()) })
      if (!this.#writing) void this.#drain()
    })
  }

  async #drain(): Promise<void> {
    this.#writing = true
    try {
      while (this.#queued.length > 0) {
        const batch = this.#queued
        this.#queued = []
        this.#inFlight = batch.map((q) => q.event)
        try {
          await this.#write(this.#inFlight)
        } catch (error) {
          this.#inFlight = []
          const behind = this.#queued
          this.#queued = []
          for (const q of [...batch, ...behind]) q.done(error)
          continue
        }
        this.#inFlight = []
        for (const q of batch) q.done()
      }
    } finally {
      this.#writing = false
    }
  }

  async #write(events: readonly ShopEvent[]): Promise<void> {
    mkdirSync(dirname(this.#eventsPath), { recursive: true })
    const handle = await open(this.#eventsPath, 'a', 0o600)
    const before = (await handle.stat()).size
    try {
      await handle.appendFile(events.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8')
      await handle.sync()
    } catch (error) {
      // Not known to be on disk: take the lines back, or the numbers they took would be
      // given again to the next events and the log would hold two events with one number.
      await handle.truncate(before).catch(() => undefined)
      throw error
    } finally {
      await handle.close()
    }
    this.#events.push(...events)
  }

  /** Saves the cursor; saves are written one at a time, in the order they were asked for. */
  saveCursor(next: SyncCursor): Promise<void> {
    this.#cursor = { ...next }
    const cursor = { ...next }
    const seal = this.#options.seal
    const write = async () => {
      if (!seal) return writeFileAtomic(this.#cursorPath, JSON.stringify(cursor))
      this.#generation += 1
      const { document, head } = sealedDocument(seal, CURSOR_DOMAIN, this.#generation, [cursor])
      await writeFileAtomic(this.#cursorPath, JSON.stringify(document))
      seal.anchor?.set(head)
    }
    const saved = this.#saving.then(write)
    this.#saving = saved.catch(() => undefined)
    return saved
  }
}
