// The books' days: what the books let go of after a Z-report, kept by the day it was made, so
// a day's reconciliation against the gateway still has every settled hosted payment, refund and
// debit of the day after their journals trimmed them and the books dropped them (books.ts). One
// file per day (UTC, by the record's `createdAt`, the time the reconciliation matches it at),
// appended to, never trimmed: a day's reconciliation reads only the files of its own days.
//
// Each line is one record and its seal under the environment's device key, for the domain of
// its own day, so a line edited, forged or moved to another day's file is refused. A line taken
// out, or a file deleted or put back older, only loses records: the reconciliation then finds
// the gateway's record unknown to Tilldesk and says so. That is why a line seal is enough here,
// and no chain head in the keychain.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { JournalSeal } from '../integrity'

const DOMAIN = 'shifts.books.day.v1'
const DAY_MS = 86_400_000

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The UTC day (YYYY-MM-DD) of an instant. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A kept record (books.ts `KeptRecord`): dated by its `createdAt`. */
interface Dated {
  v: { createdAt: string }
}

export class BooksDays<KeptRecord extends Dated> {
  constructor(
    /** The environment's folder of day files (shifts/<environment>/books-days). */
    private readonly dir: string,
    private readonly seal: JournalSeal,
  ) {}

  #path(day: string): string {
    return join(this.dir, `${day}.jsonl`)
  }

  /** Appends `records` to the files of their days, flushed to disk before it returns. */
  add(records: readonly KeptRecord[]): void {
    const byDay = new Map<string, string[]>()
    for (const r of records) {
      const ms = Date.parse(r.v.createdAt)
      const day = dayOf(Number.isNaN(ms) ? 0 : ms)
      const line = `${JSON.stringify({ v: r, s: this.seal.sealer.seal(`${DOMAIN}\n${day}`, r) })}\n`
      byDay.set(day, [...(byDay.get(day) ?? []), line])
    }
    if (byDay.size === 0) return
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    for (const [day, lines] of byDay) {
      const fd = openSync(this.#path(day), 'a', 0o600)
      try {
        writeSync(fd, lines.join(''))
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    }
  }

  /**
   * The records of every day that [fromMs, toMs) touches, oldest line first; each line that
   * does not check is left out and named in `problems`, in words (and told to the admin).
   */
  read(fromMs: number, toMs: number): { records: KeptRecord[]; problems: string[] } {
    const records: KeptRecord[] = []
    const problems: string[] = []
    // A window is a day and its margins; a runaway one is cut to a fortnight.
    const last = Math.min(toMs - 1, fromMs + 14 * DAY_MS)
    for (let at = fromMs - (fromMs % DAY_MS); at <= last; at += DAY_MS) {
      const day = dayOf(at)
      let text: string
      try {
        text = readFileSync(this.#path(day), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
        problems.push(this.#refused(day, null, 'the file could not be read'))
        continue
      }
      const lines = text.split('\n')
      // Text after the last newline is a line a crash cut short: it was never kept.
      lines.pop()
      const refused: number[] = []
      lines.forEach((line, i) => {
        let value: unknown
        try {
          value = JSON.parse(line)
        } catch {
          value = null
        }
        if (isObject(value) && this.seal.sealer.check(`${DOMAIN}\n${day}`, value.v, value.s))
          records.push(value.v as KeptRecord)
        else refused.push(i + 1)
      })
      if (refused.length > 0)
        problems.push(
          this.#refused(day, refused[0]!, `${refused.length} line(s) do not pass their check`),
        )
    }
    return { records, problems }
  }

  #refused(day: string, line: number | null, reason: string): string {
    const file = `books-days/${day}.jsonl`
    this.seal.report?.({ file, line, reason })
    const where = line === null ? file : `${file}, line ${line}`
    return `The books kept for ${day} (${where}) could not be used: ${reason}. Hosted payments, refunds and debits kept there are left out of this check.`
  }
}
