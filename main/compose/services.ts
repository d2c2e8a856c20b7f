// The composition root, in plain Node. The Electron main (main/index.ts) and the preview
// server (preview/) both call `createServices` with their own adapters, so the same services
// run behind both transports.
import { toSettingsView } from '../settings/view'
import { ConnectivityMonitor, describeTrafficFailure } from '../environment/connectivity'
import { startEmbeddedSandbox, type StartDemoGateway } from '../environment/demo'
import { EnvironmentService } from '../environment/environment'
import { environmentHandlers } from '../environment/handlers'
import { translateGatewayError } from '../environment/explain'
import { TillStatusService } from '../environment/status'
import { Dispatcher } from '../ipc/dispatch'
import type { SenderInfo } from '../ipc/handlers'
import { IntegrityService } from '../integrity'
import { resolveTillId } from '../integrity/keys'
import { OtherTillsWatch } from '../integrity/tills'
import type { Keychain } from '../keychain/keychain'
import { bindSecretsToTill } from '../keychain/till-secrets'
import { SessionService } from '../session/session'
import { sessionHandlers } from '../session/handlers'
import { AutoLock, noPowerSource, type IdleLimits, type PowerSource } from '../session/auto-lock'
import { needsStepUp } from '../session/step-up'
import { AuthorityReviewService } from '../settings/authority'
import { settingsHandlers } from '../settings/handlers'
import { appearanceHandlers } from '../settings/appearance'
import { watchIdleLock } from '../settings/idle-lock'
import { SettingsStore, type SettingsBackend } from '../settings/store'
import { usersHandlers } from '../users/handlers'
import { UsersService } from '../users/users'
import { browserDesktop, type DesktopServices } from './desktop'
import { DropKeepers } from '../kernel/drop-keeper'
import { RequestRate } from '../kernel/request-rate'
import { EventBus } from '../kernel/events'
import type { Logger } from '../kernel/log'
import type { CoreServices, FeatureInstance, FeatureModule } from './core'
import { featureModules } from './modules'
import { createSupport } from '../diagnostics/module'
import { nodeHost, type HostInfo } from '../diagnostics/host'
import { noUpdates, type UpdateEngine } from '../updates/engine'
import { busyReasons, createUpdates } from '../updates/module'

export interface Adapters {
  settingsBackend: SettingsBackend
  keychain: Keychain
  /** net.fetch in Electron; global fetch in Node. Every gateway request goes through it. */
  fetch: typeof fetch
  /** Writable per-till directory for feature data (journals, caches, demo gateway state). */
  dataDir: string
  log: Logger
  isTrustedSender: (sender: SenderInfo) => boolean
  startDemo?: StartDemoGateway
  /** Windows and notifications (Electron); the preview and tests get a browser stand-in. */
  desktop?: DesktopServices
  now?: () => number
  /** OS idle time, screen lock and suspend (Electron's powerMonitor); none in Node. */
  power?: PowerSource
  /**
   * Whether main sees the input events of our windows itself (Electron: `autoLock.activity()`
   * from `input-event`); then the pages' own activity reports are ignored. Off in Node.
   */
  windowInput?: boolean
  /** Idle limits for the automatic lock and sign-out (defaults in session/auto-lock.ts). */
  idleLimits?: Partial<IdleLimits>
  /** Replaces the module list (tests). */
  modules?: FeatureModule[]
  /** electron-updater in the app (main/updates/electron.ts); elsewhere nothing updates. */
  updateEngine?: UpdateEngine
  /** Update feeds allowed besides GitHub Releases: the build's list, unless a test's own feed. */
  updateFeeds?: readonly string[]
  /** Version, runtime and licence file for About (main/diagnostics/host.ts). */
  host?: HostInfo
  /** The log files for "Export diagnostics" (main/kernel/log.ts fileLog().files). */
  logFiles?: () => string[]
}

export type { CoreServices } from './core'

export interface AppServices extends CoreServices {
  events: EventBus
  dispatcher: Dispatcher
  /** The idle lock: Electron's main tells it of input in our windows. */
  autoLock: AutoLock
  /** Starts the environment (demo gateway), the health monitor and every module. */
  start(): Promise<void>
  stop(): Promise<void>
}

export async function createServices(adapters: Adapters): Promise<AppServices> {
  const events = new EventBus()
  const emit = events.emit
  const now = adapters.now ?? Date.now
  const { log, keychain, fetch } = adapters

  // Device keys first: staff records and settings are checked against them as they load.
  // A till with staff but no till-id file predates till ids: it keeps its plain key names.
  const staff = adapters.settingsBackend.read().users
  const hasStaff = Array.isArray(staff) && staff.length > 0
  const till = resolveTillId(adapters.dataDir, hasStaff)
  const integrity = await IntegrityService.open({ keychain, log, now, till })
  const settings = new SettingsStore(adapters.settingsBackend, {
    integrity: {
      sealer: integrity.till(),
      anchor: integrity.journal('till', 'settings').anchor,
      adopt: integrity.created('till'),
      findings: integrity.findings,
    },
  })
  integrity.watchAuthority(() => settings.trust.authorityProblem)
  const authority = new AuthorityReviewService({
    settings,
    seal: integrity.journal('till', 'settings-trusted'),
    dataDir: adapters.dataDir,
    log,
  })
  // API secrets are this till's own; one from before that rule moves to the till that owns it.
  await bindSecretsToTill({
    keychain,
    till,
    tillsBefore: integrity.tillsBefore(),
    trusted:
      integrity.till().enforced &&
      settings.get().seals !== null &&
      settings.trust.authorityProblem === null,
    keyIds: settings.get().keyIds,
    log,
  })
  const otherTills = new OtherTillsWatch(keychain, till, integrity.findings, log)
  await otherTills.check()
  settings.onChange((next) => emit('settings.changed', toSettingsView(next)))
  const users = new UsersService({ settings, emit, now, pepper: () => integrity.pepper() })
  const session = new SessionService({ users, settings, emit, now })
  const autoLock = new AutoLock({
    session,
    power: adapters.power ?? noPowerSource,
    log,
    now,
    activityFrom: adapters.windowInput ? 'main' : 'page',
    ...(adapters.idleLimits ? { limits: adapters.idleLimits } : {}),
  })
  // The admin's idle lock times (Settings → Till) apply at once, without a restart; limits an
  // adapter passes (tests) win.
  if (!adapters.idleLimits) watchIdleLock(settings, (minutes) => autoLock.configure(minutes))
  const status = new TillStatusService(emit, now)
  // Every gateway call reports its reachability once: counted here for the shop's rate.
  const gatewayRequests = new RequestRate()
  const environment = new EnvironmentService({
    settings,
    keychain,
    emit,
    log,
    fetch,
    startDemo: adapters.startDemo ?? startEmbeddedSandbox,
    dataDir: adapters.dataDir,
    till,
    authorityProblem: () => settings.trust.authorityProblem,
    onReachability: (reachable, error) => {
      gatewayRequests.tick()
      status.reportConnectivity(
        reachable ? 'online' : 'offline',
        reachable ? null : describeTrafficFailure(error),
      )
    },
  })
  const connectivity = new ConnectivityMonitor({ environment, settings, status, fetch })

  const dispatcher = new Dispatcher({
    isTrustedSender: adapters.isTrustedSender,
    currentUser: () => session.current(),
    isLocked: () => session.isLocked(),
    checkStepUp: (channel, input) => {
      if (needsStepUp(channel, input, settings.get().baseUrls)) session.requireFreshPin()
    },
    log,
    translators: [
      translateGatewayError(() => ({
        baseUrl: environment.baseUrl(),
        keyId: settings.get().keyIds[settings.get().environment],
      })),
    ],
  })
  dispatcher
    .register(sessionHandlers(session, autoLock))
    .register(usersHandlers(users))
    .register(settingsHandlers({ settings, environment, integrity, authority, otherTills }))
    .register(appearanceHandlers(settings, emit))
    .register(environmentHandlers({ environment, status, connectivity }))

  const core: CoreServices = {
    integrity,
    settings,
    keychain,
    users,
    session,
    environment,
    status,
    connectivity,
    emit,
    subscribe: (listener) => events.subscribe(listener),
    log,
    fetch,
    dataDir: adapters.dataDir,
    dropKeepers: new DropKeepers(),
    desktop: adapters.desktop ?? browserDesktop(() => null),
    now,
    gatewayRequests,
  }

  const instances: Array<{ name: string; instance: FeatureInstance }> = []
  for (const module of adapters.modules ?? featureModules) {
    const instance = await module.create(core)
    dispatcher.register(instance.handlers)
    instances.push({ name: module.name, instance })
  }
  // About, diagnostics and updates last: updates ask every module whether the till is busy,
  // and stop first (reverse order), so an install on quit still sees open charges.
  const host = adapters.host ?? nodeHost()
  const updates = createUpdates({
    engine: adapters.updateEngine ?? noUpdates(host.version, 'This copy does not update itself.'),
    dataDir: adapters.dataDir,
    log,
    emit: (status) => emit('updates.status', status),
    subscribe: (listener) => events.subscribe(listener),
    busy: () => busyReasons(instances.map(({ instance }) => instance)),
    now,
    seal: integrity.journal('till', 'updates'),
    ...(adapters.updateFeeds ? { allowedFeeds: adapters.updateFeeds } : {}),
    report: (finding) => integrity.findings.report(finding),
  })
  const support = createSupport({
    core,
    host,
    logFiles: adapters.logFiles ?? (() => []),
    integrityFindings: () => integrity.findings.list(),
    updates: () => updates.policy.status(),
    crashSeal: integrity.journal('till', 'crash-reporting'),
  })
  for (const [name, instance] of [
    ['support', support],
    ['updates', updates],
  ] as const) {
    dispatcher.register(instance.handlers)
    instances.push({ name, instance })
  }
  const missing = dispatcher.missing()
  if (missing.length > 0) log.warn('channels without a handler', { missing })

  return {
    ...core,
    events,
    dispatcher,
    autoLock,
    async start() {
      await environment.start()
      autoLock.start()
      connectivity.start()
      environment.onChange(() => void connectivity.check())
      for (const { instance } of instances) await instance.start?.()
    },
    async stop() {
      autoLock.stop()
      connectivity.stop()
      for (const { name, instance } of [...instances].reverse()) {
        try {
          await instance.stop?.()
        } catch (error) {
          log.error('module failed to stop', { module: name, error })
        }
      }
      await environment.stop()
    },
  }
}
