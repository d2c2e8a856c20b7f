import * as z from 'zod'

export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 10

/** Query strings arrive as text; these coerce, default and bound them. */
export const PageQuery = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more.')
    .default(1),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number.')
    .min(1, 'page_size must be 1 or more.')
    .max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
})

export const Pagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_items: z.number().int(),
  total_pages: z.number().int(),
})
export type Pagination = z.infer<typeof Pagination>

/** List envelope: `{status: true, data: [...], pagination}` (bank-style boolean status). */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal(true), data: z.array(item), pagination: Pagination })

/** Data envelope of the bank endpoints: `{status: true, data}`. */
export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), data })
