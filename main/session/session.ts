// The till's single session: who is signed in. Every window acts for this user, and the IPC
// guard reads `current()` for each call, so a role change or sign-out applies at once.
import type { SessionState } from '../../common/ipc/session'
import type { PublicUser } from '../../common/ipc/users'
import { AppError } from '../app/errors'
import type { Emit } from '../app/events'
import type { SettingsStore } from '../settings/store'
import type { UsersService } from '../users/users'

export class SessionService {
  #userId: string | null = null
  #signedInAt: string | null = null

  constructor(
    private readonly deps: {
      users: UsersService
      settings: SettingsStore
      emit: Emit
      now?: () => number
    },
  ) {
    // Keep the session honest when an admin edits the signed-in profile.
    deps.settings.onChange(() => {
      if (this.#userId === null) return
      const user = this.deps.users.list().find((candidate) => candidate.id === this.#userId)
      if (!user || user.disabled) this.#set(null)
      else this.#publish()
    })
  }

  /** The signed-in user as stored now (role changes apply to the very next call). */
  current(): PublicUser | null {
    if (this.#userId === null) return null
    const user = this.deps.users.list().find((candidate) => candidate.id === this.#userId)
    return user && !user.disabled ? user : null
  }

  state(): SessionState {
    return {
      user: this.current(),
      setupRequired: !this.deps.users.hasUsers(),
      tillName: this.deps.settings.get().tillName,
      signedInAt: this.#userId === null ? null : this.#signedInAt,
    }
  }

  /** First run only: names the till, creates the admin, signs them in. */
  async setup(input: { tillName: string; adminName: string; pin: string }): Promise<SessionState> {
    if (this.deps.users.hasUsers()) {
      throw new AppError(
        'already_set_up',
        'This till is already set up. Sign in, or ask an admin to add your profile.',
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

  signOut(): SessionState {
    this.#set(null)
    return this.state()
  }

  #set(userId: string | null): void {
    this.#userId = userId
    this.#signedInAt =
      userId === null ? null : new Date((this.deps.now ?? Date.now)()).toISOString()
    this.#publish()
  }

  #publish(): void {
    this.deps.emit('session.changed', this.state())
  }
}
