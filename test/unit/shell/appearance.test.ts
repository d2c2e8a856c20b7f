// Theme, text size and paid chime: stored per till with a zod default (a file from before
// them needs no migration step), changeable by any signed-in role, outside the seals.
import { describe, expect, it } from 'vitest'
import { DEFAULT_APPEARANCE, type Appearance } from '../../../common/ipc/appearance'
import { channels, roleAllows } from '../../../common/ipc'
import { appearanceHandlers } from '../../../main/settings/appearance'
import { defaultSettings, SettingsSchema } from '../../../main/settings/schema'
import { SettingsStore } from '../../../main/settings/store'
import { memoryBackend } from './helpers'

/** A version-2 file exactly as a till wrote it before appearance existed. */
const beforeAppearance = () => {
  const raw = defaultSettings() as unknown as Record<string, unknown>
  delete raw.appearance
  return { ...raw, tillName: 'Front till' }
}

const handlers = (store: SettingsStore) => {
  const emitted: Array<{ name: string; payload: unknown }> = []
  const table = appearanceHandlers(store, (name, payload) => emitted.push({ name, payload }))
  const sender = {} as never
  return {
    emitted,
    get: () => table['appearance.get'](undefined, sender) as Appearance,
    set: (input: Parameters<(typeof table)['appearance.set']>[0]) =>
      table['appearance.set'](input, sender) as Appearance,
  }
}

describe('appearance settings', () => {
  it('a settings file from before appearance loads with the defaults and keeps the rest', () => {
    const backend = memoryBackend(beforeAppearance())
    const store = new SettingsStore(backend)
    expect(store.get().appearance).toEqual(DEFAULT_APPEARANCE)
    expect(store.get().tillName).toBe('Front till')
    expect(DEFAULT_APPEARANCE).toEqual({
      theme: 'system',
      textSize: 100,
      sound: { enabled: true, volume: 70 },
    })
  })

  it('refuses stored values outside the choices (the file is not trusted blindly)', () => {
    const base = defaultSettings()
    const bad = [
      { ...base.appearance, theme: 'neon' },
      { ...base.appearance, textSize: 175 },
      { ...base.appearance, sound: { enabled: true, volume: 101 } },
      { ...base.appearance, sound: { enabled: true, volume: 12.5 } },
    ]
    for (const appearance of bad) {
      expect(SettingsSchema.safeParse({ ...base, appearance }).success).toBe(false)
    }
  })

  it('changes only what it is given, writes it, and tells every window', () => {
    const backend = memoryBackend(beforeAppearance())
    const store = new SettingsStore(backend)
    const api = handlers(store)
    expect(api.set({ theme: 'dark' })).toEqual({ ...DEFAULT_APPEARANCE, theme: 'dark' })
    const after = api.set({ textSize: 150, sound: { volume: 20 } })
    expect(after).toEqual({ theme: 'dark', textSize: 150, sound: { enabled: true, volume: 20 } })
    expect(api.get()).toEqual(after)
    expect((backend.raw().appearance as Appearance).textSize).toBe(150)
    expect(new SettingsStore(backend).get().appearance).toEqual(after)
    expect(api.emitted.at(-1)).toEqual({ name: 'appearance.changed', payload: after })
  })

  it('any signed-in role may change it; reading it needs no sign-in (customer display)', () => {
    const set = channels['appearance.set']
    expect(roleAllows('cashier', set.role)).toBe(true)
    expect(roleAllows(null, set.role)).toBe(false)
    expect(roleAllows(null, channels['appearance.get'].role)).toBe(true)
    expect(set.input.safeParse({ textSize: 150 }).success).toBe(true)
    expect(set.input.safeParse({ textSize: 110 }).success).toBe(false)
    expect(set.input.safeParse({ theme: 'dark', tillName: 'x' }).success).toBe(false)
  })
})
