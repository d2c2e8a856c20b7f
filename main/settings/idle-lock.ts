// The idle time before the till locks, as an admin chose it in Settings → Till, and what main
// believes of it. The cashier can edit the settings file, so the value is bounded (no "never",
// a cap per role), sealed with the other authority settings (settings/seals.ts), and a value
// that fails either check can only make the lock sooner, never later.
import { USER_ROLES } from '../../common/ipc/contract'
import {
  DEFAULT_IDLE_LOCK,
  IDLE_LOCK_MAX_MINUTES,
  IdleLockSchema,
  type IdleLock,
} from '../../common/ipc/settings'
import type { RawSettings } from './migrations'
import type { FrozenSettings } from './schema'
import type { SettingsTrust } from './seals'

interface IdleLockSource {
  get(): FrozenSettings
  readonly trust: SettingsTrust
}

/**
 * The times to apply. While the authority settings fail their check, each role gets the
 * shorter of the file's time and the default: an edited file can't lengthen the lock, and
 * shortening it harms nobody.
 */
export function effectiveIdleLock(settings: IdleLockSource): IdleLock {
  const stored = settings.get().idleLock
  if (settings.trust.authorityProblem === null) return stored
  const lock = { ...DEFAULT_IDLE_LOCK }
  for (const role of USER_ROLES) lock[role] = Math.min(stored[role], DEFAULT_IDLE_LOCK[role])
  return lock
}

/**
 * Calls `apply` with the times now, and again whenever a settings change alters them, so a
 * running till follows an admin's choice without a restart. Returns the unsubscribe.
 */
export function watchIdleLock(
  settings: IdleLockSource & {
    onChange(listener: () => void): () => void
  },
  apply: (lock: IdleLock) => void,
): () => void {
  let applied = ''
  const update = (): void => {
    const lock = effectiveIdleLock(settings)
    const key = JSON.stringify(lock)
    if (key === applied) return
    applied = key
    apply(lock)
  }
  update()
  return settings.onChange(update)
}

const describeValue = (value: unknown): string =>
  typeof value === 'number' ? `${value} minutes` : value === undefined ? 'missing' : 'not a number'

/**
 * Replaces each role's time the file holds out of bounds with the role's default, before the
 * file is parsed: one bad value must not stop the till from starting, and must not be kept.
 * `problem` lists what was replaced, an engineer's detail for the admin's finding (null when
 * nothing was; the finding's own words are `integrity.settings.idleLock`).
 */
export function sanitizeIdleLock(raw: RawSettings): { raw: RawSettings; problem: string | null } {
  if (raw.idleLock === undefined) return { raw, problem: null }
  const given = raw.idleLock
  const record =
    typeof given === 'object' && given !== null && !Array.isArray(given)
      ? (given as Record<string, unknown>)
      : null
  const lock = { ...DEFAULT_IDLE_LOCK }
  const refused: string[] = []
  for (const role of USER_ROLES) {
    const parsed = IdleLockSchema.shape[role].safeParse(record?.[role])
    if (parsed.success) lock[role] = parsed.data
    else {
      refused.push(
        `${role} ${describeValue(record?.[role])} (allowed: 1 to ${IDLE_LOCK_MAX_MINUTES[role]} minutes)`,
      )
    }
  }
  const unknown = record ? Object.keys(record).filter((key) => !(key in DEFAULT_IDLE_LOCK)) : []
  if (unknown.length > 0) refused.push(`unknown entries ${unknown.join(', ')}`)
  if (refused.length === 0) return { raw, problem: null }
  return {
    raw: { ...raw, idleLock: lock },
    problem: refused.join('; '),
  }
}
