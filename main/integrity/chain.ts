// Sealed, chained JSON Lines: the building block for append-only journals (collections,
// Z-reports). Each line is `{"seq":n,"prev":<seal of line n-1>,"body":…,"seal":…}` where the
// seal is the device key's HMAC over seq, prev and body. So an edited, inserted, reordered or
// forged line fails its seal; deleted last lines and an older copy of the file fail against
// the head kept in the keychain (anchor.ts).
//
// Reading follows one rule for damage: only a torn LAST line (text after the final newline,
// left by a crash mid-write) may be dropped. Any other line that does not read, or does not
// check, stops the journal with a JournalIntegrityError naming the file and line; the file is
// left exactly as it is.
import type { Said } from '../../common/ipc/contract'
import type { ChainAnchor, ChainHead } from './anchor'
import { mayAdopt, NOT_ADOPTED, type JournalSeal } from './service'

export const GENESIS = '0'.repeat(64)

export interface SealedLine<T> {
  seq: number
  prev: string
  body: T
  seal: string
  /** Set on the first line of a compacted file: the chain goes on from before it. */
  mark?: 'checkpoint'
}

/** A journal failed to read or to check; `file`, `line` (1-based) and `reason` say where. */
export class JournalIntegrityError extends Error {
  override readonly name = 'JournalIntegrityError'
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(
      `${file}${line === null ? '' : `, line ${line}`}: ${reason}. Tilldesk stopped reading this journal and left the file as it is; nothing in it is acted on until it is looked at.`,
    )
  }
}

/**
 * A damaged journal in the catalogue's words (common/words/errors.ts `tamper`): which file and
 * line, what Tilldesk did and what to do. The reason stays in the English message and the log.
 */
export const journalSaid = (error: JournalIntegrityError): Said =>
  error.line === null
    ? { key: 'tamper.journal', params: { file: error.file } }
    : { key: 'tamper.journalLine', params: { file: error.file, line: error.line } }

const sealedValue = (seq: number, prev: string, body: unknown, mark?: 'checkpoint') =>
  mark === undefined ? { seq, prev, body } : { seq, prev, body, mark }

/** Appends bodies to a chain: returns the lines to write (each ends in a newline). */
export class LineChain<T> {
  #head: ChainHead

  constructor(
    private readonly seal: JournalSeal,
    private readonly domain: string,
    head: ChainHead = { seq: 0, hash: GENESIS },
  ) {
    this.#head = head
  }

  get head(): ChainHead {
    return { ...this.#head }
  }

  /** Seals `body` as the next record and returns its line (with the newline). */
  line(body: T): string {
    const seq = this.#head.seq + 1
    const prev = this.#head.hash
    const seal = this.seal.sealer.seal(this.domain, sealedValue(seq, prev, body))
    this.#head = { seq, hash: seal }
    return `${JSON.stringify({ seq, prev, body, seal })}\n`
  }

  /**
   * The first line of a compacted file: it carries the chain on from the head before the
   * compaction, so sequence numbers keep rising and a file cut at the front is still caught.
   */
  checkpoint(): string {
    const seq = this.#head.seq + 1
    const prev = this.#head.hash
    const seal = this.seal.sealer.seal(this.domain, sealedValue(seq, prev, null, 'checkpoint'))
    this.#head = { seq, hash: seal }
    return `${JSON.stringify({ seq, prev, body: null, seal, mark: 'checkpoint' })}\n`
  }

  /** Call once the lines are on disk: the keychain then learns the new head. */
  written(): void {
    this.seal.anchor?.set(this.head)
  }
}

export interface ReadLines<T> {
  records: SealedLine<T>[]
  /** The head after the last complete record (the file's own, before any anchor check). */
  head: ChainHead
  /** Bytes of complete lines, and of a torn last line (to be cut off). */
  goodBytes: number
  tornBytes: number
  /** Lines written before sealing existed (only when the journal was never anchored). */
  legacy: unknown[]
}

/** One line of a sealed journal as read: a sealed record, or a line from before sealing. */
export type ReadLine<T> =
  | { kind: 'record'; record: SealedLine<T> }
  | { kind: 'checkpoint' }
  | { kind: 'legacy'; value: unknown }

/**
 * Checks a sealed journal one line at a time, so a caller can read a long file in pieces and
 * keep only what it folds the records into (the shift reports read a whole day this way).
 * It keeps the head and the few seals the keychain check needs, never the lines. Give it
 * every complete line in order (without the newline), then call `end()`.
 */
export class SealedLineReader<T> {
  #head: ChainHead | null = null
  #lineNo = 0
  #sealedSeen = false
  #legacySeen = false
  #first: number | null = null
  /** The seal of the record at the keychain head's place, when the file reached it. */
  #atExpected: string | null = null
  readonly #expected: ChainHead | null

  /**
   * `after`: the reader starts after that record (a position kept from an earlier read, whose
   * line the caller has checked), so the next line must carry the chain on from it.
   */
  constructor(
    private readonly options: {
      file: string
      domain: string
      seal: JournalSeal
      after?: ChainHead
    },
  ) {
    this.#expected = options.seal.anchor?.head ?? null
    const after = options.after
    if (after) {
      this.#head = { ...after }
      this.#first = after.seq
      this.#sealedSeen = true
      if (after.seq === this.#expected?.seq) this.#atExpected = after.hash
    }
  }

  get head(): ChainHead {
    return this.#head ?? { seq: 0, hash: GENESIS }
  }

  /** Checks the next line; throws JournalIntegrityError (in words) when it does not check. */
  next(line: string): ReadLine<T> {
    const { file, domain, seal } = this.options
    const lineNo = ++this.#lineNo
    if (line.trim() === '') throw new JournalIntegrityError(file, lineNo, 'an empty line')
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new JournalIntegrityError(file, lineNo, 'a line that is not readable')
    }
    const record = value as Partial<SealedLine<T>>
    const sealed =
      typeof record === 'object' &&
      record !== null &&
      typeof record.seq === 'number' &&
      typeof record.prev === 'string' &&
      typeof record.seal === 'string' &&
      'body' in record
    if (!sealed) {
      if (this.#sealedSeen || (seal.sealer.enforced && seal.anchor?.head)) {
        throw new JournalIntegrityError(file, lineNo, 'a record without a seal')
      }
      if (!mayAdopt(seal)) throw new JournalIntegrityError(file, lineNo, NOT_ADOPTED)
      this.#legacySeen = true
      return { kind: 'legacy', value }
    }
    const r = record as SealedLine<T>
    const head = this.#head
    if (r.mark !== undefined && r.mark !== 'checkpoint') {
      throw new JournalIntegrityError(file, lineNo, 'a record of an unknown kind')
    }
    if (!seal.sealer.check(domain, sealedValue(r.seq, r.prev, r.body, r.mark), r.seal)) {
      throw new JournalIntegrityError(
        file,
        lineNo,
        'a record whose seal does not match (it was changed, or not written by this till)',
      )
    }
    if (head !== null && (r.seq !== head.seq + 1 || r.prev !== head.hash)) {
      throw new JournalIntegrityError(file, lineNo, 'records missing or out of order here')
    }
    if (head === null && this.#legacySeen) {
      throw new JournalIntegrityError(file, lineNo, 'sealed records after unsealed ones')
    }
    if (head === null && !(r.seq === 1 && r.prev === GENESIS) && r.mark !== 'checkpoint') {
      throw new JournalIntegrityError(file, lineNo, 'the first records of the journal are missing')
    }
    this.#first ??= r.seq
    if (r.seq === this.#expected?.seq) this.#atExpected = r.seal
    this.#head = { seq: r.seq, hash: r.seal }
    if (r.mark !== undefined) return { kind: 'checkpoint' }
    this.#sealedSeen = true
    return { kind: 'record', record: r }
  }

  /** After the last complete line: the file must reach the head kept in the keychain. */
  end(): ChainHead {
    const anchor = this.options.seal.anchor
    if (anchor)
      checkSpan(
        this.options.file,
        {
          empty: this.#head === null,
          first: this.#first ?? 1,
          last: this.#head?.seq ?? 0,
          sealAt: (seq) =>
            seq === this.#expected?.seq ? (this.#atExpected ?? undefined) : undefined,
        },
        anchor,
      )
    return this.head
  }
}

/**
 * Reads and checks a sealed JSON Lines text. Lines without a seal are accepted only as a
 * leading block, and only when the journal was never anchored (a file from before sealing,
 * adopted once); the caller should then rewrite it sealed.
 */
export function readSealedLines<T>(
  text: string,
  options: { file: string; domain: string; seal: JournalSeal },
): ReadLines<T> {
  const reader = new SealedLineReader<T>(options)
  const records: SealedLine<T>[] = []
  const legacy: unknown[] = []
  let position = 0
  for (;;) {
    const end = text.indexOf('\n', position)
    if (end === -1) break
    const line = text.slice(position, end)
    position = end + 1
    const read = reader.next(line)
    if (read.kind === 'record') records.push(read.record)
    else if (read.kind === 'legacy') legacy.push(read.value)
  }
  const head = reader.end()
  return {
    records,
    head,
    goodBytes: Buffer.byteLength(text.slice(0, position)),
    tornBytes: Buffer.byteLength(text.slice(position)),
    legacy,
  }
}

/**
 * The file must reach the head kept in the keychain: fewer records means the last ones were
 * deleted or an older copy was put back; a different record at the head's place means the
 * file was swapped. More records than the head is a head write lost in a crash (accepted:
 * the extra records are sealed and chained).
 */
export function checkHead(
  file: string,
  records: ReadonlyArray<{ seq: number; hash?: string; seal?: string }>,
  anchor: ChainAnchor,
): void {
  const first = records[0]?.seq ?? 1
  checkSpan(
    file,
    {
      empty: records.length === 0,
      first,
      last: records.at(-1)?.seq ?? 0,
      sealAt: (seq) => {
        const at = records[seq - first]
        return at && at.seq === seq ? (at.seal ?? at.hash) : undefined
      },
    },
    anchor,
  )
}

/** checkHead's rule over a file known by its first and last sequence numbers. */
function checkSpan(
  file: string,
  span: {
    empty: boolean
    first: number
    last: number
    sealAt: (seq: number) => string | undefined
  },
  anchor: ChainAnchor,
): void {
  const expected = anchor.head
  if (expected === null) {
    if (!span.empty) {
      throw new JournalIntegrityError(
        file,
        null,
        'the journal holds sealed records but the keychain has no head for it (the keychain entry was removed, or the file came from another till)',
      )
    }
    return
  }
  const lastSeq = span.last
  if (lastSeq < expected.seq) {
    throw new JournalIntegrityError(
      file,
      null,
      `it ends at record ${lastSeq} but this till wrote up to record ${expected.seq} (the last records were deleted, or an older copy was put back)`,
    )
  }
  if (expected.seq >= span.first) {
    if (span.sealAt(expected.seq) !== expected.hash) {
      throw new JournalIntegrityError(
        file,
        null,
        `record ${expected.seq} is not the one this till wrote (the file was replaced by another copy)`,
      )
    }
  }
}
