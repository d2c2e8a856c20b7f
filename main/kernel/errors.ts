// The error services throw when the user must be told something. `code` is stable for the
// renderer to branch on; `message` is shown as is, so it says what happened and what to do.
// Never put a secret, PIN or stack in either.
import type { WireError } from '../../common/ipc/contract'

export class AppError extends Error {
  override readonly name = 'AppError'
  readonly fields: Record<string, string> | undefined

  constructor(
    readonly code: string,
    message: string,
    options: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.fields = options.fields
  }

  toWire(): WireError {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message }
  }
}

/** Turns a foreign error (e.g. a GatewayError) into an AppError, or returns null to pass. */
export type ErrorTranslator = (error: unknown) => AppError | null
