// Automatic lock and sign-out of an unattended till, in plain Node (the Electron part is the
// thin power adapter in main/adapters/power-monitor.ts).
//
// Lock first, sign out after the longer limit: after `lockAfterMs` of idle time the session
// locks (the lock screen asks for the same user's PIN); if nobody unlocks it, it is signed out
// once `signOutAfterMs` of idle time have passed. Both limits depend on the role: an admin's
// session, which can change keys and staff, times out sooner. An OS screen lock or a suspend
// signs out at once: the person has walked away from the computer, not just from the till.
// An admin chooses the lock time per role in Settings → Till (`configure`, applied while the
// till runs); the sign-out follows it by the role's same margin as in the defaults.
import type { UserRole } from '../../common/ipc/contract'
import type { IdleLock } from '../../common/ipc/settings'
import type { Logger } from '../app/log'
import type { SessionService } from './session'

export interface IdleLimits {
  lockAfterMs: Record<UserRole, number>
  signOutAfterMs: Record<UserRole, number>
}

const MINUTE = 60_000

export const DEFAULT_IDLE_LIMITS: IdleLimits = {
  lockAfterMs: { cashier: 5 * MINUTE, supervisor: 3 * MINUTE, admin: 2 * MINUTE },
  signOutAfterMs: { cashier: 15 * MINUTE, supervisor: 10 * MINUTE, admin: 5 * MINUTE },
}

/**
 * How much longer than the lock the sign-out comes, per role (10, 7 and 3 minutes): the
 * defaults' margin, kept when an admin changes the lock time, so a locked till is still
 * signed out and a shorter lock never means a longer unattended session.
 */
const SIGN_OUT_MARGIN_MS = Object.fromEntries(
  (Object.keys(DEFAULT_IDLE_LIMITS.lockAfterMs) as UserRole[]).map((role) => [
    role,
    DEFAULT_IDLE_LIMITS.signOutAfterMs[role] - DEFAULT_IDLE_LIMITS.lockAfterMs[role],
  ]),
) as Record<UserRole, number>

/** What the machine can tell us (Electron's powerMonitor; nothing in the preview). */
export interface PowerSource {
  /** Seconds since the last keyboard or mouse input on this computer; null when unknown. */
  idleSeconds(): number | null
  onLockScreen(listener: () => void): () => void
  onSuspend(listener: () => void): () => void
}

/** For Node hosts (the preview, tests): no OS idle time and no lock or suspend events. */
export const noPowerSource: PowerSource = {
  idleSeconds: () => null,
  onLockScreen: () => () => undefined,
  onSuspend: () => () => undefined,
}

export interface AutoLockOptions {
  session: Pick<SessionService, 'owner' | 'isLocked' | 'lastPinAt' | 'state' | 'lock' | 'signOut'>
  power: PowerSource
  log: Logger
  limits?: Partial<IdleLimits>
  now?: () => number
  /** How often idle time is checked. */
  checkEveryMs?: number
}

/** Checks the limits every few seconds; `activity()` is called when the till is used. */
export class AutoLock {
  #limits: IdleLimits
  readonly #now: () => number
  #lastActivity: number
  #timer: ReturnType<typeof setInterval> | null = null
  #unsubscribe: Array<() => void> = []

  constructor(private readonly options: AutoLockOptions) {
    this.#limits = {
      lockAfterMs: { ...DEFAULT_IDLE_LIMITS.lockAfterMs, ...options.limits?.lockAfterMs },
      signOutAfterMs: { ...DEFAULT_IDLE_LIMITS.signOutAfterMs, ...options.limits?.signOutAfterMs },
    }
    for (const role of Object.keys(this.#limits.lockAfterMs) as UserRole[]) {
      if (this.#limits.signOutAfterMs[role] < this.#limits.lockAfterMs[role]) {
        throw new Error(`The sign-out limit for ${role} must not be shorter than the lock limit.`)
      }
    }
    this.#now = options.now ?? Date.now
    this.#lastActivity = this.#now()
  }

  get limits(): IdleLimits {
    return this.#limits
  }

  /**
   * The lock times an admin chose (minutes per role), from the next check on. A lock already
   * on keeps the sign-out time it was given.
   */
  configure(lockAfterMinutes: IdleLock): void {
    const lockAfterMs = { ...this.#limits.lockAfterMs }
    const signOutAfterMs = { ...this.#limits.signOutAfterMs }
    for (const role of Object.keys(lockAfterMs) as UserRole[]) {
      lockAfterMs[role] = lockAfterMinutes[role] * MINUTE
      signOutAfterMs[role] = lockAfterMs[role] + SIGN_OUT_MARGIN_MS[role]
    }
    this.#limits = { lockAfterMs, signOutAfterMs }
    this.options.log.info('idle lock times applied', { lockAfterMinutes })
  }

  start(): void {
    if (this.#timer) return
    this.#unsubscribe = [
      this.options.power.onLockScreen(() => this.#signOut('os_lock')),
      this.options.power.onSuspend(() => this.#signOut('suspend')),
    ]
    this.#timer = setInterval(() => this.check(), this.options.checkEveryMs ?? 5_000)
    // Never keep a Node process (preview, tests) alive just for this timer.
    ;(this.#timer as { unref?: () => void }).unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    for (const off of this.#unsubscribe) off()
    this.#unsubscribe = []
  }

  /**
   * The person locks the till on leaving it: the same lock as after idle time, signed out
   * after the role's sign-out limit unless its owner's PIN opens it first.
   */
  lockNow(): void {
    const owner = this.options.session.owner()
    if (!owner || this.options.session.isLocked()) return
    this.options.session.lock('manual', this.#now() + this.#limits.signOutAfterMs[owner.role])
    this.options.log.info('session locked by its user', { role: owner.role })
  }

  /** The person at the till did something (a key, a click) in one of our windows. */
  activity(): void {
    this.#lastActivity = this.#now()
  }

  /** How long the till has been idle: since our last activity, the last PIN, or the OS input. */
  idleMs(): number {
    const now = this.#now()
    const since = Math.max(this.#lastActivity, this.options.session.lastPinAt() ?? 0)
    const app = Math.max(0, now - since)
    const seconds = this.options.power.idleSeconds()
    // Both must be idle: OS input elsewhere means someone is at the computer, and our own
    // activity counts where the OS does not report idle time.
    return seconds === null ? app : Math.min(app, Math.max(0, seconds) * 1000)
  }

  check(): void {
    const owner = this.options.session.owner()
    if (!owner) return
    const now = this.#now()
    if (this.options.session.isLocked()) {
      const lock = this.options.session.state().locked
      if (lock && now >= Date.parse(lock.signOutAt)) this.#signOut('idle')
      return
    }
    const idle = this.idleMs()
    const lockAfter = this.#limits.lockAfterMs[owner.role]
    const signOutAfter = this.#limits.signOutAfterMs[owner.role]
    if (idle >= signOutAfter) this.#signOut('idle')
    else if (idle >= lockAfter) {
      this.options.session.lock('idle', now + (signOutAfter - idle))
      this.options.log.info('session locked after idle time', { role: owner.role })
    }
  }

  #signOut(reason: 'idle' | 'os_lock' | 'suspend'): void {
    if (!this.options.session.owner()) return
    this.options.session.signOut(reason)
    this.options.log.info('signed out automatically', { reason })
  }
}
