// How this till looks and sounds: theme, text size and the paid chime. These are a cashier's
// comfort, not authority, so any signed-in role may change them; they are per till (main's
// settings file), so the next person at the same till sees the same choice.
import * as z from 'zod'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput } from './shared'

export const THEMES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEMES)[number]
export const TEXT_SIZES = [100, 125, 150] as const
export type TextSize = (typeof TEXT_SIZES)[number]
/** The till's language: English, or French for francophone West Africa. */
export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const AppearanceSchema = z.strictObject({
  /** 'system' follows the OS (prefers-color-scheme); the others override it. */
  theme: z.enum(THEMES),
  /** Percent of the normal text size. */
  textSize: z.union([z.literal(100), z.literal(125), z.literal(150)]),
  sound: z.strictObject({
    /** The chime when a charge is paid. */
    enabled: z.boolean(),
    /** 0–100, scales the chime's loudness. */
    volume: z.number().int().min(0).max(100),
  }),
  /** Absent (a file from before languages) means English: no migration step. */
  language: z.enum(LANGUAGES).optional(),
})
export type Appearance = z.infer<typeof AppearanceSchema>

/** A fresh till, and a settings file from before appearance existed. */
export const DEFAULT_APPEARANCE: Appearance = {
  theme: 'system',
  textSize: 100,
  sound: { enabled: true, volume: 70 },
}

export const appearanceChannels = defineChannels({
  'appearance.get': {
    input: NoInput,
    result: returns<Appearance>(),
    // The customer display (no sign-in) follows the till's theme too; nothing here is secret.
    role: 'public',
    summary: "This till's theme, text size and paid-chime settings.",
  },
  'appearance.set': {
    input: z.strictObject({
      theme: AppearanceSchema.shape.theme.optional(),
      textSize: AppearanceSchema.shape.textSize.optional(),
      sound: AppearanceSchema.shape.sound.partial().optional(),
      language: z.enum(LANGUAGES).optional(),
    }),
    result: returns<Appearance>(),
    role: 'cashier',
    summary:
      'Changes theme, text size, the paid chime or the language for this till (any signed-in role).',
  },
})

export const appearanceEvents = defineEvents({
  'appearance.changed': payload<Appearance>(),
})
