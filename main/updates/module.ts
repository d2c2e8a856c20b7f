// Updates wired into the composition root: preferences on disk, the policy, its IPC handlers,
// and the two moments an install may happen (quit, shift close). The engine comes from the
// host: electron-updater in the app, none in the preview, the feed client in tests.
import { keyedFinding, type FindingInput, type JournalSeal } from '../integrity'
import type { updatesChannels, UpdateStatus } from '../../common/ipc/updates'
import { AppError } from '../kernel/errors'
import type { Logger } from '../kernel/log'
import type { FeatureInstance } from '../kernel/module'
import type { Handlers } from '../ipc/handlers'
import { ALLOWED_UPDATE_FEEDS, describeAllowedFeeds, feedAllowed } from './allowed-feeds'
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
  /** Generic feeds allowed besides GitHub Releases; the build's list unless a test passes one. */
  allowedFeeds?: readonly string[]
  /** Tells the admin, in words, that updates.json named a feed this build does not allow. */
  report?: (finding: FindingInput) => void
}

export interface Updates extends FeatureInstance {
  policy: UpdatePolicy
  handlers: Handlers<typeof updatesChannels>
  start(): void
  stop(): Promise<void>
}

export function createUpdates(deps: UpdatesDeps): Updates {
  const preferences = new UpdatePreferencesFile(deps.dataDir, deps.log, deps.seal ?? null)
  const allowed = (deps.allowedFeeds ?? ALLOWED_UPDATE_FEEDS).map((url) => url.replace(/\/+$/, ''))
  // A feed in the file that this build does not carry is never used: GitHub Releases instead.
  const effective = (): UpdatePreferences => {
    const stored = preferences.get()
    return feedAllowed(stored.source, allowed) ? stored : { ...stored, source: { kind: 'github' } }
  }
  const stored = preferences.get().source
  if (!feedAllowed(stored, allowed)) {
    deps.log.warn('update feed in updates.json is not allowed by this build; ignored')
    const feed = stored.kind === 'generic' ? stored.url : stored.kind
    deps.report?.(
      keyedFinding({
        area: 'updates',
        file: 'updates.json',
        record: { key: 'integrity.record.updateSource' },
        problem: { key: 'integrity.updates.feed', params: { feed } },
        consequence: {
          key: 'integrity.updates.feedThen',
          params: { feeds: describeAllowedFeeds(allowed) },
        },
      }),
    )
  }
  const policy = new UpdatePolicy({
    engine: deps.engine,
    preferences: effective,
    allowedFeeds: allowed,
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
      if (input.source !== undefined && !feedAllowed(input.source, allowed)) {
        throw new AppError(
          'feed_not_allowed',
          `This copy of Tilldesk takes updates only from ${describeAllowedFeeds(allowed)}.`,
          {
            fields: { 'source.url': 'This copy does not take updates from that address.' },
            say: { key: 'input.feedNotAllowed', params: { feeds: describeAllowedFeeds(allowed) } },
            fieldSay: { 'source.url': { key: 'input.feedNotAllowedField' } },
          },
        )
      }
      const previous = effective()
      const change: Partial<UpdatePreferences> = {}
      if (input.channel !== undefined) change.channel = input.channel
      if (input.paused !== undefined) change.paused = input.paused
      if (input.source !== undefined) change.source = input.source
      // A refused feed left in the file is replaced by what is really used.
      else if (!feedAllowed(preferences.get().source, allowed)) change.source = previous.source
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
