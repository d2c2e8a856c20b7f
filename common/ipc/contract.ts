// The IPC contract's building blocks. A capability file (session.ts, settings.ts, ...) declares
// a channel table with `defineChannels` and an event table with `defineEvents`; index.ts merges
// them. Main, preload, the preview bridge and the renderer all derive their types from the
// merged tables, so a channel exists in exactly one place.
import type * as z from 'zod'

/**
 * Who may call a channel. Roles are ranked: admin ⊇ supervisor ⊇ cashier ⊇ public.
 * 'public' needs no signed-in user (sign-in itself, the first-run wizard, read-only status).
 * Maker-checker rules (approver ≠ maker) are a service concern, not a rank.
 */
export const ROLES = ['public', 'cashier', 'supervisor', 'admin'] as const
export type Role = (typeof ROLES)[number]
/** Roles a signed-in user can hold ('public' is only a channel requirement). */
export const USER_ROLES = ['cashier', 'supervisor', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

const RANK: Record<Role, number> = { public: 0, cashier: 1, supervisor: 2, admin: 3 }

/** True when a user holding `held` may call something requiring `required`. */
export function roleAllows(held: Role | null, required: Role): boolean {
  if (required === 'public') return true
  if (held === null) return false
  return RANK[held] >= RANK[required]
}

/** Phantom marker for a result or payload type: carries a type, no runtime value. */
export interface Typed<T> {
  readonly __type?: T
}
/** Declares a channel's result type (or an event's payload type). */
export const returns = <T>(): Typed<T> => ({})
export const payload = <T>(): Typed<T> => ({})

export interface ChannelSpec<I extends z.ZodType = z.ZodType, R = unknown> {
  /** zod schema the input must pass in main before the handler runs. */
  readonly input: I
  readonly result: Typed<R>
  readonly role: Role
  /** One line for docs and error messages. */
  readonly summary: string
}

export type ChannelTable = Record<string, ChannelSpec>
export type EventTable = Record<string, Typed<unknown>>

/** Identity helpers that keep literal keys and per-channel types. */
export const defineChannels = <T extends Record<string, ChannelSpec>>(table: T): T => table
export const defineEvents = <T extends Record<string, Typed<unknown>>>(table: T): T => table

export type InputOf<S> = S extends ChannelSpec<infer I, unknown> ? z.input<I> : never
export type ParsedInputOf<S> = S extends ChannelSpec<infer I, unknown> ? z.output<I> : never
export type ResultOf<S> = S extends ChannelSpec<z.ZodType, infer R> ? R : never
export type PayloadOf<E> = E extends Typed<infer P> ? P : never

/**
 * Error codes every transport produces itself; services add their own codes (strings), so
 * the renderer can branch on `code` and show `message` as is.
 */
export type TransportErrorCode =
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'invalid_input'
  | 'not_signed_in'
  | 'forbidden_role'
  | 'not_implemented'
  | 'internal'
  | 'bridge_closed'

/**
 * Which sentence of the renderer's catalogue says an error (`errors.<key>` in en.json and
 * fr.json) and the values it needs: names, numbers, times as ISO strings (a value whose name
 * ends in `At` is shown as a day and time in the screen's language, one whose name ends in
 * `Amount` is money written "<minor units> <currency>", and a value that is itself a Said, a
 * sentence inside the sentence, is said first; common/words/said.ts).
 */
export interface Said {
  key: string
  params?: Record<string, string | number | Said>
}

/** What crosses the boundary on failure: never a stack, never a secret. */
export interface WireError {
  code: TransportErrorCode | (string & {})
  /** The sentence in English: for logs, and for a window whose catalogue lacks `say`. */
  message: string
  /** Per-field messages for forms (input paths joined with '.'). */
  fields?: Record<string, string>
  /** The same sentence by key, so the screen says it in its own language. */
  say?: Said
  /** The per-field messages by key, like `say`. */
  fieldSay?: Record<string, Said>
}

/** Every invoke resolves to an envelope; the renderer's wrapper turns failures into throws. */
export type Envelope<R> = { ok: true; value: R } | { ok: false; error: WireError }

/** The object preload (and the preview shim) put on `window.pos`. Nothing else is exposed. */
export interface PosBridge<
  C extends ChannelTable = ChannelTable,
  E extends EventTable = EventTable,
> {
  invoke<K extends keyof C & string>(
    channel: K,
    input: InputOf<C[K]>,
  ): Promise<Envelope<ResultOf<C[K]>>>
  /** Subscribes to an event pushed from main to every window; returns the unsubscribe. */
  on<K extends keyof E & string>(event: K, listener: (payload: PayloadOf<E[K]>) => void): () => void
}

/** Electron channel that carries every main → window event as (name, payload). */
export const EVENT_CHANNEL = 'pos:event'
