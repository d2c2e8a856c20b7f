// Transfer history: every virtual-account transaction from the gateway, for one account or all,
// filtered by status and dates. The list is virtualized and pages (100 rows) are fetched only
// as they scroll into view, so 10,000+ rows stay smooth. CSV export walks every page in main
// and reports progress.
import { memo, useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { formatMoney } from '../../../common/money'
import type { HistoryFilter, HistoryRow } from '../../../common/ipc/collections'
import {
  Badge,
  Banner,
  Button,
  Card,
  DateRangeFields,
  SelectField,
  TextField,
  type Tone,
} from '../../components'
import { useCustomerName } from '../../lib/customerNames'
import { countOf, formatNumber, formatWhen } from '../../lib/format'
import { call, fieldsOf, messageOf, subscribe } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { download } from '../Collect/browser'
import '../Collect/collections.css'

const PAGE_SIZE = 100
const COLUMNS = ['Time', 'Account', 'Amount', 'Status', 'This till', 'Reference', 'Narration']
const ROW_HEIGHT = 52

const STATUS_TONE: Record<string, Tone> = {
  success: 'success',
  processing: 'info',
  failed: 'danger',
}
const ATTRIBUTION: Record<HistoryRow['attribution'], { label: string; tone: Tone }> = {
  charge: { label: 'Paid a charge', tone: 'neutral' },
  late: { label: 'Late: check', tone: 'warning' },
  unattributed: { label: 'Not seen here', tone: 'neutral' },
}

interface Listing {
  key: string
  total: number | null
  pages: Map<number, HistoryRow[]>
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
  const [listing, setListing] = useState<Listing>(() => ({
    key: JSON.stringify(cleanFilter(form)),
    total: null,
    pages: new Map(),
  }))
  const [problem, setProblem] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const inFlight = useRef(new Set<string>())
  const key = JSON.stringify(filter)

  const fetchPage = useCallback(
    async (page: number) => {
      const id = `${key}#${page}`
      if (inFlight.current.has(id)) return
      inFlight.current.add(id)
      try {
        const result = await call('history.list', { ...filter, page, pageSize: PAGE_SIZE })
        setListing((current) => {
          if (current.key !== key) return current
          const pages = new Map(current.pages)
          pages.set(page, result.rows)
          return { key, total: result.totalItems, pages }
        })
        setProblem(null)
      } catch (error) {
        setFields(fieldsOf(error))
        setProblem(messageOf(error))
      } finally {
        inFlight.current.delete(id)
      }
    },
    [filter, key],
  )

  // The first page of each listing; the table asks for the rest as they scroll into view.
  useEffect(() => {
    const timer = window.setTimeout(() => void fetchPage(1), 0)
    return () => window.clearTimeout(timer)
  }, [fetchPage])

  const count = listing.key === key ? (listing.total ?? 0) : 0

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setFields({})
    const next = cleanFilter(form)
    // A new filter starts a new listing; pages of the old one are dropped when they arrive.
    setListing({ key: JSON.stringify(next), total: null, pages: new Map() })
    setFilter(next)
  }
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  return (
    <div className="col-screen history">
      <Card
        title="Transfers into customer accounts"
        description="From the gateway; each page is fetched as you scroll."
      >
        <form className="history__filters" onSubmit={apply} aria-label="Filter transfers">
          <TextField
            label="Account reference"
            name="accountReference"
            value={form.accountReference}
            onChange={set('accountReference')}
            placeholder="All accounts"
            error={fields.accountReference}
          />
          <SelectField
            label="Status"
            name="status"
            value={form.status}
            onChange={set('status')}
            options={[
              { value: '', label: 'Any status' },
              { value: 'success', label: 'Received' },
              { value: 'processing', label: 'Processing' },
              { value: 'failed', label: 'Failed' },
            ]}
          />
          <DateRangeFields from={form.from} to={form.to} onChange={set} errors={fields} named />
          <Button type="submit" variant="primary" icon="refresh" aria-keyshortcuts="Enter">
            Show
          </Button>
        </form>
      </Card>
      {problem && <Banner tone="warning">{problem}</Banner>}
      <div className="history__bar">
        <p aria-live="polite" data-testid="history-count">
          {listing.total === null ? 'Loading…' : countOf(listing.total, 'transfer')}
        </p>
        <ExportCsv filter={filter} disabled={!listing.total} />
      </div>
      <TransfersTable count={count} pages={listing.pages} fetchPage={fetchPage} />
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
  pages: Map<number, HistoryRow[]>
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
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? 0

  // Fetch the pages the visible rows fall on, once scrolling pauses: a fast fling over
  // thousands of rows asks the gateway only for where it stops.
  useEffect(() => {
    if (count === 0) return
    const timer = window.setTimeout(() => {
      const from = Math.floor(first / PAGE_SIZE) + 1
      const to = Math.floor(last / PAGE_SIZE) + 1
      for (let p = from; p <= to; p++) if (!pages.has(p)) void fetchPage(p)
    }, 60)
    return () => window.clearTimeout(timer)
  }, [first, last, count, pages, fetchPage])

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
            <Row
              key={item.key}
              index={item.index}
              row={pages.get(Math.floor(item.index / PAGE_SIZE) + 1)?.[item.index % PAGE_SIZE]}
            />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="vtable__pad" style={{ height: paddingBottom }} />
          )}
        </tbody>
      </table>
    </div>
  )
}

const STATUS_LABEL: Record<string, string> = {
  success: 'Received',
  processing: 'Processing',
  failed: 'Failed',
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
        <Badge tone={STATUS_TONE[row.status] ?? 'neutral'}>
          {STATUS_LABEL[row.status] ?? row.status}
        </Badge>
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
