// Turns a GatewayError into an AppError a cashier can act on: what happened in plain words,
// what to do next, and the gateway's field errors placed beside the form's own fields.
// Admin-only fixes (keys, permissions, clock) say "ask an admin" rather than how to fix them.
import type { Said } from '../../common/ipc/contract'
import type { CashierAction } from '../../common/words/errors'
import { AppError, refuse } from '../kernel/errors'
import { AUTH_ERROR_KINDS, GatewayError } from './errors'

export interface ErrorContext {
  /** What the cashier was doing, by key (common/words/errors.ts `actions`): "startPayment". */
  action: CashierAction
  /** Gateway field name → form field name, e.g. { customer_email: 'customerEmail' }. */
  fields?: Readonly<Record<string, string>>
  /** What the gateway's machine codes mean in this context (conflicts, rule rejections). */
  codes?: Readonly<Record<string, Said>>
  /** What a 404 means here, e.g. "No payment has that reference." */
  notFound?: Said
}

/** The gateway's field errors, keyed by the form's field names. */
export function mapFieldErrors(
  error: GatewayError,
  fields: Readonly<Record<string, string>> = {},
): Record<string, string> | undefined {
  if (error.fieldErrors.length === 0) return undefined
  const out: Record<string, string> = {}
  for (const { field, message } of error.fieldErrors) {
    // Field paths may arrive as "body.amount" or "amount"; the last segment names the field.
    const name = field.split('.').pop() ?? field
    const key = fields[name] ?? fields[field] ?? name
    out[key] ??= message
  }
  return out
}

/** The gateway's own words beside a field, quoted, inside our sentence. */
const gatewayFieldSay = (fields: Record<string, string>): Record<string, Said> =>
  Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field,
      { key: 'cashier.fieldSaid', params: { message } },
    ]),
  )

export function cashierError(error: unknown, ctx: ErrorContext): AppError {
  if (error instanceof AppError) return error
  const action: Said = { key: `actions.${ctx.action}` }
  if (!(error instanceof GatewayError))
    return refuse('internal', { key: 'cashier.internal', params: { action } }, { cause: error })
  const coded = error.code ? ctx.codes?.[error.code] : undefined
  if (coded) return refuse(error.code ?? error.kind, coded, { cause: error })

  if (AUTH_ERROR_KINDS.includes(error.kind)) {
    const why =
      error.kind === 'missing_capability'
        ? 'cashier.keyNotAllowed'
        : error.kind === 'timestamp_too_old' || error.kind === 'invalid_timestamp'
          ? 'cashier.clockWrong'
          : 'cashier.keyRefused'
    return refuse('gateway_setup', { key: why, params: { action } }, { cause: error })
  }

  const message = error.gatewayMessage
  switch (error.kind) {
    case 'validation': {
      const fields = mapFieldErrors(error, ctx.fields)
      if (fields)
        return refuse(
          'invalid_input',
          { key: 'input.checkFields' },
          { fields, fieldSay: gatewayFieldSay(fields), cause: error },
        )
      const first = error.fieldErrors[0]?.message ?? message
      return refuse(
        'invalid_input',
        first
          ? { key: 'cashier.refusedSaid', params: { action, message: first } }
          : { key: 'cashier.notValid', params: { action } },
        { cause: error },
      )
    }
    case 'not_found':
      return refuse('not_found', ctx.notFound ?? { key: 'cashier.noRecord', params: { action } }, {
        cause: error,
      })
    case 'conflict':
      return refuse(
        error.code ?? 'conflict',
        message
          ? { key: 'cashier.refusedSaid', params: { action, message } }
          : { key: 'cashier.wrongState', params: { action } },
        { cause: error },
      )
    case 'unprocessable':
      return refuse(
        error.code ?? 'unprocessable',
        message
          ? { key: 'cashier.refusedSaid', params: { action, message } }
          : { key: 'cashier.notAllowed', params: { action } },
        { cause: error },
      )
    case 'rate_limited': {
      const seconds =
        error.retryAfterMs === null ? null : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      return refuse(
        'gateway_busy',
        seconds === null
          ? { key: 'cashier.busy' }
          : { key: 'cashier.busySeconds', params: { count: seconds } },
        { cause: error },
      )
    }
    case 'network':
      return refuse(
        'gateway_unreachable',
        { key: 'cashier.unreachable', params: { action } },
        {
          cause: error,
        },
      )
    case 'timeout':
    case 'aborted':
      return refuse(
        'gateway_timeout',
        { key: 'cashier.timeout', params: { action } },
        {
          cause: error,
        },
      )
    case 'server':
      return refuse(
        'gateway_error',
        { key: 'cashier.server', params: { action } },
        {
          cause: error,
        },
      )
    default:
      return refuse(
        'gateway_error',
        { key: 'cashier.unreadable', params: { action } },
        {
          cause: error,
        },
      )
  }
}

/** A follow-up's lookup that failed, as the entry's notice: why, and that the till goes on. */
export const stillChecking = (error: unknown, action: CashierAction): string =>
  `${cashierError(error, { action }).message} The till keeps checking.`

/**
 * True only when the gateway said, in JSON, that there is no such record: a route 404, a
 * proxy's page or an empty 404 says nothing about the record (gateway/classify.ts).
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof GatewayError && error.kind === 'not_found' && error.recordAbsent
