// Who is at the till. One session per till (every window shares it): the cashier display and
// the main window act for the same signed-in user.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput, PersonNameSchema, PinSchema, TillNameSchema, UserIdSchema } from './shared'
import type { PublicUser } from './users'

export interface SessionState {
  /** Null when nobody is signed in (sign-in picker). */
  user: PublicUser | null
  /** True until the first-run wizard has created the admin. */
  setupRequired: boolean
  tillName: string
  signedInAt: string | null
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
})

export const sessionEvents = defineEvents({
  'session.changed': payload<SessionState>(),
})
