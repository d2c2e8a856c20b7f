// The payout journal: append-only JSON lines, each record hash-chained to the one before and
// fsynced before anyone is told it happened. The hash is also the line's checksum, so one
// check finds a flipped bit, an edited field, a deleted line or a reordering.
//
// Files in `dir`:
//   journal.jsonl              records since the last checkpoint (replayed at start)
//   snapshot.json              state at a checkpoint, with the chain head it corresponds to
//   archive/journal-A-B.jsonl  older records A..B, kept whole: they are the audit trail
//
// A checkpoint ("compaction") bounds start-up time without losing history: the state is
// written atomically, then the active file is moved into archive/ and a new one begun.
//
// SHA-256 alone can be recomputed by anyone who edits the file, so with a device key
// (main/integrity/) every record and the snapshot also carry a `mac`, the key's HMAC over the
// record's sequence number and hash, and the chain head is kept in the OS keychain after every
// durable write: an edited record (hashes recomputed or not), an added one, deleted last
// records or an older copy of the files no longer check, and the journal refuses to open.
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  truncate,
  type FileHandle,
} from 'node:fs/promises'
import { join } from 'node:path'
import { canonicalJson, sha256Hex } from '../kernel/canonicalJson'
import { fsyncDir, writeFileAtomic, writeFully } from '../kernel/atomicFile'
import {
  checkHead,
  JournalIntegrityError,
  mayAdopt,
  NOT_ADOPTED,
  type JournalSeal,
} from '../integrity'

export const GENESIS_HASH = '0'.repeat(64)
const ACTIVE = 'journal.jsonl'
const SNAPSHOT = 'snapshot.json'
const ARCHIVE = 'archive'
const SNAPSHOT_FORMAT = 'tilldesk.payouts.snapshot.v1'
const SEGMENT = /^journal-(\d{12})-(\d{12})\.jsonl$/

export interface ChainedRecord<T> {
  seq: number
  /** ISO time the record was written. */
  at: string
  prev: string
  hash: string
  body: T
  /** The device key's seal over seq and hash (absent only in journals from before sealing). */
  mac?: string
}

const RECORD_DOMAIN = 'payouts.journal.v1'
const SNAPSHOT_DOMAIN = 'payouts.snapshot.v1'

/** The seal of a record: its hash covers everything else, so seq and hash suffice. */
const macOf = (seal: JournalSeal, seq: number, hash: string): string =>
  seal.sealer.seal(RECORD_DOMAIN, { seq, hash })

/**
 * How a journal is sealed. Absent: SHA-256 only (tests of the chain itself). Records without
 * a seal (a journal from before sealing) pass only before the first sealed one: the first
 * sealed record's hash covers them, and without one the head in the keychain must (see
 * checkLegacyTail). An unsealed snapshot passes only while `legacySnapshot` (never anchored).
 */
interface Sealing {
  seal: JournalSeal
  legacySnapshot: boolean
}

export function recordHash(seq: number, at: string, prev: string, body: unknown): string {
  return sha256Hex(canonicalJson({ seq, at, prev, body }))
}

/** The journal on disk is damaged or was altered; `file`/`line` say where. */
export class JournalCorruptError extends Error {
  override readonly name = 'JournalCorruptError'
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(
      `The payout journal is damaged (${file}${line === null ? '' : `, line ${line}`}): ${reason}. Tilldesk will not send payouts until this is looked at; keep the file and call support.`,
    )
  }
}

/** A write to disk failed; the journal refuses further writes until the app restarts. */
export class JournalUnavailableError extends Error {
  override readonly name = 'JournalUnavailableError'
  constructor(cause: unknown) {
    super(
      'Tilldesk could not save to disk, so it stopped taking payout actions. Check free disk space, then restart the app; nothing saved so far is lost.',
      { cause },
    )
  }
}

interface ParsedFile<T> {
  records: ChainedRecord<T>[]
  /** Bytes of complete, valid lines. */
  goodBytes: number
  /** Bytes after the last newline: a write cut short by a crash. */
  tornBytes: number
}

interface Head {
  seq: number
  hash: string
}

/**
 * Parses one journal file, checking every line's hash and its link to `head`. Only the text
 * after the final newline may be incomplete (a torn write); a complete line that fails is
 * corruption, never skipped.
 */
function parseJournalText<T>(
  text: string,
  file: string,
  head: Head,
  sealing: Sealing | null = null,
): ParsedFile<T> {
  const records: ChainedRecord<T>[] = []
  let sealedSeen = false
  let position = 0
  let lineNo = 0
  let expected = head
  for (;;) {
    const end = text.indexOf('\n', position)
    if (end === -1) break
    lineNo += 1
    const line = text.slice(position, end)
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new JournalCorruptError(file, lineNo, 'a line is not valid JSON')
    }
    const record = value as Partial<ChainedRecord<T>>
    if (
      !record ||
      typeof record !== 'object' ||
      typeof record.seq !== 'number' ||
      typeof record.at !== 'string' ||
      typeof record.prev !== 'string' ||
      typeof record.hash !== 'string' ||
      !('body' in record)
    ) {
      throw new JournalCorruptError(file, lineNo, 'a line is not a journal record')
    }
    if (recordHash(record.seq, record.at, record.prev, record.body) !== record.hash) {
      throw new JournalCorruptError(file, lineNo, 'checksum mismatch (the record was changed)')
    }
    if (record.seq !== expected.seq + 1) {
      throw new JournalCorruptError(
        file,
        lineNo,
        `record ${record.seq} follows record ${expected.seq} (records missing or reordered)`,
      )
    }
    if (record.prev !== expected.hash) {
      throw new JournalCorruptError(file, lineNo, 'the hash chain is broken here')
    }
    if (sealing?.seal.sealer.enforced) {
      if (record.mac === undefined) {
        if (sealedSeen) {
          throw new JournalCorruptError(
            file,
            lineNo,
            'a record without a seal (added outside Tilldesk)',
          )
        }
      } else {
        sealedSeen = true
        if (
          !sealing.seal.sealer.check(
            RECORD_DOMAIN,
            { seq: record.seq, hash: record.hash },
            record.mac,
          )
        ) {
          throw new JournalCorruptError(
            file,
            lineNo,
            'the seal does not match (the record was changed and its hashes recomputed, or it was not written by this till)',
          )
        }
      }
    }
    records.push(record as ChainedRecord<T>)
    expected = { seq: record.seq, hash: record.hash }
    position = end + 1
  }
  return {
    records,
    goodBytes: Buffer.byteLength(text.slice(0, position)),
    tornBytes: Buffer.byteLength(text.slice(position)),
  }
}

/** Reads a file, or '' when it does not exist. */
async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

interface SnapshotFile<S> {
  format: string
  seq: number
  hash: string
  at: string
  state: S
  checksum: string
  /** The device key's seal over the checksum (absent before sealing). */
  mac?: string
}

const snapshotChecksum = (s: Omit<SnapshotFile<unknown>, 'checksum'>): string =>
  sha256Hex(canonicalJson({ format: s.format, seq: s.seq, hash: s.hash, at: s.at, state: s.state }))

async function readSnapshot<S>(
  dir: string,
  sealing: Sealing | null = null,
): Promise<SnapshotFile<S> | null> {
  const text = await readText(join(dir, SNAPSHOT))
  if (text === null) return null
  let value: SnapshotFile<S>
  try {
    value = JSON.parse(text) as SnapshotFile<S>
  } catch {
    throw new JournalCorruptError(SNAPSHOT, null, 'the snapshot is not valid JSON')
  }
  if (value.format !== SNAPSHOT_FORMAT || snapshotChecksum(value) !== value.checksum) {
    throw new JournalCorruptError(SNAPSHOT, null, 'snapshot checksum mismatch')
  }
  if (sealing?.seal.sealer.enforced) {
    const legacy = value.mac === undefined && sealing.legacySnapshot
    if (!legacy && !sealing.seal.sealer.check(SNAPSHOT_DOMAIN, value.checksum, value.mac)) {
      throw new JournalCorruptError(
        SNAPSHOT,
        null,
        'the snapshot does not match its seal (it was changed outside Tilldesk)',
      )
    }
  }
  return value
}

async function listSegments(dir: string): Promise<{ name: string; first: number; last: number }[]> {
  let names: string[]
  try {
    names = await readdir(join(dir, ARCHIVE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names
    .map((name) => {
      const match = SEGMENT.exec(name)
      return match ? { name, first: Number(match[1]), last: Number(match[2]) } : null
    })
    .filter((segment): segment is { name: string; first: number; last: number } => segment !== null)
    .sort((a, b) => a.first - b.first)
}

const segmentName = (first: number, last: number): string =>
  `journal-${String(first).padStart(12, '0')}-${String(last).padStart(12, '0')}.jsonl`

export interface OpenedJournal<T, S> {
  journal: Journal<T, S>
  /** State at the last checkpoint, or null before the first one. */
  snapshot: S | null
  /** Records after the snapshot, in order: replay these onto it. */
  records: ChainedRecord<T>[]
  /** What was repaired on the way in (a torn last line), for the log. */
  repairs: string[]
}

interface PendingWrite {
  text: string
  /** The chain head once this write is on disk (for the keychain). */
  head: Head
  resolve: () => void
  reject: (error: Error) => void
}

export interface AppendResult<T> {
  records: ChainedRecord<T>[]
  /** Resolves once the records are on disk (fsynced). Tell no one before this. */
  durable: Promise<void>
}

export class Journal<T, S> {
  #handle: FileHandle
  #head: Head
  #fileFirstSeq: number | null
  #pending: PendingWrite[] = []
  #flushing: Promise<void> | null = null
  #hold = false
  #failed: JournalUnavailableError | null = null
  #closed = false
  #sinceCheckpoint: number
  readonly #seal: JournalSeal | null

  private constructor(
    readonly dir: string,
    handle: FileHandle,
    head: Head,
    fileFirstSeq: number | null,
    sinceCheckpoint: number,
    seal: JournalSeal | null,
  ) {
    this.#seal = seal
    this.#handle = handle
    this.#head = head
    this.#fileFirstSeq = fileFirstSeq
    this.#sinceCheckpoint = sinceCheckpoint
  }

  /**
   * Opens the journal in `dir`, checking every record (and, with `options.seal`, every seal
   * and the head in the keychain). Throws JournalCorruptError, naming the file and line, for
   * anything but a torn last line; the files are then left exactly as they are.
   */
  static async open<T, S>(
    dir: string,
    options: { seal?: JournalSeal | null } = {},
  ): Promise<OpenedJournal<T, S>> {
    try {
      return await Journal.#open<T, S>(dir, options.seal ?? null)
    } catch (error) {
      // The admin hears about it in words, with the file and line; the files stay as they are.
      if (error instanceof JournalCorruptError) options.seal?.report?.(error)
      throw error
    }
  }

  static async #open<T, S>(dir: string, seal: JournalSeal | null): Promise<OpenedJournal<T, S>> {
    // Records without a seal are a journal from before sealing: only while never anchored.
    const sealing: Sealing | null = seal ? { seal, legacySnapshot: mayAdopt(seal) } : null
    await mkdir(join(dir, ARCHIVE), { recursive: true })
    await rm(join(dir, `${SNAPSHOT}.tmp`), { force: true })
    const repairs: string[] = []
    const snapshot = await readSnapshot<S>(dir, sealing)
    const base: Head = snapshot
      ? { seq: snapshot.seq, hash: snapshot.hash }
      : { seq: 0, hash: GENESIS_HASH }

    const activePath = join(dir, ACTIVE)
    let text = (await readText(activePath)) ?? ''
    const firstSeq = firstSeqOf(text)
    if (snapshot && firstSeq !== null && firstSeq <= snapshot.seq) {
      // A checkpoint wrote its snapshot but crashed before moving the file to the archive.
      const start = await headBefore(dir, firstSeq)
      const parsed = parseJournalText<T>(text, ACTIVE, start, sealing)
      const last = parsed.records.at(-1)
      if (!last || last.seq !== snapshot.seq || last.hash !== snapshot.hash) {
        throw new JournalCorruptError(ACTIVE, null, 'the journal does not end at the snapshot')
      }
      if (parsed.tornBytes > 0) await truncate(activePath, parsed.goodBytes)
      await rename(activePath, join(dir, ARCHIVE, segmentName(firstSeq, snapshot.seq)))
      await fsyncDir(join(dir, ARCHIVE))
      repairs.push(`Finished an interrupted checkpoint at record ${snapshot.seq}.`)
      text = ''
    }
    const parsed = parseJournalText<T>(text, ACTIVE, base, sealing)
    if (seal?.anchor && seal.sealer.enforced) {
      const chain = [
        ...(snapshot ? [{ seq: snapshot.seq, hash: snapshot.hash }] : []),
        ...parsed.records,
      ]
      const sealed =
        chain.length > 0 &&
        (parsed.records.some((r) => r.mac !== undefined) || snapshot?.mac !== undefined)
      if (seal.anchor.head === null && !sealed && chain.length > 0 && !mayAdopt(seal)) {
        throw new JournalCorruptError(ACTIVE, null, NOT_ADOPTED)
      }
      if (seal.anchor.head !== null || sealed) {
        try {
          checkHead(ACTIVE, chain, seal.anchor)
          checkLegacyTail(parsed.records, seal)
        } catch (error) {
          if (error instanceof JournalIntegrityError) {
            throw new JournalCorruptError(error.file, error.line, error.reason)
          }
          throw error
        }
      }
    }
    if (parsed.tornBytes > 0) {
      // The last write was cut short; it was never acknowledged. Cut it off so new records
      // start on a clean line.
      await truncate(activePath, parsed.goodBytes)
      repairs.push(`Dropped an incomplete last line (${parsed.tornBytes} bytes) left by a crash.`)
    }
    const handle = await open(activePath, 'a', 0o600)
    await handle.sync()
    await fsyncDir(dir)
    const last = parsed.records.at(-1)
    const head = last ? { seq: last.seq, hash: last.hash } : base
    const journal = new Journal<T, S>(
      dir,
      handle,
      head,
      parsed.records[0]?.seq ?? null,
      parsed.records.length,
      seal,
    )
    // A journal from before sealing (or a new one) is anchored now, so from here on deleted
    // last records or an older copy are caught.
    if (seal?.anchor && seal.sealer.enforced && seal.anchor.head === null) {
      if (snapshot && snapshot.mac === undefined) {
        // The snapshot's state is not covered by any record's hash: seal it as it is adopted.
        const { mac: _unsealed, ...body } = snapshot
        const mac = seal.sealer.seal(SNAPSHOT_DOMAIN, body.checksum)
        await writeFileAtomic(join(dir, SNAPSHOT), JSON.stringify({ ...body, mac }))
      }
      seal.anchor.set(head)
    }
    return { journal, snapshot: snapshot?.state ?? null, records: parsed.records, repairs }
  }

  get head(): Readonly<Head> {
    return this.#head
  }

  /** Records written since the last checkpoint (the replay cost at start). */
  get sinceCheckpoint(): number {
    return this.#sinceCheckpoint
  }

  /** How this journal is sealed (null: SHA-256 only). */
  get seal(): JournalSeal | null {
    return this.#seal
  }

  /** Set when a write failed: nothing more is accepted. */
  get failure(): JournalUnavailableError | null {
    return this.#failed
  }

  /**
   * Chains and queues records in call order. The hash chain is extended synchronously, so
   * callers may apply the records to memory right away, but must await `durable` before
   * telling anyone or acting on the outside world.
   */
  append(bodies: readonly T[], at: string): AppendResult<T> {
    if (this.#failed) throw this.#failed
    if (this.#closed) throw new JournalUnavailableError(new Error('journal closed'))
    const records = bodies.map((body) => {
      const seq = this.#head.seq + 1
      const prev = this.#head.hash
      const hash = recordHash(seq, at, prev, body)
      this.#head = { seq, hash }
      const mac = this.#seal ? macOf(this.#seal, seq, hash) : undefined
      return mac === undefined ? { seq, at, prev, hash, body } : { seq, at, prev, hash, body, mac }
    })
    if (records.length === 0) return { records, durable: Promise.resolve() }
    this.#fileFirstSeq ??= records[0]!.seq
    this.#sinceCheckpoint += records.length
    const text = records
      .map(
        (r) =>
          `${JSON.stringify({ seq: r.seq, at: r.at, prev: r.prev, hash: r.hash, body: r.body, mac: r.mac })}\n`,
      )
      .join('')
    const head = { ...this.#head }
    const durable = new Promise<void>((resolve, reject) => {
      this.#pending.push({ text, head, resolve, reject })
    })
    this.#kick()
    return { records, durable }
  }

  #kick(): void {
    if (this.#flushing || this.#hold || this.#failed) return
    this.#flushing = this.#flushLoop().finally(() => {
      this.#flushing = null
      // Records queued while the last batch was finishing.
      if (this.#pending.length > 0) this.#kick()
    })
  }

  /** Group commit: everything queued while one fsync runs goes out in the next one. */
  async #flushLoop(): Promise<void> {
    while (this.#pending.length > 0 && !this.#hold && !this.#failed) {
      const batch = this.#pending.splice(0)
      await this.#writeBatch(batch)
    }
  }

  async #writeBatch(batch: PendingWrite[]): Promise<void> {
    try {
      await writeFully(this.#handle, Buffer.from(batch.map((w) => w.text).join(''), 'utf8'))
      await this.#handle.datasync()
    } catch (error) {
      this.#fail(error, batch)
      return
    }
    // On disk: now the keychain may learn the new head (in the background, newest wins).
    const last = batch.at(-1)
    if (last && this.#seal?.sealer.enforced) this.#seal.anchor?.set(last.head)
    for (const write of batch) write.resolve()
  }

  #fail(error: unknown, batch: PendingWrite[]): void {
    this.#failed ??= new JournalUnavailableError(error)
    for (const write of [...batch, ...this.#pending.splice(0)]) write.reject(this.#failed)
  }

  /** Resolves when everything queued so far is on disk. */
  async flushed(): Promise<void> {
    while (this.#flushing || (this.#pending.length > 0 && !this.#hold && !this.#failed)) {
      this.#kick()
      await this.#flushing
    }
    if (this.#failed) throw this.#failed
  }

  /**
   * Writes `capture()` (the state after the last appended record; called synchronously here)
   * as the new snapshot, then moves the active file into the archive. Records appended while
   * this runs wait and go into the new active file.
   */
  async checkpoint(capture: () => S): Promise<void> {
    if (this.#failed) throw this.#failed
    if (this.#hold || this.#sinceCheckpoint === 0) return
    const head = { ...this.#head }
    const state = capture()
    const first = this.#fileFirstSeq
    const before = this.#pending.splice(0)
    this.#hold = true
    try {
      await this.#flushing
      if (this.#failed) throw this.#failed
      if (before.length > 0) await this.#writeBatch(before)
      if (this.#failed) throw this.#failed
      const at = new Date().toISOString()
      const body = { format: SNAPSHOT_FORMAT, seq: head.seq, hash: head.hash, at, state }
      const checksum = snapshotChecksum(body)
      const mac = this.#seal ? this.#seal.sealer.seal(SNAPSHOT_DOMAIN, checksum) : undefined
      await writeFileAtomic(join(this.dir, SNAPSHOT), JSON.stringify({ ...body, checksum, mac }))
      await this.#handle.close()
      if (first !== null) {
        await rename(join(this.dir, ACTIVE), join(this.dir, ARCHIVE, segmentName(first, head.seq)))
        await fsyncDir(join(this.dir, ARCHIVE))
      }
      this.#handle = await open(join(this.dir, ACTIVE), 'a', 0o600)
      await fsyncDir(this.dir)
      this.#fileFirstSeq = this.#pending[0] ? head.seq + 1 : null
      this.#sinceCheckpoint = this.#head.seq - head.seq
    } catch (error) {
      this.#fail(error, [])
      throw this.#failed
    } finally {
      this.#hold = false
    }
    this.#kick()
  }

  async close(): Promise<void> {
    if (this.#closed) return
    await this.flushed().catch(() => undefined)
    this.#closed = true
    await this.#handle.close()
  }
}

/**
 * Unsealed records at the end of the file (none sealed after them) are only as good as the
 * head in the keychain: it must reach them, or they were added outside Tilldesk.
 */
function checkLegacyTail(records: ReadonlyArray<ChainedRecord<unknown>>, seal: JournalSeal): void {
  const last = records.at(-1)
  if (!last || last.mac !== undefined) return
  const head = seal.anchor?.head ?? null
  if (head === null || head.seq < last.seq) {
    throw new JournalIntegrityError(
      ACTIVE,
      null,
      'records without a seal at the end (added outside Tilldesk)',
    )
  }
}

function firstSeqOf(text: string): number | null {
  const end = text.indexOf('\n')
  if (end === -1) return null
  try {
    const value = JSON.parse(text.slice(0, end)) as { seq?: unknown }
    return typeof value.seq === 'number' ? value.seq : null
  } catch {
    return null
  }
}

/** The head just before `seq`, from the archive (for finishing an interrupted checkpoint). */
async function headBefore(dir: string, seq: number): Promise<Head> {
  if (seq === 1) return { seq: 0, hash: GENESIS_HASH }
  const segments = await listSegments(dir)
  const previous = segments.find((segment) => segment.last === seq - 1)
  if (!previous) throw new JournalCorruptError(ACTIVE, 1, `no archived records before ${seq}`)
  const text = (await readText(join(dir, ARCHIVE, previous.name))) ?? ''
  const end = text.lastIndexOf('\n', text.length - 2)
  const last = JSON.parse(text.slice(end + 1).trim()) as ChainedRecord<unknown>
  return { seq: last.seq, hash: last.hash }
}

export interface ChainReport {
  ok: boolean
  /** Records checked, from the first ever written. */
  records: number
  head: Head
  files: number
  problem: JournalCorruptError | null
}

/**
 * Reads the whole history (archive, then the active file) and checks every checksum and link
 * from the first record. `visit` sees each record once, in order.
 */
export async function readChain<T>(
  dir: string,
  visit?: (record: ChainedRecord<T>) => void,
  seal: JournalSeal | null = null,
): Promise<ChainReport> {
  // Seals are checked as at open; legacy records pass only where open let them.
  const sealing: Sealing | null = seal ? { seal, legacySnapshot: mayAdopt(seal) } : null
  let head: Head = { seq: 0, hash: GENESIS_HASH }
  let records = 0
  let files = 0
  try {
    const segments = await listSegments(dir)
    for (const segment of segments) {
      const text = (await readText(join(dir, ARCHIVE, segment.name))) ?? ''
      const parsed = parseJournalText<T>(text, `${ARCHIVE}/${segment.name}`, head, sealing)
      if (parsed.tornBytes > 0) {
        throw new JournalCorruptError(
          `${ARCHIVE}/${segment.name}`,
          null,
          'an archived file ends mid-record',
        )
      }
      const last = parsed.records.at(-1)
      if (!last || parsed.records[0]!.seq !== segment.first || last.seq !== segment.last) {
        throw new JournalCorruptError(
          `${ARCHIVE}/${segment.name}`,
          null,
          'records do not match the file name',
        )
      }
      for (const record of parsed.records) visit?.(record)
      records += parsed.records.length
      head = { seq: last.seq, hash: last.hash }
      files += 1
    }
    const snapshot = await readSnapshot(dir, sealing)
    // A checkpoint archives exactly the records its snapshot covers, so the snapshot must
    // sit at the end of the archive.
    if (snapshot && (snapshot.seq !== head.seq || snapshot.hash !== head.hash)) {
      throw new JournalCorruptError(SNAPSHOT, null, 'the snapshot is not on the hash chain')
    }
    const text = (await readText(join(dir, ACTIVE))) ?? ''
    const parsed = parseJournalText<T>(text, ACTIVE, head, sealing)
    if (seal?.anchor && seal.sealer.enforced && seal.anchor.head !== null) {
      const chain = [
        ...(snapshot ? [{ seq: snapshot.seq, hash: snapshot.hash }] : []),
        ...parsed.records,
      ]
      try {
        checkHead(ACTIVE, chain.length > 0 ? chain : [head], seal.anchor)
        checkLegacyTail(parsed.records, seal)
      } catch (error) {
        if (error instanceof JournalIntegrityError) {
          throw new JournalCorruptError(error.file, error.line, error.reason)
        }
        throw error
      }
    }
    for (const record of parsed.records) visit?.(record)
    records += parsed.records.length
    const last = parsed.records.at(-1)
    if (last) head = { seq: last.seq, hash: last.hash }
    files += 1
    return { ok: true, records, head, files, problem: null }
  } catch (error) {
    if (error instanceof JournalCorruptError) {
      return { ok: false, records, head, files, problem: error }
    }
    throw error
  }
}
