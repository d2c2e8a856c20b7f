// A long server-paginated list, virtualized: only the rows on screen are in the DOM, and each
// page of 100 is asked of main when its rows scroll into view. Used by Reports and the refund
// history. Keyboard: the list scrolls with arrows/PageUp/PageDown; rows with an action are
// buttons in the tab order.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Banner } from '../../components'
import { messageOf } from '../../lib/pos'

export const PAGE_SIZE = 100
// Room for three short lines: a long reference or narration wraps instead of being cut off.
const ROW_HEIGHT = 56

export interface Column<Row> {
  header: string
  /** CSS grid track, e.g. "9rem" or "minmax(0, 1fr)". */
  width: string
  cell: (row: Row) => ReactNode
  align?: 'end'
}

export interface PageResult<Row> {
  items: Row[]
  totalItems: number
}

interface Listing<Row> {
  key: string
  total: number | null
  pages: Map<number, Row[]>
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
}: {
  label: string
  /** Identity of the filter: a new key starts the list again from page 1. */
  queryKey: string
  fetchPage: (page: number) => Promise<PageResult<Row>>
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  onRowClick?: (row: Row) => void
  /** Accessible name of a clickable row. */
  rowLabel?: (row: Row) => string
  empty: string
  onTotal?: (total: number | null) => void
  testId?: string
}) {
  const [listing, setListing] = useState<Listing<Row>>({ key: '', total: null, pages: new Map() })
  const [problem, setProblem] = useState<string | null>(null)
  const inFlight = useRef(new Set<string>())
  const fetchRef = useRef(fetchPage)
  // The latest filter's fetch; effects below run after this one.
  useEffect(() => {
    fetchRef.current = fetchPage
  })

  const load = useCallback(
    async (page: number) => {
      const id = `${queryKey}#${page}`
      if (inFlight.current.has(id)) return
      inFlight.current.add(id)
      try {
        const result = await fetchRef.current(page)
        setListing((current) => {
          if (current.key !== queryKey) return current
          const pages = new Map(current.pages)
          pages.set(page, result.items)
          return { key: queryKey, total: result.totalItems, pages }
        })
        setProblem(null)
      } catch (error) {
        setProblem(messageOf(error))
      } finally {
        inFlight.current.delete(id)
      }
    },
    [queryKey],
  )

  useEffect(() => {
    setListing({ key: queryKey, total: null, pages: new Map() })
    void load(1)
  }, [queryKey, load])

  const total = listing.key === queryKey ? listing.total : null
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
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? 0

  // Ask for the pages the visible rows fall on, once scrolling settles.
  useEffect(() => {
    if (count === 0) return
    const timer = window.setTimeout(() => {
      for (let p = Math.floor(first / PAGE_SIZE) + 1; p <= Math.floor(last / PAGE_SIZE) + 1; p++)
        if (!listing.pages.has(p)) void load(p)
    }, 60)
    return () => window.clearTimeout(timer)
  }, [first, last, count, listing.pages, load])

  const template = columns.map((c) => c.width).join(' ')
  return (
    <div className="gw-screen">
      {problem && <Banner tone="warning">{problem}</Banner>}
      <div
        className="gw-vtable"
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        data-testid={testId}
      >
        <div role="rowgroup">
          <div
            className="gw-vtable__row gw-vtable__head"
            role="row"
            aria-rowindex={1}
            style={{ gridTemplateColumns: template }}
          >
            {columns.map((c) => (
              <span
                key={c.header}
                role="columnheader"
                className={c.align === 'end' ? 'num' : undefined}
              >
                {c.header}
              </span>
            ))}
          </div>
        </div>
        <div
          ref={parent}
          className="gw-vtable__scroll"
          role="rowgroup"
          tabIndex={0}
          aria-label={`${label}, scrollable`}
        >
          {((total === 0 && !problem) || (total === null && !problem)) && (
            <div role="row" className="gw-vtable__empty">
              <span role="cell">{total === 0 ? empty : 'Loading…'}</span>
            </div>
          )}
          <div
            className="gw-vtable__spacer"
            role="presentation"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const row = listing.pages.get(Math.floor(item.index / PAGE_SIZE) + 1)?.[
                item.index % PAGE_SIZE
              ]
              const style = {
                transform: `translateY(${item.start}px)`,
                height: ROW_HEIGHT,
                gridTemplateColumns: template,
              }
              if (!row)
                return (
                  <div
                    key={item.key}
                    className="gw-vtable__row"
                    role="row"
                    aria-rowindex={item.index + 2}
                    style={style}
                  >
                    <span role="cell" className="muted">
                      Loading…
                    </span>
                  </div>
                )
              const cells = columns.map((c) => (
                <span key={c.header} role="cell" className={c.align === 'end' ? 'num' : undefined}>
                  {c.cell(row)}
                </span>
              ))
              return onRowClick ? (
                <div
                  key={rowKey(row)}
                  className="gw-vtable__row gw-vtable__row--link"
                  role="row"
                  aria-rowindex={item.index + 2}
                  style={style}
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
                  role="row"
                  aria-rowindex={item.index + 2}
                  style={style}
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
