import type { settingsChannels } from '../../common/ipc/settings'
import type { EnvironmentService } from '../environment/environment'
import type { IntegrityService } from '../integrity'
import type { Handlers } from '../ipc/handlers'
import type { SettingsStore } from './store'
import { toSettingsView } from './view'

export const settingsHandlers = (
  settings: SettingsStore,
  environment: EnvironmentService,
  integrity: IntegrityService,
): Handlers<typeof settingsChannels> => ({
  'settings.integrity': () => integrity.findings.list(),
  'settings.get': () => toSettingsView(settings.get()),
  'settings.update': (input) =>
    toSettingsView(
      settings.update(
        (draft) => {
          if (input.tillName !== undefined) draft.tillName = input.tillName
          if (input.pollIntervals) Object.assign(draft.pollIntervals, input.pollIntervals)
          if (input.baseUrls?.sandbox !== undefined) draft.baseUrls.sandbox = input.baseUrls.sandbox
          if (input.baseUrls?.live !== undefined) draft.baseUrls.live = input.baseUrls.live
          if (input.idleLock) Object.assign(draft.idleLock, input.idleLock)
          // An admin saving the settings confirms them: authority that failed its check is
          // sealed again (see settings/seals.ts).
        },
        { confirm: true },
      ),
    ),
  'settings.setKey': (input) => environment.setKey(input.environment, input.keyId, input.secret),
  'settings.removeKey': (input) => environment.removeKey(input.environment),
})
