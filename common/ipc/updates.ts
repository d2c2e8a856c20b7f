// Updates: what the admin sees and sets. Main checks the feed at start and every few hours,
// downloads in the background and installs on quit or at shift close, never while a charge is
// open or payouts are sending (main/updates/policy.ts).
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput, serviceUrlSchema } from './shared'

export const UPDATE_CHANNELS = ['stable', 'beta'] as const
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number]

/**
 * Where updates come from: the project's GitHub Releases, or a server on the build's own
 * allow-list (main/updates/allowed-feeds.ts); any other address is refused.
 */
export type UpdateSource = { kind: 'github' } | { kind: 'generic'; url: string }

/**
 * - `unsupported`: this copy can't update itself (a development build, the preview).
 * - `manual`: installed by a package manager (deb); newer versions are shown, never fetched.
 * - `waiting`: downloaded, held back until the till is free (see `heldBy`).
 */
export const UPDATE_PHASES = [
  'unsupported',
  'manual',
  'paused',
  'idle',
  'checking',
  'up_to_date',
  'downloading',
  'ready',
  'waiting',
  'installing',
  'error',
] as const
export type UpdatePhase = (typeof UPDATE_PHASES)[number]

export interface UpdateStatus {
  phase: UpdatePhase
  currentVersion: string
  /** The newest version the feed offers on this channel, once known. */
  availableVersion: string | null
  releaseDate: string | null
  channel: UpdateChannel
  paused: boolean
  source: UpdateSource
  /** Generic feeds this build allows besides GitHub Releases (any other is refused). */
  allowedFeeds: string[]
  /** 0–100 while downloading. */
  percent: number | null
  lastCheckedAt: string | null
  nextCheckAt: string | null
  /** Why the downloaded update waits: "A charge is open.", "Payouts are sending." */
  heldBy: string[]
  /** In words, ready to show (errors, the package-manager hint, what happens next). */
  message: string
  /** The same by the catalogue's key (`errors.<key>`), when main has one, for the screen's language. */
  say?: Said
}

/** https, or http only to this computer (a test feed). No credentials, query or fragment. */
export const UpdateFeedUrlSchema = serviceUrlSchema(500)

export const UpdateSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('github') }),
  z.strictObject({ kind: z.literal('generic'), url: UpdateFeedUrlSchema }),
])

export const UpdatePreferencesInput = z.strictObject({
  channel: z.enum(UPDATE_CHANNELS).optional(),
  paused: z.boolean().optional(),
  source: UpdateSourceSchema.optional(),
})

export const updatesChannels = defineChannels({
  'updates.status': {
    input: NoInput,
    result: returns<UpdateStatus>(),
    role: 'admin',
    summary: 'Current and available versions, channel, source and what the updater is doing.',
  },
  'updates.configure': {
    input: UpdatePreferencesInput,
    result: returns<UpdateStatus>(),
    role: 'admin',
    summary:
      'Sets the channel, the feed (one the build allows), or pauses and resumes updates. Needs a fresh PIN.',
  },
  'updates.check': {
    input: NoInput,
    result: returns<UpdateStatus>(),
    role: 'admin',
    summary: 'Checks the feed now (downloads in the background when newer).',
  },
})

export const updatesEvents = defineEvents({
  'updates.status': payload<UpdateStatus>(),
})
