// The books: what the shift reports need of records that their own journals drop. The
// payments, refunds and debits journals keep only their latest entries (500, 1,000 and 20,000,
// finished ones dropped first), so on a busy day a settled hosted payment, refund or debit could leave its journal
// before any Z-report counted it. Each one is copied here, as it settled, when the feature
// says it changed (a `payments.updated` or `refunds.updated` event) and again before every
// report, and stays until a sealed Z-report has counted it and its own journal no longer
// holds it. Reports read the journals and this file together; a movement is counted once by
// its key (figures.ts), so a record found in both counts once. What a Z-report lets go of
// goes to the books' days first (books-archive.ts), never trimmed, so a day's reconciliation
// against the gateway still has it (`day`).
//
// The file is sealed, chained JSON Lines with its head in the keychain (`books`), like every
// journal (main/integrity/chain.ts). Rewritten only after a Z-report, starting with a sealed
// checkpoint that carries the chain on, so a file cut at the front or put back still shows.
// A file that does not check is left exactly as it is, reported to the admin, and not used:
// the reports then say that records dropped from the journals may be missing.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Environment } from '../../common/ipc/shared'
import type { TrimmedJournal } from '../kernel/drop-keeper'
import { writeFileAtomicSync } from '../kernel/atomicFile'
import {
  GENESIS,
  JournalIntegrityError,
  LineChain,
  readSealedLines,
  type JournalSeal,
} from '../integrity'
import type { Activity, DebitFact, HostedPaymentFact, RefundFact, SettledSource } from './activity'
import { BooksDays } from './books-archive'
import { DEBIT, HOSTED, REFUND } from './carried-over'
import { debitFact } from './debit-source'
import { settledKey } from './figures'
import { hostedFact, refundFact } from './sources'

/** One kept record: a settled hosted payment, refund or debit, as the report reads it. */
export type KeptRecord =
  | { k: 'hosted'; v: HostedPaymentFact }
  | { k: 'refund'; v: RefundFact }
  | { k: 'debit'; v: DebitFact }

/** The settled statuses of each kind, by report line. */
const SETTLED: Record<KeptRecord['k'], Record<string, string>> = {
  hosted: HOSTED,
  refund: REFUND,
  debit: DEBIT,
}

const DOMAIN = 'shifts.books.v1'

type Settled = Pick<Activity, 'hostedPayments' | 'refunds' | 'debits'>

const keyOf = (r: KeptRecord) => settledKey(r.k, r.v.reference, r.v.status)
/** One movement, whatever its state: a decision the gateway overruled keeps the reference. */
const movementOf = (r: KeptRecord) => `${r.k}:${r.v.reference}`

const kept = (a: Settled): KeptRecord[] => [
  ...a.hostedPayments.map((v) => ({ k: 'hosted' as const, v })),
  ...a.refunds.map((v) => ({ k: 'refund' as const, v })),
  ...a.debits.map((v) => ({ k: 'debit' as const, v })),
]

/** One environment's books file. */
export class BooksFile {
  readonly #path: string
  readonly #seal: JournalSeal
  readonly #records = new Map<string, KeptRecord>()
  /** Each movement's newest state, by its key in #records. */
  readonly #latest = new Map<string, string>()
  #chain: LineChain<KeptRecord | null> | null = null
  /** Why the file is not used, in words; null when it checks. */
  readonly problem: string | null
  /** Where what a Z-report lets go of is kept, by day (books-archive.ts). */
  readonly days: BooksDays<KeptRecord>

  constructor(path: string, seal: JournalSeal) {
    this.#path = path
    this.#seal = seal
    this.days = new BooksDays(join(dirname(path), 'books-days'), seal)
    this.problem = this.#load()
  }

  #load(): string | null {
    const head = this.#seal.anchor?.head ?? null
    if (!existsSync(this.#path)) {
      if (head && head.seq > 0)
        return this.#fail('the file was deleted, though this till wrote to it')
      this.#chain = new LineChain(this.#seal, DOMAIN, { seq: 0, hash: GENESIS })
      return null
    }
    try {
      const text = readFileSync(this.#path, 'utf8')
      const read = readSealedLines<KeptRecord | null>(text, {
        file: basename(this.#path),
        domain: DOMAIN,
        seal: this.#seal,
      })
      if (read.legacy.length > 0) return this.#fail('it holds lines without seals')
      if (read.tornBytes > 0) truncateSync(this.#path, read.goodBytes)
      for (const { body } of read.records) if (body) this.#hold(body)
      this.#chain = new LineChain(this.#seal, DOMAIN, read.head)
      return null
    } catch (error) {
      return this.#fail(
        error instanceof JournalIntegrityError ? error.reason : 'the file could not be read',
      )
    }
  }

  #fail(reason: string): string {
    this.#seal.report?.({ file: basename(this.#path), line: null, reason })
    return `The books kept for reports (${basename(this.#path)}) did not pass their check (${reason}); hosted payments and refunds their journals no longer hold may be missing from this report.`
  }

  get records(): KeptRecord[] {
    return [...this.#records.values()]
  }

  /**
   * Each movement in the state the books learnt last: a payment decided "paid" that the gateway
   * then reported failed is read as failed, never as taken too.
   */
  get newest(): KeptRecord[] {
    return [...this.#latest.values()].map((key) => this.#records.get(key)!)
  }

  /** Holds `r` as the newest state of its movement (the map's order is the order learnt). */
  #hold(r: KeptRecord): void {
    const key = keyOf(r)
    this.#records.delete(key)
    this.#records.set(key, r)
    this.#latest.set(movementOf(r), key)
  }

  #isNewest(r: KeptRecord): boolean {
    return this.#latest.get(movementOf(r)) === keyOf(r)
  }

  /** Appends the settled records not kept yet (durable before it returns). */
  keep(records: readonly KeptRecord[]): void {
    if (!this.#chain) return
    const fresh = records.filter((r) => SETTLED[r.k][r.v.status])
    const lines: string[] = []
    for (const r of fresh) {
      if (this.#isNewest(r)) continue
      this.#hold(r)
      lines.push(this.#chain.line(r))
    }
    if (lines.length === 0) return
    mkdirSync(dirname(this.#path), { recursive: true, mode: 0o700 })
    // Flushed to the disk: a journal may drop these records in the write that follows.
    const fd = openSync(this.#path, 'a', 0o600)
    try {
      writeSync(fd, lines.join(''))
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    this.#chain.written()
  }

  /**
   * After a Z-report: drops what it (or an earlier one) counted and the journals no longer
   * hold, so the file holds about one period's records, not the till's history. What it
   * drops is in the books' days first (on disk before the file is rewritten). A state the
   * gateway overruled since goes too: kept, it would be read again once its newer state left.
   */
  compact(counted: ReadonlySet<string>, stillInJournals: ReadonlySet<string>): void {
    if (!this.#chain) return
    const settled = (r: KeptRecord) => counted.has(keyOf(r)) && !stillInJournals.has(keyOf(r))
    const keep = this.records.filter((r) => this.#isNewest(r) && !settled(r))
    if (keep.length === this.#records.size) return
    this.days.add(this.newest.filter(settled))
    const text = this.#chain.checkpoint() + keep.map((r) => this.#chain!.line(r)).join('')
    writeFileAtomicSync(this.#path, text)
    this.#chain.written()
    this.#records.clear()
    this.#latest.clear()
    for (const r of keep) this.#hold(r)
  }
}

/**
 * The report's activity, with the books: the journals as they are, plus each kept record its
 * journal no longer holds. Keeps what is newly settled first, so nothing read here is lost.
 */
export class Books {
  readonly #files = new Map<Environment, Promise<BooksFile>>()
  /** The files already open, for a journal's trim, which cannot wait. */
  readonly #open = new Map<Environment, BooksFile>()

  constructor(
    private readonly deps: {
      dir: string
      seal: (environment: Environment) => Promise<JournalSeal>
      source: {
        read(environment: Environment): Promise<Activity>
        /** Told after a Z-report is sealed (sources.ts keeps where it left the journal). */
        sealed?(environment: Environment, counted: ReadonlySet<string>): Promise<void>
      } & SettledSource
    },
  ) {}

  #file(environment: Environment): Promise<BooksFile> {
    let file = this.#files.get(environment)
    if (!file) {
      file = this.deps
        .seal(environment)
        .then((seal) => new BooksFile(join(this.deps.dir, environment, 'books.jsonl'), seal))
      file.then((opened) => this.#open.set(environment, opened)).catch(() => undefined)
      file.catch(() => this.#files.delete(environment))
      this.#files.set(environment, file)
    }
    return file
  }

  /**
   * A journal's trim hands over what it is about to drop (main/kernel/drop-keeper.ts): the
   * settled ones are kept here, on disk, before it may drop them. False while this
   * environment's books are not open yet (the records stay in their journal until a later
   * write); true when the books failed their check, as before them (every report says the
   * books did not check and what may be missing).
   */
  keepDropped(
    environment: Environment,
    journal: TrimmedJournal,
    records: readonly unknown[],
  ): boolean {
    const file = this.#open.get(environment)
    if (!file) return false
    if (file.problem) return true
    const facts = <F>(read: (v: unknown) => F | null): F[] => records.flatMap((v) => read(v) ?? [])
    file.keep(
      kept({
        hostedPayments: journal === 'payments' ? facts(hostedFact) : [],
        refunds: journal === 'refunds' ? facts(refundFact) : [],
        debits: journal === 'debits' ? facts(debitFact) : [],
      }),
    )
    return true
  }

  /** Copies what settled since the last look (on a feature's change, and before a report). */
  async capture(environment: Environment): Promise<void> {
    const file = await this.#file(environment)
    file.keep(kept(await this.deps.source.settled(environment)))
  }

  async read(environment: Environment): Promise<Activity> {
    const file = await this.#file(environment)
    const activity = await this.deps.source.read(environment)
    file.keep(kept(activity))
    if (file.problem) activity.warnings.push(file.problem)
    // A reference its journal still holds is read from there (its newest state); the books
    // add only what the journal dropped.
    const inJournal = new Set([
      ...activity.hostedPayments.map((p) => `hosted:${p.reference}`),
      ...activity.refunds.map((r) => `refund:${r.reference}`),
      ...activity.debits.map((d) => `debit:${d.reference}`),
    ])
    for (const r of file.newest) {
      if (inJournal.has(movementOf(r))) continue
      if (r.k === 'hosted') activity.hostedPayments.push(r.v)
      else if (r.k === 'refund') activity.refunds.push(r.v)
      else activity.debits.push(r.v)
    }
    return activity
  }

  /**
   * The hosted payments, refunds and debits of a window (a day to reconcile, with its margins):
   * the journals as they are, what the books keep, and the books' days the window touches, each
   * reference in its newest state. Nothing here is trimmed before the day it covers.
   */
  async day(
    environment: Environment,
    fromMs: number,
    toMs: number,
  ): Promise<Settled & { warnings: string[] }> {
    const file = await this.#file(environment)
    const journals = await this.deps.source.settled(environment)
    file.keep(kept(journals))
    const days = file.days.read(fromMs, toMs)
    const warnings = [
      ...((journals as Partial<Activity>).warnings ?? []),
      ...(file.problem ? [file.problem] : []),
      ...days.problems,
    ]
    // Oldest first, so each reference ends in its newest state: the days, the books, the journals.
    const newest = new Map<string, KeptRecord>()
    for (const r of [...days.records, ...file.records, ...kept(journals)])
      newest.set(`${r.k}:${r.v.reference}`, r)
    const out: Settled & { warnings: string[] } = {
      hostedPayments: [],
      refunds: [],
      debits: [],
      warnings,
    }
    for (const r of newest.values()) {
      if (r.k === 'hosted') out.hostedPayments.push(r.v)
      else if (r.k === 'refund') out.refunds.push(r.v)
      else out.debits.push(r.v)
    }
    return out
  }

  /** After a Z-report was sealed: what every sealed report counted leaves the books. */
  async sealed(environment: Environment, counted: ReadonlySet<string>): Promise<void> {
    const file = await this.#file(environment)
    const journals = await this.deps.source.settled(environment)
    file.compact(counted, new Set(kept(journals).map(keyOf)))
    await this.deps.source.sealed?.(environment, counted)
  }
}
