// Building blocks of the tolerant reader: how the client reads what a gateway sends, requiring
// only what the spec guarantees. Our sandbox keeps sending the full, strict shapes (the schemas
// beside this folder); a real gateway may send less, more, or other words, and the till must
// read that without failing a page or guessing.
import * as z from 'zod'
import { Pagination } from '../pagination'
import type { Pagination as PaginationType } from '../pagination'

/** A status word the spec (or our docs) never named: shown in words, never acted on. */
export const UNKNOWN = 'unknown' as const
export type Unknown = typeof UNKNOWN

/**
 * A field the spec marks "not shown": optional, and a value that is not what we expect reads
 * as absent ("not given"), never as a failed record and never as a guess.
 */
export const notShown = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/** ISO 8601 date-time, with or without an offset (the spec says only "ISO 8601"). */
export const ReadDateTime = z.iso.datetime({ offset: true, local: true })

/** A spec-named enum read tolerantly: any other string is `unknown`. */
export const knownOr = <const T extends readonly string[]>(known: T) =>
  z.string().transform((s): T[number] | Unknown => (known.includes(s) ? s : UNKNOWN))

/**
 * A record whose `status` is read tolerantly: a status we know passes as itself, any other
 * string becomes `unknown` with the gateway's own word kept in `raw_status` (to show it).
 */
export function withStatus<const T extends readonly string[], S extends z.ZodRawShape>(
  known: T,
  shape: S,
) {
  return z
    .object({ ...shape, status: z.string() })
    .transform(
      (
        record,
      ): Omit<typeof record, 'status'> & { status: T[number] | Unknown; raw_status?: string } => {
        const raw = (record as { status: string }).status
        if (known.includes(raw)) return { ...record, status: raw as T[number] }
        return { ...record, status: UNKNOWN, raw_status: raw }
      },
    )
}

/** Why one item of a list could not be read (for the log; never shown to a customer). */
export interface SkippedItem {
  index: number
  reason: string
}

const reasonOf = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(item)'}: ${i.message}`)
    .join('; ')

/**
 * An array read item by item: a malformed item is skipped and counted, never allowed to take
 * the whole page down. `skipped` tells the caller how many, `skipped_items` why (for the log).
 */
export function tolerantItems<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((raw) => {
    const data: z.output<T>[] = []
    const skipped_items: SkippedItem[] = []
    raw.forEach((value, index) => {
      const parsed = item.safeParse(value)
      if (parsed.success) data.push(parsed.data)
      else skipped_items.push({ index, reason: reasonOf(parsed.error) })
    })
    return { data, skipped_items }
  })
}

/** Envelope `status`: the bank endpoints say boolean, virtual-account ones string; take either. */
export const EnvelopeStatus = z.union([z.boolean(), z.string()]).optional()

/** A paginated list (`{status, data, pagination}`), items read one by one. */
export const tolerantPage = <T extends z.ZodType>(item: T) =>
  z
    .object({ status: EnvelopeStatus, data: tolerantItems(item), pagination: Pagination })
    .transform(
      ({
        status,
        data,
        pagination,
      }): { data: z.output<T>[]; pagination: PaginationType } & Envelope => ({
        status,
        data: data.data,
        pagination,
        skipped: data.skipped_items.length,
        skipped_items: data.skipped_items,
      }),
    )

/** A `{status, data: [...]}` envelope without pagination (the bank list). */
export const tolerantDataList = <T extends z.ZodType>(item: T) =>
  z
    .object({ status: EnvelopeStatus, data: tolerantItems(item) })
    .transform(({ status, data }): { data: z.output<T>[] } & Envelope => ({
      status,
      data: data.data,
      skipped: data.skipped_items.length,
      skipped_items: data.skipped_items,
    }))

/**
 * Anything a list reader returns beside its items: how many it had to skip, and why. Always
 * set by the reader; optional in the type so a test double may return a plain page.
 */
export interface SkipReport {
  skipped?: number
  skipped_items?: SkippedItem[]
}
type Envelope = SkipReport & { status?: boolean | string }
