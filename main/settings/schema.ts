// What the settings file holds, and the defaults a fresh till starts from. The file never
// holds a secret: API secrets live in the OS keychain, PINs only as scrypt hashes.
import * as z from 'zod'
import { USER_ROLES } from '../../common/ipc/contract'
import { EnvironmentSchema } from '../../common/ipc/shared'
import {
  DEFAULT_IDLE_LOCK,
  IdleLockSchema,
  PollIntervalsSchema,
  type PollIntervals,
} from '../../common/ipc/settings'
import { ReceiptSettingsSchema, type ReceiptSettings } from '../../common/ipc/collections'
import { AppearanceSchema, DEFAULT_APPEARANCE } from '../../common/ipc/appearance'

/** Receipt printing (collections): a file from before it gets these, with no migration step. */
export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = {
  printer: null,
  paper: '80mm',
  autoPrintOnPaid: false,
}

/** Bump when the stored shape changes, and add the step to migrations.ts. */
export const SETTINGS_VERSION = 2

export const StoredUserSchema = z.strictObject({
  id: z.string().regex(/^u_[a-z0-9]{8,32}$/),
  name: z.string().min(1).max(40),
  role: z.enum(USER_ROLES),
  /** `scrypt$…` (before peppering), `pscrypt$…` (peppered) or `spscrypt$…` (the shop's pepper;
   * see users/pin.ts). */
  pinHash: z.string().regex(/^(sp|p)?scrypt\$/),
  disabled: z.boolean(),
  failedAttempts: z.number().int().min(0),
  /** Lockouts in a row without a successful sign-in; each doubles the next lock. */
  lockouts: z.number().int().min(0),
  lockedUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type StoredUser = z.infer<typeof StoredUserSchema>

const Seal = z.string().regex(/^[0-9a-f]{64}$/)

/**
 * Keyed seals over what carries authority (see settings/seals.ts): one per staff record, and
 * one over the environment, base URLs, key ids, till name and the set of staff. `generation`
 * rises with every write; the keychain keeps the latest, so an older copy is caught. Null in
 * a file from before sealing.
 */
export const SealsSchema = z
  .strictObject({
    generation: z.number().int().min(1),
    authority: Seal,
    users: z.record(z.string(), Seal),
  })
  .nullable()
export type Seals = z.infer<typeof SealsSchema>

/**
 * Base URLs are read loosely here, so a bad one never stops the till from opening; they are
 * used only through BaseUrlSchema, the same rule as IPC (environment/environment.ts).
 */
const NullableUrl = z.string().max(2000).nullable()
const NullableKeyId = z.string().min(1).max(200).nullable()

export const SettingsSchema = z.strictObject({
  schemaVersion: z.literal(SETTINGS_VERSION),
  environment: EnvironmentSchema,
  baseUrls: z.strictObject({ sandbox: NullableUrl, live: NullableUrl }),
  keyIds: z.strictObject({ demo: NullableKeyId, sandbox: NullableKeyId, live: NullableKeyId }),
  pollIntervals: PollIntervalsSchema,
  tillName: z.string().min(1).max(40),
  users: z.array(StoredUserSchema),
  seals: SealsSchema,
  receipts: ReceiptSettingsSchema.default(DEFAULT_RECEIPT_SETTINGS),
  /** Theme, text size and chime: a file from before it gets the defaults, no migration step. */
  appearance: AppearanceSchema.default(DEFAULT_APPEARANCE),
  /** Minutes idle before the till locks, per role: a file from before gets the defaults. A
   * value out of bounds is replaced before parsing and reported (settings/idle-lock.ts). */
  idleLock: IdleLockSchema.default(DEFAULT_IDLE_LOCK),
})
export type Settings = z.infer<typeof SettingsSchema>

/** Settings as the store hands them out: frozen all the way down, so shared, never copied. */
export type FrozenSettings = DeepReadonly<Settings>
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T

export const DEFAULT_POLL_INTERVALS: PollIntervals = {
  waitingMs: 1_000,
  backgroundMs: 15_000,
  outboxMs: 5_000,
  healthMs: 15_000,
}

/** A fresh till: Demo, so the app works with nothing configured. */
export function defaultSettings(): Settings {
  return {
    schemaVersion: SETTINGS_VERSION,
    environment: 'demo',
    baseUrls: { sandbox: null, live: null },
    keyIds: { demo: null, sandbox: null, live: null },
    pollIntervals: { ...DEFAULT_POLL_INTERVALS },
    tillName: 'Till 1',
    users: [],
    seals: null,
    receipts: { ...DEFAULT_RECEIPT_SETTINGS },
    appearance: { ...DEFAULT_APPEARANCE, sound: { ...DEFAULT_APPEARANCE.sound } },
    idleLock: { ...DEFAULT_IDLE_LOCK },
  }
}
