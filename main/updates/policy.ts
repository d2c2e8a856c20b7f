// When to check, download and install: the update policy as a state machine in plain Node.
// The engine (engine.ts) does the work; this file decides when. The one rule that matters
// most: an update is installed only on quit or at shift close, and never while a charge is
// open or payouts are sending. The check for that is made at the moment of installing, not
// when the download finished, since a charge may have opened in between.
import type {
  UpdateChannel,
  UpdatePhase,
  UpdateSource,
  UpdateStatus,
} from '../../common/ipc/updates'
import type { Said } from '../../common/ipc/contract'
import type { Logger } from '../kernel/log'
import type { AvailableUpdate, UpdateEngine } from './engine'

export interface UpdatePreferences {
  channel: UpdateChannel
  paused: boolean
  source: UpdateSource
}

/** Runs `task` after `ms`; returns the cancel. Injected so tests step time themselves. */
export type Schedule = (task: () => void, ms: number) => () => void

export const realSchedule: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms)
  timer.unref?.()
  return () => clearTimeout(timer)
}

export interface UpdatePolicyOptions {
  engine: UpdateEngine
  preferences: () => UpdatePreferences
  /**
   * Why the till must not restart now ("A charge is open."); empty when it may. A predicate
   * that fails counts as busy: when in doubt, the update waits.
   */
  busy: () => string[] | Promise<string[]>
  onStatus: (status: UpdateStatus) => void
  log: Logger
  /** Generic feeds this build allows (shown to the admin as the choices). */
  allowedFeeds?: readonly string[]
  now?: () => number
  schedule?: Schedule
  /** Between checks; a few hours, so a shop gets a fix the same day without a busy feed. */
  checkEveryMs?: number
  /** After start, so the first check doesn't compete with opening the till. */
  firstCheckAfterMs?: number
}

export const CHECK_EVERY_MS = 4 * 60 * 60_000
export const FIRST_CHECK_AFTER_MS = 30_000

type Work = 'idle' | 'checking' | 'downloading' | 'installing'

export class UpdatePolicy {
  readonly #o: Required<Omit<UpdatePolicyOptions, 'log'>> & { log: Logger }
  #work: Work = 'idle'
  #available: AvailableUpdate | null = null
  #downloaded = false
  #upToDate = false
  #percent: number | null = null
  #error: string | null = null
  #lastCheckedAt: number | null = null
  #nextCheckAt: number | null = null
  #cancelTimer: (() => void) | null = null
  #running = false
  /** The busy reasons last seen, for status(); re-read before every install. */
  #heldBy: string[] = []

  constructor(options: UpdatePolicyOptions) {
    this.#o = {
      now: Date.now,
      schedule: realSchedule,
      checkEveryMs: CHECK_EVERY_MS,
      firstCheckAfterMs: FIRST_CHECK_AFTER_MS,
      allowedFeeds: [],
      ...options,
    }
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    if (this.#o.engine.capability !== 'none') this.#plan(this.#o.firstCheckAfterMs)
    this.#publish()
  }

  stop(): void {
    this.#running = false
    this.#cancelTimer?.()
    this.#cancelTimer = null
    this.#nextCheckAt = null
  }

  /** Re-reads the busy predicates, then the status (for the admin's screen). */
  async refresh(): Promise<UpdateStatus> {
    if (this.#downloaded) this.#heldBy = await this.#busy()
    return this.status()
  }

  status(): UpdateStatus {
    const preferences = this.#o.preferences()
    const heldBy = this.#downloaded ? this.#heldBy : []
    const phase = this.#phase(preferences, heldBy)
    return {
      phase,
      currentVersion: this.#o.engine.currentVersion,
      availableVersion: this.#available?.version ?? null,
      releaseDate: this.#available?.releaseDate ?? null,
      channel: preferences.channel,
      paused: preferences.paused,
      source: preferences.source,
      allowedFeeds: [...this.#o.allowedFeeds],
      percent: this.#percent,
      lastCheckedAt: iso(this.#lastCheckedAt),
      nextCheckAt: iso(this.#nextCheckAt),
      heldBy,
      message: this.#message(phase, heldBy),
      ...this.#say(phase, heldBy),
    }
  }

  /** Checks the feed, then downloads in the background if newer. Never installs. */
  async check(): Promise<UpdateStatus> {
    const { engine } = this.#o
    const preferences = this.#o.preferences()
    if (engine.capability === 'none' || preferences.paused || this.#work !== 'idle') {
      return this.status()
    }
    this.#work = 'checking'
    this.#error = null
    this.#publish()
    try {
      const found = await engine.check({ channel: preferences.channel, source: preferences.source })
      this.#lastCheckedAt = this.#o.now()
      this.#upToDate = found === null
      if (found === null || found.version !== this.#available?.version) this.#downloaded = false
      this.#available = found
      if (found && !this.#downloaded && engine.capability === 'self') {
        this.#work = 'downloading'
        this.#percent = 0
        this.#publish()
        await engine.download((percent) => {
          this.#percent = percent
          this.#publish()
        })
        this.#downloaded = true
        this.#heldBy = await this.#busy()
        this.#o.log.info('update downloaded', { version: found.version })
      }
    } catch (error) {
      this.#error = describe(error)
      this.#o.log.warn('update check failed', { error })
    } finally {
      this.#work = 'idle'
      this.#percent = null
      if (this.#running) this.#plan(this.#o.checkEveryMs)
      this.#publish()
    }
    return this.status()
  }

  /** The admin changed the channel or the feed: forget what the old one offered, look again. */
  async preferencesChanged(previous: UpdatePreferences): Promise<UpdateStatus> {
    const next = this.#o.preferences()
    const feedChanged =
      previous.channel !== next.channel ||
      JSON.stringify(previous.source) !== JSON.stringify(next.source)
    if (feedChanged) {
      this.#available = null
      this.#downloaded = false
      this.#upToDate = false
    }
    this.#publish()
    if (!next.paused && (feedChanged || previous.paused)) return this.check()
    return this.status()
  }

  /** On quit: install a downloaded update unless paused or the till is busy. */
  async onQuit(): Promise<boolean> {
    return this.#install({ restart: false })
  }

  /** At shift close: install now and restart into the new version, under the same rule. */
  async onShiftClosed(): Promise<boolean> {
    return this.#install({ restart: true })
  }

  async #install(options: { restart: boolean }): Promise<boolean> {
    if (!this.#downloaded || this.#work !== 'idle' || this.#o.preferences().paused) return false
    // Asked here, at the moment of installing: a charge may have opened since the download.
    const busy = await this.#busy()
    this.#heldBy = busy
    if (busy.length > 0) {
      this.#o.log.info('update held back', { version: this.#available?.version, busy })
      this.#publish()
      return false
    }
    this.#work = 'installing'
    this.#publish()
    try {
      await this.#o.engine.install(options)
      this.#o.log.info('update installing', { version: this.#available?.version, ...options })
      return true
    } catch (error) {
      this.#work = 'idle'
      this.#error = describe(error)
      this.#o.log.error('update install failed', { error })
      this.#publish()
      return false
    }
  }

  async #busy(): Promise<string[]> {
    try {
      return await this.#o.busy()
    } catch (error) {
      this.#o.log.warn('could not tell whether the till is busy', { error })
      return [NOT_KNOWN]
    }
  }

  #plan(ms: number): void {
    this.#cancelTimer?.()
    this.#nextCheckAt = this.#o.now() + ms
    this.#cancelTimer = this.#o.schedule(() => void this.check(), ms)
  }

  #phase(preferences: UpdatePreferences, heldBy: string[]): UpdatePhase {
    const { capability } = this.#o.engine
    if (capability === 'none') return 'unsupported'
    if (this.#work === 'installing') return 'installing'
    if (this.#work === 'checking') return 'checking'
    if (this.#work === 'downloading') return 'downloading'
    if (preferences.paused) return 'paused'
    if (this.#error) return 'error'
    if (capability === 'manual' && this.#available) return 'manual'
    if (this.#downloaded) return heldBy.length > 0 ? 'waiting' : 'ready'
    if (this.#upToDate) return 'up_to_date'
    return capability === 'manual' ? 'manual' : 'idle'
  }

  #message(phase: UpdatePhase, heldBy: string[]): string {
    const version = this.#available?.version
    switch (phase) {
      case 'unsupported':
        return this.#o.engine.capabilityReason
      case 'manual':
        return version
          ? `Version ${version} is available. ${this.#o.engine.capabilityReason}`
          : this.#o.engine.capabilityReason
      case 'paused':
        return version && this.#downloaded
          ? `Updates are paused. Version ${version} is downloaded and will not be installed until they are resumed.`
          : 'Updates are paused: nothing is checked, downloaded or installed.'
      case 'checking':
        return 'Checking for updates…'
      case 'downloading':
        return `Downloading version ${version ?? ''} in the background.`
      case 'ready':
        return `Version ${version ?? ''} is ready. It installs when Tilldesk quits or at shift close.`
      case 'waiting':
        return `Version ${version ?? ''} is ready and waits: ${heldBy.join(' ')}`
      case 'installing':
        return `Installing version ${version ?? ''}.`
      case 'error':
        return `The last update check failed: ${(this.#error ?? 'unknown error').replace(/\.$/, '')}. It is tried again at the next check.`
      case 'up_to_date':
        return 'Tilldesk is up to date.'
      case 'idle':
        return 'No check yet.'
    }
  }

  /** The catalogue's key for the phases said in fixed words (the others stay main's English). */
  #say(phase: UpdatePhase, heldBy: string[]): { say?: Said } {
    const version = this.#available?.version ?? ''
    const reasonKey = this.#o.engine.capabilityReasonKey
    switch (phase) {
      case 'unsupported':
        return reasonKey ? { say: { key: reasonKey } } : {}
      case 'manual':
        if (!reasonKey) return {}
        return version
          ? { say: { key: 'updates.available', params: { version, reason: { key: reasonKey } } } }
          : { say: { key: reasonKey } }
      case 'waiting': {
        const held = heldBy.map(heldSaid)
        if (held.length === 0 || held.some((said) => said === undefined)) return {}
        const list = (held as Said[]).reduce((first, next) => ({
          key: 'updates.held.list',
          params: { first, next },
        }))
        return { say: { key: 'updates.waits', params: { version, held: list } } }
      }
      case 'error':
        // The updater's own text is an engineer's detail: in the English message and the log.
        return { say: { key: 'updates.failed' } }
      case 'paused':
        return version && this.#downloaded
          ? { say: { key: 'updates.pausedDownloaded', params: { version } } }
          : { say: { key: 'updates.paused' } }
      case 'checking':
      case 'up_to_date':
      case 'idle':
        return { say: { key: `updates.${phase}` } }
      case 'downloading':
      case 'ready':
      case 'installing':
        return { say: { key: `updates.${phase}`, params: { version } } }
    }
  }

  #publish(): void {
    this.#o.onStatus(this.status())
  }
}

const NOT_KNOWN = 'Tilldesk could not tell whether a charge is open or payouts are sending.'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Why the update waits, named by key again (`updates.held`): the features' busy reasons
 * (main/collections/module.ts, main/payouts/module.ts) and this policy's own. A reason these
 * words do not make leaves the whole sentence in main's English.
 */
function heldSaid(reason: string): Said | undefined {
  if (reason === 'A charge is open.') return { key: 'updates.held.chargeOpen' }
  if (reason === 'Payouts are sending.') return { key: 'updates.held.payoutsSending' }
  if (reason === NOT_KNOWN) return { key: 'updates.held.notKnown' }
  const charges = /^(\d+) charges are open\.$/.exec(reason)
  return charges
    ? { key: 'updates.held.chargesOpen', params: { charges: Number(charges[1]) } }
    : undefined
}
