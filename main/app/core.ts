// What every feature module receives from the composition root. Types only: feature modules
// import this file, never services.ts, so the composition root (services.ts → modules.ts →
// each feature's module.ts) stays a one-way street with no import circle back to itself.
import type { ConnectivityMonitor } from '../environment/connectivity'
import type { EnvironmentService } from '../environment/environment'
import type { TillStatusService } from '../environment/status'
import type { IntegrityService } from '../integrity'
import type { Keychain } from '../keychain/keychain'
import type { SessionService } from '../session/session'
import type { SettingsStore } from '../settings/store'
import type { UsersService } from '../users/users'
import type { DesktopServices } from './desktop'
import type { Emit, EventListener } from './events'
import type { Logger } from './log'

/** What every feature module gets. */
export interface CoreServices {
  settings: SettingsStore
  keychain: Keychain
  /** Device keys, seals, journal heads and the admin's integrity findings. */
  integrity: IntegrityService
  users: UsersService
  session: SessionService
  environment: EnvironmentService
  status: TillStatusService
  connectivity: ConnectivityMonitor
  emit: Emit
  /** Hears every event any service emits (as the windows do); returns the unsubscribe. */
  subscribe: (listener: EventListener) => () => void
  log: Logger
  fetch: typeof fetch
  dataDir: string
  desktop: DesktopServices
  now: () => number
}
