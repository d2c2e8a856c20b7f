// The outbox: every payout item in memory, backed by the journal. A change is applied to
// memory and chained into the journal in one synchronous step (so concurrent callers see one
// order), and `commit` resolves only once it is on disk. Listeners hear about a change only
// after it is durable.
import { awaitsAcknowledgement } from '../exactly-once/alarm'
import type { JournalSeal } from '../integrity'
import { Journal, readChain, type ChainedRecord, type ChainReport } from './journal'
import { isFinal, type PayoutItem } from './model'
import { applyRecord, RecordRejectedError, type OutboxRecord } from './records'

export interface OutboxSnapshot {
  items: PayoutItem[]
}

export interface OutboxOptions {
  dir: string
  /** The device key and chain head that seal the journal (main/integrity/). */
  seal?: JournalSeal | null
  now?: () => number
  /** Checkpoint after this many records, so start-up replays at most about this many. */
  checkpointEvery?: number
  /** Settled items older than this leave memory at a checkpoint (the audit trail keeps them). */
  retainSettledMs?: number
}

export type OutboxListener = (items: PayoutItem[]) => void

export class Outbox {
  readonly #items = new Map<string, PayoutItem>()
  readonly #listeners = new Set<OutboxListener>()
  readonly #now: () => number
  readonly #checkpointEvery: number
  readonly #retainSettledMs: number
  #checkpointing: Promise<void> | null = null

  private constructor(
    readonly journal: Journal<OutboxRecord, OutboxSnapshot>,
    options: OutboxOptions,
    /** What was repaired when the journal was opened. */
    readonly repairs: string[],
  ) {
    this.#now = options.now ?? Date.now
    this.#checkpointEvery = options.checkpointEvery ?? 5_000
    this.#retainSettledMs = options.retainSettledMs ?? 120 * 86_400_000
  }

  static async open(options: OutboxOptions): Promise<Outbox> {
    const opened = await Journal.open<OutboxRecord, OutboxSnapshot>(options.dir, {
      seal: options.seal ?? null,
    })
    const outbox = new Outbox(opened.journal, options, opened.repairs)
    for (const item of opened.snapshot?.items ?? []) outbox.#items.set(item.reference, item)
    for (const record of opened.records) outbox.#replay(record)
    return outbox
  }

  #replay(record: ChainedRecord<OutboxRecord>): void {
    const body = record.body
    const ref = body.type === 'created' ? body.item.reference : body.ref
    try {
      this.#items.set(ref, applyRecord(this.#items.get(ref), body, Date.parse(record.at)))
    } catch (error) {
      if (error instanceof RecordRejectedError || error instanceof Error) {
        throw new RecordRejectedError(`Journal record ${record.seq}: ${error.message}`)
      }
      throw error
    }
  }

  get(reference: string): PayoutItem | undefined {
    return this.#items.get(reference)
  }

  /** Live items (do not mutate them; change them through commit). */
  items(): IterableIterator<PayoutItem> {
    return this.#items.values()
  }

  get size(): number {
    return this.#items.size
  }

  onChange(listener: OutboxListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Applies records atomically (all or none) and writes them to the journal. Returns the
   * changed items once they are durable. Throws RecordRejectedError, unchanged, if any record
   * breaks a rule.
   */
  async commit(records: readonly OutboxRecord[]): Promise<PayoutItem[]> {
    return this.apply(records).durable
  }

  /**
   * The first half of commit, for records that gate no request (the gateway's answer folded
   * in): applied to memory and chained now, so the caller may go on at once; `durable`
   * resolves (and listeners hear) once they are on disk. A rejected record throws here.
   */
  apply(records: readonly OutboxRecord[]): { durable: Promise<PayoutItem[]> } {
    const at = this.#now()
    const staged = new Map<string, PayoutItem>()
    for (const record of records) {
      const ref = record.type === 'created' ? record.item.reference : record.ref
      staged.set(ref, applyRecord(staged.get(ref) ?? this.#items.get(ref), record, at))
    }
    const { durable } = this.journal.append(records, new Date(at).toISOString())
    for (const [ref, item] of staged) this.#items.set(ref, item)
    return { durable: durable.then(() => this.#told([...staged.values()])) }
  }

  #told(changed: PayoutItem[]): PayoutItem[] {
    for (const listener of this.#listeners) {
      try {
        listener(changed)
      } catch {
        // A listener's failure must not look like a failed commit: the change is durable.
      }
    }
    if (this.journal.sinceCheckpoint >= this.#checkpointEvery)
      void this.checkpoint().catch(() => undefined)
    return changed
  }

  /** Snapshot + archive now (also runs by itself every `checkpointEvery` records). */
  checkpoint(): Promise<void> {
    this.#checkpointing ??= this.journal
      .checkpoint(() => this.#snapshot())
      .finally(() => {
        this.#checkpointing = null
      })
    return this.#checkpointing
  }

  #snapshot(): OutboxSnapshot {
    const cutoff = this.#now() - this.#retainSettledMs
    for (const [ref, item] of this.#items) {
      const settled = isFinal(item.state) || item.state === 'success'
      // An alarm no supervisor has read keeps its payout on their list (exactly-once/retention.ts).
      if (settled && item.updatedAt < cutoff && !awaitsAcknowledgement(item.alarm))
        this.#items.delete(ref)
    }
    return { items: structuredClone([...this.#items.values()]) }
  }

  /** The full history (archive and active file), checked link by link. */
  async history(visit: (record: ChainedRecord<OutboxRecord>) => void): Promise<ChainReport> {
    await this.journal.flushed()
    return readChain<OutboxRecord>(this.journal.dir, visit, this.journal.seal)
  }

  async close(): Promise<void> {
    await this.#checkpointing?.catch(() => undefined)
    await this.journal.close()
  }
}
