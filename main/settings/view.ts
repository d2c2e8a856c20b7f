import type { SettingsView } from '../../common/ipc/settings'
import type { FrozenSettings } from './schema'

/** What the Settings screen may see: everything except users (own channels) and secrets. */
export const toSettingsView = (settings: FrozenSettings): SettingsView => ({
  schemaVersion: settings.schemaVersion,
  environment: settings.environment,
  baseUrls: { ...settings.baseUrls },
  keyIds: { ...settings.keyIds },
  pollIntervals: { ...settings.pollIntervals },
  tillName: settings.tillName,
  idleLock: { ...settings.idleLock },
})
