// The rows of a long server-paginated list, fetched a page (100 rows) at a time: page 1 when
// the query changes, then whichever pages the rows on screen fall on once scrolling settles.
// Pages of an old query that arrive late are dropped. Used by PagedTable and by screens that
// draw their own virtualized table.
import { useCallback, useEffect, useRef, useState } from 'react'
import { fieldsOf, messageOf } from '../../lib/pos'

export const PAGE_SIZE = 100

export interface PageResult<Row> {
  items: Row[]
  totalItems: number
}

interface Listing<Row> {
  key: string
  total: number | null
  pages: ReadonlyMap<number, Row[]>
}

/** The pages (1-based) that rows `first`..`last` (0-based) fall on. */
export function pagesOf(first: number, last: number, pageSize = PAGE_SIZE): number[] {
  const pages: number[] = []
  for (let p = Math.floor(first / pageSize) + 1; p <= Math.floor(last / pageSize) + 1; p++)
    pages.push(p)
  return pages
}

/** Row `index` (0-based) if its page has arrived. */
export function rowAt<Row>(
  pages: ReadonlyMap<number, Row[]>,
  index: number,
  pageSize = PAGE_SIZE,
): Row | undefined {
  return pages.get(Math.floor(index / pageSize) + 1)?.[index % pageSize]
}

export interface PagedListing<Row> {
  /** Rows matching the query; null until page 1 has arrived. */
  total: number | null
  pages: ReadonlyMap<number, Row[]>
  /** What went wrong with the last page asked for, in words; null once one arrives. */
  problem: string | null
  load: (page: number) => Promise<void>
}

/**
 * `queryKey` names the query: a new key starts again from page 1. `fetchPage` may change with
 * every render; the latest one is used.
 */
export function usePagedListing<Row>(
  queryKey: string,
  fetchPage: (page: number) => Promise<PageResult<Row>>,
): PagedListing<Row> {
  const [listing, setListing] = useState<Listing<Row>>({ key: '', total: null, pages: new Map() })
  const [problem, setProblem] = useState<string | null>(null)
  const inFlight = useRef(new Set<string>())
  // The query on screen: pages of any other that arrive late are dropped.
  const latest = useRef(queryKey)
  const fetchRef = useRef(fetchPage)
  // The latest query's fetch; the effects below run after this one.
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
          if (latest.current !== queryKey) return current
          // The first page of a new query replaces the old query's rows.
          const pages = new Map(current.key === queryKey ? current.pages : [])
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
    latest.current = queryKey
    void load(1)
  }, [queryKey, load])

  const current = listing.key === queryKey
  return {
    total: current ? listing.total : null,
    pages: current ? listing.pages : EMPTY,
    problem,
    load,
  }
}

const EMPTY: ReadonlyMap<number, never[]> = new Map()

/**
 * Asks for the pages rows `first`..`last` fall on once scrolling pauses: a fast fling over
 * thousands of rows asks main only for where it stops.
 */
export function useVisiblePages(
  first: number,
  last: number,
  count: number,
  pages: ReadonlyMap<number, unknown>,
  load: (page: number) => Promise<void>,
): void {
  useEffect(() => {
    if (count === 0) return
    const timer = window.setTimeout(() => {
      for (const page of pagesOf(first, last)) if (!pages.has(page)) void load(page)
    }, 60)
    return () => window.clearTimeout(timer)
  }, [first, last, count, pages, load])
}

/**
 * Runs a page fetch for a filtered list, handing main's field errors (a bad date, an e-mail that
 * is not one) to the filter form beside their fields; none once a page arrives.
 */
export async function withFieldErrors<T>(
  fetch: () => Promise<T>,
  setFields: (fields: Record<string, string>) => void,
): Promise<T> {
  try {
    const result = await fetch()
    setFields({})
    return result
  } catch (error) {
    setFields(fieldsOf(error))
    throw error
  }
}
