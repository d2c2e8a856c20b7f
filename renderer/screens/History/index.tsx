// Transfer history: every virtual-account transaction from the gateway, for one account or all,
// filtered by status and dates. The list is virtualized and pages (100 rows) are fetched only
// as they scroll into view, so 10,000+ rows stay smooth. CSV export walks every page in main
// and reports progress.
import { memo, useCallback, useRef, useState, type FormEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { formatMoney } from '../../../common/money'
import type { HistoryFilter, HistoryRow } from '../../../common/ipc/collections'
import { Badge, Banner, Button, Card, TextField, type Tone } from '../../components'
import {
  FilterBar,
  FilterSelect,
  PAGE_SIZE,
  rowAt,
  usePagedListing,
  useVisiblePages,
  withFieldErrors,
  WordBadge,
  type StateWords,
} from '../../components/kit'
import { useCustomerName } from '../../lib/customerNames'
import { countOf, formatNumber, formatWhen } from '../../lib/format'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { download } from '../Collect/browser'
import '../Collect/collections.css'

const COLUMNS = ['Time', 'Account', 'Amount', 'Status', 'This till', 'Reference', 'Narration']
const ROW_HEIGHT = 52

const STATUS: Record<string, StateWords> = {
  success: { label: 'Received', tone: 'success' },
  processing: { label: 'Processing', tone: 'info' },
  failed: { label: 'Failed', tone: 'danger' },
}
const STATUS_CHOICES = Object.entries(STATUS).map(([value, { label }]) => [value, label] as const)
const ATTRIBUTION: Record<HistoryRow['attribution'], { label: string; tone: Tone }> = {
  charge: { label: 'Paid a charge', tone: 'neutral' },
  late: { label: 'Late: check', tone: 'warning' },
  unattributed: { label: 'Not seen here', tone: 'neutral' },
}

function cleanFilter(
  form: Record<'accountReference' | 'status' | 'from' | 'to', string>,
): HistoryFilter {
  const f: HistoryFilter = {}
  if (form.accountReference.trim()) f.accountReference = form.accountReference.trim()
  if (form.status === 'success' || form.status === 'processing' || form.status === 'failed')
    f.status = form.status
  if (form.from) f.from = form.from
  if (form.to) f.to = form.to
  return f
}

export default function HistoryScreen() {
  const initialAccount = useNavigation((s) => s.route.rest[0] ?? '')
  const [form, setForm] = useState({
    accountReference: initialAccount,
    status: '',
    from: '',
    to: '',
  })
  const [filter, setFilter] = useState<HistoryFilter>(() => cleanFilter(form))
  // Each Show starts a new listing, even for the same filter (the gateway may have more now).
  const [shown, setShown] = useState(0)
  const [fields, setFields] = useState<Record<string, string>>({})

  const fetchPage = useCallback(
    (page: number) =>
      withFieldErrors(async () => {
        const result = await call('history.list', { ...filter, page, pageSize: PAGE_SIZE })
        return { items: result.rows, totalItems: result.totalItems }
      }, setFields),
    [filter],
  )
  const listing = usePagedListing(`${shown}:${JSON.stringify(filter)}`, fetchPage)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setFields({})
    setFilter(cleanFilter(form))
    setShown((n) => n + 1)
  }
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  return (
    <div className="col-screen history">
      <Card
        title="Transfers into customer accounts"
        description="From the gateway; each page is fetched as you scroll."
      >
        <FilterBar
          label="Filter transfers"
          onApply={apply}
          look="inline"
          enterKey="announced"
          className="history__filters"
          dates={{ from: form.from, to: form.to, onChange: set, errors: fields, named: true }}
        >
          <TextField
            label="Account reference"
            name="accountReference"
            value={form.accountReference}
            onChange={set('accountReference')}
            placeholder="All accounts"
            error={fields.accountReference}
          />
          <FilterSelect
            name="status"
            value={form.status}
            onChange={set('status')}
            choices={STATUS_CHOICES}
          />
        </FilterBar>
      </Card>
      {listing.problem && <Banner tone="warning">{listing.problem}</Banner>}
      <div className="history__bar">
        <p aria-live="polite" data-testid="history-count">
          {listing.total === null ? 'Loading…' : countOf(listing.total, 'transfer')}
        </p>
        <ExportCsv filter={filter} disabled={!listing.total} />
      </div>
      <TransfersTable count={listing.total ?? 0} pages={listing.pages} fetchPage={listing.load} />
    </div>
  )
}

/** The virtualized table. Its own component, so scrolling re-renders only the rows. */
function TransfersTable({
  count,
  pages,
  fetchPage,
}: {
  count: number
  pages: ReadonlyMap<number, HistoryRow[]>
  fetchPage: (page: number) => Promise<void>
}) {
  const parent = useRef<HTMLDivElement>(null)
  // The virtualizer hands back functions React Compiler can't memoize; it is built for this.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0
  // The pages the visible rows fall on, once scrolling pauses.
  useVisiblePages(items[0]?.index ?? 0, items.at(-1)?.index ?? 0, count, pages, fetchPage)

  return (
    <div
      ref={parent}
      className="vtable"
      tabIndex={0}
      role="region"
      aria-label="Transfers, scrollable"
      data-testid="history-scroll"
    >
      <table className="vtable__table" aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Spacer rows stand in for the rows not drawn, so the scrollbar is true. */}
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="vtable__pad" style={{ height: paddingTop }} />
          )}
          {items.map((item) => (
            <Row key={item.key} index={item.index} row={rowAt(pages, item.index)} />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="vtable__pad" style={{ height: paddingBottom }} />
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The customer by name when known, with the account reference small beneath. */
function AccountCell({ reference }: { reference: string }) {
  const name = useCustomerName(reference)
  return (
    <td title={reference}>
      {name ? (
        <>
          {name}
          <br />
          <span className="mono small muted">{reference}</span>
        </>
      ) : (
        <span className="mono">{reference}</span>
      )}
    </td>
  )
}

const Row = memo(function Row({ index, row }: { index: number; row: HistoryRow | undefined }) {
  if (!row)
    return (
      <tr aria-rowindex={index + 2} data-testid="history-row">
        <td colSpan={COLUMNS.length} className="vtable__loading">
          Loading…
        </td>
      </tr>
    )
  const a = ATTRIBUTION[row.attribution]
  const attribution = row.saleReference ? `${a.label} · ${row.saleReference}` : a.label
  return (
    <tr aria-rowindex={index + 2} data-testid="history-row">
      <td>{formatWhen(row.createdAt)}</td>
      <AccountCell reference={row.accountReference} />
      <td className="num">{formatMoney(row.amount, row.currency)}</td>
      <td>
        <WordBadge words={STATUS} status={row.status} />
      </td>
      <td>
        <Badge tone={a.tone}>{attribution}</Badge>
      </td>
      <td className="mono" title={row.reference}>
        {row.reference}
      </td>
      <td title={row.narration}>{row.narration}</td>
    </tr>
  )
})

function ExportCsv({ filter, disabled }: { filter: HistoryFilter; disabled: boolean }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [note, setNote] = useState<{ tone: Tone; text: string } | null>(null)
  const run = async () => {
    const exportId = `x${Math.random().toString(36).slice(2, 12)}`
    setNote(null)
    setProgress({ done: 0, total: 0 })
    const off = subscribe('history.exportProgress', (p) => {
      if (p.exportId === exportId) setProgress({ done: p.done, total: p.total })
    })
    try {
      const result = await call('history.export', { exportId, filter })
      download(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }), result.filename)
      setNote({
        tone: 'success',
        text: `Exported ${countOf(result.rows, 'row')} to ${result.filename}.`,
      })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    } finally {
      off()
      setProgress(null)
    }
  }
  const percent =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  return (
    <div className="export">
      {progress ? (
        <div className="export__progress">
          <progress max={100} value={percent} aria-label="Export progress" />
          <span data-testid="export-progress">
            {formatNumber(progress.done)} /{' '}
            {progress.total ? countOf(progress.total, 'row') : '… rows'}
          </span>
        </div>
      ) : (
        <Button icon="outbox" onClick={() => void run()} disabled={disabled}>
          Export CSV
        </Button>
      )}
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
    </div>
  )
}
