// Typed gateway errors. Each keeps the HTTP status and the gateway's own message, says whether
// the request may have taken effect (outcomeUnknown) and whether sending it again as-is is
// safe (retryable), and carries a sentence an admin or cashier can act on. Messages never
// contain the secret, a signature or a request body: they are built only from the fields below.
import type { FieldError } from '../../common/api/errors'
import type { Capability, RetryPolicy } from '../../common/api/endpoints'

export const GATEWAY_ERROR_KINDS = [
  'invalid_api_key',
  'invalid_timestamp',
  'timestamp_too_old',
  'invalid_signature',
  'invalid_token',
  'missing_capability',
  'conflict',
  'validation',
  'unprocessable',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'aborted',
  'bad_response',
] as const
export type GatewayErrorKind = (typeof GATEWAY_ERROR_KINDS)[number]

/** The authentication kinds: fixing them needs an admin (key, secret, clock), not a retry. */
export const AUTH_ERROR_KINDS: readonly GatewayErrorKind[] = [
  'invalid_api_key',
  'invalid_timestamp',
  'timestamp_too_old',
  'invalid_signature',
  'invalid_token',
  'missing_capability',
]

export interface GatewayErrorInit {
  kind: GatewayErrorKind
  /** HTTP status; null when no response arrived or the request was refused before sending. */
  status: number | null
  gatewayMessage: string | null
  code: string | null
  fieldErrors?: FieldError[]
  /** Endpoint name from common/api/endpoints.ts, e.g. "initializePayment". */
  endpoint: string
  method: string
  /** Path with parameters filled in, without the query string. */
  path: string
  capability: Capability | null
  retryPolicy: RetryPolicy
  outcomeUnknown: boolean
  retryable: boolean
  retryAfterMs?: number | null
  /**
   * A 404 whose JSON body says the record itself does not exist (classify.ts, recordAbsent).
   * Only this settles "the write never happened"; a route 404, HTML or an empty body does not.
   */
  recordAbsent?: boolean
  /** Short technical detail (e.g. "ECONNRESET", zod issue paths). Never a body. */
  detail?: string | null
  cause?: unknown
}

export class GatewayError extends Error {
  override readonly name = 'GatewayError'
  readonly kind: GatewayErrorKind
  readonly status: number | null
  readonly gatewayMessage: string | null
  readonly code: string | null
  readonly fieldErrors: readonly FieldError[]
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly capability: Capability | null
  /** How the endpoint may be retried at all (see docs/gateway-client.md). */
  readonly retryPolicy: RetryPolicy
  /** The gateway may or may not have acted on the request. Never blind-retry a write then. */
  readonly outcomeUnknown: boolean
  /** Sending the identical request again is safe (after retryAfterMs when set). */
  readonly retryable: boolean
  readonly retryAfterMs: number | null
  /** The gateway said, in JSON, that no record has this reference (404 only). */
  readonly recordAbsent: boolean
  readonly detail: string | null

  constructor(init: GatewayErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = init.kind
    this.status = init.status
    this.gatewayMessage = init.gatewayMessage
    this.code = init.code
    this.fieldErrors = init.fieldErrors ?? []
    this.endpoint = init.endpoint
    this.method = init.method
    this.path = init.path
    this.capability = init.capability
    this.retryPolicy = init.retryPolicy
    this.outcomeUnknown = init.outcomeUnknown
    this.retryable = init.retryable
    this.retryAfterMs = init.retryAfterMs ?? null
    this.recordAbsent = init.recordAbsent ?? false
    this.detail = init.detail ?? null
  }

  /** A log-safe summary (no secret, signature or body can be in it by construction). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      gatewayMessage: this.gatewayMessage,
      endpoint: this.endpoint,
      method: this.method,
      path: this.path,
      outcomeUnknown: this.outcomeUnknown,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      recordAbsent: this.recordAbsent,
      message: this.message,
    }
  }
}

export const isGatewayError = (value: unknown): value is GatewayError =>
  value instanceof GatewayError

const seconds = (ms: number): string => {
  const s = Math.ceil(ms / 1000)
  return s === 1 ? '1 second' : `${s} seconds`
}

/** The admin/cashier sentence: what happened, the gateway's words, and what to do. */
function describe(e: GatewayErrorInit): string {
  const said = e.gatewayMessage ? ` (${e.gatewayMessage})` : ''
  const call = `${e.method} ${e.path}`
  const write = e.method !== 'GET'
  const unknownTail =
    e.outcomeUnknown && write && e.retryPolicy !== 'safe'
      ? ' The gateway may or may not have processed it: check its status before trying again.'
      : ''
  switch (e.kind) {
    case 'invalid_api_key':
      return `The gateway did not accept the API key id${said}. Check the key id in Settings; the key may have been rotated or revoked in the dashboard.`
    case 'invalid_timestamp':
      return `The gateway rejected the request time${said}. Check that this computer's date, time and time zone are set automatically.`
    case 'timestamp_too_old':
      return `The gateway says this computer's clock is more than 5 minutes behind${said}. Correct the system clock, then try again.`
    case 'invalid_signature':
      return `The gateway rejected the API secret${said}. Check the key id and secret in Settings.`
    case 'invalid_token':
      return `The gateway rejected the session token${said}. Sign in to the gateway again.`
    case 'missing_capability':
      return `This API key is not allowed to use ${e.capability ? `the "${e.capability}" permission` : 'this operation'}${said}. Enable it for the key in the gateway dashboard, or use a key that has it.`
    case 'conflict':
      return `The gateway refused ${call} because of the record's current state${said}.`
    case 'validation':
      return e.status === null
        ? `The request was not sent: some fields are invalid${e.detail ? ` (${e.detail})` : ''}.`
        : `The gateway rejected the request as invalid${said}. Correct the highlighted fields.`
    case 'unprocessable':
      return `The gateway could not carry out the request${said}.`
    case 'not_found':
      return e.recordAbsent
        ? `The gateway has no such record${said}.`
        : `The gateway answered "not found" for ${call} without saying the record does not exist${said}.`
    case 'payload_too_large':
      return `The request was too large for the gateway${said}.`
    case 'rate_limited':
      return `The gateway is busy${said}. Try again${e.retryAfterMs !== null && e.retryAfterMs !== undefined ? ` in ${seconds(e.retryAfterMs)}` : ' shortly'}.`
    case 'server':
      return `The gateway had a problem${said} (HTTP ${e.status ?? '?'}).${unknownTail || ' Try again shortly.'}`
    case 'network':
      return `Could not reach the gateway${e.detail ? ` (${e.detail})` : ''}. Check the internet connection and the gateway URL in Settings.${unknownTail}`
    case 'timeout':
      return `The gateway did not answer in time.${unknownTail || ' Try again shortly.'}`
    case 'aborted':
      return `The request was cancelled.${unknownTail}`
    case 'bad_response':
      return `The gateway's answer to ${call} was not understood${e.detail ? ` (${e.detail})` : ''}.${write && e.status !== null && e.status < 300 ? ' It was accepted: look up its status rather than sending it again.' : ''}`
  }
}
