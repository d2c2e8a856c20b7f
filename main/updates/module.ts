// Updates wired into the composition root: preferences on disk, the policy, its IPC handlers,
// and the two moments an install may happen (quit, shift close). The engine comes from the
// host: electron-updater in the app, none in the preview, the feed client in tests.
import type { JournalSeal } from '../integrity'
import type { updatesChannels, UpdateStatus } from '../../common/ipc/updates'
import type { Logger } from '../app/log'
import type { FeatureInstance } from '../app/module'
import type { Handlers } from '../ipc/handlers'
import type { UpdateEngine } from './engine'
import { UpdatePolicy, type Schedule, type UpdatePreferences } from './policy'
import { UpdatePreferencesFile } from './preferences'
import { shiftCloseWatcher } from './shiftClose'

export interface UpdatesDeps {
  engine: UpdateEngine
  dataDir: string
  log: Logger
  emit: (status: UpdateStatus) => void
  /** Every event main sends (to see shift close). Returns the unsubscribe. */
  subscribe: (listener: (name: string, payload: unknown) => void) => () => void
  /** Why the till must not restart now: open charges, payouts sending. */
  busy: () => string[] | Promise<string[]>
  now?: () => number
  schedule?: Schedule
  /** The till's seal and head for updates.json (main/integrity); absent in tests alone. */
  seal?: JournalSeal | null
}

export interface Updates extends FeatureInstance {
  policy: UpdatePolicy
  handlers: Handlers<typeof updatesChannels>
  start(): void
  stop(): Promise<void>
}

export function createUpdates(deps: UpdatesDeps): Updates {
  const preferences = new UpdatePreferencesFile(deps.dataDir, deps.log, deps.seal ?? null)
  const policy = new UpdatePolicy({
    engine: deps.engine,
    preferences: () => preferences.get(),
    busy: deps.busy,
    onStatus: deps.emit,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
  })
  let unsubscribe: (() => void) | null = null

  const handlers: Handlers<typeof updatesChannels> = {
    'updates.status': () => policy.refresh(),
    'updates.configure': (input) => {
      const previous = preferences.get()
      const change: Partial<UpdatePreferences> = {}
      if (input.channel !== undefined) change.channel = input.channel
      if (input.paused !== undefined) change.paused = input.paused
      if (input.source !== undefined) change.source = input.source
      preferences.set(change)
      deps.log.info('update preferences changed', change)
      return policy.preferencesChanged(previous)
    },
    'updates.check': () => policy.check(),
  }

  return {
    policy,
    handlers,
    start() {
      unsubscribe = deps.subscribe(shiftCloseWatcher(() => void policy.onShiftClosed()))
      policy.start()
    },
    async stop() {
      unsubscribe?.()
      policy.stop()
      // Quitting: the last moment to install, under the same rule as ever.
      await policy.onQuit()
    },
  }
}

/** Busy reasons from the feature instances that report them (collections, payouts). */
export async function busyReasons(
  instances: Iterable<Pick<FeatureInstance, 'busy'>>,
): Promise<string[]> {
  const reasons: string[] = []
  for (const instance of instances) {
    const reason = await instance.busy?.()
    if (reason) reasons.push(reason)
  }
  return reasons
}
