// Keyed seals over the settings file's authority: each staff record (role, PIN hash, lockout
// counters), and the environment, base URLs, key ids, till name, idle lock times and the set
// of staff. Only main holds the device key (OS keychain), so a cashier who edits the file
// can't make a record that passes: an edited role, a swapped PIN hash or an added profile
// fails its seal and is never honoured. The generation number and the authority seal are
// also kept in the keychain as the file's head, so putting back an older copy of the file is
// caught as well.
//
// Each staff record's seal covers the file's generation too (staff.v2), so an older record
// and its seal put back into the current file fail: a disable, a demotion, a PIN reset or a
// lockout can't be undone by splicing. The head in the keychain also says, per staff id, in
// which generation the record last changed; when the whole file is an older copy, a record
// that changed since is not honoured (its lockout counters, role or PIN are out of date),
// while the others, unchanged since, still are.
import { USER_ROLES, type Said } from '../../common/ipc/contract'
import { DEFAULT_IDLE_LOCK } from '../../common/ipc/settings'
import type { ChainAnchor, ChainHead } from '../integrity/anchor'
import { keyedFinding, type IntegrityFindings } from '../integrity/findings'
import type { Sealer } from '../integrity/seal'
import { canonicalJson } from '../kernel/canonicalJson'
import { english } from '../kernel/errors'
import type { DeepReadonly, Seals, Settings, StoredUser } from './schema'

/** v2 binds the record to the file's generation; v1 (the record alone) is read once, on
 * upgrade, from the exact file the keychain's head names, then written again as v2. */
const USER_DOMAIN = 'staff.v2'
const USER_DOMAIN_V1 = 'staff.v1'
/** v2 adds the idle lock times; v1 is still accepted from a file written before them. */
const AUTHORITY_DOMAIN = 'settings.v2'
const AUTHORITY_DOMAIN_V1 = 'settings.v1'

export interface SettingsIntegrity {
  sealer: Sealer
  /** The file's head in the keychain; null without a keychain (nothing to compare). */
  anchor: ChainAnchor | null
  /** True when the till's device key is new: a file without seals is adopted, once. */
  adopt: boolean
  findings: IntegrityFindings
}

/** What failed when the file was read. Untrusted staff are never honoured. */
export interface SettingsTrust {
  /** Ids of staff records whose seal did not match. */
  untrustedUsers: ReadonlySet<string>
  /** Why the authority settings are not trusted (in words), or null. */
  authorityProblem: string | null
  /** The file is trusted but sealed the older way (no generation in staff seals, or no staff
   * map in the keychain): the store writes it again at once. */
  upgrade?: boolean
}

/** Never a valid seal: what an untrusted record keeps until it is removed or confirmed. */
const UNSEALED = '0'.repeat(64)

export const TRUSTED: SettingsTrust = { untrustedUsers: new Set(), authorityProblem: null }

const authorityValueV1 = (settings: Settings, generation: number) => ({
  generation,
  environment: settings.environment,
  baseUrls: settings.baseUrls,
  keyIds: settings.keyIds,
  tillName: settings.tillName,
  userIds: settings.users.map((user) => user.id).sort(),
})

const authorityValue = (settings: Settings, generation: number) => ({
  ...authorityValueV1(settings, generation),
  idleLock: settings.idleLock,
})

const isDefaultIdleLock = (settings: Settings): boolean =>
  USER_ROLES.every((role) => settings.idleLock[role] === DEFAULT_IDLE_LOCK[role])

/**
 * The authority seal as this version writes it, or as a Tilldesk from before the idle lock
 * setting wrote it: then the file can only hold the default times (anything else would need
 * a v2 seal), so accepting it never lets an edit lengthen the lock.
 */
function authorityHolds(sealer: Sealer, settings: Settings, seal: string, generation: number) {
  if (sealer.check(AUTHORITY_DOMAIN, authorityValue(settings, generation), seal)) return true
  return (
    isDefaultIdleLock(settings) &&
    sealer.check(AUTHORITY_DOMAIN_V1, authorityValueV1(settings, generation), seal)
  )
}

export const sealUser = (sealer: Sealer, user: StoredUser, generation: number): string =>
  sealer.seal(USER_DOMAIN, { generation, user })

/** How the file stands against the head in the keychain. */
type Standing = 'current' | 'older' | 'replaced'

function standingOf(seals: NonNullable<Seals>, head: ChainHead | null): Standing {
  if (head === null || seals.generation > head.seq) return 'current'
  if (seals.generation < head.seq) return 'older'
  return seals.authority === head.hash ? 'current' : 'replaced'
}

const OLDER_RECORD: Said = { key: 'integrity.staff.older' }
const BAD_SEAL: Said = { key: 'integrity.staff.badSeal' }

/**
 * Checks `settings` against its seals and the head in the keychain, reporting every failure
 * to the admin's findings with the file and the record.
 */
export function checkSettings(
  settings: Settings,
  integrity: SettingsIntegrity,
  file: string,
): SettingsTrust {
  const { sealer, findings } = integrity
  findings.clear('staff')
  findings.clear('settings')
  if (!sealer.enforced) return TRUSTED
  const seals = settings.seals
  const untrustedUsers = new Map<string, Said>()
  let authoritySaid: Said | null = null
  let upgrade = false
  if (seals === null) {
    if (settings.users.length === 0 && integrity.anchor?.head == null) return TRUSTED
    authoritySaid = { key: 'settings.trust.noSeals' }
    for (const user of settings.users) untrustedUsers.set(user.id, BAD_SEAL)
  } else {
    const head = integrity.anchor?.head ?? null
    const standing = standingOf(seals, head)
    // Seals without the generation are read only from the very file the head names, and
    // only until this version has written it once (the head then carries the staff map).
    const legacyAllowed = head?.staff === undefined && standing === 'current'
    for (const user of settings.users) {
      const seal = seals.users[user.id]
      if (sealer.check(USER_DOMAIN, { generation: seals.generation, user }, seal)) {
        if (head?.staff === undefined) upgrade = true
      } else if (legacyAllowed && sealer.check(USER_DOMAIN_V1, user, seal)) {
        upgrade = true
      } else {
        untrustedUsers.set(user.id, BAD_SEAL)
        continue
      }
      const changedAt = head?.staff?.[user.id]
      if (standing !== 'current' && head?.staff !== undefined) {
        const fresh =
          changedAt !== undefined &&
          (standing === 'older' ? changedAt <= seals.generation : changedAt < seals.generation)
        if (!fresh) untrustedUsers.set(user.id, OLDER_RECORD)
      }
    }
    if (!authorityHolds(sealer, settings, seals.authority, seals.generation)) {
      authoritySaid = { key: 'settings.trust.changed' }
    }
    if (head && authoritySaid === null) {
      if (standing === 'older') {
        authoritySaid = {
          key: 'settings.trust.older',
          params: { generation: seals.generation, seq: head.seq },
        }
      } else if (standing === 'replaced') {
        authoritySaid = { key: 'settings.trust.replaced' }
      }
    }
  }
  for (const user of settings.users) {
    const problem = untrustedUsers.get(user.id)
    if (problem === undefined) continue
    findings.report(
      keyedFinding({
        area: 'staff',
        file,
        record: { key: 'integrity.record.staff', params: { name: user.name, id: user.id } },
        problem,
        consequence: { key: 'integrity.staff.then' },
      }),
    )
  }
  if (authoritySaid !== null) {
    findings.report(
      keyedFinding({
        area: 'settings',
        file,
        record: null,
        problem: authoritySaid,
        consequence: { key: 'integrity.settings.then' },
      }),
    )
  }
  const authorityProblem = authoritySaid === null ? null : english(authoritySaid)
  const trusted = untrustedUsers.size === 0 && authorityProblem === null
  return {
    untrustedUsers: new Set(untrustedUsers.keys()),
    authorityProblem,
    upgrade: upgrade && trusted,
  }
}

/**
 * The seals to write with `next`. Untrusted staff keep the seal they had, whatever changed,
 * so writing the file never launders a tampered record; only removing it clears it. Likewise
 * untrusted authority settings stay unsealed until an admin confirms them (`confirm`, only
 * from settings.confirmAuthority, settings/authority.ts).
 */
export function sealSettings(
  next: Settings,
  previousSeals: Seals,
  integrity: SettingsIntegrity,
  trust: SettingsTrust,
  confirm: boolean,
): Seals {
  const generation = Math.max(previousSeals?.generation ?? 0, integrity.anchor?.head?.seq ?? 0) + 1
  const users: Record<string, string> = {}
  for (const user of next.users) {
    const kept = previousSeals?.users[user.id]
    users[user.id] = trust.untrustedUsers.has(user.id)
      ? (kept ?? UNSEALED)
      : sealUser(integrity.sealer, user, generation)
  }
  return {
    generation,
    users,
    authority:
      trust.authorityProblem !== null && !confirm
        ? UNSEALED
        : integrity.sealer.seal(AUTHORITY_DOMAIN, authorityValue(next, generation)),
  }
}

/**
 * The staff part of the head: for each record in `next`, the generation in which it last
 * changed (kept from the head when the record is the same as in `previous`).
 */
export function staffChanges(
  next: DeepReadonly<Settings>,
  previous: DeepReadonly<Settings>,
  head: ChainHead | null,
  generation: number,
): Record<string, number> {
  const before = new Map(previous.users.map((user) => [user.id, canonicalJson(user)]))
  const staff: Record<string, number> = {}
  for (const user of next.users) {
    const kept = head?.staff?.[user.id]
    staff[user.id] =
      kept !== undefined && before.get(user.id) === canonicalJson(user) ? kept : generation
  }
  return staff
}
