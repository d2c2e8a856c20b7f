// The guard every IPC call passes, whatever the transport (Electron IPC or the preview's
// WebSocket): 1. the sender is ours, 2. the input parses with the channel's zod schema,
// 3. the signed-in user's role is enough (and the session is not locked), 4. a sensitive change
// has a fresh PIN (step-up), 5. the service runs. Failures cross as
// {code, message}: never a stack, never a secret.
import type * as z from 'zod'
import { channels as contractChannels, type ChannelName } from '../../common/ipc'
import {
  roleAllows,
  type ChannelTable,
  type Envelope,
  type Said,
  type WireError,
} from '../../common/ipc/contract'
import type { PublicUser } from '../../common/ipc/users'
import { AppError, type ErrorTranslator } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import type { CallContext, Handler, SenderInfo } from './handlers'
import { channelAllowedFor } from './window-access'
import { zodErrorMap, zodSaid } from './zod-said'
import { SESSION_LOCKED } from '../../common/ipc/session'

export interface DispatcherOptions {
  isTrustedSender: (sender: SenderInfo) => boolean
  currentUser: () => PublicUser | null
  log: Logger
  translators?: ErrorTranslator[]
  /** True while the session is locked: every non-public call is refused with `session_locked`. */
  isLocked?: () => boolean
  /**
   * Throws an AppError (`step_up_required`) when the call changes keys, base URLs or staff and
   * the user has not entered their PIN recently. Runs after the role check.
   */
  checkStepUp?: (channel: string, input: unknown) => void
  /** Defaults to the app's full contract; tests pass their own table. */
  channels?: ChannelTable
}

const ROLE_LABEL = {
  public: 'anyone',
  cashier: 'a cashier',
  supervisor: 'a supervisor',
  admin: 'an admin',
}

/** zod issues → {path: message} for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_'
    fields[path] ??= issue.message
  }
  return fields
}

/** The same, keyed (zod-said.ts): {path: Said}, for the screen's language. */
export function fieldSaid(error: z.ZodError): Record<string, Said> {
  const fields: Record<string, Said> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_'
    fields[path] ??= zodSaid(issue)
  }
  return fields
}

export class Dispatcher {
  readonly #handlers = new Map<string, Handler<never>>()
  readonly #channels: ChannelTable
  readonly #translators: ErrorTranslator[]

  constructor(private readonly options: DispatcherOptions) {
    this.#channels = options.channels ?? contractChannels
    this.#translators = options.translators ?? []
  }

  get channelNames(): string[] {
    return Object.keys(this.#channels)
  }

  /** Adds handlers; a channel missing from the contract or registered twice is a bug. */
  register(handlers: object): this {
    for (const [name, handler] of Object.entries(handlers)) {
      if (!(name in this.#channels)) throw new Error(`Handler for unknown channel "${name}".`)
      if (this.#handlers.has(name)) throw new Error(`Channel "${name}" has two handlers.`)
      if (typeof handler !== 'function') throw new Error(`Handler for "${name}" is not a function.`)
      this.#handlers.set(name, handler as Handler<never>)
    }
    return this
  }

  addTranslator(translator: ErrorTranslator): this {
    this.#translators.push(translator)
    return this
  }

  /** Contract channels nobody has registered yet (logged at start, asserted in tests). */
  missing(): string[] {
    return this.channelNames.filter((name) => !this.#handlers.has(name))
  }

  async dispatch(
    sender: SenderInfo,
    channel: string,
    rawInput: unknown,
  ): Promise<Envelope<unknown>> {
    // 1. Sender.
    if (!this.options.isTrustedSender(sender)) {
      this.options.log.warn('ipc call from an untrusted sender refused', {
        channel,
        url: sender.url,
      })
      return fail(
        'forbidden_sender',
        'This window is not allowed to talk to Tilldesk.',
        'windowRefused',
      )
    }
    // The customer display (and any window main did not create as ours) may use only its part.
    if (!channelAllowedFor(sender.window, channel)) {
      this.options.log.warn('ipc call outside the window’s part of the bridge refused', {
        channel,
        window: sender.window,
      })
      return fail('forbidden_sender', 'This window is not allowed to do that.', 'windowNotAllowed')
    }
    const spec = Object.hasOwn(this.#channels, channel) ? this.#channels[channel] : undefined
    if (!spec) return fail('unknown_channel', `Unknown action "${channel.slice(0, 60)}".`)

    // 2. Input.
    const parsed = spec.input.safeParse(rawInput, { error: zodErrorMap })
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error)
      const fieldSay = fieldSaid(parsed.error)
      const first = Object.values(fields)[0] ?? 'Check the details and try again.'
      const say = Object.values(fieldSay)[0] ?? { key: 'input.checkDetails' }
      return { ok: false, error: { code: 'invalid_input', message: first, fields, say, fieldSay } }
    }

    // 3. Role, read now: a sign-out or role change applies to the very next call.
    const user = this.options.currentUser()
    if (!roleAllows(user?.role ?? null, spec.role)) {
      if (!user && this.options.isLocked?.()) {
        return fail(SESSION_LOCKED, 'The till is locked. Enter your PIN to carry on.', 'tillLocked')
      }
      return user
        ? fail(
            'forbidden_role',
            `Only ${ROLE_LABEL[spec.role]} can do this. Ask ${ROLE_LABEL[spec.role]} to sign in.`,
            `onlyRole.${spec.role}`,
          )
        : fail('not_signed_in', 'Sign in first.', 'signInFirst')
    }

    // 5. Service (after the step-up check below).
    const handler = this.#handlers.get(channel)
    if (!handler)
      return fail(
        'not_implemented',
        'This part of Tilldesk is not available in this build.',
        'notInThisBuild',
      )
    const context: CallContext = { user, sender }
    try {
      // 4. Step-up, inside the try so its AppError crosses as {code, message}.
      this.options.checkStepUp?.(channel, parsed.data)
      const value = await (handler as (input: unknown, context: CallContext) => unknown)(
        parsed.data,
        context,
      )
      return { ok: true, value: value === undefined ? null : value }
    } catch (error) {
      return { ok: false, error: this.#toWire(channel as ChannelName, error) }
    }
  }

  #toWire(channel: string, error: unknown): WireError {
    if (error instanceof AppError) return error.toWire()
    for (const translate of this.#translators) {
      const translated = translate(error)
      if (translated) return translated.toWire()
    }
    // Unexpected: log for us (redacted), say something useful to the user.
    this.options.log.error('ipc handler failed', { channel, error })
    return {
      code: 'internal',
      message:
        'Something went wrong inside Tilldesk. Try again; if it keeps happening, restart the app.',
      say: { key: 'internal' },
    }
  }
}

/** `key`: the sentence in the renderer's catalogue (`errors.<key>`), for the screen's language. */
const fail = (code: WireError['code'], message: string, key?: string): Envelope<never> => ({
  ok: false,
  error: key ? { code, message, say: { key } } : { code, message },
})
