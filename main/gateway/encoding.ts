// From a typed call to wire parts: path parameters substituted and URI-encoded, the query
// written from the query schema's input form, the body encoded through the amount codecs
// (minor units -> wire decimals) and serialized exactly once. Everything is checked against
// the same schemas the sandbox uses, so a bad amount never leaves the till.
import * as z from 'zod'
import type { EndpointDef } from '../../common/api/endpoints'
import type { FieldError } from '../../common/api/errors'
import type { Minor } from '../../common/money'

/**
 * A schema's output type (amounts as Minor) where fields with a schema default may be
 * omitted. Derived from the input type's optional keys, recursively.
 */
export type Encodable<S extends z.ZodType> = Shape<z.input<S>, z.output<S>>
type Shape<I, O> = O extends Minor
  ? O
  : O extends readonly (infer OE)[]
    ? Exclude<I, undefined> extends readonly (infer IE)[]
      ? Shape<IE, OE>[]
      : O
    : O extends object
      ? Exclude<I, undefined> extends infer IO extends object
        ? { [K in keyof IO]: K extends keyof O ? Shape<IO[K], O[K]> : never }
        : O
      : O

export interface WireParts {
  /** Path with parameters filled in and URI-encoded. */
  path: string
  /** "" or "?a=1&b=2". */
  search: string
  /** The one serialization of the body; undefined when the endpoint takes none. */
  bodyText: string | undefined
}

export class InputError extends Error {
  override readonly name = 'InputError'
  constructor(
    readonly part: 'params' | 'query' | 'body',
    readonly fieldErrors: FieldError[],
  ) {
    super(`${part}: ${fieldErrors.map((f) => `${f.field || '(root)'}: ${f.message}`).join('; ')}`)
  }
}

/**
 * Fills schema defaults into a value in output form. z.encode does not apply defaults (they
 * belong to the decode direction), so without this every defaulted field would be required.
 */
export function withDefaults(schema: z.core.$ZodType, value: unknown): unknown {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  switch (def.type) {
    case 'default':
      return value === undefined
        ? (def as unknown as z.core.$ZodDefaultDef).defaultValue
        : withDefaults((def as unknown as z.core.$ZodDefaultDef).innerType, value)
    case 'optional':
    case 'nullable':
      return value === undefined || value === null
        ? value
        : withDefaults((def as unknown as z.core.$ZodOptionalDef).innerType, value)
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
      for (const [key, field] of Object.entries((def as unknown as z.core.$ZodObjectDef).shape)) {
        const filled = withDefaults(field, out[key])
        if (filled !== undefined) out[key] = filled
      }
      return out
    }
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => withDefaults((def as unknown as z.core.$ZodArrayDef).element, item))
        : value
    default:
      return value
  }
}

const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))

function encodePart(part: 'query' | 'body', schema: z.ZodType, value: unknown): unknown {
  try {
    return z.encode(schema, withDefaults(schema, value) as never)
  } catch (error) {
    if (error instanceof z.ZodError) throw new InputError(part, fieldErrorsOf(error))
    throw error
  }
}

function fillPath(def: EndpointDef, params: unknown): string {
  if (!def.params) return def.path
  const parsed = def.params.safeParse(params ?? {})
  if (!parsed.success) throw new InputError('params', fieldErrorsOf(parsed.error))
  const values = parsed.data as Record<string, unknown>
  const unsafe: FieldError[] = []
  const path = def.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const segment = encodeURIComponent(String(values[key]))
    // Belt and braces behind the Reference schema: a dot segment would be normalised away by
    // URL parsing and the signed request would go to another route.
    if (segment === '' || segment === '.' || segment === '..')
      unsafe.push({ field: key, message: 'A path segment may not be empty, "." or "..".' })
    return segment
  })
  if (unsafe.length) throw new InputError('params', unsafe)
  return path
}

function searchOf(def: EndpointDef, query: unknown): string {
  if (!def.query) return ''
  const wire = encodePart('query', def.query, query ?? {}) as Record<string, unknown>
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(wire)) {
    if (value === undefined || value === null) continue
    search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export interface RawInput {
  params?: unknown
  query?: unknown
  body?: unknown
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0)

// Calls without input (banks.list(), refunds.counts(), list pages with defaults) always
// encode to the same parts; compute those once per endpoint.
const emptyInputWire = new WeakMap<EndpointDef, WireParts>()

/** Throws InputError when the input fails its schema; nothing has been sent then. */
export function toWire(def: EndpointDef, input: RawInput): WireParts {
  const cacheable = !def.params && !def.body && isEmpty(input.query)
  if (cacheable) {
    const cached = emptyInputWire.get(def)
    if (cached) return cached
  }
  const wire = buildWire(def, input)
  if (cacheable) emptyInputWire.set(def, wire)
  return wire
}

function buildWire(def: EndpointDef, input: RawInput): WireParts {
  const path = fillPath(def, input.params)
  const search = searchOf(def, input.query)
  const bodyText = def.body ? JSON.stringify(encodePart('body', def.body, input.body)) : undefined
  return { path, search, bodyText }
}
