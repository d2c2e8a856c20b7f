// Theme, text size and the paid chime for this till. Any signed-in role may change them (the
// channel's role is 'cashier'); they carry no authority, so they are outside the seals.
import type { Appearance, appearanceChannels } from '../../common/ipc/appearance'
import type { Emit } from '../kernel/events'
import type { Handlers } from '../ipc/handlers'
import type { SettingsStore } from './store'

export const appearanceHandlers = (
  settings: SettingsStore,
  emit: Emit,
): Handlers<typeof appearanceChannels> => ({
  'appearance.get': () => settings.get().appearance,
  'appearance.set': (input) => {
    const next: Appearance = settings.update((draft) => {
      if (input.theme !== undefined) draft.appearance.theme = input.theme
      if (input.textSize !== undefined) draft.appearance.textSize = input.textSize
      if (input.sound?.enabled !== undefined) draft.appearance.sound.enabled = input.sound.enabled
      if (input.sound?.volume !== undefined) draft.appearance.sound.volume = input.sound.volume
      if (input.language !== undefined) draft.appearance.language = input.language
    }).appearance
    // Every window (a second till window, the customer display) follows at once.
    emit('appearance.changed', next)
    return next
  },
})
