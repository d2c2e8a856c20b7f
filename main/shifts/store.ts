// One environment's shifts on disk: the open shift (state.json) and the closed shifts'
// Z-reports, one file each (z/z-000001.json ...), numbered without gaps and chained: each
// Z-report's seal covers its content and the previous report's seal, under the environment's
// device key. The newest number and seal are also kept in the keychain (the anchor), so
// editing, removing or swapping a report, or putting back an older copy of the folder, shows.
//
// Closing writes the Z-report first and the state second. A crash in between leaves a Z-report
// for the shift that state.json still calls open; opening the store finishes that close.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Environment } from '../../common/ipc/shared'
import type { CurrencyAmount, ShiftPerson, ShiftReport, ZIntegrity } from '../../common/ipc/shifts'
import { writeFileAtomicSync } from '../kernel/atomicFile'
import { readCountedSummary, writeCountedSummary } from './counted-summary'
import { STATE_DOMAIN, Z_DOMAIN, type ShiftSealer, type ZJournalSeal } from './sealing'

export const GENESIS_SEAL = '0'.repeat(64)
const STATE_FORMAT = 'tilldesk.shifts.state.v1'
const Z_FORMAT = 'tilldesk.shifts.z.v1'
const Z_FILE = /^z-(\d{6,})\.json$/

/** A shift as the till keeps it; the view adds what is worked out (end of day, ...). */
export interface ShiftRecord {
  id: string
  till: string
  environment: Environment
  openedBy: ShiftPerson
  openedAt: string
  /** Where the shift's period starts: the previous Z-report's close, and what it counted there. */
  since: ShiftSince
  openingFloat: CurrencyAmount | null
}

export interface ShiftSince {
  at: string
  /** Keys the previous Z-report counted near its close (figures.ts, Period). */
  exclude: string[]
}

interface StateBody {
  format: typeof STATE_FORMAT
  open: ShiftRecord | null
  last: { number: number; seal: string } | null
}

export interface StoredZ {
  format: typeof Z_FORMAT
  number: number
  previous: string
  sealedAt: string
  report: ShiftReport
  /** Keys counted near the close, which the next period skipped (reports of older builds). */
  edge: string[]
  /** Every movement this report counted (figures.ts, Period); absent in older builds' reports. */
  counted?: string[]
  seal: string
}

/** What the sealed Z-reports have counted, for the next report's period. */
export interface CountedSoFar {
  counted: Set<string>
  /** The close of the newest report that kept no keys (an older build's), or null. */
  legacyUntilMs: number | null
  /** Reports that could not be read: what they counted may be counted again, in words. */
  problems: string[]
  /** Said on the report, with nothing missing (the summary refused and every report read). */
  notes?: string[]
}

const sealedPart = (z: Omit<StoredZ, 'seal'> | StoredZ) => ({
  format: z.format,
  number: z.number,
  previous: z.previous,
  sealedAt: z.sealedAt,
  report: z.report,
  edge: z.edge,
  ...(z.counted === undefined ? {} : { counted: z.counted }),
})

export const zFileName = (n: number): string => `z-${String(n).padStart(6, '0')}.json`

const INTACT: ZIntegrity = { status: 'intact', problem: null }

export class ShiftStore {
  readonly #zDir: string
  readonly sealer: ShiftSealer
  #state: StateBody
  #stateProblem: string | null = null

  constructor(
    private readonly dir: string,
    private readonly seal: ZJournalSeal,
  ) {
    this.sealer = seal.sealer
    this.#zDir = join(dir, 'z')
    mkdirSync(this.#zDir, { recursive: true })
    this.#state = this.#readState()
    this.#finishInterruptedClose()
    this.#takeReportsAfterState()
    this.#catchUpAnchor()
  }

  get openShift(): ShiftRecord | null {
    return this.#state.open
  }

  get lastNumber(): number {
    return this.#state.last?.number ?? 0
  }

  /** Records a newly opened shift. */
  open(record: ShiftRecord): void {
    this.#writeState({ ...this.#state, open: record })
  }

  /** Where a shift opened now starts: the latest Z-report's close; null before the first. */
  since(): ShiftSince | null {
    const last = this.lastNumber > 0 ? this.read(this.lastNumber) : null
    return last ? { at: last.report.to, exclude: Array.isArray(last.edge) ? last.edge : [] } : null
  }

  /**
   * The keys of every movement the sealed Z-reports counted: the running summary
   * (counted-summary.ts), then the reports sealed after it; every report when the summary is
   * missing, refused or no longer bound to the report it names. Held only while a report is
   * worked out, so a till that runs for weeks does not grow with its history.
   */
  countedSoFar(): CountedSoFar {
    const out: CountedSoFar = { counted: new Set(), legacyUntilMs: null, problems: [] }
    const kept = this.lastNumber > 0 ? readCountedSummary(this.#summaryPath, this.sealer) : null
    const summary = kept?.summary ?? null
    let from = 1
    if (
      summary &&
      summary.number <= this.lastNumber &&
      this.read(summary.number)?.seal === summary.zSeal
    ) {
      for (const key of summary.keys) out.counted.add(key)
      out.legacyUntilMs = summary.legacyUntilMs
      from = summary.number + 1
    } else if ((kept?.refused || summary) && this.sealer.enforced) {
      // Without a keychain the key is new each run, so last run's summary never checks.
      const why = kept?.refused ?? 'it names a Z-report that is not the one on disk'
      out.notes = [
        `The summary of what the sealed Z-reports counted could not be used (${why}); this report read every Z-report instead. Nothing is counted twice.`,
      ]
    }
    for (let n = from; n <= this.lastNumber; n++) {
      const stored = this.read(n)
      if (!stored) {
        out.problems.push(
          `Z-report ${n} is missing or unreadable: what it counted may be counted again in this report. Compare with its printed copy.`,
        )
        continue
      }
      // An edited report's keys could hide a movement of the open period from every report.
      if (this.sealer.enforced && !this.sealer.matches(Z_DOMAIN, sealedPart(stored), stored.seal)) {
        out.problems.push(
          `Z-report ${n} was changed after it was closed, so what it claims to have counted is not used: what it really counted may be counted again in this report. Compare with its printed copy.`,
        )
        continue
      }
      if (Array.isArray(stored.counted)) {
        for (const key of stored.counted) if (typeof key === 'string') out.counted.add(key)
        continue
      }
      const to = Date.parse(stored.report.to)
      if (Number.isFinite(to)) out.legacyUntilMs = Math.max(out.legacyUntilMs ?? to, to)
    }
    return out
  }

  /**
   * Seals `report` as the next Z-report, with the keys it counted, and marks its shift closed.
   * With `before` (what the sealed reports had counted, read in full), the running summary is
   * kept too; a `before` with problems is not, so later reports still say what is missing.
   */
  close(report: ShiftReport, counted: string[], sealedAt: string, before?: CountedSoFar): StoredZ {
    // Never over a file on disk: a report past a gap (one removed before it, the state file
    // put back) is not in the chain the state names, but it was sealed and stays as it is.
    const number = Math.max(this.lastNumber, ...this.#numbersOnDisk()) + 1
    const body = {
      format: Z_FORMAT,
      number,
      previous: this.#state.last?.seal ?? GENESIS_SEAL,
      sealedAt,
      report: { ...report, zNumber: number, shift: { ...report.shift, zNumber: number } },
      edge: [] as string[],
      counted,
    } as const
    const stored: StoredZ = { ...body, seal: this.sealer.seal(Z_DOMAIN, body) }
    writeFileAtomicSync(join(this.#zDir, zFileName(number)), JSON.stringify(stored))
    this.#writeState({ format: STATE_FORMAT, open: null, last: { number, seal: stored.seal } })
    this.seal.anchor?.set({ seq: number, hash: stored.seal })
    if (before && before.problems.length === 0) this.#keepSummary(stored, before)
    return stored
  }

  /** The summary up to `stored`; a failed write only means the next report reads more. */
  #keepSummary(stored: StoredZ, before: CountedSoFar): void {
    const keys = new Set(before.counted)
    for (const key of stored.counted ?? []) keys.add(key)
    try {
      writeCountedSummary(this.#summaryPath, this.sealer, {
        number: stored.number,
        zSeal: stored.seal,
        legacyUntilMs: before.legacyUntilMs,
        keys: [...keys],
      })
    } catch {
      // The reports sealed after the summary on disk are read one by one instead.
    }
  }

  get #summaryPath(): string {
    return join(this.dir, 'counted.json')
  }

  /** One Z-report as stored (null when its file is missing or unreadable). */
  read(number: number): StoredZ | null {
    try {
      const value = JSON.parse(readFileSync(join(this.#zDir, zFileName(number)), 'utf8')) as StoredZ
      return value && typeof value === 'object' && value.number === number ? value : null
    } catch {
      return null
    }
  }

  /** One report's own check: its seal, and its link to the report before it. */
  integrityOf(stored: StoredZ): ZIntegrity {
    if (!this.sealer.matches(Z_DOMAIN, sealedPart(stored), stored.seal)) {
      return this.sealer.enforced
        ? {
            status: 'altered',
            problem: `Z-report ${stored.number} was changed after it was closed: its seal does not match its content.`,
          }
        : UNCHECKED
    }
    if (stored.number > 1) {
      const before = this.read(stored.number - 1)
      if (!before)
        return {
          status: 'altered',
          problem: `Z-report ${stored.number - 1}, which comes before this one, is missing.`,
        }
      if (before.seal !== stored.previous)
        return {
          status: 'altered',
          problem: `Z-report ${stored.number} does not follow on from Z-report ${stored.number - 1}.`,
        }
    } else if (stored.previous !== GENESIS_SEAL) {
      return { status: 'altered', problem: 'Z-report 1 claims a report before it.' }
    }
    return INTACT
  }

  /** The whole chain, link by link, up to the number state.json holds, and the keychain's head. */
  verifyChain(): ZIntegrity {
    if (this.#stateProblem) return { status: 'altered', problem: this.#stateProblem }
    const anchored = this.#checkAnchor()
    if (anchored) return { status: 'altered', problem: anchored }
    let unchecked = false
    for (let n = 1; n <= this.lastNumber; n++) {
      const stored = this.read(n)
      if (!stored) return { status: 'altered', problem: `Z-report ${n} is missing or unreadable.` }
      const check = this.integrityOf(stored)
      if (check.status === 'altered') return check
      if (check.status === 'unchecked') unchecked = true
      if (n === this.lastNumber && stored.seal !== this.#state.last?.seal)
        return {
          status: 'altered',
          problem: `Z-report ${n} is not the one this till sealed last.`,
        }
    }
    const extra = this.#numbersOnDisk().filter((n) => n > this.lastNumber)
    if (extra.length > 0)
      return {
        status: 'altered',
        problem: `Z-report ${extra[0]} is on disk but this till never sealed it.`,
      }
    return unchecked ? UNCHECKED : INTACT
  }

  /** What is wrong against the head in the keychain, or null. */
  #checkAnchor(): string | null {
    const anchor = this.seal.anchor
    if (!anchor) return null
    const head = anchor.head
    if (head === null)
      return this.lastNumber > 0
        ? 'There are Z-reports here but the keychain has no record of them (the folder came from another till, or the keychain entry was removed).'
        : null
    if (this.lastNumber < head.seq)
      return `This till sealed up to Z-report ${head.seq}, but the folder ends at ${this.lastNumber}: reports were removed or an older copy was put back.`
    const at = this.read(head.seq)
    if (!at || at.seal !== head.hash)
      return `Z-report ${head.seq} is not the one this till sealed (the folder was replaced by another copy).`
    return null
  }

  #numbersOnDisk(): number[] {
    const out: number[] = []
    for (const name of readdirSync(this.#zDir)) {
      const m = Z_FILE.exec(name)
      if (m) out.push(Number(m[1]))
    }
    return out.sort((a, b) => a - b)
  }

  #readState(): StateBody {
    const empty: StateBody = { format: STATE_FORMAT, open: null, last: null }
    let raw: { body?: StateBody; seal?: string }
    try {
      raw = JSON.parse(readFileSync(join(this.dir, 'state.json'), 'utf8')) as typeof raw
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        // A fresh till, or state.json deleted: the reports on disk still say how far we got.
        const numbers = this.#numbersOnDisk()
        if (numbers.length === 0) return empty
        this.#stateProblem =
          "The shift state file is missing; the Z-reports on disk can't be checked against it."
        const last = this.read(numbers.at(-1)!)
        return last ? { ...empty, last: { number: last.number, seal: last.seal } } : empty
      }
      this.#stateProblem = 'The shift state file is damaged.'
      return empty
    }
    const body = raw.body
    if (!body || body.format !== STATE_FORMAT) {
      this.#stateProblem = 'The shift state file is damaged.'
      return empty
    }
    if (!this.sealer.matches(STATE_DOMAIN, body, raw.seal) && this.sealer.enforced)
      this.#stateProblem = 'The shift state file was changed outside Tilldesk.'
    const open = body.open ?? null
    // Tolerant reader: a shift written without `since` starts at its own opening.
    if (open && !open.since) open.since = { at: open.openedAt, exclude: [] }
    return { format: STATE_FORMAT, open, last: body.last ?? null }
  }

  #writeState(body: StateBody): void {
    writeFileAtomicSync(
      join(this.dir, 'state.json'),
      JSON.stringify({ body, seal: this.sealer.seal(STATE_DOMAIN, body) }),
    )
    this.#state = body
  }

  /**
   * A close cut short before the keychain learnt its report leaves the head one behind; left
   * there, that report and the state file could be taken back together and nothing would show
   * (its movements then counted again by the next Z-report). Moved on only to the report the
   * checked state file names, sealed under this key and following on from the head.
   */
  #catchUpAnchor(): void {
    const anchor = this.seal.anchor
    const last = this.#state.last
    if (!anchor || !last || this.#stateProblem || !this.sealer.enforced) return
    const head = anchor.head
    if ((head?.seq ?? 0) !== last.number - 1) return
    const stored = this.read(last.number)
    if (!stored || stored.seal !== last.seal || stored.previous !== (head?.hash ?? GENESIS_SEAL))
      return
    if (this.integrityOf(stored).status !== 'intact') return
    anchor.set({ seq: stored.number, hash: stored.seal })
  }

  /**
   * Z-reports on disk that carry the chain on past the state file's last (a state file put
   * back from an older copy, or a damaged one): they are this till's, so the next report is
   * numbered after them and what they counted stays counted. Otherwise the next close would
   * seal over the newest report and count its movements a second time.
   */
  #takeReportsAfterState(): void {
    let last = this.#state.last
    const taken: StoredZ[] = []
    for (;;) {
      const next = this.read((last?.number ?? 0) + 1)
      if (!next || next.previous !== (last?.seal ?? GENESIS_SEAL)) break
      if (this.sealer.enforced && !this.sealer.matches(Z_DOMAIN, sealedPart(next), next.seal)) break
      taken.push(next)
      last = { number: next.number, seal: next.seal }
    }
    if (taken.length === 0) return
    const open = this.#state.open
    const closed = open !== null && taken.some((z) => z.report.shift.id === open.id)
    const numbers =
      taken.length === 1
        ? `Z-report ${last!.number} was`
        : `Z-reports ${taken[0]!.number} to ${last!.number} were`
    this.#stateProblem ??= `The shift state file was put back from an older copy: ${numbers} sealed after it. Tilldesk carries on from the newest report.`
    this.#state = { ...this.#state, open: closed ? null : open, last }
  }

  #finishInterruptedClose(): void {
    const open = this.#state.open
    if (!open) return
    const next = this.read(this.lastNumber + 1)
    if (next && next.report.shift.id === open.id)
      this.#writeState({
        format: STATE_FORMAT,
        open: null,
        last: { number: next.number, seal: next.seal },
      })
  }
}

const UNCHECKED: ZIntegrity = {
  status: 'unchecked',
  problem:
    "This till has no device key in its keychain, so seals written before this run can't be checked.",
}
