// The till's appearance in the renderer: loaded from main, kept current by
// `appearance.changed`, applied to <html> and remembered for the next first paint. The
// language travels with it: words and formats switch in every window of the till at once.
import { create } from 'zustand'
import { DEFAULT_APPEARANCE, type Appearance } from '../../common/ipc/appearance'
import type { InputOf, Channels } from '../../common/ipc'
import { applyLanguage } from '../i18n'
import { call, subscribe } from '../lib/pos'
import {
  applyAppearance,
  cachedAppearance,
  rememberAppearance,
  watchSystemTheme,
} from './AppearanceBoot'

interface AppearanceStore {
  appearance: Appearance
  /** Sends a change to main; the result (and the event) update every window. */
  change(input: InputOf<Channels['appearance.set']>): Promise<void>
}

const adopt = (appearance: Appearance) => {
  applyAppearance(appearance)
  applyLanguage(appearance.language)
  rememberAppearance(appearance)
  useAppearance.setState({ appearance })
}

export const useAppearance = create<AppearanceStore>((set, get) => ({
  appearance: DEFAULT_APPEARANCE,
  async change(input) {
    // Shown at once (the radio a cashier taps moves with the tap), then confirmed by main;
    // a refusal puts back what main holds.
    const before = get().appearance
    const shown: Appearance = {
      theme: input.theme ?? before.theme,
      textSize: input.textSize ?? before.textSize,
      sound: { ...before.sound, ...input.sound },
      language: input.language ?? before.language,
    }
    applyAppearance(shown)
    applyLanguage(shown.language)
    set({ appearance: shown })
    try {
      adopt(await call('appearance.set', input))
    } catch (error) {
      applyAppearance(before)
      applyLanguage(before.language)
      set({ appearance: before })
      throw error
    }
  },
}))

/** Loads, follows main's events and the OS theme; returns the disconnect. */
export function connectAppearance(): () => void {
  const cached = cachedAppearance()
  applyLanguage(cached.language)
  useAppearance.setState({ appearance: cached })
  const offEvent = subscribe('appearance.changed', adopt)
  const offSystem = watchSystemTheme(() => applyAppearance(useAppearance.getState().appearance))
  call('appearance.get').then(adopt, () => {
    // Main unreachable: keep the cached look; the boot gate reports the connection.
  })
  return () => {
    offEvent()
    offSystem()
  }
}
