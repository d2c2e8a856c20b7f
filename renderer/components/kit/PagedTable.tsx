// A long server-paginated list, virtualized: only the rows on screen are in the DOM, and each
// page of 100 is asked of main when its rows scroll into view (usePagedListing). Says
// "Loading…" until the first page arrives, the empty text when nothing matches, and what went
// wrong above the list. Keyboard: the list scrolls with arrows/PageUp/PageDown; rows with an
// action are buttons in the tab order.
import { useEffect, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useTranslation } from 'react-i18next'
import { Banner } from '../Banner'
import { rowAt, usePagedListing, useVisiblePages, type PageResult } from './usePagedListing'

// Room for three short lines: a long reference or narration wraps instead of being cut off.
const ROW_HEIGHT = 56

export interface Column<Row> {
  header: string
  /** CSS grid track, e.g. "9rem" or "minmax(0, 1fr)". */
  width: string
  cell: (row: Row) => ReactNode
  align?: 'end'
}

export interface PagedTableProps<Row> {
  label: string
  /** Identity of the filter: a new key starts the list again from page 1. */
  queryKey: string
  fetchPage: (page: number) => Promise<PageResult<Row>>
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  onRowClick?: ((row: Row) => void) | undefined
  /** Accessible name of a clickable row. */
  rowLabel?: ((row: Row) => string) | undefined
  empty: string
  onTotal?: (total: number | null) => void
  testId?: string
  /**
   * Below this width the whole table (head and rows together) scrolls sideways instead of
   * squeezing its flexible columns until a reference or an e-mail no longer fits in them.
   */
  minWidth?: string
}

export function PagedTable<Row>({
  label,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  onRowClick,
  rowLabel,
  empty,
  onTotal,
  testId,
  minWidth,
}: PagedTableProps<Row>) {
  const { t } = useTranslation()
  const { total, pages, problem, load } = usePagedListing(queryKey, fetchPage)
  useEffect(() => onTotal?.(total), [total, onTotal])

  const parent = useRef<HTMLDivElement>(null)
  const count = total ?? 0
  // The virtualizer hands back functions React Compiler can't memoize; it is built for this.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  })
  const items = virtualizer.getVirtualItems()
  useVisiblePages(items[0]?.index ?? 0, items.at(-1)?.index ?? 0, count, pages, load)

  const template = columns.map((c) => c.width).join(' ')
  const numClass = (c: Column<Row>) => (c.align === 'end' ? 'num' : undefined)
  const wide = minWidth ? { minWidth } : undefined
  return (
    <div className="gw-screen">
      {problem && <Banner tone="warning">{problem}</Banner>}
      <div
        className="gw-vtable"
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        data-testid={testId}
        style={minWidth ? { overflowX: 'auto' } : undefined}
      >
        <div role="rowgroup" style={wide}>
          <div
            className="gw-vtable__row gw-vtable__head"
            role="row"
            aria-rowindex={1}
            style={{ gridTemplateColumns: template }}
          >
            {columns.map((c) => (
              <span key={c.header} role="columnheader" className={numClass(c)}>
                {c.header}
              </span>
            ))}
          </div>
        </div>
        <div
          ref={parent}
          className="gw-vtable__scroll"
          role="rowgroup"
          style={wide}
          tabIndex={0}
          aria-label={t('kit.scrollable', { label })}
        >
          {total !== null && total > 0 ? null : problem ? null : (
            <div role="row" className="gw-vtable__empty">
              <span role="cell">{total === 0 ? empty : t('common.loading')}</span>
            </div>
          )}
          <div
            className="gw-vtable__spacer"
            role="presentation"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const row = rowAt(pages, item.index)
              // Rows are at least ROW_HEIGHT and grow with a long name (measured, so the
              // rows below move down): a cell's text wraps whole, never cut off.
              const shared = {
                role: 'row',
                'aria-rowindex': item.index + 2,
                'data-index': item.index,
                ref: virtualizer.measureElement,
                style: {
                  transform: `translateY(${item.start}px)`,
                  minHeight: ROW_HEIGHT,
                  gridTemplateColumns: template,
                },
              }
              if (!row)
                return (
                  <div key={item.key} className="gw-vtable__row" {...shared}>
                    <span role="cell" className="muted">
                      {t('common.loading')}
                    </span>
                  </div>
                )
              const cells = columns.map((c) => (
                <span key={c.header} role="cell" className={numClass(c)}>
                  {c.cell(row)}
                </span>
              ))
              return onRowClick ? (
                <div
                  key={rowKey(row)}
                  className="gw-vtable__row gw-vtable__row--link"
                  {...shared}
                  tabIndex={0}
                  aria-label={rowLabel?.(row)}
                  data-testid="report-row"
                  onClick={() => onRowClick(row)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault()
                      onRowClick(row)
                    }
                  }}
                >
                  {cells}
                </div>
              ) : (
                <div
                  key={rowKey(row)}
                  className="gw-vtable__row"
                  {...shared}
                  data-testid="report-row"
                >
                  {cells}
                </div>
              )
            })}
          </div>
        </div>
      </div>
    </div>
  )
}
