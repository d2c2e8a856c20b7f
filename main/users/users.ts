// Local profiles, PIN checks and lockout. Everything that decides who may do what runs here in
// main; the renderer only ever sees PublicUser.
import { randomBytes } from 'node:crypto'
import type { UserRole } from '../../common/ipc/contract'
import type { PublicUser } from '../../common/ipc/users'
import { ruleWords } from '../../common/rules'
import { AppError } from '../kernel/errors'
import type { Emit } from '../kernel/events'
import type { StoredUser } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import {
  checkPinWith,
  DEFAULT_SCRYPT,
  hashPin,
  needsRehash,
  pepperOf,
  type ScryptParams,
} from './pin'
import {
  assertAnotherAdmin,
  assertNameFree,
  assertPinFitsRole,
  DEFAULT_LOCKOUT,
  MIN_PIN_DIGITS,
  minutes,
  toPublicUser,
  wholeMinutes,
  type LockoutPolicy,
} from './policy'
import type { ShopStaffLink, StaffChangeIn } from './shop-link'

export { assertPinFitsRole, DEFAULT_LOCKOUT, MIN_PIN_DIGITS, type LockoutPolicy } from './policy'
export type { ShopStaffLink, StaffChangeIn, StaffChangeOut } from './shop-link'

const GONE = { say: { key: 'userGone' } }

export interface UsersOptions {
  settings: SettingsStore
  emit: Emit
  now?: () => number
  lockout?: LockoutPolicy
  scrypt?: ScryptParams
  /** The keychain's PIN pepper (integrity service); null or absent: plain scrypt. */
  pepper?: () => Buffer | null
}

export class UsersService {
  readonly #settings: SettingsStore
  readonly #emit: Emit
  readonly #now: () => number
  readonly #lockout: LockoutPolicy
  readonly #scrypt: ScryptParams
  readonly #pepper: () => Buffer | null
  /** One PIN check at a time per user, so parallel guesses can't outrun the counter. */
  readonly #queues = new Map<string, Promise<unknown>>()
  #shop: ShopStaffLink | null = null
  /**
   * When each user's count last started again on this till (good PIN, lockout, unlock, new
   * PIN): other tills' failures before it are not counted again. In memory: after a restart
   * the failures still inside the window count once more, the cautious side.
   */
  readonly #countFrom = new Map<string, number>()

  constructor(options: UsersOptions) {
    this.#settings = options.settings
    this.#emit = options.emit
    this.#now = options.now ?? Date.now
    this.#lockout = options.lockout ?? DEFAULT_LOCKOUT
    this.#scrypt = options.scrypt ?? DEFAULT_SCRYPT
    this.#pepper = options.pepper ?? (() => null)
  }

  /** Shop mode lends the shop's pepper, the publishing of changes and the lockout count. */
  linkShop(link: ShopStaffLink | null): void {
    this.#shop = link
  }

  async #sharing(): Promise<Buffer | null> {
    return (await this.#shop?.sharing()) ?? null
  }

  async #hash(pin: string): Promise<string> {
    const shop = await this.#sharing()
    return shop
      ? hashPin(pin, this.#scrypt, shop, 'shop')
      : hashPin(pin, this.#scrypt, this.#pepper())
  }

  /** Tells the shop about a user whose hash every till can check; others stay on this till. */
  #publishUser(user: StoredUser, actorId: string): void {
    if (pepperOf(user.pinHash) !== 'shop') return
    const { id, name, role, pinHash, createdAt, disabled } = user
    this.#shop?.publish(
      { kind: 'upserted', user: { id, name, role, pinHash, createdAt, disabled } },
      actorId,
    )
  }

  /** False when `id`'s record failed its seal here (the shop's staff-author rule asks). */
  isTrusted(id: string): boolean {
    return !this.#settings.trust.untrustedUsers.has(id)
  }

  /** Refuses to change a profile that failed its integrity check: it can only be removed. */
  #assertTrusted(user: StoredUser): void {
    if (this.#settings.trust.untrustedUsers.has(user.id)) {
      throw new AppError(
        'integrity_failed',
        `${user.name}'s profile was changed outside Tilldesk (it does not match its seal), so Tilldesk does not honour it. An admin should remove it and add the person again.`,
        { say: { key: 'tamper.profile', params: { name: user.name } } },
      )
    }
  }

  list(): PublicUser[] {
    const now = this.#now()
    return this.#settings.get().users.map((user) => toPublicUser(user, now))
  }

  get(id: string): PublicUser {
    return toPublicUser(this.#find(id), this.#now())
  }

  hasUsers(): boolean {
    return this.#settings.get().users.length > 0
  }

  /** `actorId`: the admin making it; none for the first admin, who makes themselves. */
  async create(
    input: { name: string; role: UserRole; pin: string },
    actorId?: string,
  ): Promise<PublicUser> {
    if (!this.hasUsers() && this.#settings.trust.authorityProblem !== null) {
      // The keychain shows this till was set up before: an emptied staff file is not a new till.
      throw new AppError(
        'integrity_failed',
        `Tilldesk will not set this till up again: ${this.#settings.trust.authorityProblem} Restore the settings file from a backup.`,
        { say: { key: 'tamper.noSetupAgain' } },
      )
    }
    assertPinFitsRole(input.role, input.pin, 'pin')
    assertNameFree(this.#settings.get().users, input.name)
    const user: StoredUser = {
      id: `u_${randomBytes(8).toString('hex')}`,
      name: input.name,
      role: input.role,
      pinHash: await this.#hash(input.pin),
      disabled: false,
      failedAttempts: 0,
      lockouts: 0,
      lockedUntil: null,
      createdAt: new Date(this.#now()).toISOString(),
    }
    this.#settings.update((draft) => {
      draft.users.push(user)
    })
    this.#changed()
    this.#publishUser(user, actorId ?? user.id)
    return toPublicUser(user, this.#now())
  }

  update(
    actorId: string,
    input: { id: string; name?: string; role?: UserRole; disabled?: boolean },
  ): PublicUser {
    const user = this.#find(input.id)
    this.#assertTrusted(user)
    if (input.name !== undefined && input.name !== user.name)
      assertNameFree(this.#settings.get().users, input.name)
    const losesAdmin =
      user.role === 'admin' &&
      !user.disabled &&
      ((input.role !== undefined && input.role !== 'admin') || input.disabled === true)
    if (input.id === actorId && input.disabled === true) {
      throw new AppError(
        'cannot_disable_self',
        'You cannot disable your own profile while signed in.',
        { say: { key: 'cannotDisableSelf' } },
      )
    }
    if (losesAdmin)
      assertAnotherAdmin(this.#settings.get().users, user.id, this.#settings.trust.untrustedUsers)
    const updated = this.#patch(user.id, (draft) => {
      if (input.name !== undefined) draft.name = input.name
      if (input.role !== undefined) draft.role = input.role
      if (input.disabled !== undefined) draft.disabled = input.disabled
    })
    if (updated.name !== user.name || updated.role !== user.role)
      this.#publishUser(updated, actorId)
    if (updated.disabled !== user.disabled)
      this.#shop?.publish(
        { kind: updated.disabled ? 'disabled' : 'enabled', userId: user.id },
        actorId,
      )
    return toPublicUser(updated, this.#now())
  }

  /** `actorId`: the admin resetting it, or the person themselves. */
  async setPin(id: string, pin: string, actorId: string): Promise<PublicUser> {
    const user = this.#find(id)
    this.#assertTrusted(user)
    assertPinFitsRole(user.role, pin, 'pin')
    const pinHash = await this.#hash(pin)
    const updated = this.#patch(id, (draft) => {
      draft.pinHash = pinHash
      draft.failedAttempts = 0
      draft.lockouts = 0
      draft.lockedUntil = null
    })
    this.#countFrom.set(id, this.#now())
    this.#publishUser(updated, actorId)
    return toPublicUser(updated, this.#now())
  }

  unlock(id: string): PublicUser {
    this.#assertTrusted(this.#find(id))
    this.#countFrom.set(id, this.#now())
    const updated = this.#patch(id, (draft) => {
      draft.failedAttempts = 0
      draft.lockouts = 0
      draft.lockedUntil = null
    })
    return toPublicUser(updated, this.#now())
  }

  remove(actorId: string, id: string): void {
    const user = this.#find(id)
    if (id === actorId) {
      throw new AppError(
        'cannot_remove_self',
        'You cannot remove your own profile while signed in.',
        { say: { key: 'cannotRemoveSelf' } },
      )
    }
    if (user.role === 'admin' && !user.disabled)
      assertAnotherAdmin(this.#settings.get().users, id, this.#settings.trust.untrustedUsers)
    this.#settings.update((draft) => {
      draft.users = draft.users.filter((candidate) => candidate.id !== id)
    })
    this.#changed()
    this.#shop?.publish({ kind: 'removed', userId: id }, actorId)
  }

  /**
   * Applies another till's staff change (sync checked its signature; main/shop/staff.ts puts
   * them in server order and applies each once). The latest change in server order wins; the
   * record is written through the settings store, so it is sealed with this till's key and an
   * edit to the file afterwards is caught like any other. Lockout counters stay this till's
   * own, except that a new PIN starts them again, as it does here. Returns false for a change
   * that can't apply (unknown user, a hash no till of the shop can check).
   */
  applyShopChange(change: StaffChangeIn): boolean {
    const users = this.#settings.get().users
    if (change.kind === 'upserted') {
      const incoming = change.user
      // Only shop-peppered hashes travel; anything else could never be checked here.
      if (pepperOf(incoming.pinHash) !== 'shop') return false
      const existing = users.find((u) => u.id === incoming.id)
      this.#settings.update((draft) => {
        const target = draft.users.find((u) => u.id === incoming.id)
        if (!target) {
          draft.users.push({
            ...incoming,
            failedAttempts: 0,
            lockouts: 0,
            lockedUntil: null,
          })
          return
        }
        target.name = incoming.name
        target.role = incoming.role
        if (target.pinHash !== incoming.pinHash) {
          target.pinHash = incoming.pinHash
          target.failedAttempts = 0
          target.lockouts = 0
          target.lockedUntil = null
        }
        // An edit doesn't carry the enabled state: a disable elsewhere stands at its place in
        // server order, and only an explicit enable lifts it.
      })
      if (existing && existing.pinHash !== incoming.pinHash)
        this.#countFrom.set(incoming.id, this.#now())
      this.#changed()
      return true
    }
    if (!users.some((u) => u.id === change.userId)) return false
    this.#settings.update((draft) => {
      if (change.kind === 'removed') {
        draft.users = draft.users.filter((u) => u.id !== change.userId)
        return
      }
      const target = draft.users.find((u) => u.id === change.userId)
      if (target) target.disabled = change.kind === 'disabled'
    })
    this.#changed()
    return true
  }

  async changeOwnPin(id: string, currentPin: string, newPin: string): Promise<void> {
    assertPinFitsRole(this.#find(id).role, newPin, 'newPin')
    await this.#queued(id, () => this.#verifyNow(id, currentPin, true))
    await this.setPin(id, newPin, id)
  }

  /**
   * Before sign-in, when verifyPin answered 'pin_change_required': a supervisor or admin whose
   * PIN is shorter than their role now needs, or anyone whose PIN was kept without a pepper
   * (exposed), sets a new one with their current PIN. An exposed PIN may not be kept.
   */
  async replaceShortPin(id: string, currentPin: string, newPin: string): Promise<PublicUser> {
    const user = this.#find(id)
    const exposed = await this.#exposed(user.pinHash)
    // Only for a PIN that must change; anyone else changes their PIN once signed in.
    if (currentPin.length >= MIN_PIN_DIGITS[user.role] && !exposed) {
      throw new AppError(
        'pin_long_enough',
        'This PIN is long enough. Sign in, then change it from your profile.',
        { say: { key: 'pinLongEnough' } },
      )
    }
    assertPinFitsRole(user.role, newPin, 'newPin')
    if (newPin === currentPin) {
      const message = 'Choose a PIN different from the one you have now.'
      const say = { key: 'pinUnchanged' }
      throw new AppError('pin_unchanged', message, {
        fields: { newPin: message },
        say,
        fieldSay: { newPin: say },
      })
    }
    await this.#queued(id, () => this.#verifyNow(id, currentPin, true))
    return this.setPin(id, newPin, id)
  }

  /**
   * A hash without a pepper on a till that has one: an older Tilldesk (or a run without the
   * keychain) kept it where a copied file was enough to guess it offline, so the PIN itself
   * may be known and is changed, not just re-hashed.
   */
  async #exposed(pinHash: string): Promise<boolean> {
    return (
      pepperOf(pinHash) === 'none' && (this.#pepper() !== null || (await this.#sharing()) !== null)
    )
  }

  /**
   * Checks a PIN, counting failures towards lockout. Sign-in uses it, and so do supervisor
   * approvals (payouts). Resolves to the user, or throws AppError 'wrong_pin' |
   * 'locked_out' | 'user_disabled' | 'unknown_user'.
   */
  verifyPin(id: string, pin: string): Promise<PublicUser> {
    return this.#queued(id, () => this.#verifyNow(id, pin, false))
  }

  #queued(id: string, check: () => Promise<PublicUser>): Promise<PublicUser> {
    const previous = this.#queues.get(id) ?? Promise.resolve()
    const attempt = previous.catch(() => undefined).then(check)
    this.#queues.set(id, attempt)
    void attempt
      .finally(() => {
        if (this.#queues.get(id) === attempt) this.#queues.delete(id)
      })
      .catch(() => undefined)
    return attempt
  }

  /** `replacing`: the PIN is checked to be replaced, so one that must change is let through. */
  async #verifyNow(id: string, pin: string, replacing: boolean): Promise<PublicUser> {
    const user = this.#find(id)
    this.#assertTrusted(user)
    if (user.disabled) {
      throw new AppError('user_disabled', `${user.name}'s profile is disabled. Ask an admin.`, {
        say: { key: 'userDisabled', params: { name: user.name } },
      })
    }
    const now = this.#now()
    const lockedUntil = user.lockedUntil ? Date.parse(user.lockedUntil) : 0
    if (lockedUntil > now) {
      throw new AppError(
        'locked_out',
        `Too many wrong PINs. ${user.name} can try again in ${minutes(lockedUntil - now)}, or an admin can unlock the profile.`,
        {
          say: {
            key: 'lockedTryAgain',
            params: { name: user.name, count: wholeMinutes(lockedUntil - now) },
          },
        },
      )
    }
    if (user.lockedUntil !== null && lockedUntil <= now && !this.#countFrom.has(id)) {
      // The lock ran out: failures elsewhere before it were paid for by it.
      this.#countFrom.set(id, lockedUntil)
    }
    const elsewhere = this.#failuresElsewhere(id)
    if (user.failedAttempts + elsewhere >= this.#lockout.maxAttempts) {
      // Wrong PINs on the other tills of the shop add up with this till's (docs/shop.md).
      const lockMs = this.#lock(user, now)
      throw new AppError(
        'locked_out',
        `Too many wrong PINs across the shop's tills. ${user.name} is locked for ${minutes(lockMs)}; an admin can unlock sooner.`,
        { say: { key: 'lockedShop', params: { name: user.name, count: wholeMinutes(lockMs) } } },
      )
    }
    const pepper = this.#pepper()
    const shopPeppers = (await this.#shop?.shopPeppers()) ?? []
    const sharing = await this.#sharing()
    const kind = pepperOf(user.pinHash)
    if ((kind === 'till' && !pepper) || (kind === 'shop' && shopPeppers.length === 0)) {
      throw new AppError(
        'keychain_unavailable',
        `${user.name}'s PIN is protected by a secret in the OS keychain, which Tilldesk cannot reach right now. Unlock the keychain (or restart the computer) and try again.`,
        { say: { key: 'pinKeychain', params: { name: user.name } } },
      )
    }
    const matched = await checkPinWith(pin, user.pinHash, pepper, shopPeppers)
    if (matched !== 'no') {
      // A disable or removal from another till may have arrived while scrypt ran: it stands.
      const fresh = this.#find(id)
      if (fresh.disabled) {
        throw new AppError('user_disabled', `${fresh.name}'s profile is disabled. Ask an admin.`, {
          say: { key: 'userDisabled', params: { name: fresh.name } },
        })
      }
      // Older hashes (cheaper scrypt, or not the shop's pepper in shop mode) are replaced now
      // that the PIN is known good; in shop mode the user then travels to the other tills
      // (until then they work only on this one). One kept without a pepper is not: that PIN
      // was exposed, so it must change (below), and re-hashing it would hide that.
      const exposed = kind === 'none' && (pepper !== null || sharing !== null)
      const stale =
        !exposed &&
        (matched === 'earlier_shop' ||
          (sharing
            ? needsRehash(user.pinHash, this.#scrypt, sharing, 'shop')
            : needsRehash(user.pinHash, this.#scrypt, pepper)))
      const rehash = stale ? await this.#hash(pin) : null
      this.#countFrom.set(id, this.#now())
      if (sharing && (user.failedAttempts > 0 || elsewhere > 0)) this.#shop?.succeeded(id)
      const updated =
        user.failedAttempts === 0 &&
        user.lockouts === 0 &&
        user.lockedUntil === null &&
        rehash === null
          ? user
          : this.#patch(id, (draft) => {
              draft.failedAttempts = 0
              draft.lockouts = 0
              draft.lockedUntil = null
              if (rehash !== null) draft.pinHash = rehash
            })
      if (rehash !== null) this.#publishUser(updated, id)
      if (!replacing && exposed) {
        throw new AppError(
          'pin_change_required',
          `${user.name}, your PIN was kept by an older version of Tilldesk without this till's keychain protection, so others may know it. Set a new PIN to go on.`,
          { say: { key: 'pinExposed', params: { name: user.name } } },
        )
      }
      if (!replacing && pin.length < MIN_PIN_DIGITS[user.role]) {
        throw new AppError(
          'pin_change_required',
          `${user.name}: ${ruleWords({ key: 'pin.tooShort', role: user.role, min: MIN_PIN_DIGITS[user.role] })} Set a new PIN to go on.`,
          {
            say: {
              key: `pinTooShortNow.${user.role}`,
              params: { name: user.name, min: MIN_PIN_DIGITS[user.role] },
            },
          },
        )
      }
      return toPublicUser(updated, this.#now())
    }
    if (sharing) this.#shop?.failed(id)
    const failures = user.failedAttempts + 1
    if (failures + elsewhere >= this.#lockout.maxAttempts) {
      const lockMs = this.#lock(user, now)
      throw new AppError(
        'locked_out',
        `Wrong PIN. ${user.name} is locked for ${minutes(lockMs)} after ${this.#lockout.maxAttempts} wrong tries; an admin can unlock sooner.`,
        {
          say: {
            key: 'lockedNow',
            params: {
              name: user.name,
              count: wholeMinutes(lockMs),
              tries: this.#lockout.maxAttempts,
            },
          },
        },
      )
    }
    this.#patch(id, (draft) => {
      draft.failedAttempts = failures
    })
    const left = this.#lockout.maxAttempts - failures - elsewhere
    throw new AppError(
      'wrong_pin',
      `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before the profile locks.`,
      {
        fields: { pin: 'Wrong PIN.' },
        say: { key: 'wrongPin', params: { count: left } },
        fieldSay: { pin: { key: 'wrongPinField' } },
      },
    )
  }

  /** Locks the profile on this till; each lockout in a row doubles the next. */
  #lock(user: StoredUser, now: number): number {
    const lockMs = Math.min(this.#lockout.maxLockMs, this.#lockout.baseLockMs * 2 ** user.lockouts)
    this.#patch(user.id, (draft) => {
      draft.failedAttempts = 0
      draft.lockouts = user.lockouts + 1
      draft.lockedUntil = new Date(now + lockMs).toISOString()
    })
    // The failures elsewhere that led here are paid for by this lock.
    this.#countFrom.set(user.id, now)
    return lockMs
  }

  #failuresElsewhere(id: string): number {
    return this.#shop?.failuresElsewhere(id, this.#countFrom.get(id) ?? 0) ?? 0
  }

  #find(id: string): StoredUser {
    const user = this.#settings.get().users.find((candidate) => candidate.id === id)
    if (!user) throw new AppError('unknown_user', 'That profile no longer exists.', GONE)
    return user
  }

  #patch(id: string, change: (draft: StoredUser) => void): StoredUser {
    let result: StoredUser | undefined
    this.#settings.update((draft) => {
      const target = draft.users.find((candidate) => candidate.id === id)
      if (!target) throw new AppError('unknown_user', 'That profile no longer exists.', GONE)
      change(target)
      result = { ...target }
    })
    this.#changed()
    if (!result) throw new AppError('unknown_user', 'That profile no longer exists.', GONE)
    return result
  }

  #changed(): void {
    this.#emit('users.changed', this.list())
  }
}
