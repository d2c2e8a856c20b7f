// The one door from the features up into the composition root (docs/architecture.md): what
// every feature module receives (CoreServices) and the module contract bound to it. Feature
// modules import this file, never services.ts or modules.ts; it imports only types and the
// kernel, so services.ts → modules.ts → <feature>/module.ts → core.ts closes no circle.
import type { Channels } from '../../common/ipc'
import type { ConnectivityMonitor } from '../environment/connectivity'
import type { EnvironmentService } from '../environment/environment'
import type { TillStatusService } from '../environment/status'
import type { IntegrityService } from '../integrity'
import type { Keychain } from '../keychain/keychain'
import type { SessionService } from '../session/session'
import type { SettingsStore } from '../settings/store'
import type { UsersService } from '../users/users'
import type { Handlers } from '../ipc/handlers'
import type * as Kernel from '../kernel/module'
import type { DesktopServices } from './desktop'
import type { DropKeepers } from '../kernel/drop-keeper'
import type { Emit, EventListener } from '../kernel/events'
import type { Logger } from '../kernel/log'
import type { RequestRate } from '../kernel/request-rate'

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
  /** What a trimmed journal (payments, refunds, debits) drops is kept first (the shift books). */
  dropKeepers: DropKeepers
  desktop: DesktopServices
  now: () => number
  /** This till's gateway requests in the last minute (the shop shows every till's together). */
  gatewayRequests: RequestRate
}

/** The handlers a feature module serves: a subset of the contract's channels. */
export type FeatureHandlers = Partial<Handlers<Channels>>
export type FeatureInstance = Kernel.FeatureInstance<FeatureHandlers>
export type FeatureModule = Kernel.FeatureModule<CoreServices, FeatureHandlers>

/** Identity helper for type inference in feature files. */
export const defineModule = (module: FeatureModule): FeatureModule => module
