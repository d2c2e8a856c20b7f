// The error services throw when the user must be told something. `code` is stable for the
// renderer to branch on; `message` says in English what happened and what to do (logs, tests);
// `say` names the same sentence in the renderer's catalogue with its values, so a French till
// shows it in French (docs/i18n.md, "Main's messages"). Never put a secret, PIN or stack in any.
import type { Said, WireError } from '../../common/ipc/contract'
import { ruleParams, ruleWords, type FieldProblem } from '../../common/rules'
import { DOCUMENT_WORDS } from '../../common/words/documents'
import { ERROR_WORDS } from '../../common/words/errors'
import { sayIn } from '../../common/words/said'

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

/**
 * A keyed sentence in English, from the table the screens read (common/words/errors.ts): main's
 * message is that text, so the log and the French screen say the same thing. The key itself
 * when the table lacks it (a test names every key main uses and fails on a missing one).
 */
export function english(said: Said): string {
  // A field rule's refusal: the rule's own words (common/rules), as the screens say it.
  if (said.key.startsWith('rule.'))
    return ruleWords({ key: said.key.slice(5), ...said.params } as FieldProblem)
  // A document word (a payout state's meaning): common/words/documents.ts, at the root.
  if (said.key.startsWith('doc.'))
    return sayIn(DOCUMENT_WORDS.en, { ...said, key: said.key.slice(4) }, 'en-NG') ?? said.key
  // A rule's or document's sentence inside this one is said first (sayIn knows only this table).
  const params = Object.fromEntries(
    Object.entries(said.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' && /^(rule|doc)\./.test(value.key) ? english(value) : value,
    ]),
  )
  return sayIn(ERROR_WORDS.en, { ...said, params }, 'en-NG') ?? said.key
}

/**
 * An AppError whose message is the English of `say`; its fields' English likewise comes from
 * `fieldSay` when no `fields` are given.
 */
export function refuse(
  code: string,
  say: Said,
  options: Omit<AppErrorOptions, 'say'> = {},
): AppError {
  const fields =
    options.fields ??
    (options.fieldSay
      ? Object.fromEntries(Object.entries(options.fieldSay).map(([f, s]) => [f, english(s)]))
      : undefined)
  return new AppError(code, english(say), { ...options, ...(fields ? { fields } : {}), say })
}

/** A field rule's refusal (common/rules), beside `field`, in the rule's own words. */
export function ruleRefusal(code: string, field: string, problem: FieldProblem): AppError {
  const message = ruleWords(problem)
  const say = { key: `rule.${problem.key}`, params: ruleParams(problem) }
  return new AppError(code, message, {
    fields: { [field]: message },
    say,
    fieldSay: { [field]: say },
  })
}

/** Turns a foreign error (e.g. a GatewayError) into an AppError, or returns null to pass. */
export type ErrorTranslator = (error: unknown) => AppError | null
