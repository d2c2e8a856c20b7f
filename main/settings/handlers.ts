import type { settingsChannels } from '../../common/ipc/settings'
import type { EnvironmentState } from '../../common/ipc/environment'
import type { ConfigurableEnvironment } from '../../common/ipc/shared'
import type { IntegrityService } from '../integrity'
import type { OtherTillsWatch } from '../integrity/tills'
import type { Handlers } from '../ipc/handlers'
import type { AuthorityReviewService } from './authority'
import type { SettingsStore } from './store'
import { toSettingsView } from './view'

/**
 * Who keeps the API keys (main/environment/environment.ts, which stands above settings because
 * it reads the base URLs from the store): only the two calls these handlers pass on.
 */
export interface ApiKeys {
  setKey(
    environment: ConfigurableEnvironment,
    keyId: string,
    secret: string,
  ): Promise<EnvironmentState>
  removeKey(environment: ConfigurableEnvironment): Promise<EnvironmentState>
}

export const settingsHandlers = ({
  settings,
  environment,
  integrity,
  authority,
  otherTills,
}: {
  settings: SettingsStore
  environment: ApiKeys
  integrity: IntegrityService
  authority: AuthorityReviewService
  otherTills: OtherTillsWatch
}): Handlers<typeof settingsChannels> => ({
  'settings.integrity': async () => {
    const findings = integrity.findings.list()
    // An admin has now been shown them: a new till on this account is not repeated next start.
    await otherTills.acknowledge()
    return findings
  },
  'settings.get': () => toSettingsView(settings.get()),
  'settings.update': (input) =>
    // Never a confirmation: authority that failed its check stays unsealed until an admin
    // confirms it on its own channel (settings.confirmAuthority, with a fresh PIN).
    toSettingsView(
      settings.update((draft) => {
        if (input.tillName !== undefined) draft.tillName = input.tillName
        if (input.pollIntervals) Object.assign(draft.pollIntervals, input.pollIntervals)
        if (input.baseUrls?.sandbox !== undefined) draft.baseUrls.sandbox = input.baseUrls.sandbox
        if (input.baseUrls?.live !== undefined) draft.baseUrls.live = input.baseUrls.live
        if (input.idleLock) Object.assign(draft.idleLock, input.idleLock)
      }),
    ),
  'settings.authority': () => authority.review(),
  'settings.confirmAuthority': (input) => authority.confirm(input.fingerprint),
  'settings.setKey': (input) => environment.setKey(input.environment, input.keyId, input.secret),
  'settings.removeKey': (input) => environment.removeKey(input.environment),
})
