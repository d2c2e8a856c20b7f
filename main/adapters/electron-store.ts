// Settings on electron-store in the app (userData/settings.json, atomic writes). Versioning
// and validation are ours (settings/migrations.ts + zod), identical to conf in Node.
import Store from 'electron-store'
import type { RawSettings } from '../settings/migrations'
import type { Settings } from '../settings/schema'
import type { SettingsBackend } from '../settings/store'
import { readableSettings } from '../settings/readable'

export function electronStoreBackend(): SettingsBackend {
  const store = readableSettings(
    () =>
      new Store<RawSettings>({
        name: 'settings',
        clearInvalidConfig: false,
        configFileMode: 0o600,
      }),
    'the app data folder',
  )
  return {
    path: store.path,
    read: () => ({ ...store.store }),
    write: (value: Settings) => {
      store.store = value as unknown as RawSettings
    },
  }
}
