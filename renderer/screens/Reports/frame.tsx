// The frame every report is drawn in: the filter form, the count and totals, Export CSV and the
// server-paginated list. What differs between reports is declared in their own files.
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { ReportKind } from '../../../common/ipc/reports'
import { Banner, Button, Card, TextField, type Tone } from '../../components'
import {
  FilterBar,
  FilterSelect,
  PAGE_SIZE,
  PagedTable,
  useFilterForm,
  type SetFilterField,
} from '../../components/kit'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { download } from '../Collect/browser'
import { today, type Filter, type FilterSpec, type Report } from './declare'
import { FilterFold } from './fold'

/** Totals add up every matching row; past this many, narrowing the dates is asked for. */
const TOTALS_MAX = 500

/** The filter form, the count, Export CSV and the list: the same frame for every report. */
export function ReportFrame<K extends ReportKind, Row>({
  report: {
    kind,
    label,
    filters,
    startsToday,
    fetch,
    columns,
    rowKey,
    rowLabel,
    summarize,
    minWidth,
  },
  onRowClick,
}: {
  report: Report<K, Row>
  onRowClick?: (row: Row) => void
}) {
  const { t } = useTranslation()
  // The catalogue keeps each report's own sentences under its kind ("reports.payments.count").
  const words: ReportKind = kind
  const toFilter = (form: Record<string, string>) => filterOf<K>(filters, form)
  const {
    form,
    set,
    filter,
    apply: show,
  } = useFilterForm(
    () => ({ from: startsToday ? today() : '', to: '' }) as Record<string, string>,
    toFilter,
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [total, setTotal] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [note, setNote] = useState<{ tone: Tone; text: string } | null>(null)
  const [unfolded, setUnfolded] = useState(false)
  const fetchPage = useCallback(
    async (page: number) => {
      try {
        const result = await fetch(filter, page)
        setErrors({})
        setFailed(false)
        return result
      } catch (error) {
        const named = fieldsOf(error)
        setErrors(named)
        setFailed(true)
        // A refused filter is said beside its field: folded filters open to show it.
        if (Object.keys(named).length > 0) setUnfolded(true)
        throw error
      }
    },
    [fetch, filter],
  )

  const totals = useTotals(filter, fetch, summarize, t)

  const apply = (event: React.FormEvent) => {
    setNote(null)
    show(event)
    setUnfolded(false)
  }

  const exportCsv = async () => {
    setExporting(true)
    setNote(null)
    try {
      const request = { kind, filter: { ...filter, page: 1, pageSize: PAGE_SIZE } } as Parameters<
        typeof call<'reports.exportCsv'>
      >[1]
      const result = await call('reports.exportCsv', request)
      download(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }), result.filename)
      setNote({
        tone: result.truncated ? 'warning' : 'success',
        text: t(result.truncated ? 'reports.exportedFirst' : 'reports.exported', {
          count: result.rowCount,
          file: result.filename,
        }),
      })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="gw-screen">
      <FilterFold
        open={unfolded}
        onOpen={setUnfolded}
        applied={Object.keys(filter as object).length}
        filters={
          <Card>
            <FilterBar
              label={t(`reports.${words}.filter`)}
              onApply={apply}
              enterKey="shown"
              dates={{ from: form.from ?? '', to: form.to ?? '', onChange: set, errors }}
            >
              <FilterFields filters={filters} form={form} set={set} errors={errors} />
            </FilterBar>
          </Card>
        }
      >
        <div className="gw-bar">
          <p aria-live="polite" data-testid="report-count">
            {failed
              ? '\u00a0'
              : total === null
                ? t('common.loading')
                : t(`reports.${words}.count`, { count: total })}
          </p>
          {totals && (
            <p className="gw-totals" data-testid="report-totals">
              {totals.join(' · ')}
            </p>
          )}
          <Button
            icon="outbox"
            busy={exporting}
            disabled={!total || failed}
            onClick={() => void exportCsv()}
          >
            {t('reports.exportCsv')}
          </Button>
        </div>
      </FilterFold>
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
      <PagedTable
        label={label}
        queryKey={`${kind}:${JSON.stringify(filter)}`}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={rowKey}
        onRowClick={onRowClick}
        rowLabel={rowLabel}
        empty={t(`reports.${words}.empty`)}
        onTotal={setTotal}
        testId={`report-${kind}`}
        minWidth={minWidth}
      />
    </div>
  )
}

/**
 * Totals over every row the filter matches (at most TOTALS_MAX, page by page through main),
 * recomputed when the filter changes. Null while counting or without a summary.
 */
function useTotals<F, Row>(
  filter: F,
  fetch: (filter: F, page: number) => Promise<{ items: Row[]; totalItems: number }>,
  summarize: ((rows: Row[]) => string[]) | undefined,
  t: TFunction,
): string[] | null {
  const [result, setResult] = useState<{ filter: F; lines: string[] } | null>(null)
  useEffect(() => {
    if (!summarize) return
    let live = true
    const count = async () => {
      const first = await fetch(filter, 1)
      if (first.totalItems > TOTALS_MAX) return [t('reports.totalsTooMany', { count: TOTALS_MAX })]
      const rows = [...first.items]
      const pages = Math.ceil(first.totalItems / PAGE_SIZE)
      for (let page = 2; page <= pages; page++) rows.push(...(await fetch(filter, page)).items)
      return summarize(rows)
    }
    count().then(
      (lines) => live && setResult({ filter, lines }),
      () => live && setResult({ filter, lines: [] }),
    )
    return () => {
      live = false
    }
  }, [filter, fetch, summarize, t])
  return result && result.filter === filter && result.lines.length > 0 ? result.lines : null
}

const clean = (value: string | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined

/** The filter main is asked for: every field filled in (trimmed), and the days. */
function filterOf<K extends ReportKind>(
  filters: FilterSpec[],
  form: Record<string, string>,
): Filter<K> {
  const filter: Record<string, string> = {}
  for (const key of [...filters.map((f) => f.key), 'from', 'to']) {
    const value = clean(form[key])
    if (value) filter[key] = value
  }
  // Main checks each value against the report's schema and says which field is wrong.
  return filter as Filter<K>
}

function FilterFields({
  filters,
  form,
  set,
  errors,
}: {
  filters: FilterSpec[]
  form: Record<string, string>
  set: SetFilterField
  errors: Record<string, string>
}) {
  return (
    <>
      {filters.map(({ key, label, choices, any, type, placeholder }) =>
        choices ? (
          <FilterSelect
            key={key}
            label={label}
            any={any}
            value={form[key] ?? ''}
            onChange={set(key)}
            choices={choices}
          />
        ) : (
          <TextField
            key={key}
            label={label}
            type={type}
            value={form[key] ?? ''}
            onChange={set(key)}
            placeholder={placeholder}
            error={errors[key]}
          />
        ),
      )}
    </>
  )
}
