// A durable append-only record file (JSON Lines). Each append is flushed to disk before the
// caller goes on, so a charge or a seen transfer survives a crash or power cut. Compaction
// rewrites the file atomically (temp file, fsync, rename) when superseded lines pile up.
//
// Damage: only a torn LAST line (a crash mid-write; it was never acknowledged) is dropped, and
// cut off so the next record starts on a clean line. Any other line that does not read stops
// the journal: openJournal throws AppError 'journal_damaged' naming the file and line, the
// admin is told (integrity findings) and the file is left exactly as it is.
//
// With a device key (`seal`, main/integrity/) every line is sealed and chained, and the head is
// kept in the OS keychain, so an edited, added or deleted record, or an older copy of the
// file, fails the same way. A file from before sealing is adopted once (rewritten sealed).
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { basename, dirname } from 'node:path'
import { AppError } from '../kernel/errors'
import {
  GENESIS,
  JournalIntegrityError,
  journalSaid,
  LineChain,
  readSealedLines,
  SealedLineReader,
  type ChainHead,
  type JournalSeal,
} from '../integrity'

export interface Journal<T> {
  /** Records in file order as read at open (later lines supersede earlier ones for the same key). */
  readonly records: readonly T[]
  /** Lets go of `records` once the caller has folded them (a journal lives as long as the till). */
  forget(): void
  append(record: T): void
  /** Replaces the file with exactly these records. */
  compact(records: readonly T[]): void
  close(): void
}

export interface JournalOptions<T> {
  /** Turns a line's value into a record; null means the line is not a record (damage). */
  decode(value: unknown): T | null
  /** The device key and chain head that seal this journal; absent: plain lines. */
  seal?: JournalSeal | null
  /** Separates this journal's seals from every other's. */
  domain?: string
}

interface Loaded<T> {
  records: T[]
  head: ChainHead
  goodBytes: number
  tornBytes: number
  /** Plain lines from before sealing: rewrite the file sealed. */
  adopt: boolean
}

function decodeAll<T>(
  values: Array<{ value: unknown; line: number | null; seq?: number }>,
  file: string,
  options: JournalOptions<T>,
): T[] {
  return values.map(({ value, line, seq }) => {
    const record = options.decode(value)
    if (record === null) {
      throw new JournalIntegrityError(
        file,
        line,
        seq === undefined ? 'a line that is not a record' : `record ${seq} is not a record`,
      )
    }
    return record
  })
}

/** Plain JSON Lines: every complete line must read; only text after the last newline is torn. */
function readPlain<T>(text: string, file: string, options: JournalOptions<T>): Loaded<T> {
  const end = text.lastIndexOf('\n') + 1
  const values = text
    .slice(0, end)
    .split('\n')
    .slice(0, -1)
    .map((line, index) => {
      try {
        return { value: JSON.parse(line) as unknown, line: index + 1 }
      } catch {
        throw new JournalIntegrityError(file, index + 1, 'a line that is not readable')
      }
    })
  return {
    records: decodeAll(values, file, options),
    head: { seq: 0, hash: GENESIS },
    goodBytes: Buffer.byteLength(text.slice(0, end)),
    tornBytes: Buffer.byteLength(text.slice(end)),
    adopt: false,
  }
}

function readSealed<T>(
  text: string,
  file: string,
  seal: JournalSeal,
  domain: string,
  options: JournalOptions<T>,
): Loaded<T> {
  const read = readSealedLines<unknown>(text, { file, domain, seal })
  const legacy = decodeAll(
    read.legacy.map((value, index) => ({ value, line: index + 1 })),
    file,
    options,
  )
  const sealed = decodeAll(
    read.records.map((r) => ({ value: r.body, line: null, seq: r.seq })),
    file,
    options,
  )
  return {
    records: [...legacy, ...sealed],
    head: read.head,
    goodBytes: read.goodBytes,
    tornBytes: read.tornBytes,
    adopt: legacy.length > 0 && seal.sealer.enforced,
  }
}

function writeAll(fd: number, text: string): void {
  const buffer = Buffer.from(text, 'utf8')
  let offset = 0
  while (offset < buffer.length) offset += writeSync(fd, buffer, offset, buffer.length - offset)
}

function load<T>(path: string, options: JournalOptions<T>, domain: string): Loaded<T> {
  const empty: Loaded<T> = {
    records: [],
    head: { seq: 0, hash: GENESIS },
    goodBytes: 0,
    tornBytes: 0,
    adopt: false,
  }
  const file = basename(path)
  if (!existsSync(path)) {
    // A missing file the keychain says was written is a deleted journal, not a new one.
    if (options.seal?.anchor?.head && options.seal.sealer.enforced) {
      readSealedLines('', { file, domain, seal: options.seal })
    }
    return empty
  }
  const text = readFileSync(path, 'utf8')
  return options.seal
    ? readSealed(text, file, options.seal, domain, options)
    : readPlain(text, file, options)
}

export function openJournal<T>(path: string, options: JournalOptions<T>): Journal<T> {
  mkdirSync(dirname(path), { recursive: true })
  const domain = options.domain ?? 'collections.journal.v1'
  let loaded: Loaded<T>
  try {
    loaded = load(path, options, domain)
  } catch (error) {
    if (!(error instanceof JournalIntegrityError)) throw error
    options.seal?.report?.(error)
    throw new AppError('journal_damaged', error.message, { cause: error, say: journalSaid(error) })
  }
  const seal = options.seal ?? null
  const chain = seal ? new LineChain<T>(seal, domain, loaded.head) : null
  const line = (record: T): string => (chain ? chain.line(record) : `${JSON.stringify(record)}\n`)
  let fd = openSync(path, 'a', 0o600)
  if (loaded.tornBytes > 0) {
    // The torn tail was never acknowledged; cut it so the next record starts on a clean line.
    ftruncateSync(fd, loaded.goodBytes)
    fsyncSync(fd)
  }

  let records: readonly T[] = loaded.records
  const journal: Journal<T> = {
    get records() {
      return records
    },
    forget() {
      records = []
    },
    append(record) {
      writeAll(fd, line(record))
      fsyncSync(fd)
      chain?.written()
    },
    compact(next) {
      const temp = `${path}.tmp`
      const tfd = openSync(temp, 'w', 0o600)
      try {
        // A sealed file starts with a checkpoint that carries the chain on, so the head in
        // the keychain keeps rising and a file cut at the front is still caught.
        const start = chain && chain.head.seq > 0 ? chain.checkpoint() : ''
        writeAll(tfd, start + next.map(line).join(''))
        fsyncSync(tfd)
      } finally {
        closeSync(tfd)
      }
      closeSync(fd)
      renameSync(temp, path)
      fd = openSync(path, 'a', 0o600)
      chain?.written()
    },
    close() {
      closeSync(fd)
    },
  }
  // A file from before sealing, on a till that seals: rewrite it sealed, once.
  if (loaded.adopt) journal.compact(loaded.records)
  return journal
}

/**
 * A place in a sealed journal: just after record `seq` (seal `hash`), whose line runs from
 * byte `lineStart` to byte `offset` (its newline included). Kept by a reader that wants to go
 * on from there later; it holds for the file only while that record is still at that place.
 */
export interface JournalPosition {
  offset: number
  lineStart: number
  seq: number
  hash: string
}

export interface SealedJournalRead {
  /** After the last complete record read, or null when the file holds none. */
  end: JournalPosition | null
  /** Why the read went back to the start instead of going on from `from`, in words. */
  restarted: string | null
  /** Lines read (the line that checks `from` included). */
  lines: number
}

/** How much of a journal is held at once while it is read. */
const CHUNK_BYTES = 256 * 1024

/** One piece buffer kept for every read (reads are synchronous; a nested read makes its own). */
let spare: Buffer | null = null
const takeBuffer = (bytes: number): Buffer => {
  if (spare && spare.length === bytes) {
    const buffer = spare
    spare = null
    return buffer
  }
  return Buffer.allocUnsafeSlow(bytes)
}
const giveBack = (buffer: Buffer): void => {
  if (buffer.length === CHUNK_BYTES) spare = buffer
}
const grown = (buffer: Buffer): Buffer => {
  const bigger = Buffer.allocUnsafeSlow(buffer.length * 2)
  buffer.copy(bigger)
  return bigger
}

/**
 * Reads a sealed journal's records in file order, a piece at a time, checking every line and
 * handing each record's body to `onRecord` (a line from before sealing: its value). Only what
 * the caller folds the records into is kept, never the file. With `from`, it goes on after
 * that record when the file still holds it at the same place, sealed as it was; otherwise
 * (the file was compacted, cut, replaced or edited there) it reads from the start and says
 * why in `restarted`. Throws JournalIntegrityError on anything but a torn last line, which is
 * never handed on. A missing file reads as empty.
 */
export function readSealedJournal(
  path: string,
  options: {
    seal: JournalSeal
    domain: string
    from?: JournalPosition | null
    chunkBytes?: number
    onRecord(body: unknown): void
  },
): SealedJournalRead {
  const file = basename(path)
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    new SealedLineReader({ file, domain: options.domain, seal: options.seal }).end()
    const restarted = options.from ? 'the journal is no longer there' : null
    return { end: null, restarted, lines: 0 }
  }
  try {
    let restarted: string | null = null
    let reader: SealedLineReader<unknown> | null = null
    if (options.from) {
      const at = resumeAt(fd, file, options.seal, options.domain, options.from)
      if (typeof at === 'string') restarted = at
      else reader = at
    }
    // Going on from `from`: nothing new read leaves the reader where it was.
    let end: JournalPosition | null = reader ? options.from! : null
    const start = end ? end.offset : 0
    reader ??= new SealedLineReader({ file, domain: options.domain, seal: options.seal })
    let lines = options.from ? 1 : 0
    let buffer = takeBuffer(chunkBytes)
    try {
      // `buffer` holds the bytes of a line split between two pieces at its start (`kept`), then
      // the next piece; lines are cut at the newline byte, which never occurs inside a UTF-8
      // character, so each line decodes whole. Nothing is allocated per piece: a journal read
      // every few seconds made a block of a quarter megabyte for each, which the allocator kept.
      let kept = 0
      let position = start
      for (;;) {
        if (kept === buffer.length) buffer = grown(buffer) // a line longer than a piece
        const n = readSync(fd, buffer, kept, buffer.length - kept, position + kept)
        if (n === 0) break
        const length = kept + n
        let from = 0
        for (;;) {
          const newline = buffer.indexOf(0x0a, from)
          if (newline === -1 || newline >= length) break
          const read = reader.next(buffer.toString('utf8', from, newline))
          lines += 1
          if (read.kind === 'record') options.onRecord(read.record.body)
          else if (read.kind === 'legacy') options.onRecord(read.value)
          const head = reader.head
          end = { offset: position + newline + 1, lineStart: position + from, ...head }
          from = newline + 1
        }
        position += from
        kept = length - from
        buffer.copyWithin(0, from, length)
      }
    } finally {
      giveBack(buffer)
    }
    // What is left after the last newline is a torn last line (a crash mid-write): the store
    // cuts it off when it opens; a reader never takes it.
    reader.end()
    return { end: end && end.seq > 0 ? end : null, restarted, lines }
  } finally {
    closeSync(fd)
  }
}

/**
 * A reader that goes on after `from`, once the line at `from` is the record it names, sealed
 * as it was; otherwise why not, in words.
 */
function resumeAt(
  fd: number,
  file: string,
  seal: JournalSeal,
  domain: string,
  from: JournalPosition,
): SealedLineReader<unknown> | string {
  const changed = `the journal no longer holds record ${from.seq} where it was (it was compacted, cut or edited)`
  const length = from.offset - from.lineStart
  if (!(length > 1 && from.lineStart >= 0)) return changed
  const bytes = Buffer.alloc(length)
  if (readSync(fd, bytes, 0, length, from.lineStart) !== length) return changed
  if (bytes[length - 1] !== 0x0a) return changed
  let prev: unknown
  try {
    prev = (JSON.parse(bytes.toString('utf8', 0, length - 1)) as { prev?: unknown }).prev
  } catch {
    return changed
  }
  if (typeof prev !== 'string') return changed
  const reader = new SealedLineReader<unknown>({
    file,
    domain,
    seal,
    after: { seq: from.seq - 1, hash: prev },
  })
  try {
    reader.next(bytes.toString('utf8', 0, length - 1))
  } catch {
    return changed
  }
  const head = reader.head
  return head.seq === from.seq && head.hash === from.hash ? reader : changed
}
