// The payout journal's files as they lie on disk, read and checked: the record and snapshot
// formats, the hash chain and the device key's seals, the archive's segments, and the walk over
// the whole history (readChain) that the audit export and the day's report use. Writing them
// (append, group commit, checkpoint) is journal.ts.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { canonicalJson, sha256Hex } from '../kernel/canonicalJson'
import { checkHead, JournalIntegrityError, mayAdopt, type JournalSeal } from '../integrity'

export const GENESIS_HASH = '0'.repeat(64)
export const ACTIVE = 'journal.jsonl'
export const SNAPSHOT = 'snapshot.json'
export const ARCHIVE = 'archive'
export const SNAPSHOT_FORMAT = 'tilldesk.payouts.snapshot.v1'
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
export const SNAPSHOT_DOMAIN = 'payouts.snapshot.v1'

/** The seal of a record: its hash covers everything else, so seq and hash suffice. */
export const macOf = (seal: JournalSeal, seq: number, hash: string): string =>
  seal.sealer.seal(RECORD_DOMAIN, { seq, hash })

/**
 * How a journal is sealed. Absent: SHA-256 only (tests of the chain itself). Records without
 * a seal (a journal from before sealing) pass only before the first sealed one: the first
 * sealed record's hash covers them, and without one the head in the keychain must (see
 * checkLegacyTail). An unsealed snapshot passes only while `legacySnapshot` (never anchored).
 */
export interface Sealing {
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

export interface Head {
  seq: number
  hash: string
}

/**
 * Parses one journal file, checking every line's hash and its link to `head`. Only the text
 * after the final newline may be incomplete (a torn write); a complete line that fails is
 * corruption, never skipped.
 */
export function parseJournalText<T>(
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
export async function readText(path: string): Promise<string | null> {
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

export const snapshotChecksum = (s: Omit<SnapshotFile<unknown>, 'checksum'>): string =>
  sha256Hex(canonicalJson({ format: s.format, seq: s.seq, hash: s.hash, at: s.at, state: s.state }))

export async function readSnapshot<S>(
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

export async function listSegments(
  dir: string,
): Promise<{ name: string; first: number; last: number }[]> {
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

export const segmentName = (first: number, last: number): string =>
  `journal-${String(first).padStart(12, '0')}-${String(last).padStart(12, '0')}.jsonl`

/**
 * Unsealed records at the end of the file (none sealed after them) are only as good as the
 * head in the keychain: it must reach them, or they were added outside Tilldesk.
 */
export function checkLegacyTail(
  records: ReadonlyArray<ChainedRecord<unknown>>,
  seal: JournalSeal,
): void {
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

export function firstSeqOf(text: string): number | null {
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
export async function headBefore(dir: string, seq: number): Promise<Head> {
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
