// Automatic lock and sign-out of an unattended till, in plain Node (the Electron part is the
// thin power adapter in main/adapters/power-monitor.ts).
//
// Lock first, sign out after the longer limit: after `lockAfterMs` of idle time the session
// locks (the lock screen asks for the same user's PIN); if nobody unlocks it, it is signed out
// once `signOutAfterMs` of idle time have passed. Both limits depend on the role: an admin's
// session, which can change keys and staff, times out sooner. An OS screen lock or a suspend
// signs out at once: the person has walked away from the computer, not just from the till.
//
// Idle time is measured from use of Tilldesk's own windows, not of the computer: someone using
// another program is not at the till. Where main sees our windows' input itself (Electron),
// the page's own reports are ignored, since a page could send them for ever. The OS idle time
// can only bring the lock sooner, and one that has never been above 0 is taken as unknown
// (Electron reads 0 on GNOME under Wayland).
// An admin chooses the lock time per role in Settings → Till (`configure`, applied while the
// till runs); the sign-out follows it by the role's same margin as in the defaults.
import type { UserRole } from '../../common/ipc/contract'
import type { AutoLockInfo, ScreenLockUnavailable } from '../../common/ipc/session'
import type { IdleLock } from '../../common/ipc/settings'
import type { Logger } from '../kernel/log'
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

/**
 * Whether an OS screen lock reaches `onLockScreen` on this computer: `checking` while a watcher
 * is starting (Linux), `unavailable` with the reason when it cannot (no D-Bus, no logind).
 */
export type ScreenLockWatch =
  | { state: 'signs_out' }
  | { state: 'checking' }
  | { state: 'unavailable'; reason: ScreenLockUnavailable }

/** What the machine can tell us (Electron's powerMonitor; nothing in the preview). */
export interface PowerSource {
  /** Seconds since the last keyboard or mouse input on this computer; null when unknown. */
  idleSeconds(): number | null
  onLockScreen(listener: () => void): () => void
  onSuspend(listener: () => void): () => void
  screenLock(): ScreenLockWatch
}

/** For Node hosts (the preview, tests): no OS idle time and no lock or suspend events. */
export const noPowerSource: PowerSource = {
  idleSeconds: () => null,
  onLockScreen: () => () => undefined,
  onSuspend: () => () => undefined,
  screenLock: () => ({ state: 'unavailable', reason: 'no_os' }),
}

export interface AutoLockOptions {
  session: Pick<SessionService, 'owner' | 'isLocked' | 'lastPinAt' | 'state' | 'lock' | 'signOut'>
  power: PowerSource
  log: Logger
  limits?: Partial<IdleLimits>
  now?: () => number
  /** How often idle time is checked. */
  checkEveryMs?: number
  /**
   * Who tells us our windows are in use. `main`: main sees their input events itself
   * (Electron's `input-event`, `activity()`), and what a page reports (`reportedByPage()`) is
   * ignored. `page`: the host sees no input (the browser preview, tests), so the page's
   * reports are all there is.
   */
  activityFrom?: 'main' | 'page'
}

/** Checks the limits every few seconds; `activity()` is called when the till is used. */
export class AutoLock {
  #limits: IdleLimits
  readonly #now: () => number
  #lastActivity: number
  #timer: ReturnType<typeof setInterval> | null = null
  #unsubscribe: Array<() => void> = []
  /** Whether the OS has ever reported an idle time above 0; until then it is unknown. */
  #osIdleSeen = false

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

  /** Main saw the person press a key, click or touch in one of the cashier's windows. */
  activity(): void {
    this.#lastActivity = this.#now()
  }

  /** A page says it was used (`session.activity`); counts only where main sees no input. */
  reportedByPage(): void {
    if ((this.options.activityFrom ?? 'page') === 'page') this.activity()
  }

  /** The OS idle time, or null while unknown (never reported, or only ever 0). */
  osIdleMs(): number | null {
    const seconds = this.options.power.idleSeconds()
    if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null
    if (seconds > 0) this.#osIdleSeen = true
    return this.#osIdleSeen ? seconds * 1000 : null
  }

  /** What this computer lets the lock rely on, for Settings → Till. */
  info(): AutoLockInfo {
    const watch = this.options.power.screenLock()
    return {
      osScreenLock: watch.state,
      osScreenLockReason: watch.state === 'unavailable' ? watch.reason : null,
      osIdle: this.osIdleMs() === null ? 'unknown' : 'reported',
    }
  }

  /**
   * How long the till has been idle: since the last use of our windows or the last PIN. The
   * OS idle time counts only when it is longer (nobody has touched the computer at all), so
   * using another program never keeps a session open, and an OS stuck at 0 changes nothing.
   */
  idleMs(): number {
    const now = this.#now()
    const since = Math.max(this.#lastActivity, this.options.session.lastPinAt() ?? 0)
    const app = Math.max(0, now - since)
    return Math.max(app, this.osIdleMs() ?? 0)
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
