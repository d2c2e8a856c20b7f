// Local user profiles. Names and roles are public (the sign-in picker shows them); PIN hashes
// never leave main.
import * as z from 'zod'
import {
  defineChannels,
  defineEvents,
  payload,
  returns,
  USER_ROLES,
  type UserRole,
} from './contract'
import { NoInput, PersonNameSchema, PinSchema, UserIdSchema } from './shared'

export interface PublicUser {
  id: string
  name: string
  role: UserRole
  disabled: boolean
  /** ISO time until which PIN sign-in is refused, or null. */
  lockedUntil: string | null
  createdAt: string
}

const RoleSchema = z.enum(USER_ROLES)

/** Fewest digits per role: the rule lives in common/rules, with its hint and its words. */
export { PIN_MIN_DIGITS as MIN_PIN_DIGITS } from '../rules/fields'

export const usersChannels = defineChannels({
  'users.list': {
    input: NoInput,
    result: returns<PublicUser[]>(),
    role: 'public',
    summary: 'Profiles for the sign-in picker (no secrets).',
  },
  'users.create': {
    input: z.strictObject({ name: PersonNameSchema, role: RoleSchema, pin: PinSchema }),
    result: returns<PublicUser>(),
    role: 'admin',
    summary: 'Adds a cashier, supervisor or admin.',
  },
  'users.update': {
    input: z.strictObject({
      id: UserIdSchema,
      name: PersonNameSchema.optional(),
      role: RoleSchema.optional(),
      disabled: z.boolean().optional(),
    }),
    result: returns<PublicUser>(),
    role: 'admin',
    summary: 'Renames, changes role, or disables a profile.',
  },
  'users.setPin': {
    input: z.strictObject({ id: UserIdSchema, pin: PinSchema }),
    result: returns<PublicUser>(),
    role: 'admin',
    summary: "Sets a user's PIN and lifts any lockout.",
  },
  'users.unlock': {
    input: z.strictObject({ id: UserIdSchema }),
    result: returns<PublicUser>(),
    role: 'admin',
    summary: 'Lifts a PIN lockout.',
  },
  'users.remove': {
    input: z.strictObject({ id: UserIdSchema }),
    result: returns<null>(),
    role: 'admin',
    summary: 'Deletes a profile (never the last admin, never yourself).',
  },
  'users.replaceShortPin': {
    input: z.strictObject({ id: UserIdSchema, currentPin: PinSchema, newPin: PinSchema }),
    result: returns<PublicUser>(),
    role: 'public',
    summary:
      'Before sign-in: a supervisor or admin whose PIN is shorter than their role needs sets a new one (the current PIN is checked, with lockout).',
  },
  'users.changeOwnPin': {
    input: z.strictObject({ currentPin: PinSchema, newPin: PinSchema }),
    result: returns<null>(),
    role: 'cashier',
    summary: 'The signed-in user changes their own PIN.',
  },
})

export const usersEvents = defineEvents({
  'users.changed': payload<PublicUser[]>(),
})
