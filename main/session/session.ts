// The till's single session: who is signed in. Every window acts for this user, and the IPC
// guard reads `current()` for each call, so a role change, a lock or a sign-out applies at once.
//
// A locked session keeps its owner (the lock screen greets them) but `current()` is null, so
// no call acts for anyone until the owner's PIN is entered again. Each PIN entry (sign-in,
// unlock, step-up) is remembered for a few minutes: sensitive changes need one that fresh.
import {
  STEP_UP_REQUIRED,
  type LockReason,
  type SessionLock,
  type SessionState,
  type SignOutReason,
} from '../../common/ipc/session'
import type { PublicUser } from '../../common/ipc/users'
import { AppError } from '../kernel/errors'
import type { Emit } from '../kernel/events'
import type { SettingsStore } from '../settings/store'
import type { UsersService } from '../users/users'

/** How long a PIN entry counts for keys, base URLs and staff changes. */
export const PIN_FRESH_MS = 5 * 60_000

export class SessionService {
  #userId: string | null = null
  #signedInAt: string | null = null
  #lock: SessionLock | null = null
  /** When the owner last proved their PIN (sign-in, unlock, step-up). */
  #pinAt: number | null = null
  #endedBy: SignOutReason | null = null

  constructor(
    private readonly deps: {
      users: UsersService
      settings: SettingsStore
      emit: Emit
      now?: () => number
      pinFreshMs?: number
    },
  ) {
    // Keep the session honest when an admin edits the signed-in profile.
    deps.settings.onChange(() => {
      if (this.#userId === null) return
      if (!this.owner()) this.#set(null)
      else this.#publish()
    })
  }

  /** The acting user as stored now (role changes apply to the very next call); null if locked. */
  current(): PublicUser | null {
    return this.#lock ? null : this.owner()
  }

  /** The signed-in user, locked or not. */
  owner(): PublicUser | null {
    if (this.#userId === null) return null
    const user = this.deps.users.list().find((candidate) => candidate.id === this.#userId)
    return user && !user.disabled ? user : null
  }

  isLocked(): boolean {
    return this.#lock !== null
  }

  /** When the owner last entered their PIN, or null when nobody is signed in. */
  lastPinAt(): number | null {
    return this.#userId === null ? null : this.#pinAt
  }

  state(): SessionState {
    const signedIn = this.#userId !== null
    const freshUntil = signedIn && this.#pinAt !== null ? this.#pinAt + this.#freshMs() : null
    return {
      user: this.owner(),
      setupRequired: !this.deps.users.hasUsers(),
      tillName: this.deps.settings.get().tillName,
      signedInAt: signedIn ? this.#signedInAt : null,
      locked: signedIn ? this.#lock : null,
      pinFreshUntil:
        freshUntil !== null && freshUntil > this.#now() ? new Date(freshUntil).toISOString() : null,
      endedBy: signedIn ? null : this.#endedBy,
    }
  }

  /** First run only: names the till, creates the admin, signs them in. */
  async setup(input: { tillName: string; adminName: string; pin: string }): Promise<SessionState> {
    if (this.deps.users.hasUsers()) {
      throw new AppError(
        'already_set_up',
        'This till is already set up. Sign in, or ask an admin to add your profile.',
        { say: { key: 'alreadySetUp' } },
      )
    }
    this.deps.settings.update((draft) => {
      draft.tillName = input.tillName
    })
    const admin = await this.deps.users.create({
      name: input.adminName,
      role: 'admin',
      pin: input.pin,
    })
    this.#set(admin.id)
    return this.state()
  }

  async signIn(userId: string, pin: string): Promise<SessionState> {
    const user = await this.deps.users.verifyPin(userId, pin)
    this.#set(user.id)
    return this.state()
  }

  /** Ends the session; `reason` when main ends it (idle, OS lock, suspend), for the sign-in screen. */
  signOut(reason: SignOutReason | null = null): SessionState {
    this.#set(null, this.#userId !== null ? reason : this.#endedBy)
    return this.state()
  }

  /** Locks the session until its owner's PIN is entered again. No-op when nobody is signed in. */
  lock(reason: LockReason, signOutAt: number): void {
    const owner = this.owner()
    if (!owner || this.#lock) return
    this.#lock = {
      reason,
      lockedAt: new Date(this.#now()).toISOString(),
      signOutAt: new Date(signOutAt).toISOString(),
    }
    this.#pinAt = null
    this.deps.emit('session.locked', { ...this.#lock, user: owner })
    this.#publish()
  }

  async unlock(pin: string): Promise<SessionState> {
    const owner = this.owner()
    if (!owner)
      throw new AppError('not_signed_in', 'Nobody is signed in. Sign in first.', {
        say: { key: 'nobodySignedIn' },
      })
    if (!this.#lock) return this.state()
    // The owner's PIN only, counted towards their lockout like a sign-in.
    await this.deps.users.verifyPin(owner.id, pin)
    this.#lock = null
    this.#pinAt = this.#now()
    this.#publish()
    return this.state()
  }

  /** The acting user confirms their PIN again before a sensitive change. */
  async stepUp(pin: string): Promise<SessionState> {
    const user = this.current()
    if (!user)
      throw new AppError('not_signed_in', 'Sign in first.', { say: { key: 'signInFirst' } })
    await this.deps.users.verifyPin(user.id, pin)
    this.#pinAt = this.#now()
    this.#publish()
    return this.state()
  }

  /** Throws `step_up_required` unless the acting user entered their PIN recently. */
  requireFreshPin(): void {
    const pinAt = this.lastPinAt()
    if (pinAt === null || this.#now() - pinAt >= this.#freshMs()) {
      throw new AppError(
        STEP_UP_REQUIRED,
        'Enter your PIN again to change keys, gateway addresses or staff.',
        { say: { key: 'stepUp' } },
      )
    }
  }

  #set(userId: string | null, endedBy: SignOutReason | null = null): void {
    this.#userId = userId
    this.#lock = null
    this.#endedBy = endedBy
    const at = this.#now()
    this.#signedInAt = userId === null ? null : new Date(at).toISOString()
    // Sign-in and setup are PIN entries too.
    this.#pinAt = userId === null ? null : at
    this.#publish()
  }

  #publish(): void {
    this.deps.emit('session.changed', this.state())
  }

  #now(): number {
    return (this.deps.now ?? Date.now)()
  }

  #freshMs(): number {
    return this.deps.pinFreshMs ?? PIN_FRESH_MS
  }
}
