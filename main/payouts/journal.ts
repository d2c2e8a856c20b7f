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
//
// Reading and checking the files (formats, chain, seals, the archive) is journal-files.ts.
import { mkdir, open, rename, rm, truncate, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { fsyncDir, writeFileAtomic, writeFully } from '../kernel/atomicFile'
import {
  checkHead,
  JournalIntegrityError,
  mayAdopt,
  NOT_ADOPTED,
  type JournalSeal,
} from '../integrity'
import {
  GENESIS_HASH,
  ACTIVE,
  SNAPSHOT,
  ARCHIVE,
  SNAPSHOT_FORMAT,
  type ChainedRecord,
  SNAPSHOT_DOMAIN,
  macOf,
  type Sealing,
  recordHash,
  JournalCorruptError,
  JournalUnavailableError,
  type Head,
  parseJournalText,
  readText,
  snapshotChecksum,
  readSnapshot,
  segmentName,
  checkLegacyTail,
  firstSeqOf,
  headBefore,
} from './journal-files'

export {
  GENESIS_HASH,
  JournalCorruptError,
  JournalUnavailableError,
  readChain,
  recordHash,
  type ChainedRecord,
  type ChainReport,
} from './journal-files'

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
