// The error services throw when the user must be told something. `code` is stable for the
// renderer to branch on; `message` says in English what happened and what to do (logs, tests);
// `say` names the same sentence in the renderer's catalogue with its values, so a French till
// shows it in French (docs/i18n.md, "Main's messages"). Never put a secret, PIN or stack in any.
import type { Said, WireError } from '../../common/ipc/contract'

export interface AppErrorOptions {
  fields?: Record<string, string>
  cause?: unknown
  say?: Said
  fieldSay?: Record<string, Said>
}

export class AppError extends Error {
  override readonly name = 'AppError'
  readonly fields: Record<string, string> | undefined
  readonly say: Said | undefined
  readonly fieldSay: Record<string, Said> | undefined

  constructor(
    readonly code: string,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.fields = options.fields
    this.say = options.say
    this.fieldSay = options.fieldSay
  }

  toWire(): WireError {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.say ? { say: this.say } : {}),
      ...(this.fieldSay ? { fieldSay: this.fieldSay } : {}),
    }
  }
}

/** Turns a foreign error (e.g. a GatewayError) into an AppError, or returns null to pass. */
export type ErrorTranslator = (error: unknown) => AppError | null
