// Who is at the till. One session per till (every window shares it): the cashier display and
// the main window act for the same signed-in user.
//
// Unattended tills: main locks the session after a short idle time and signs it out after a
// longer one (shorter for admins); an OS screen lock or a suspend signs out at once. A locked
// session keeps its user but refuses every non-public call with `session_locked` until that
// user's PIN is entered again (`session.unlock`). Changing keys, base URLs or staff needs a
// PIN entered within the last few minutes; otherwise main answers `step_up_required` and the
// renderer asks for the PIN (`session.stepUp`) and retries.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput, PersonNameSchema, PinSchema, TillNameSchema, UserIdSchema } from './shared'
import type { PublicUser } from './users'

/** Error code of a non-public call made while the session is locked. */
export const SESSION_LOCKED = 'session_locked'
/** Error code of a sensitive call made without a recent PIN entry. */
export const STEP_UP_REQUIRED = 'step_up_required'

/** Why a session was locked: idle time, or the person locked it on leaving the till. */
export type LockReason = 'idle' | 'manual'
/** Why a session ended; null after a plain sign-out by the user. */
export type SignOutReason = 'idle' | 'os_lock' | 'suspend'

export interface SessionLock {
  reason: LockReason
  /** ISO time the session was locked. */
  lockedAt: string
  /** ISO time main signs the locked session out unless it is unlocked first. */
  signOutAt: string
}

export interface SessionState {
  /** Null when nobody is signed in (sign-in picker). While locked, the user who owns the lock. */
  user: PublicUser | null
  /** True until the first-run wizard has created the admin. */
  setupRequired: boolean
  tillName: string
  signedInAt: string | null
  /** Set while the session is locked: show the lock screen for `user`, nothing else. */
  locked: SessionLock | null
  /** ISO time until which the last PIN entry counts for sensitive changes; null if none. */
  pinFreshUntil: string | null
  /** How the previous session ended, when main ended it (for the sign-in screen). */
  endedBy: SignOutReason | null
}

/**
 * Why an OS screen lock cannot sign out here: no operating system events (the browser
 * preview), no D-Bus (no `gdbus`, or no system bus), no logind session for this till, or the
 * watcher stopped (Linux).
 */
export type ScreenLockUnavailable = 'no_os' | 'no_dbus' | 'no_logind' | 'stopped'

/**
 * What the automatic lock can rely on at this computer (Settings → Till says it in words).
 * `osScreenLock`: whether locking the computer's screen signs out here (`checking` while the
 * watcher starts). `osIdle`: whether the OS reports idle time (it can only bring the lock
 * sooner).
 */
export interface AutoLockInfo {
  osScreenLock: 'signs_out' | 'checking' | 'unavailable'
  osScreenLockReason: ScreenLockUnavailable | null
  osIdle: 'reported' | 'unknown'
}

export const sessionChannels = defineChannels({
  'session.get': {
    input: NoInput,
    result: returns<SessionState>(),
    role: 'public',
    summary: 'Current user, and whether first-run setup is needed.',
  },
  'session.setup': {
    input: z.strictObject({
      tillName: TillNameSchema,
      adminName: PersonNameSchema,
      pin: PinSchema,
    }),
    result: returns<SessionState>(),
    role: 'public',
    summary: 'First-run wizard: names the till, creates the admin and signs them in. Once only.',
  },
  'session.signIn': {
    input: z.strictObject({ userId: UserIdSchema, pin: PinSchema }),
    result: returns<SessionState>(),
    role: 'public',
    summary: 'Signs a user in with their PIN (counts failures towards lockout).',
  },
  'session.signOut': {
    input: NoInput,
    result: returns<SessionState>(),
    role: 'public',
    summary: 'Signs out to the user picker (quick cashier switching).',
  },
  'session.unlock': {
    input: z.strictObject({ pin: PinSchema }),
    result: returns<SessionState>(),
    // Public because a locked session has no acting user; main checks the PIN of the user
    // who owns the lock (failures count towards that user's lockout).
    role: 'public',
    summary: 'Unlocks a locked session with its user’s PIN.',
  },
  'session.stepUp': {
    input: z.strictObject({ pin: PinSchema }),
    result: returns<SessionState>(),
    role: 'cashier',
    summary:
      'Confirms the signed-in user’s PIN again before a sensitive change (keys, base URLs, staff).',
  },
  'session.lock': {
    input: NoInput,
    result: returns<SessionState>(),
    role: 'cashier',
    summary:
      'Locks the session now (the person is leaving the till): the lock screen, as after idle time; background work goes on.',
  },
  'session.activity': {
    input: NoInput,
    result: returns<null>(),
    role: 'public',
    summary:
      'The page was used (key or pointer): resets the idle timer only where main cannot see the windows’ input itself (the browser preview).',
  },
  'session.autoLockInfo': {
    input: NoInput,
    result: returns<AutoLockInfo>(),
    role: 'admin',
    summary:
      'Whether an OS screen lock signs out at this computer, and whether it reports idle time.',
  },
})

export const sessionEvents = defineEvents({
  'session.changed': payload<SessionState>(),
  /** The session was just locked: show the lock screen (the state also carries `locked`). */
  'session.locked': payload<SessionLock & { user: PublicUser }>(),
})
