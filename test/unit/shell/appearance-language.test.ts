// The till's language is stored with its appearance: absent in a file from before languages
// (read as English, no migration), set by any signed-in role, refused outside English/French.
import { describe, expect, it } from 'vitest'
import type { Appearance } from '../../../common/ipc/appearance'
import { channels } from '../../../common/ipc'
import { appearanceHandlers } from '../../../main/settings/appearance'
import { defaultSettings, SettingsSchema } from '../../../main/settings/schema'
import { SettingsStore } from '../../../main/settings/store'
import { memoryBackend } from './helpers'

describe('the till language', () => {
  it('a file without a language loads; setting French keeps the rest and is written', () => {
    const backend = memoryBackend(defaultSettings())
    const store = new SettingsStore(backend)
    expect(store.get().appearance.language).toBeUndefined()
    const emitted: unknown[] = []
    const table = appearanceHandlers(store, (_name, payload) => emitted.push(payload))
    const set = (input: Parameters<(typeof table)['appearance.set']>[0]) =>
      table['appearance.set'](input, {} as never) as Appearance
    const after = set({ language: 'fr' })
    expect(after.language).toBe('fr')
    expect(after.theme).toBe(store.get().appearance.theme)
    expect(new SettingsStore(backend).get().appearance.language).toBe('fr')
    expect(emitted.at(-1)).toEqual(after)
    // Another change leaves the language alone.
    expect(set({ theme: 'dark' }).language).toBe('fr')
  })

  it('only English or French, from the channel and from the file', () => {
    const input = channels['appearance.set'].input
    expect(input.safeParse({ language: 'fr' }).success).toBe(true)
    expect(input.safeParse({ language: 'de' }).success).toBe(false)
    expect(input.safeParse({ language: 'FR' }).success).toBe(false)
    const base = defaultSettings()
    const stored = (language: unknown) =>
      SettingsSchema.safeParse({ ...base, appearance: { ...base.appearance, language } }).success
    expect(stored('en')).toBe(true)
    expect(stored('fr')).toBe(true)
    expect(stored('xx')).toBe(false)
  })
})
