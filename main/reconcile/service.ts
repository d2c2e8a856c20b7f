// The day's reconciliation, assembled: the gateway's lists for the day (with a margin either
// side), every till record Tilldesk holds, matched by reference (match.ts), the till records no
// list showed looked up one by one (lookups.ts), and the result in words, as CSV and as a PDF.
// Reads only: no call here can move money.
import type {
  BothLanguages,
  ReconcileDocument,
  ReconcileReport,
  ReconcileStatus,
  ZReconciliation,
} from '../../common/ipc/reconcile'
import type { Environment } from '../../common/ipc/shared'
import { AppError } from '../kernel/errors'
import { cashierError } from '../gateway/cashier-errors'
import type { PdfRenderer } from '../shifts/pdf'
import { dayBounds, dayOf } from './day'
import { readDay, type ListOptions, type ReconcileGateway } from './gateway-lists'
import { lookUp } from './lookups'
import { matchDay, type TillRecord } from './match'
import { reconcileCsv, reconcileHtml, type Language } from './report-files'
import { notes as noteWords, zSummary } from '../../common/words/reconcile'

export interface TillRecordSet {
  records: TillRecord[]
  problems: string[]
  scope: 'till' | 'shop'
  tills: string[]
  /** In a shop, and not in step with its server just now. */
  stale: boolean
}

export interface ReconcileServiceDeps {
  gateway: () => Promise<ReconcileGateway>
  /** Every till's records for a window (the day with its margins), from stores that cover it. */
  records: (
    environment: Environment,
    window: { fromMs: number; toMs: number },
  ) => Promise<TillRecordSet>
  environment: () => Environment
  timeZone: () => string
  pdf: PdfRenderer | null
  now?: () => number
  list?: ListOptions
  /** How far either side of the day the gateway's lists are read (see matchDay). */
  marginMs?: number
  /** Most till records looked up one by one. */
  maxLookups?: number
}

const MARGIN_MS = 6 * 3_600_000
/** An export right after a check uses that check, not a second pass over the gateway. */
const REUSE_MS = 5 * 60_000

export class ReconcileService {
  #last: { key: string; at: number; report: ReconcileReport } | null = null

  constructor(private readonly deps: ReconcileServiceDeps) {}

  #now(): number {
    return (this.deps.now ?? Date.now)()
  }

  /** One calendar day in the till's time zone. */
  async day(day: string): Promise<ReconcileReport> {
    const timeZone = this.deps.timeZone()
    let bounds
    try {
      bounds = dayBounds(day, timeZone)
    } catch {
      throw new AppError('invalid_input', 'Choose a day that exists.', {
        fields: { day: 'This day does not exist.' },
        say: { key: 'input.dayMissing' },
        fieldSay: { day: { key: 'input.dayMissingField' } },
      })
    }
    if (bounds.fromMs > this.#now())
      throw new AppError('invalid_input', 'Choose today or a day before: this day has not begun.', {
        fields: { day: 'This day has not begun.' },
        say: { key: 'input.dayAhead' },
        fieldSay: { day: { key: 'input.dayAheadField' } },
      })
    const report = await this.span(bounds.fromMs, bounds.toMs, { day })
    this.#last = { key: `${this.deps.environment()}|${day}`, at: this.#now(), report }
    return report
  }

  /**
   * Any window (a Z-report's period): `day` labels it; `records` gives the tills' side (the
   * Z-report's own read of its period) instead of reading it for the window.
   */
  async span(
    fromMs: number,
    toMs: number,
    options: { day?: string; records?: () => Promise<TillRecordSet> } = {},
  ): Promise<ReconcileReport> {
    const { day } = options
    const environment = this.deps.environment()
    const timeZone = this.deps.timeZone()
    const margin = this.deps.marginMs ?? MARGIN_MS
    const window = { fromMs, toMs }
    const listed = { fromMs: fromMs - margin, toMs: Math.min(toMs + margin, this.#now() + margin) }
    const till = await (options.records?.() ?? this.deps.records(environment, listed))
    let gateway: ReconcileGateway
    try {
      gateway = await this.deps.gateway()
    } catch (error) {
      throw cashierError(error, { action: 'reconcileDay' })
    }
    const lists = await readDay(gateway, listed, this.deps.list)
    const result = matchDay(lists.records, till.records, window)
    // A gateway that did not answer the lists is not asked record by record either.
    const looked = await lookUp(
      gateway,
      result.unseen,
      lists.down ? 0 : this.deps.maxLookups,
      lists.unread,
      result.tally,
    )
    const differences = [...result.differences, ...looked.differences]
    const notes: BothLanguages[] = [
      ...lists.notes,
      ...looked.notes,
      ...till.problems.map(noteWords.tillRecords),
      ...(till.stale ? [noteWords.shopStale()] : []),
    ]
    const status: ReconcileStatus =
      differences.length > 0 ? 'differences' : notes.length > 0 ? 'incomplete' : 'reconciled'
    return {
      day: day ?? dayOf(fromMs, timeZone),
      timeZone,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      checkedAt: new Date(this.#now()).toISOString(),
      status,
      matched: result.matched + looked.matched,
      totals: result.tally.list(),
      differences,
      notes,
      scope: till.scope,
      tills: till.tills,
    }
  }

  async export(input: {
    day: string
    format: 'csv' | 'pdf'
    language: Language
  }): Promise<ReconcileDocument> {
    const key = `${this.deps.environment()}|${input.day}`
    const last = this.#last
    const report =
      last && last.key === key && this.#now() - last.at < REUSE_MS
        ? last.report
        : await this.day(input.day)
    const name = `tilldesk-reconciliation-${input.day}-${input.language}`
    if (input.format === 'csv')
      return {
        filename: `${name}.csv`,
        mediaType: 'text/csv',
        text: reconcileCsv(report, input.language),
        base64: null,
      }
    const pdf = this.deps.pdf
    if (!pdf)
      throw new AppError(
        'not_available',
        'Saving as PDF needs the desktop app here. Export the CSV instead, or print the page.',
        { say: { key: 'input.pdfNeedsDesktop' } },
      )
    const bytes = await pdf(reconcileHtml(report, input.language), 'A4')
    return {
      filename: `${name}.pdf`,
      mediaType: 'application/pdf',
      text: null,
      base64: Buffer.from(bytes).toString('base64'),
    }
  }
}

const Z_WORDS: Record<ReconcileStatus, (r: ReconcileReport) => BothLanguages> = {
  reconciled: (r) => zSummary.reconciled(r.matched),
  differences: (r) => zSummary.differences(r.differences.length),
  incomplete: () => zSummary.incomplete(),
}

/**
 * The Z-report's step: its period reconciled, in the few fields a sealed Z keeps. It never
 * stops a Z-report: a gateway that is away, or too slow, makes it `not_checked` in words.
 */
export async function zReconciliation(
  service: Pick<ReconcileService, 'span'>,
  fromMs: number,
  toMs: number,
  options: {
    timeoutMs?: number
    now?: () => number
    /** The tills' side, from the Z-report's own read of its period. */
    records?: () => Promise<TillRecordSet>
  } = {},
): Promise<ZReconciliation> {
  const now = options.now ?? Date.now
  const base = {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
  }
  let timer: NodeJS.Timeout | undefined
  try {
    const report = await Promise.race([
      service.span(fromMs, toMs, { records: options.records }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the gateway took too long')),
          options.timeoutMs ?? 15_000,
        )
      }),
    ])
    return {
      ...base,
      status: report.status,
      checkedAt: report.checkedAt,
      matched: report.matched,
      differences: report.differences.length,
      summary: Z_WORDS[report.status](report),
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'no answer'
    return {
      ...base,
      status: 'not_checked',
      checkedAt: new Date(now()).toISOString(),
      matched: 0,
      differences: 0,
      summary: zSummary.notChecked(reason),
    }
  } finally {
    clearTimeout(timer)
  }
}
