// The gateway's own lists for a window, every page, read tolerantly: one unreadable item is
// skipped and counted (the client's reader does it), a page without the paging envelope ends
// the list when it is short, and a busy gateway (429, Retry-After) is waited for within a
// bound. GET only: nothing here can move money.
import { isGatewayError } from '../gateway/errors'
import type { GatewayClient } from '../gateway'
import type { BothLanguages, ReconcileSource } from '../../common/ipc/reconcile'
import type { GatewayRecord } from './match'
import { notes } from '../../common/words/reconcile'

export interface ReconcileGateway {
  virtualAccounts: Pick<GatewayClient['virtualAccounts'], 'transactions'>
  payments: Pick<GatewayClient['payments'], 'list' | 'verify'>
  disbursements: Pick<GatewayClient['disbursements'], 'list' | 'verify'>
  refunds: Pick<GatewayClient['refunds'], 'history' | 'get'>
  directDebits: Pick<GatewayClient['directDebits'], 'status'>
}

export interface ListOptions {
  pageSize?: number
  /** Most records read from one list (a runaway gateway must not hold the till). */
  maxRecords?: number
  /** Shortest time between two requests (the spec shows no rate limit; we stay polite). */
  minGapMs?: number
  /** Longest wait for one Retry-After, and how many times a busy answer is waited for. */
  maxRetryWaitMs?: number
  retries?: number
  sleep?: (ms: number) => Promise<void>
}

export interface ListResult {
  records: GatewayRecord[]
  notes: BothLanguages[]
  /** The gateway did not answer at all (no response, or a 5xx after the retries). */
  down?: boolean
  /** Lists that could not be read in full: their till records are not called missing. */
  unread?: Set<ReconcileSource>
  /** This list could not be read to its end. */
  failed?: boolean
}

interface RawPage {
  data?: unknown
  pagination?: unknown
  skipped?: number
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const number = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : null
const time = (v: unknown): number | null => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN
  return Number.isNaN(ms) ? null : ms
}

/** A read record (already through the client's tolerant reader) as a gateway record. */
function recordOf(source: ReconcileSource, item: unknown): GatewayRecord | null {
  if (typeof item !== 'object' || item === null) return null
  const v = item as Record<string, unknown>
  const reference = text(v.reference) ?? text(v.payment_reference)
  if (reference === null) return null
  return {
    source,
    reference,
    amount: number(v.amount),
    currency: text(v.currency),
    status: text(v.raw_status) ?? text(v.status) ?? 'unknown',
    atMs: time(v.created_at) ?? time(v.updated_at),
  }
}

const reasonOf = (error: unknown): string => {
  if (isGatewayError(error))
    return error.status !== null ? `HTTP ${error.status}` : error.kind.replaceAll('_', ' ')
  return error instanceof Error ? error.message : 'no answer'
}

/**
 * Every page of one list. The loader is handed the page number and size; records without a
 * reference cannot be matched and count as unreadable.
 */
export async function readList(
  source: ReconcileSource,
  load: (page: number, pageSize: number) => Promise<RawPage>,
  options: ListOptions = {},
): Promise<ListResult> {
  const pageSize = options.pageSize ?? 100
  const maxRecords = options.maxRecords ?? 50_000
  const sleep = options.sleep ?? wait
  const retries = options.retries ?? 3
  const records: GatewayRecord[] = []
  const out: BothLanguages[] = []
  let skipped = 0
  let last = 0
  for (let page = 1; ; page++) {
    let answer: RawPage | null = null
    for (let attempt = 0; answer === null; attempt++) {
      const gap = (options.minGapMs ?? 0) - (Date.now() - last)
      if (gap > 0) await sleep(gap)
      last = Date.now()
      try {
        answer = await load(page, pageSize)
      } catch (error) {
        const busy = isGatewayError(error) && (error.status === 429 || error.retryable)
        if (!busy || attempt >= retries) {
          out.push(notes.listUnavailable(source, reasonOf(error)))
          if (skipped > 0) out.push(notes.skipped(source, skipped))
          const down = !isGatewayError(error) || error.status === null || error.status >= 500
          return { records, notes: out, down, failed: true }
        }
        const said = isGatewayError(error) ? error.retryAfterMs : null
        await sleep(Math.min(said ?? 1_000 * 2 ** attempt, options.maxRetryWaitMs ?? 30_000))
      }
    }
    const data = Array.isArray(answer.data) ? answer.data : []
    skipped += answer.skipped ?? 0
    for (const item of data) {
      const record = recordOf(source, item)
      if (record) records.push(record)
      else skipped++
    }
    if (records.length >= maxRecords) {
      out.push(notes.truncated(source, maxRecords))
      return { records, notes: out, failed: true }
    }
    // Tolerant of the paging envelope: total_pages when given, else a short page is the last.
    const total = (answer.pagination as { total_pages?: unknown } | undefined)?.total_pages
    if (typeof total === 'number' && Number.isFinite(total)) {
      if (page >= total) break
    } else if (data.length < pageSize) break
  }
  if (skipped > 0) out.push(notes.skipped(source, skipped))
  return { records, notes: out }
}

/** The four lists the gateway offers for a window (debits have none: see lookups.ts). */
export async function readDay(
  gateway: ReconcileGateway,
  window: { fromMs: number; toMs: number },
  options: ListOptions = {},
): Promise<ListResult> {
  const dates = {
    start_date: new Date(window.fromMs).toISOString(),
    end_date: new Date(window.toMs).toISOString(),
  }
  const lists: Array<[ReconcileSource, (page: number, size: number) => Promise<RawPage>]> = [
    [
      'transfer_in',
      (page, page_size) => gateway.virtualAccounts.transactions({ ...dates, page, page_size }),
    ],
    ['payment', (page, page_size) => gateway.payments.list({ ...dates, page, page_size })],
    ['payout', (page, page_size) => gateway.disbursements.list({ ...dates, page, page_size })],
    ['refund', (page, page_size) => gateway.refunds.history({ ...dates, page, page_size })],
  ]
  const records: GatewayRecord[] = []
  const out: BothLanguages[] = []
  // One list after the other: the gateway's rate is shared with the till's own polling. A
  // gateway that does not answer is not asked for the rest (a Z-report must not wait on it).
  let down = false
  const unread = new Set<ReconcileSource>()
  for (const [source, load] of lists) {
    if (down) {
      unread.add(source)
      out.push(notes.listUnavailable(source, 'the gateway did not answer'))
      continue
    }
    const r = await readList(source, load, options)
    records.push(...r.records)
    out.push(...r.notes)
    if (r.failed) unread.add(source)
    down = r.down ?? false
  }
  return { records, notes: out, down, unread }
}
