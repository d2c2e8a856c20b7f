// One staff list for the shop. Staff changes made on this till go to the other tills as signed
// shop events; the other tills' changes are applied here, in server order, through the users
// service (so each applied record is sealed with this till's own key); and wrong PINs are
// counted across the shop for the lockout. Hashes travel, PINs never: a hash is peppered with
// the shop's pepper (pepper.ts), which every till of the shop holds in its own keychain.
//
// Events (body fields; sync has checked each event's signature before it gets here):
//   staff.upserted  {userId, name, role, pinHash, createdAt, disabled, actorId}  a new or
//                   edited user, or a new PIN; `disabled` only matters to a till that never
//                   had the user
//   staff.disabled / staff.enabled / staff.removed  {userId, actorId}
//   `actorId` is who made the change (absent in events from before it was carried); a change
//   is applied only if its author may make it (rules.ts, staffAuthorRefusal), else refused.
//   signin.failed   {userId}                               a wrong PIN on the sending till
//   signin.ok       {userId}                               a good PIN there after wrong ones:
//                   the wrong PINs the shop received before it are paid for
// The rules (docs/shop.md, rules.ts): the latest change in server order wins; a disable takes
// effect at its place in server order; failures count shop-wide within the lockout window, by
// the server's receive time.
import * as z from 'zod'
import { USER_ROLES } from '../../common/ipc/contract'
import type { Logger } from '../kernel/log'
import type { Keychain } from '../keychain/keychain'
import type { ShopStaffLink, StaffChangeIn, StaffChangeOut, UsersService } from '../users/users'
import type { StoredEvent } from './events'
import { ShopPepper } from './pepper'
import {
  countFailures,
  LOCKOUT_WINDOW_MS,
  staffAuthorRefusal,
  type FailedSignIn,
  type StaffMember,
} from './rules'

/** How far this till has applied the shop's staff events (server_seq), kept in the keychain. */
export const STAFF_APPLIED_ACCOUNT = 'Tilldesk shop staff applied'

/** What the shop service asks of the staff list (small hooks in service.ts). */
export interface ShopStaffHooks {
  /** Other tills' events as pulled, in server order; may be handed again after a crash. */
  apply(events: StoredEvent[]): Promise<void>
  /** This till joined (or created) a shop: keep its pepper, start applying from the start. */
  enrolled(pepper: Buffer | null): Promise<void>
  /** The shop pepper, to seal into an enrolment code. */
  pepper(): Promise<Buffer | null>
}

/** The parts of the shop service the staff list uses. */
export interface ShopForStaff {
  status(): { mode: 'single' | 'shop' }
  record(kind: string, body: Record<string, unknown>): Promise<void>
  inbox(): StoredEvent[]
  /** A staff change whose author may not make it: kept as refused, and the admin is told. */
  refuse(
    event: Pick<StoredEvent, 'serverSeq' | 'tillId' | 'eventId'> & { why: 'not_admin' },
    detail: string,
  ): void
}

const userId = z.string().regex(/^u_[a-z0-9]{8,32}$/)
const upsertedBody = z.object({
  userId,
  name: z.string().min(1).max(40),
  role: z.enum(USER_ROLES),
  pinHash: z.string().startsWith('spscrypt$').max(400),
  createdAt: z.iso.datetime(),
  disabled: z.boolean().optional(),
  actorId: userId.optional(),
})
const userBody = z.object({ userId, actorId: userId.optional() })

/** Who made a staff change, as its event says; null for an event from before authors. */
export function actorOf(event: StoredEvent): string | null {
  const parsed = userId.safeParse(event.body.actorId)
  return parsed.success ? parsed.data : null
}

const STAFF_KINDS = {
  'staff.disabled': 'disabled',
  'staff.enabled': 'enabled',
  'staff.removed': 'removed',
} as const

/** A pulled event as a change to the staff list; null for another kind, 'malformed' if unreadable. */
export function staffChangeOf(event: StoredEvent): StaffChangeIn | null | 'malformed' {
  if (event.kind === 'staff.upserted') {
    const body = upsertedBody.safeParse(event.body)
    if (!body.success) return 'malformed'
    const { userId: id, disabled, actorId: _actor, ...rest } = body.data
    return { kind: 'upserted', user: { id, ...rest, disabled: disabled ?? false } }
  }
  const kind = STAFF_KINDS[event.kind as keyof typeof STAFF_KINDS]
  if (!kind) return null
  const body = userBody.safeParse(event.body)
  return body.success ? { kind, userId: body.data.userId } : 'malformed'
}

/** The event this till records for one of its own changes. */
export function staffEventOf(
  change: StaffChangeOut,
  actorId: string,
): {
  kind: string
  body: Record<string, unknown>
} {
  if (change.kind === 'upserted') {
    const { id, ...rest } = change.user
    return { kind: 'staff.upserted', body: { userId: id, ...rest, actorId } }
  }
  return { kind: `staff.${change.kind}`, body: { userId: change.userId, actorId } }
}

/** Other tills' wrong PINs for the lockout count: server receive time, else the till's clock. */
export function failuresIn(events: readonly StoredEvent[]): FailedSignIn[] {
  const out: FailedSignIn[] = []
  for (const e of events) {
    if (e.kind !== 'signin.failed' || typeof e.body.userId !== 'string') continue
    const at = Date.parse(e.receivedAt ?? e.createdAt)
    if (Number.isFinite(at)) out.push({ userId: e.body.userId, tillId: e.tillId, receivedAt: at })
  }
  return out
}

/** Other tills' good sign-ins after wrong PINs: the latest receive time per user. */
export function goodSignInsIn(events: readonly StoredEvent[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const e of events) {
    if (e.kind !== 'signin.ok' || typeof e.body.userId !== 'string') continue
    const at = Date.parse(e.receivedAt ?? e.createdAt)
    if (Number.isFinite(at) && at > (out.get(e.body.userId) ?? 0)) out.set(e.body.userId, at)
  }
  return out
}

export interface ShopStaffOptions {
  users: Pick<UsersService, 'applyShopChange' | 'linkShop' | 'list' | 'isTrusted'>
  keychain: Keychain
  log: Logger
  now?: () => number
  windowMs?: number
}

export class ShopStaff implements ShopStaffHooks {
  readonly #o: ShopStaffOptions
  readonly #pepper: ShopPepper
  #shop: ShopForStaff | null = null
  /** server_seq of the last staff event applied here; null until read from the keychain. */
  #through: number | null = null
  #recording: Promise<void> = Promise.resolve()
  /**
   * Other tills' wrong PINs still inside the window, by event id (a pull may hand one again).
   * Read from the pulled events once, then kept in step by `apply`: a PIN check never walks
   * the whole history.
   */
  #failures: Map<string, FailedSignIn> | null = null
  /** The latest good sign-in on another till after wrong PINs, per user (receive time). */
  #goodSignIns = new Map<string, number>()

  constructor(options: ShopStaffOptions) {
    this.#o = options
    this.#pepper = new ShopPepper(options.keychain)
  }

  /** Joins the users service to the shop service. */
  connect(shop: ShopForStaff): void {
    this.#shop = shop
    this.#o.users.linkShop(this.link())
  }

  #inShop(): boolean {
    return this.#shop?.status().mode === 'shop'
  }

  link(): ShopStaffLink {
    return {
      sharing: async () => (this.#inShop() ? this.#pepper.get() : null),
      shopPeppers: () => this.#pepper.all(),
      publish: (change, actorId) => {
        const { kind, body } = staffEventOf(change, actorId)
        this.#record(kind, body)
      },
      failed: (id) => this.#record('signin.failed', { userId: id }),
      succeeded: (id) => this.#record('signin.ok', { userId: id }),
      failuresElsewhere: (id, since) => {
        if (!this.#inShop() || !this.#shop) return 0
        const recent = this.#recentFailures()
        // A good sign-in on any till pays for the wrong PINs the shop had before it.
        const from = Math.max(since, this.#goodSignIns.get(id) ?? 0)
        const failures = [...recent.values()].filter((f) => f.receivedAt > from)
        return countFailures(failures, id, this.#now(), this.#window())
      },
    }
  }

  #now(): number {
    return (this.#o.now ?? Date.now)()
  }

  #window(): number {
    return this.#o.windowMs ?? LOCKOUT_WINDOW_MS
  }

  #recentFailures(): Map<string, FailedSignIn> {
    if (!this.#failures) {
      this.#failures = new Map()
      this.#goodSignIns = new Map()
      this.#noteFailures(this.#shop?.inbox() ?? [])
    }
    const cutoff = this.#now() - this.#window()
    for (const [eventId, f] of this.#failures)
      if (f.receivedAt <= cutoff) this.#failures.delete(eventId)
    return this.#failures
  }

  #noteFailures(events: readonly StoredEvent[]): void {
    if (!this.#failures) return
    const cutoff = this.#now() - this.#window()
    for (const event of events) {
      const [failure] = failuresIn([event])
      if (failure && failure.receivedAt > cutoff) this.#failures.set(event.eventId, failure)
    }
    for (const [userId, at] of goodSignInsIn(events))
      if (at > (this.#goodSignIns.get(userId) ?? 0)) this.#goodSignIns.set(userId, at)
  }

  /** Recorded in the order the changes were made; a failure is logged, never thrown at staff. */
  #record(kind: string, body: Record<string, unknown>): void {
    const shop = this.#shop
    if (!shop || !this.#inShop()) return
    this.#recording = this.#recording
      .then(() => shop.record(kind, body))
      .catch((error: unknown) =>
        this.#o.log.warn('shop: a staff event was not recorded', {
          kind,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
  }

  /** Resolves when every change made so far is in the local shop log (tests, shutdown). */
  recorded(): Promise<void> {
    return this.#recording
  }

  /** Throws when the keychain can't be read: the pull stops there and is tried again, since
   * applying blind could undo a later change and skipping could lose a disable for good. */
  async #appliedThrough(): Promise<number> {
    if (this.#through === null) {
      // In the keychain, not a file: a cashier who rewinds the pull cursor gets old events
      // handed again, and they must not undo what came after them.
      const text = await this.#o.keychain.get('till', STAFF_APPLIED_ACCOUNT)
      const value = Number(text ?? 0)
      this.#through = Number.isSafeInteger(value) && value > 0 ? value : 0
    }
    return this.#through
  }

  async apply(events: StoredEvent[]): Promise<void> {
    this.#noteFailures(events)
    const through = await this.#appliedThrough()
    let last = through
    for (const event of events) {
      if (event.serverSeq <= last) continue
      const change = staffChangeOf(event)
      if (change === null) continue
      last = event.serverSeq
      if (change === 'malformed') {
        this.#o.log.warn('shop: a staff event could not be read; skipped', {
          eventId: event.eventId,
          tillId: event.tillId,
        })
        continue
      }
      const refusal = staffAuthorRefusal(
        change.kind === 'upserted'
          ? { kind: 'upserted', userId: change.user.id, ...change.user }
          : change,
        actorOf(event),
        this.#staff(),
      )
      if (refusal !== null) {
        this.#o.log.warn('shop: a staff change from a till was refused', {
          eventId: event.eventId,
          tillId: event.tillId,
        })
        const { serverSeq, tillId, eventId } = event
        this.#shop?.refuse({ serverSeq, tillId, eventId, why: 'not_admin' }, refusal)
        continue
      }
      if (!this.#o.users.applyShopChange(change)) {
        this.#o.log.info('shop: a staff event did not apply here', {
          eventId: event.eventId,
          kind: event.kind,
        })
      }
    }
    if (last !== through) {
      await this.#o.keychain.set('till', STAFF_APPLIED_ACCOUNT, String(last))
      this.#through = last
    }
  }

  /** The staff list as applied so far, as the staff-author rule sees it. */
  #staff(): StaffMember[] {
    return this.#o.users.list().map((u) => ({
      id: u.id,
      role: u.role,
      disabled: u.disabled,
      trusted: this.#o.users.isTrusted(u.id),
    }))
  }

  async enrolled(pepper: Buffer | null): Promise<void> {
    if (pepper) await this.#pepper.set(pepper)
    // A new shop numbers its events from 1.
    await this.#o.keychain.set('till', STAFF_APPLIED_ACCOUNT, '0')
    this.#through = 0
    this.#failures = null
  }

  pepper(): Promise<Buffer | null> {
    return this.#pepper.get()
  }
}
