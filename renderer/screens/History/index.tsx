// Transfer history: every virtual-account transaction from the gateway, for one account or all,
// filtered by status and dates. The list is virtualized and pages (100 rows) are fetched only
// as they scroll into view, so 10,000+ rows stay smooth. CSV export walks every page in main
// and reports progress.
import { memo, useCallback, useRef, useState, type FormEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useTranslation } from 'react-i18next'
import type { ParseKeys } from 'i18next'
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
import { formatMoney, formatNumber, formatWhen } from '../../lib/format'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { download } from '../Collect/browser'
import '../Collect/collections.css'

const COLUMNS = [
  'time',
  'account',
  'amount',
  'status',
  'thisTill',
  'reference',
  'narration',
] as const
const ROW_HEIGHT = 52

/** The states in the glossary's words (catalogue keys), read in the till's language. */
const STATUS: Record<string, { label: ParseKeys; tone: Tone }> = {
  success: { label: 'status.received', tone: 'success' },
  processing: { label: 'status.processing', tone: 'info' },
  failed: { label: 'status.failed', tone: 'danger' },
}
const ATTRIBUTION: Record<HistoryRow['attribution'], { label: ParseKeys; tone: Tone }> = {
  charge: { label: 'history.attribution.charge', tone: 'neutral' },
  late: { label: 'history.attribution.late', tone: 'warning' },
  unattributed: { label: 'history.attribution.unattributed', tone: 'neutral' },
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
  const { t } = useTranslation()
  const statusChoices = Object.entries(STATUS).map(
    ([value, { label }]) => [value, t(label)] as const,
  )

  return (
    <div className="col-screen history">
      <Card title={t('history.title')} description={t('history.description')}>
        <FilterBar
          label={t('history.filter')}
          onApply={apply}
          look="inline"
          enterKey="announced"
          className="history__filters"
          dates={{ from: form.from, to: form.to, onChange: set, errors: fields, named: true }}
        >
          <TextField
            label={t('history.accountReference')}
            name="accountReference"
            value={form.accountReference}
            onChange={set('accountReference')}
            placeholder={t('history.allAccounts')}
            error={fields.accountReference}
          />
          <FilterSelect
            name="status"
            value={form.status}
            onChange={set('status')}
            choices={statusChoices}
          />
        </FilterBar>
      </Card>
      {listing.problem && <Banner tone="warning">{listing.problem}</Banner>}
      <div className="history__bar">
        <p aria-live="polite" data-testid="history-count">
          {listing.total === null
            ? t('common.loading')
            : t('history.count', { count: listing.total })}
        </p>
        <ExportCsv filter={filter} disabled={!listing.total} />
      </div>
      <TransfersTable
        count={listing.total ?? 0}
        empty={listing.total === 0}
        pages={listing.pages}
        fetchPage={listing.load}
      />
    </div>
  )
}

/** The virtualized table. Its own component, so scrolling re-renders only the rows. */
function TransfersTable({
  count,
  empty,
  pages,
  fetchPage,
}: {
  count: number
  /** The gateway answered and nothing matches: said in words, not a blank table. */
  empty: boolean
  pages: ReadonlyMap<number, HistoryRow[]>
  fetchPage: (page: number) => Promise<void>
}) {
  const parent = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
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
      aria-label={t('history.scrollable')}
      data-testid="history-scroll"
    >
      <table className="vtable__table" aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((h) => (
              <th key={h} scope="col">
                {t(`history.col.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Spacer rows stand in for the rows not drawn, so the scrollbar is true. */}
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="vtable__pad" style={{ height: paddingTop }} />
          )}
          {empty && (
            <tr data-testid="history-empty">
              <td colSpan={COLUMNS.length} className="vtable__empty">
                {t('history.empty')}
              </td>
            </tr>
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

/** The status badge's words in the till's language. */
function statusWords(t: (key: ParseKeys) => string): Record<string, StateWords> {
  return Object.fromEntries(
    Object.entries(STATUS).map(([value, { label, tone }]) => [value, { label: t(label), tone }]),
  )
}

const Row = memo(function Row({ index, row }: { index: number; row: HistoryRow | undefined }) {
  const { t } = useTranslation()
  if (!row)
    return (
      <tr aria-rowindex={index + 2} data-testid="history-row">
        <td colSpan={COLUMNS.length} className="vtable__loading">
          {t('common.loading')}
        </td>
      </tr>
    )
  const a = ATTRIBUTION[row.attribution]
  const label = t(a.label)
  const attribution = row.saleReference ? `${label} · ${row.saleReference}` : label
  return (
    <tr aria-rowindex={index + 2} data-testid="history-row">
      <td>{formatWhen(row.createdAt)}</td>
      <AccountCell reference={row.accountReference} />
      <td className="num">{formatMoney(row.amount, row.currency)}</td>
      <td>
        <WordBadge words={statusWords(t)} status={row.status} />
      </td>
      <td>
        <Badge tone={a.tone}>{attribution}</Badge>
      </td>
      <td
        className="mono"
        title={row.narration ? `${row.reference}\n${row.narration}` : row.reference}
      >
        {row.reference}
      </td>
      <td title={row.narration}>{row.narration}</td>
    </tr>
  )
})

function ExportCsv({ filter, disabled }: { filter: HistoryFilter; disabled: boolean }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [note, setNote] = useState<{ tone: Tone; text: string } | null>(null)
  const { t } = useTranslation()
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
        text: t('history.exported', { count: result.rows, file: result.filename }),
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
          <progress max={100} value={percent} aria-label={t('history.exportProgress')} />
          <span data-testid="export-progress">
            {formatNumber(progress.done)} /{' '}
            {progress.total
              ? t('history.rows', { count: progress.total })
              : t('history.rowsUnknown')}
          </span>
        </div>
      ) : (
        <Button icon="outbox" onClick={() => void run()} disabled={disabled}>
          {t('history.exportCsv')}
        </Button>
      )}
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
    </div>
  )
}
