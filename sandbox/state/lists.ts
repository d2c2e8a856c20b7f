// Listing rules shared by every paginated endpoint (docs/gateway-assumptions.md): newest first
// by created_at then reference, date bounds inclusive (a bare date is the whole UTC day).
import type { Pagination } from '../../common/api/pagination'
import { validationFailed } from '../errors'

const DAY_MS = 86_400_000
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/

export interface ListQuery {
  page: number
  page_size: number
  start_date?: string | undefined
  end_date?: string | undefined
}

export interface Page<T> {
  status: true
  data: T[]
  pagination: Pagination
}

/** Inclusive bounds in ms; throws a 400 when start is after end. */
export function dateBounds(q: Pick<ListQuery, 'start_date' | 'end_date'>): [number, number] {
  const start = q.start_date
    ? Date.parse(BARE_DATE.test(q.start_date) ? `${q.start_date}T00:00:00.000Z` : q.start_date)
    : Number.NEGATIVE_INFINITY
  const end = q.end_date
    ? BARE_DATE.test(q.end_date)
      ? Date.parse(`${q.end_date}T00:00:00.000Z`) + DAY_MS - 1
      : Date.parse(q.end_date)
    : Number.POSITIVE_INFINITY
  if (start > end)
    throw validationFailed([
      { field: 'end_date', message: 'end_date must not be before start_date.' },
    ])
  return [start, end]
}

/** Filters by date range and `keep`, sorts newest first, and cuts the requested page. */
export function listPage<T extends { created_at: string }>(
  items: Iterable<T>,
  q: ListQuery,
  keep: (item: T) => boolean,
  referenceOf: (item: T) => string,
): Page<T> {
  const [start, end] = dateBounds(q)
  const matching: { item: T; at: number; ref: string }[] = []
  for (const item of items) {
    const at = Date.parse(item.created_at)
    if (at < start || at > end || !keep(item)) continue
    matching.push({ item, at, ref: referenceOf(item) })
  }
  matching.sort((a, b) => b.at - a.at || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0))
  const from = (q.page - 1) * q.page_size
  return {
    status: true,
    data: matching.slice(from, from + q.page_size).map((m) => m.item),
    pagination: {
      page: q.page,
      page_size: q.page_size,
      total_items: matching.length,
      total_pages: Math.ceil(matching.length / q.page_size),
    },
  }
}

/** E-mail comparison: case-insensitive, as mail providers treat them. */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase()
