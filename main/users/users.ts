// Local profiles, PIN checks and lockout. Everything that decides who may do what runs here in
// main; the renderer only ever sees PublicUser.
import { randomBytes } from 'node:crypto'
import type { UserRole } from '../../common/ipc/contract'
import type { PublicUser } from '../../common/ipc/users'
import { AppError } from '../app/errors'
import type { Emit } from '../app/events'
import type { StoredUser } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import { DEFAULT_SCRYPT, hashPin, verifyPin, type ScryptParams } from './pin'

export interface LockoutPolicy {
  /** Wrong PINs in a row before the profile locks. */
  maxAttempts: number
  /** First lock length; each further lockout without a good sign-in doubles it. */
  baseLockMs: number
  maxLockMs: number
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  maxAttempts: 5,
  baseLockMs: 5 * 60_000,
  maxLockMs: 60 * 60_000,
}

export interface UsersOptions {
  settings: SettingsStore
  emit: Emit
  now?: () => number
  lockout?: LockoutPolicy
  scrypt?: ScryptParams
}

export const toPublicUser = (user: StoredUser, now: number): PublicUser => ({
  id: user.id,
  name: user.name,
  role: user.role,
  disabled: user.disabled,
  lockedUntil: user.lockedUntil && Date.parse(user.lockedUntil) > now ? user.lockedUntil : null,
  createdAt: user.createdAt,
})

const minutes = (ms: number): string => {
  const m = Math.ceil(ms / 60_000)
  return m === 1 ? '1 minute' : `${m} minutes`
}

export class UsersService {
  readonly #settings: SettingsStore
  readonly #emit: Emit
  readonly #now: () => number
  readonly #lockout: LockoutPolicy
  readonly #scrypt: ScryptParams
  /** One PIN check at a time per user, so parallel guesses can't outrun the counter. */
  readonly #queues = new Map<string, Promise<unknown>>()

  constructor(options: UsersOptions) {
    this.#settings = options.settings
    this.#emit = options.emit
    this.#now = options.now ?? Date.now
    this.#lockout = options.lockout ?? DEFAULT_LOCKOUT
    this.#scrypt = options.scrypt ?? DEFAULT_SCRYPT
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

  async create(input: { name: string; role: UserRole; pin: string }): Promise<PublicUser> {
    this.#assertNameFree(input.name)
    const user: StoredUser = {
      id: `u_${randomBytes(8).toString('hex')}`,
      name: input.name,
      role: input.role,
      pinHash: await hashPin(input.pin, this.#scrypt),
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
    return toPublicUser(user, this.#now())
  }

  update(
    actorId: string,
    input: { id: string; name?: string; role?: UserRole; disabled?: boolean },
  ): PublicUser {
    const user = this.#find(input.id)
    if (input.name !== undefined && input.name !== user.name) this.#assertNameFree(input.name)
    const losesAdmin =
      user.role === 'admin' &&
      !user.disabled &&
      ((input.role !== undefined && input.role !== 'admin') || input.disabled === true)
    if (input.id === actorId && input.disabled === true) {
      throw new AppError(
        'cannot_disable_self',
        'You cannot disable your own profile while signed in.',
      )
    }
    if (losesAdmin) this.#assertAnotherAdmin(user.id)
    const updated = this.#patch(user.id, (draft) => {
      if (input.name !== undefined) draft.name = input.name
      if (input.role !== undefined) draft.role = input.role
      if (input.disabled !== undefined) draft.disabled = input.disabled
    })
    return toPublicUser(updated, this.#now())
  }

  async setPin(id: string, pin: string): Promise<PublicUser> {
    this.#find(id)
    const pinHash = await hashPin(pin, this.#scrypt)
    const updated = this.#patch(id, (draft) => {
      draft.pinHash = pinHash
      draft.failedAttempts = 0
      draft.lockouts = 0
      draft.lockedUntil = null
    })
    return toPublicUser(updated, this.#now())
  }

  unlock(id: string): PublicUser {
    this.#find(id)
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
      )
    }
    if (user.role === 'admin' && !user.disabled) this.#assertAnotherAdmin(id)
    this.#settings.update((draft) => {
      draft.users = draft.users.filter((candidate) => candidate.id !== id)
    })
    this.#changed()
  }

  async changeOwnPin(id: string, currentPin: string, newPin: string): Promise<void> {
    await this.verifyPin(id, currentPin)
    await this.setPin(id, newPin)
  }

  /**
   * Checks a PIN, counting failures towards lockout. Sign-in uses it, and so do supervisor
   * approvals (payouts). Resolves to the user, or throws AppError 'wrong_pin' |
   * 'locked_out' | 'user_disabled' | 'unknown_user'.
   */
  verifyPin(id: string, pin: string): Promise<PublicUser> {
    const previous = this.#queues.get(id) ?? Promise.resolve()
    const attempt = previous.catch(() => undefined).then(() => this.#verifyNow(id, pin))
    this.#queues.set(id, attempt)
    void attempt
      .finally(() => {
        if (this.#queues.get(id) === attempt) this.#queues.delete(id)
      })
      .catch(() => undefined)
    return attempt
  }

  async #verifyNow(id: string, pin: string): Promise<PublicUser> {
    const user = this.#find(id)
    if (user.disabled) {
      throw new AppError('user_disabled', `${user.name}'s profile is disabled. Ask an admin.`)
    }
    const now = this.#now()
    const lockedUntil = user.lockedUntil ? Date.parse(user.lockedUntil) : 0
    if (lockedUntil > now) {
      throw new AppError(
        'locked_out',
        `Too many wrong PINs. ${user.name} can try again in ${minutes(lockedUntil - now)}, or an admin can unlock the profile.`,
      )
    }
    if (await verifyPin(pin, user.pinHash)) {
      const updated =
        user.failedAttempts === 0 && user.lockouts === 0 && user.lockedUntil === null
          ? user
          : this.#patch(id, (draft) => {
              draft.failedAttempts = 0
              draft.lockouts = 0
              draft.lockedUntil = null
            })
      return toPublicUser(updated, this.#now())
    }
    const failures = user.failedAttempts + 1
    if (failures >= this.#lockout.maxAttempts) {
      const lockMs = Math.min(
        this.#lockout.maxLockMs,
        this.#lockout.baseLockMs * 2 ** user.lockouts,
      )
      this.#patch(id, (draft) => {
        draft.failedAttempts = 0
        draft.lockouts = user.lockouts + 1
        draft.lockedUntil = new Date(now + lockMs).toISOString()
      })
      throw new AppError(
        'locked_out',
        `Wrong PIN. ${user.name} is locked for ${minutes(lockMs)} after ${this.#lockout.maxAttempts} wrong tries; an admin can unlock sooner.`,
      )
    }
    this.#patch(id, (draft) => {
      draft.failedAttempts = failures
    })
    const left = this.#lockout.maxAttempts - failures
    throw new AppError(
      'wrong_pin',
      `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before the profile locks.`,
      { fields: { pin: 'Wrong PIN.' } },
    )
  }

  #find(id: string): StoredUser {
    const user = this.#settings.get().users.find((candidate) => candidate.id === id)
    if (!user) throw new AppError('unknown_user', 'That profile no longer exists.')
    return user
  }

  #patch(id: string, change: (draft: StoredUser) => void): StoredUser {
    let result: StoredUser | undefined
    this.#settings.update((draft) => {
      const target = draft.users.find((candidate) => candidate.id === id)
      if (!target) throw new AppError('unknown_user', 'That profile no longer exists.')
      change(target)
      result = { ...target }
    })
    this.#changed()
    if (!result) throw new AppError('unknown_user', 'That profile no longer exists.')
    return result
  }

  #assertNameFree(name: string): void {
    const taken = this.#settings
      .get()
      .users.some((user) => user.name.toLocaleLowerCase() === name.toLocaleLowerCase())
    if (taken) {
      throw new AppError('name_taken', `There is already a profile called ${name}.`, {
        fields: { name: 'Name already used.' },
      })
    }
  }

  #assertAnotherAdmin(exceptId: string): void {
    const others = this.#settings
      .get()
      .users.filter((user) => user.role === 'admin' && !user.disabled && user.id !== exceptId)
    if (others.length === 0) {
      throw new AppError(
        'last_admin',
        'This is the only active admin. Make another profile an admin first, so the till keeps someone who can change settings.',
      )
    }
  }

  #changed(): void {
    this.#emit('users.changed', this.list())
  }
}
