// Till settings an admin edits. The API secret goes in once through `settings.setKey` and is
// never part of any result.
import * as z from 'zod'
import {
  defineChannels,
  defineEvents,
  payload,
  returns,
  type Said,
  type UserRole,
} from './contract'
import type { EnvironmentState } from './environment'
import {
  ConfigurableEnvironmentSchema,
  NoInput,
  serviceUrlSchema,
  TillNameSchema,
  type Environment,
} from './shared'

/** How often main polls, in milliseconds. Feature services read these from settings. */
export interface PollIntervals {
  /** Collections watcher while an instructions screen waits for a transfer. */
  waitingMs: number
  /** Collections watcher with nobody waiting. */
  backgroundMs: number
  /** Outbox sender looking for approved payouts. */
  outboxMs: number
  /** Connectivity check behind the online/offline indicator. */
  healthMs: number
}

export const POLL_LIMITS: Record<keyof PollIntervals, { min: number; max: number }> = {
  waitingMs: { min: 250, max: 5_000 },
  backgroundMs: { min: 1_000, max: 300_000 },
  outboxMs: { min: 1_000, max: 600_000 },
  healthMs: { min: 5_000, max: 600_000 },
}

const interval = (key: keyof PollIntervals) =>
  z
    .number()
    .int('Use whole milliseconds.')
    .min(POLL_LIMITS[key].min, `At least ${POLL_LIMITS[key].min} ms.`)
    .max(POLL_LIMITS[key].max, `At most ${POLL_LIMITS[key].max} ms.`)

export const PollIntervalsSchema = z.strictObject({
  waitingMs: interval('waitingMs'),
  backgroundMs: interval('backgroundMs'),
  outboxMs: interval('outboxMs'),
  healthMs: interval('healthMs'),
})

/**
 * Minutes of idle time after which the till locks, per role of the signed-in person. Each role
 * has a cap and there is no "never": a hand-edited file can't leave an admin's session open
 * (main checks these bounds and seals the value, see main/settings/idle-lock.ts).
 */
export type IdleLock = Record<UserRole, number>

/** The longest lock each role may be given: the more a role can do, the sooner it locks. */
export const IDLE_LOCK_MAX_MINUTES: IdleLock = { cashier: 15, supervisor: 10, admin: 5 }

/** What Settings → Till offers (each role up to its cap), as on other tills' passcode timeouts. */
export const IDLE_LOCK_CHOICES = [1, 2, 3, 5, 10, 15] as const

export const DEFAULT_IDLE_LOCK: IdleLock = { cashier: 5, supervisor: 3, admin: 2 }

const lockMinutes = (role: UserRole) =>
  z
    .number()
    .int('Use whole minutes.')
    .min(1, 'At least 1 minute.')
    .max(IDLE_LOCK_MAX_MINUTES[role], `At most ${IDLE_LOCK_MAX_MINUTES[role]} minutes.`)

export const IdleLockSchema = z.strictObject({
  cashier: lockMinutes('cashier'),
  supervisor: lockMinutes('supervisor'),
  admin: lockMinutes('admin'),
})

/**
 * A gateway base URL: https, or http only to this machine (a local sandbox). No credentials,
 * query or fragment, since paths are appended to it.
 */
export const BaseUrlSchema = serviceUrlSchema(300)

/** Key ids are opaque to us; restrict to printable ASCII without spaces so headers stay valid. */
export const KeyIdSchema = z
  .string()
  .trim()
  .min(1, 'Enter the key id.')
  .max(200, 'That key id is too long.')
  .regex(/^[\x21-\x7e]+$/, 'Key ids have no spaces or special characters.')

export const SecretSchema = z
  .string()
  .min(8, 'That secret is too short; copy it again from the dashboard.')
  .max(1000, 'That secret is too long.')
  .refine((s) => s === s.trim(), 'The secret starts or ends with spaces; copy it again.')

export interface SettingsView {
  schemaVersion: number
  environment: Environment
  baseUrls: { sandbox: string | null; live: string | null }
  /** Key ids only; secrets live in the OS keychain. */
  keyIds: { demo: string | null; sandbox: string | null; live: string | null }
  pollIntervals: PollIntervals
  tillName: string
  /** Minutes of idle time before the till locks, per role. */
  idleLock: IdleLock
}

/** What an integrity finding is about (see main/integrity/). */
export type IntegrityArea =
  | 'keychain'
  | 'staff'
  | 'settings'
  | 'payouts'
  | 'collections'
  | 'payments'
  | 'refunds'
  | 'mandates'
  | 'z-reports'
  | 'shop'
  /** Another till was set up on this OS account (main/integrity/tills.ts). */
  | 'tills'
  /** The update settings (main/updates/). */
  | 'updates'

/**
 * A record that failed its keyed check (or could not be checked), in words for the admin.
 * Never carries a secret: only file names, record names and what Tilldesk does about it.
 */
export interface IntegrityFinding {
  area: IntegrityArea
  /** The file, relative to the till's data folder where possible. */
  file: string
  /** Which record (a staff name, a payout reference, a line number), or null for the file. */
  record: string | null
  /** What is wrong. */
  problem: string
  /** What Tilldesk does about it, and what the admin can do. */
  consequence: string
  /** When it was found (ISO). */
  at: string
  /** The file, record, problem and consequence keyed, when main has the words, for the screen's language. */
  fileSay?: Said
  recordSay?: Said
  problemSay?: Said
  consequenceSay?: Said
}

/** The settings that carry authority (sealed together; see main/settings/seals.ts). */
export interface AuthorityValues {
  environment: Environment
  baseUrls: { sandbox: string | null; live: string | null }
  keyIds: { demo: string | null; sandbox: string | null; live: string | null }
  tillName: string
  idleLock: IdleLock
  /** The staff profiles by id, with the name they had. */
  staff: Array<{ id: string; name: string }>
}

/**
 * What an admin looks at before confirming authority settings that failed their check: the
 * values in the file and, where known, the last ones this till trusted.
 */
export interface AuthorityReview {
  /** Why the settings are not trusted, in words; null when they are. */
  problem: string | null
  /** The same keyed (`settings.trust.*`), when main's words made it. */
  problemSay?: Said
  stored: AuthorityValues
  /** The last values this till trusted, from its sealed copy; null when not known. */
  trusted: AuthorityValues | null
  /** Why `trusted` is null, in words (no copy yet, or the copy failed its own check). */
  trustedUnknown: string | null
  /** The same keyed, for the screen's language (the file's own problem stays in the English). */
  trustedUnknownSay?: Said
  /** Names `stored`: a confirmation is refused if the file changed after it was shown. */
  fingerprint: string
}

export const settingsChannels = defineChannels({
  'settings.integrity': {
    input: NoInput,
    result: returns<IntegrityFinding[]>(),
    role: 'admin',
    summary: 'Records that failed their keyed integrity check, in words (no secrets).',
  },
  'settings.get': {
    input: NoInput,
    result: returns<SettingsView>(),
    role: 'admin',
    summary: 'Till settings, without secrets.',
  },
  'settings.update': {
    input: z.strictObject({
      tillName: TillNameSchema.optional(),
      pollIntervals: PollIntervalsSchema.partial().optional(),
      baseUrls: z
        .strictObject({ sandbox: BaseUrlSchema.optional(), live: BaseUrlSchema.optional() })
        .optional(),
      idleLock: IdleLockSchema.partial().optional(),
    }),
    result: returns<SettingsView>(),
    role: 'admin',
    summary:
      'Changes till name, poll intervals, base URLs or the idle time before the till locks. Never confirms settings that failed their check.',
  },
  'settings.authority': {
    input: NoInput,
    result: returns<AuthorityReview>(),
    role: 'admin',
    summary: 'The authority settings in the file and the last ones this till trusted.',
  },
  'settings.confirmAuthority': {
    input: z.strictObject({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/) }),
    result: returns<AuthorityReview>(),
    role: 'admin',
    summary:
      'Trusts the authority settings the admin was shown (after a finding), with a fresh PIN.',
  },
  'settings.setKey': {
    input: z.strictObject({
      environment: ConfigurableEnvironmentSchema,
      keyId: KeyIdSchema,
      secret: SecretSchema,
    }),
    result: returns<EnvironmentState>(),
    role: 'admin',
    summary: 'Stores an API key: id in settings, secret in the OS keychain. Replaces any old key.',
  },
  'settings.removeKey': {
    input: z.strictObject({ environment: ConfigurableEnvironmentSchema }),
    result: returns<EnvironmentState>(),
    role: 'admin',
    summary: "Deletes an environment's key from the keychain and settings.",
  },
})

export const settingsEvents = defineEvents({
  'settings.changed': payload<SettingsView>(),
})
