// Transaction history from the gateway, one server page at a time, annotated with what this
// till made of each transfer; and the same list as CSV, page by page with progress.
import { toDecimalString } from '../../common/money'
import type { VaTransaction } from '../../common/api/virtualAccounts'
import type {
  ExportProgress,
  ExportResult,
  HistoryFilter,
  HistoryPage,
  HistoryRow,
} from '../../common/ipc/collections'
import { csvRow } from './csv'
import { english } from '../kernel/errors'
import { CollectionsError, collectionsRefusal } from './errors'
import { readFailure, type CollectionsGateway, type VaTransactionsFilter } from './gatewayPort'
import { observedFromGateway, type Ledger } from './ledger'
import type { RecalledTransfer } from './ledger-archive'

export interface HistoryDeps {
  gateway(): Pick<CollectionsGateway, 'virtualAccounts'>
  ledger(): Ledger
  /** Names of customers this till knows only from its directory (not from a charge). */
  nameOf?(accountReference: string): string | null
}

const EXPORT_PAGE_SIZE = 100
/** An export this large is a job for the gateway's dashboard, not a till. */
const EXPORT_MAX_ROWS = 200_000

function query(filter: HistoryFilter, page: number, pageSize: number): VaTransactionsFilter {
  if (filter.from && filter.to && filter.from > filter.to)
    throw collectionsRefusal(
      'validation',
      { key: 'collections.fromAfterTo' },
      { from: english({ key: 'collections.pickFrom' }) },
    )
  const q: VaTransactionsFilter = { page, page_size: pageSize }
  if (filter.accountReference) q.account_reference = filter.accountReference
  if (filter.status) q.status = filter.status
  // Whole days (inclusive) as the gateway reads them (docs/gateway-assumptions.md).
  if (filter.from) q.start_date = filter.from
  if (filter.to) q.end_date = filter.to
  return q
}

/**
 * What this till knows of each item of a page, in one look (a transfer let go of from memory
 * is read back from the journal with the others on its page, not one read per row).
 */
function knownOf(items: readonly VaTransaction[], ledger: Ledger): Map<string, RecalledTransfer> {
  const seen = items.flatMap((tx) => observedFromGateway(tx) ?? [])
  return ledger.annotations(seen)
}

/** One history row, or null for an item too broken to show (counted by the caller). */
export function annotate(
  tx: VaTransaction,
  ledger: Ledger,
  nameOf?: (accountReference: string) => string | null,
  known: ReadonlyMap<string, RecalledTransfer> = knownOf([tx], ledger),
): HistoryRow | null {
  // The gateway is the authority on the status now; ours may be older.
  const seen = observedFromGateway(tx)
  if (!seen) return null
  const { gatewayStatus, ...fields } = seen
  const base = {
    ...fields,
    gatewayStatus: gatewayStatus ?? seen.status,
    customerName:
      ledger.accountName(seen.accountReference) ?? nameOf?.(seen.accountReference) ?? null,
  }
  const found = known.get(seen.reference)
  if (!found)
    return {
      ...base,
      firstSeenAt: '',
      chargeId: null,
      late: false,
      acknowledgement: null,
      saleReference: null,
      attribution: 'unattributed',
    }
  return {
    ...base,
    firstSeenAt: found.transfer.firstSeenAt,
    chargeId: found.transfer.chargeId,
    late: found.transfer.late,
    acknowledgement: found.transfer.acknowledgement,
    saleReference: found.saleReference,
    attribution: found.transfer.late ? 'late' : 'charge',
  }
}

const CSV_HEADER = [
  'reference',
  'account_reference',
  'amount',
  'currency',
  'status',
  'created_at',
  'narration',
  'attribution',
  'charge_id',
  'sale_reference',
]

export function historyCsvLine(row: HistoryRow): string {
  return csvRow([
    row.reference,
    row.accountReference,
    toDecimalString(row.amount),
    row.currency,
    row.status,
    row.createdAt,
    row.narration,
    row.attribution,
    row.chargeId,
    row.saleReference,
  ])
}

function wrap(error: unknown): never {
  if (error instanceof CollectionsError) throw error
  const f = readFailure(error)
  if (f.unavailable)
    throw new CollectionsError(
      'gateway_unavailable',
      "History comes from the gateway, which can't be reached right now. Try again when the till is back online.",
      undefined,
      { key: 'historyOffline' },
    )
  throw collectionsRefusal('gateway_rejected', {
    key: 'collections.historyRefused',
    params: { message: f.message },
  })
}

export function createHistory(deps: HistoryDeps) {
  return {
    async list(filter: HistoryFilter, page: number, pageSize: number): Promise<HistoryPage> {
      try {
        const result = await deps
          .gateway()
          .virtualAccounts.transactions(query(filter, page, pageSize))
        const ledger = deps.ledger()
        const known = knownOf(result.data, ledger)
        const rows = result.data.flatMap((tx) => annotate(tx, ledger, deps.nameOf, known) ?? [])
        return {
          rows,
          skipped: result.data.length - rows.length + (result.skipped ?? 0),
          page: result.pagination.page,
          pageSize: result.pagination.page_size,
          totalItems: result.pagination.total_items,
          totalPages: result.pagination.total_pages,
        }
      } catch (error) {
        return wrap(error)
      }
    },

    /** Walks every page (100 at a time), reporting progress after each. */
    async exportCsv(
      exportId: string,
      filter: HistoryFilter,
      progress: (p: ExportProgress) => void,
      now: () => Date = () => new Date(),
    ): Promise<ExportResult> {
      const parts: string[] = [csvRow(CSV_HEADER)]
      let rows = 0
      let total = 0
      try {
        for (let page = 1; ; page++) {
          const result = await deps
            .gateway()
            .virtualAccounts.transactions(query(filter, page, EXPORT_PAGE_SIZE))
          total = Math.min(result.pagination.total_items, EXPORT_MAX_ROWS)
          const ledger = deps.ledger()
          const known = knownOf(result.data, ledger)
          for (const tx of result.data) {
            if (rows >= EXPORT_MAX_ROWS) break
            const row = annotate(tx, ledger, deps.nameOf, known)
            // A broken item is left out of the file, not allowed to stop the export.
            if (!row) continue
            parts.push(historyCsvLine(row))
            rows += 1
          }
          const finished = page >= result.pagination.total_pages || rows >= EXPORT_MAX_ROWS
          progress({ exportId, done: rows, total, finished })
          if (finished) break
        }
      } catch (error) {
        return wrap(error)
      }
      const stamp = now().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const scope = filter.accountReference ? `-${filter.accountReference}` : ''
      return {
        exportId,
        filename: `tilldesk-transfers${scope}-${stamp}.csv`,
        csv: parts.join(''),
        rows,
      }
    },
  }
}

export type History = ReturnType<typeof createHistory>
