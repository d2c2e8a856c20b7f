// The rules of a profile that need no store: how long a PIN must be for a role, when wrong
// PINs lock a profile and for how long, and the profile as the renderer may see it.
import type { UserRole } from '../../common/ipc/contract'
import type { PublicUser } from '../../common/ipc/users'
import { checkPin, PIN_MIN_DIGITS, ruleParams, ruleWords } from '../../common/rules'
import { AppError } from '../kernel/errors'
import type { StoredUser } from '../settings/schema'

/** Fewest digits per role: the rule itself lives in common/rules, with its hint and words. */
export const MIN_PIN_DIGITS = PIN_MIN_DIGITS

/** `field` is the input's name on its channel, so the refusal sits under that field only. */
export function assertPinFitsRole(role: UserRole, pin: string, field: 'pin' | 'newPin'): void {
  const problem = checkPin(role, pin)
  if (problem) {
    const message = ruleWords(problem)
    const say = { key: `rule.${problem.key}`, params: ruleParams(problem) }
    throw new AppError('pin_too_short', message, {
      fields: { [field]: message },
      say,
      fieldSay: { [field]: say },
    })
  }
}

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

export const toPublicUser = (user: StoredUser, now: number): PublicUser => ({
  id: user.id,
  name: user.name,
  role: user.role,
  disabled: user.disabled,
  lockedUntil: user.lockedUntil && Date.parse(user.lockedUntil) > now ? user.lockedUntil : null,
  createdAt: user.createdAt,
})

export const wholeMinutes = (ms: number): number => Math.ceil(ms / 60_000)
export const minutes = (ms: number): string => {
  const m = wholeMinutes(ms)
  return m === 1 ? '1 minute' : `${m} minutes`
}

/** A new or renamed profile's name must not be another's, whatever its case. */
export function assertNameFree(users: readonly StoredUser[], name: string): void {
  const taken = users.some((user) => user.name.toLocaleLowerCase() === name.toLocaleLowerCase())
  if (taken) {
    throw new AppError('name_taken', `There is already a profile called ${name}.`, {
      fields: { name: 'Name already used.' },
      say: { key: 'nameTaken', params: { name } },
      fieldSay: { name: { key: 'nameTakenField' } },
    })
  }
}

/** The till keeps at least one active, trusted admin besides `exceptId`. */
export function assertAnotherAdmin(
  users: readonly StoredUser[],
  exceptId: string,
  untrusted: ReadonlySet<string>,
): void {
  const others = users.filter(
    (user) =>
      user.role === 'admin' && !user.disabled && user.id !== exceptId && !untrusted.has(user.id),
  )
  if (others.length === 0) {
    throw new AppError(
      'last_admin',
      'This is the only active admin. Make another profile an admin first, so the till keeps someone who can change settings.',
      { say: { key: 'lastAdmin' } },
    )
  }
}
