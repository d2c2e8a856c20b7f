// Turns a non-2xx answer or a transport failure into a GatewayError. The spec fixes only the
// auth and conflict messages, so kinds come from the HTTP status first, then the exact
// message (ERROR_MESSAGES), then the `code` our assumptions add (docs/gateway-assumptions.md).
import { ERROR_MESSAGES, ErrorBody, type FieldError } from '../../common/api/errors'
import type { Capability, RetryPolicy } from '../../common/api/endpoints'
import { AUTH_ERROR_KINDS, GatewayError, type GatewayErrorKind } from './errors'
import { parseHttpDate } from './http-date'
import type { HeaderReader, TransportFailure } from './transport'

/** What an error needs to know about the call that failed. */
export interface CallContext {
  endpoint: string
  method: string
  path: string
  capability: Capability | null
  retryPolicy: RetryPolicy
}

const AUTH_BY_MESSAGE = new Map<string, GatewayErrorKind>([
  [ERROR_MESSAGES.invalidApiKey, 'invalid_api_key'],
  [ERROR_MESSAGES.invalidTimestamp, 'invalid_timestamp'],
  [ERROR_MESSAGES.timestampTooOld, 'timestamp_too_old'],
  [ERROR_MESSAGES.invalidSignature, 'invalid_signature'],
  [ERROR_MESSAGES.invalidToken, 'invalid_token'],
])
const AUTH_CODES = new Set<string>([
  'invalid_api_key',
  'invalid_timestamp',
  'timestamp_too_old',
  'invalid_signature',
  'invalid_token',
])

// A real gateway may send only the spec's text; derive our machine code from it.
const CONFLICT_CODE_BY_MESSAGE = new Map<string, string>([
  [ERROR_MESSAGES.activationNotInitiated, 'activation_not_initiated'],
  [ERROR_MESSAGES.duplicateDebitReference, 'duplicate_payment_reference'],
  [ERROR_MESSAGES.mandateNotActive, 'mandate_not_active'],
  [ERROR_MESSAGES.duplicateReference, 'duplicate_reference'],
])

export interface ParsedErrorBody {
  message: string | null
  code: string | null
  fieldErrors: FieldError[]
  /** The body was a JSON object (not HTML, text, empty or an array). */
  json: boolean
  /**
   * The object is shaped like a proxy's or a web framework's own answer, not the gateway's:
   * it echoes the HTTP status (`statusCode`, `status_code`, a numeric `status`), or carries
   * the reason phrase as `error` or the address as `path` (API managers, Express/Nest, Spring).
   */
  envelope: boolean
}

/** HTTP's own words for a status, as a framework sends them: they name no record. */
const REASON_PHRASE = /^\s*(?:\d{3}\s*[:.-]?\s*)?not\s+found\s*[.!]?\s*$/i

function isEnvelope(body: Record<string, unknown>): boolean {
  if ('statusCode' in body || 'status_code' in body || typeof body.status === 'number') return true
  if (typeof body.error === 'string' && REASON_PHRASE.test(body.error)) return true
  return typeof body.path === 'string'
}

/** Reads `{message, code?, errors?}` leniently: a proxy's HTML page yields all nulls. */
export function parseErrorBody(text: string): ParsedErrorBody {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { message: null, code: null, fieldErrors: [], json: false, envelope: false }
  }
  const isObject = json !== null && typeof json === 'object' && !Array.isArray(json)
  const loose = (isObject ? json : {}) as Record<string, unknown>
  const envelope = isObject && isEnvelope(loose)
  const strict = ErrorBody.safeParse(json)
  if (strict.success)
    return {
      message: strict.data.message,
      code: strict.data.code ?? null,
      fieldErrors: strict.data.errors ?? [],
      json: isObject,
      envelope,
    }
  return {
    message: typeof loose.message === 'string' ? loose.message : null,
    code: typeof loose.code === 'string' ? loose.code : null,
    fieldErrors: [],
    json: isObject,
    envelope,
  }
}

// Words that make a 404 about the address, not the record: a proxy, a framework's default
// page or a gateway's "no such route". Then nothing is known about the reference.
const ABOUT_THE_ADDRESS =
  /\b(route|path|endpoint|url|uri|method|page)\b|cannot (get|post|put|patch)/i
const RECORD_MISSING = /\bnot[\s_-]+found\b|\bdoes not exist\b|\bno such\b/i

/**
 * True only for a 404 whose JSON body is the gateway's own word that the record does not
 * exist: the code `not_found` (the one we assume, docs/gateway-assumptions.md), or no code and
 * a message that names what is missing ("Resource not found", "Transfer not found"). Unknown:
 * a body shaped like a proxy's or framework's answer (a status echo, `error`, `path`), a bare
 * reason phrase ("Not Found", which names nothing), a route-not-found, another code, HTML,
 * plain text, an empty body or JSON without such words.
 */
export function recordAbsent(status: number, body: ParsedErrorBody): boolean {
  if (status !== 404 || !body.json || body.envelope) return false
  if (body.message !== null && ABOUT_THE_ADDRESS.test(body.message)) return false
  if (body.code !== null) return body.code === 'not_found'
  return (
    body.message !== null && RECORD_MISSING.test(body.message) && !REASON_PHRASE.test(body.message)
  )
}

/** What a failed write keyed by our own reference tells us about the record. */
export type WriteFailure =
  /** The gateway refused it before acting (400, 422, 413): nothing was created by this call. */
  | 'refused'
  /**
   * A 409 about our reference (duplicateConflict), or a 2xx whose body could not be read (the
   * gateway took the write): a record with our reference exists. Look it up and adopt it;
   * never send it again.
   */
  | 'exists'
  /** Key, secret or clock refused: nothing happened; an admin must act. */
  | 'auth'
  /** 429: not processed; wait Retry-After. */
  | 'rate_limited'
  /** Refused before it left (connection refused, DNS, aborted early). */
  | 'not_sent'
  /** It may have happened (timeout, 408, reset, 5xx, a redirect, a 404, anything else). */
  | 'unknown'

export function writeFailure(error: unknown): WriteFailure {
  if (!(error instanceof GatewayError)) return 'unknown'
  if (AUTH_ERROR_KINDS.includes(error.kind)) return 'auth'
  switch (error.kind) {
    case 'conflict':
      // Only a conflict about our reference says the record exists; one about the state of
      // something else (the spec's "mandate not active") is a refusal of this write.
      return duplicateConflict(error) ? 'exists' : 'refused'
    case 'bad_response':
      // A 2xx is the gateway saying it took the write, even if we can't read the rest. A read
      // that can't see it yet (commit lag) must never clear a second send.
      return isSuccess(error.status) ? 'exists' : 'unknown'
    case 'rate_limited':
      return 'rate_limited'
    case 'validation':
    case 'unprocessable':
    case 'payload_too_large':
      return 'refused'
    case 'network':
    case 'aborted':
      return error.outcomeUnknown ? 'unknown' : 'not_sent'
    default:
      return 'unknown'
  }
}

/**
 * A 409 that says the reference is taken: a duplicate code, or the spec's "already exists for
 * the given reference". A 409 that says nothing we can read is taken as a duplicate too (the
 * error body's shape is not shown): looked up, never sent again, which is the safe side.
 */
export function duplicateConflict(error: GatewayError): boolean {
  const code = error.code?.toLowerCase() ?? null
  const message = error.gatewayMessage?.toLowerCase() ?? null
  if (code === null && message === null) return true
  if (code !== null && /duplicate|already_exists|reference_exists/.test(code)) return true
  return message !== null && /already exists|duplicate/.test(message)
}

const isSuccess = (status: number | null): boolean =>
  status !== null && status >= 200 && status < 300

/** What a failed lookup by reference tells us. Only `absent` says the record does not exist. */
export type LookupFailure = 'absent' | 'auth' | 'rate_limited' | 'unknown'

export function lookupFailure(error: unknown): LookupFailure {
  if (!(error instanceof GatewayError)) return 'unknown'
  if (error.kind === 'not_found') return error.recordAbsent ? 'absent' : 'unknown'
  if (AUTH_ERROR_KINDS.includes(error.kind)) return 'auth'
  if (error.kind === 'rate_limited') return 'rate_limited'
  return 'unknown'
}

/**
 * Retry-After as milliseconds: whole seconds ("120") or an HTTP date. A date is measured
 * against the response's own Date header when present, so a skewed local clock can't
 * stretch or shrink the wait.
 */
export function parseRetryAfter(
  value: string | null,
  localNowMs: number,
  serverDate?: string | null,
): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) {
    const s = Number(trimmed)
    return Number.isSafeInteger(s * 1000) ? s * 1000 : null
  }
  const at = parseHttpDate(trimmed)
  if (at === null) return null
  const serverMs = parseHttpDate(serverDate)
  const reference = serverMs ?? localNowMs
  return Math.max(0, at - reference)
}

function kindOf(status: number, body: ParsedErrorBody): GatewayErrorKind {
  if (status === 401) {
    const byMessage = body.message === null ? undefined : AUTH_BY_MESSAGE.get(body.message)
    if (byMessage) return byMessage
    if (body.code && AUTH_CODES.has(body.code)) return body.code as GatewayErrorKind
    // An unrecognised 401 is still an authentication failure; the key is the likeliest cause.
    return 'invalid_api_key'
  }
  if (status === 403) return 'missing_capability'
  if (status === 409) return 'conflict'
  if (status === 400) return 'validation'
  if (status === 404) return 'not_found'
  if (status === 408) return 'timeout'
  if (status === 413) return 'payload_too_large'
  if (status === 422) return 'unprocessable'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'server'
  if (status >= 300 && status < 400) return 'bad_response'
  // Any other 4xx is a refusal the contract doesn't describe; it was not carried out.
  return 'unprocessable'
}

export interface HttpAnswer {
  status: number
  headers: HeaderReader
  text: string
}

/** A non-2xx answer. */
export function errorFromResponse(
  ctx: CallContext,
  answer: HttpAnswer,
  localNowMs: number,
): GatewayError {
  const body = parseErrorBody(answer.text)
  const kind = kindOf(answer.status, body)
  const code =
    body.code ??
    (kind === 'conflict' && body.message
      ? (CONFLICT_CODE_BY_MESSAGE.get(body.message) ?? null)
      : null)
  const safe = ctx.retryPolicy === 'safe'
  // 5xx: the gateway may have committed before failing. 408: whoever sent it (the gateway or
  // a proxy in front of it) may have timed out waiting for a write that still committed, so
  // it is as unknown as our own timeout.
  const outcomeUnknown = kind === 'server' || kind === 'timeout'
  const retryable = kind === 'rate_limited' || ((kind === 'timeout' || kind === 'server') && safe)
  const retryAfter = answer.headers.get('retry-after')
  const redirect = answer.status >= 300 && answer.status < 400
  return new GatewayError({
    ...ctx,
    kind,
    status: answer.status,
    gatewayMessage: body.message,
    code,
    fieldErrors: body.fieldErrors,
    outcomeUnknown,
    retryable,
    retryAfterMs: parseRetryAfter(retryAfter, localNowMs, answer.headers.get('date')),
    recordAbsent: recordAbsent(answer.status, body),
    detail: redirect ? `unexpected redirect, HTTP ${answer.status}` : null,
  })
}

/** No complete answer: timeout, cancellation or a network failure. */
export function errorFromTransport(ctx: CallContext, failure: TransportFailure): GatewayError {
  const safe = ctx.retryPolicy === 'safe'
  return new GatewayError({
    ...ctx,
    kind: failure.kind,
    status: null,
    gatewayMessage: null,
    code: null,
    outcomeUnknown: failure.sent,
    // Nothing sent: always safe to send. Sent: only reads may be repeated blindly.
    retryable: !failure.sent || (safe && failure.kind !== 'aborted'),
    detail: failure.kind === 'network' ? failure.detail : null,
    cause: failure.cause,
  })
}

/** A 2xx whose body is not JSON or does not match the schema. */
export function badResponse(
  ctx: CallContext,
  status: number,
  detail: string,
  cause?: unknown,
): GatewayError {
  return new GatewayError({
    ...ctx,
    kind: 'bad_response',
    status,
    gatewayMessage: null,
    code: null,
    outcomeUnknown: false,
    retryable: false,
    detail,
    cause,
  })
}

/** A request refused before sending because its input fails the schema. */
export function localValidation(
  ctx: CallContext,
  fieldErrors: FieldError[],
  detail: string,
): GatewayError {
  return new GatewayError({
    ...ctx,
    kind: 'validation',
    status: null,
    gatewayMessage: null,
    code: 'validation_error',
    fieldErrors,
    outcomeUnknown: false,
    retryable: false,
    detail,
  })
}
