// One error type for the whole sandbox: domain code throws it, the HTTP edge turns it into the
// documented body `{status: false, message, code, errors?}` (docs/gateway-assumptions.md).
import type * as z from 'zod'
import {
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '../common/api/errors'

export class SandboxError extends Error {
  override readonly name = 'SandboxError'
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message)
  }

  body(): ErrorBody {
    return {
      status: false,
      message: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
    }
  }
}

export const notFound = (message: string = ERROR_MESSAGES.notFound): SandboxError =>
  new SandboxError(404, 'not_found', message)

export const duplicateReference = (): SandboxError =>
  new SandboxError(409, 'duplicate_reference', ERROR_MESSAGES.duplicateReference)

export const invalidState = (message: string): SandboxError =>
  new SandboxError(409, 'invalid_state', message)

export const unprocessable = (message: string): SandboxError =>
  new SandboxError(422, 'unprocessable', message)

export const validationFailed = (
  errors: FieldError[],
  message: string = ERROR_MESSAGES.validation,
): SandboxError => new SandboxError(400, 'validation_error', message, errors)

/** The value at `path` inside `input`, or undefined when any step is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = Object.hasOwn(value, step) ? (value as Record<PropertyKey, unknown>)[step] : undefined
  }
  return value
}

/**
 * Maps zod issues to per-field errors. `where` names the part of the request ('body', 'query',
 * 'params') and stands in for the field when the issue is about the whole part. `input` is
 * what was validated, to tell a missing field from a wrong one.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  where: string,
  input: unknown,
): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : where
    // zod's text for a missing field is about types; a form wants "is required".
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined
    return { field, message: missing ? `${field} is required.` : issue.message }
  })
}
