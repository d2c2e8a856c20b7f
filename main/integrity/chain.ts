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
import type { ChainAnchor, ChainHead } from './anchor'
import type { JournalSeal } from './service'

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

/**
 * Reads and checks a sealed JSON Lines text. Lines without a seal are accepted only as a
 * leading block, and only when the journal was never anchored (a file from before sealing,
 * adopted once); the caller should then rewrite it sealed.
 */
export function readSealedLines<T>(
  text: string,
  options: { file: string; domain: string; seal: JournalSeal },
): ReadLines<T> {
  const { file, domain, seal } = options
  const records: SealedLine<T>[] = []
  const chain: Array<{ seq: number; seal: string }> = []
  const legacy: unknown[] = []
  let head: ChainHead | null = null
  let position = 0
  let lineNo = 0
  for (;;) {
    const end = text.indexOf('\n', position)
    if (end === -1) break
    lineNo += 1
    const line = text.slice(position, end)
    position = end + 1
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
      if (records.length > 0 || (seal.sealer.enforced && seal.anchor?.head)) {
        throw new JournalIntegrityError(file, lineNo, 'a record without a seal')
      }
      legacy.push(value)
      continue
    }
    const r = record as SealedLine<T>
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
    if (head === null && legacy.length > 0) {
      throw new JournalIntegrityError(file, lineNo, 'sealed records after unsealed ones')
    }
    if (head === null && !(r.seq === 1 && r.prev === GENESIS) && r.mark !== 'checkpoint') {
      throw new JournalIntegrityError(file, lineNo, 'the first records of the journal are missing')
    }
    if (r.mark === undefined) records.push(r)
    chain.push({ seq: r.seq, seal: r.seal })
    head = { seq: r.seq, hash: r.seal }
  }
  if (seal.anchor) checkHead(file, chain, seal.anchor)
  return {
    records,
    head: head ?? { seq: 0, hash: GENESIS },
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
  const expected = anchor.head
  if (expected === null) {
    if (records.length > 0) {
      throw new JournalIntegrityError(
        file,
        null,
        'the journal holds sealed records but the keychain has no head for it (the keychain entry was removed, or the file came from another till)',
      )
    }
    return
  }
  const last = records.at(-1)
  const lastSeq = last?.seq ?? 0
  if (lastSeq < expected.seq) {
    throw new JournalIntegrityError(
      file,
      null,
      `it ends at record ${lastSeq} but this till wrote up to record ${expected.seq} (the last records were deleted, or an older copy was put back)`,
    )
  }
  const first = records[0]?.seq ?? 1
  if (expected.seq >= first) {
    const at = records[expected.seq - first]
    const hash = at?.seal ?? at?.hash
    if (!at || at.seq !== expected.seq || hash !== expected.hash) {
      throw new JournalIntegrityError(
        file,
        null,
        `record ${expected.seq} is not the one this till wrote (the file was replaced by another copy)`,
      )
    }
  }
}
