// Turns a GatewayError into an AppError a cashier can act on: what happened in plain words,
// what to do next, and the gateway's field errors placed beside the form's own fields.
// Admin-only fixes (keys, permissions, clock) say "ask an admin" rather than how to fix them.
import { AppError } from '../kernel/errors'
import { AUTH_ERROR_KINDS, GatewayError } from '../gateway/errors'

export interface ErrorContext {
  /** What the cashier was doing, as a verb phrase: "start the payment". */
  action: string
  /** Gateway field name → form field name, e.g. { customer_email: 'customerEmail' }. */
  fields?: Readonly<Record<string, string>>
  /** Messages for the gateway's machine codes in this context (conflicts, rule rejections). */
  codes?: Readonly<Record<string, string>>
  /** What a 404 means here, e.g. "No payment has that reference." */
  notFound?: string
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

export function cashierError(error: unknown, ctx: ErrorContext): AppError {
  if (error instanceof AppError) return error
  if (!(error instanceof GatewayError)) {
    return new AppError(
      'internal',
      `Could not ${ctx.action}. Try again; if it keeps happening, tell an admin.`,
      {
        cause: error,
      },
    )
  }
  const coded = error.code ? ctx.codes?.[error.code] : undefined
  if (coded) return new AppError(error.code ?? error.kind, coded, { cause: error })

  if (AUTH_ERROR_KINDS.includes(error.kind)) {
    const why =
      error.kind === 'missing_capability'
        ? "The till's API key is not allowed to do this"
        : error.kind === 'timestamp_too_old' || error.kind === 'invalid_timestamp'
          ? "This computer's clock is wrong, so the gateway refused the request"
          : "The gateway did not accept the till's API key"
    return new AppError(
      'gateway_setup',
      `Could not ${ctx.action}. ${why}. Ask an admin to run the connection test in Settings.`,
      { cause: error },
    )
  }

  switch (error.kind) {
    case 'validation': {
      const fields = mapFieldErrors(error, ctx.fields)
      const first =
        error.fieldErrors[0]?.message ?? error.gatewayMessage ?? 'Some details are not valid'
      return new AppError(
        'invalid_input',
        fields ? 'Check the highlighted fields.' : `Could not ${ctx.action}: ${first}`,
        fields ? { fields, cause: error } : { cause: error },
      )
    }
    case 'not_found':
      return new AppError(
        'not_found',
        ctx.notFound ?? `Could not ${ctx.action}: the gateway has no such record.`,
        {
          cause: error,
        },
      )
    case 'conflict':
      return new AppError(
        error.code ?? 'conflict',
        `Could not ${ctx.action}: ${error.gatewayMessage ?? 'the record is not in a state that allows it'}.`,
        { cause: error },
      )
    case 'unprocessable':
      return new AppError(
        error.code ?? 'unprocessable',
        `Could not ${ctx.action}: ${error.gatewayMessage ?? 'the gateway would not allow it'}.`,
        { cause: error },
      )
    case 'rate_limited': {
      const seconds =
        error.retryAfterMs === null ? null : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      return new AppError(
        'gateway_busy',
        `The gateway is busy. Try again ${seconds === null ? 'in a few seconds' : `in ${seconds} second${seconds === 1 ? '' : 's'}`}.`,
        { cause: error },
      )
    }
    case 'network':
      return new AppError(
        'gateway_unreachable',
        `Could not ${ctx.action}: the payment gateway can't be reached. Check the till's internet connection, then try again.`,
        { cause: error },
      )
    case 'timeout':
    case 'aborted':
      return new AppError(
        'gateway_timeout',
        `Could not ${ctx.action}: the gateway did not answer in time. Try again.`,
        { cause: error },
      )
    case 'server':
      return new AppError(
        'gateway_error',
        `Could not ${ctx.action}: the gateway had a problem on its side. Try again in a moment.`,
        { cause: error },
      )
    default:
      return new AppError('gateway_error', `Could not ${ctx.action}. ${error.message}`, {
        cause: error,
      })
  }
}

/**
 * True only when the gateway said, in JSON, that there is no such record: a route 404, a
 * proxy's page or an empty 404 says nothing about the record (gateway/classify.ts).
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof GatewayError && error.kind === 'not_found' && error.recordAbsent
