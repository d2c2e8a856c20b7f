// The Node backend: conf, the library electron-store is built on, so the preview and tests
// exercise the same file format and atomic writes as the app.
import Conf from 'conf'
import type { RawSettings } from './migrations'
import { readableSettings } from './readable'
import type { Settings } from './schema'
import type { SettingsBackend } from './store'

export const SETTINGS_FILE_NAME = 'settings'

/** Settings in `<dir>/settings.json`, readable by the owner only. */
export function confBackend(dir: string): SettingsBackend {
  const conf = readableSettings(
    () =>
      new Conf<RawSettings>({
        cwd: dir,
        configName: SETTINGS_FILE_NAME,
        projectName: 'tilldesk',
        configFileMode: 0o600,
        // Validation and versioning are ours (zod + migrations.ts); conf only stores.
        clearInvalidConfig: false,
      }),
    dir,
  )
  return {
    path: conf.path,
    read: () => ({ ...conf.store }),
    write: (value: Settings) => {
      conf.store = value as unknown as RawSettings
    },
  }
}
