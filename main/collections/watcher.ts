// The one transfer watcher. It lives in main so it keeps working while windows are hidden, and
// polls GET /merchants/virtual-accounts/transactions only for accounts someone is waiting on:
// fast while an instructions screen waits, slower in the background, nothing at all when no
// charge is open. Every poll asks from the charge's start, so after an outage or a restart the
// first successful poll catches up on everything, and dedupe by reference (in the ledger)
// keeps each transfer counted once.
import type { VaTransaction } from '../../common/api/virtualAccounts'
import type { CollectionsStatus } from '../../common/ipc/collections'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff'
import { readFailure, type CollectionsGateway } from './gatewayPort'
import type { WatchTarget } from './ledger'

export interface Scheduler {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    // The watcher must not keep a Node process (tests, preview shutdown) alive by itself.
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

export interface WatcherIntervals {
  waitingMs: number
  backgroundMs: number
}

export interface WatcherDeps {
  gateway: Pick<CollectionsGateway, 'virtualAccounts'>
  scheduler: Scheduler
  random: () => number
  intervals(): WatcherIntervals
  /** Accounts to poll now, with the earliest time to ask for. */
  targets(nowMs: number): WatchTarget[]
  /** True when an instructions screen is waiting on this account. */
  isWaiting(accountReference: string, nowMs: number): boolean
  /**
   * Hands over one account's transactions (or the sweep's, for null); returns how many were
   * new to the till.
   */
  ingest(accountReference: string | null, transactions: VaTransaction[]): number
  onStatus(status: CollectionsStatus): void
  backoff?: BackoffPolicy
  /** Largest page the gateway allows; we ask for full pages to keep requests few. */
  pageSize?: number
  /** Safety net against a runaway window: at most this many pages per account per poll. */
  maxPages?: number
}

export interface Watcher {
  /** Re-plans right away: a charge opened or closed, or a screen started or stopped waiting. */
  poke(): void
  status(): CollectionsStatus
  stop(): void
}

export function createWatcher(deps: WatcherDeps): Watcher {
  const policy = deps.backoff ?? DEFAULT_BACKOFF
  const pageSize = deps.pageSize ?? 100
  const maxPages = deps.maxPages ?? 50
  const s = deps.scheduler

  /** When each account was last polled successfully; absent means due now. */
  const lastPolled = new Map<string | null, number>()
  let timer: unknown = null
  let inFlight = false
  let stopped = false
  let failures = 0
  let backoffUntil: number | null = null
  let wasOffline = false
  let status: CollectionsStatus = {
    online: true,
    offlineReason: null,
    lastSuccessAt: null,
    nextAttemptAt: null,
    watching: 0,
    waiting: 0,
    caughtUp: 0,
  }
  let lastEmitted = ''

  function publish(patch: Partial<CollectionsStatus>): void {
    status = { ...status, ...patch }
    const text = JSON.stringify(status)
    if (text !== lastEmitted) {
      lastEmitted = text
      deps.onStatus(status)
    }
  }

  /**
   * An account is due one interval after its last good poll. The interval is read now, not
   * when the poll happened, so a screen that starts waiting doesn't sit out a background wait.
   */
  function dueAt(account: string | null, now: number): number {
    const last = lastPolled.get(account)
    if (last === undefined) return now
    const { waitingMs, backgroundMs } = deps.intervals()
    const waiting = account !== null && deps.isWaiting(account, now)
    return last + (waiting ? waitingMs : backgroundMs)
  }

  function plan(): void {
    if (stopped) return
    if (timer !== null) {
      s.clearTimeout(timer)
      timer = null
    }
    if (inFlight) return // the running tick plans again when it finishes
    const now = s.now()
    const targets = deps.targets(now)
    const live = new Set(targets.map((t) => t.accountReference))
    for (const account of lastPolled.keys()) if (!live.has(account)) lastPolled.delete(account)
    const accounts = targets.filter((t) => t.accountReference !== null)
    const waiting = accounts.filter((t) => deps.isWaiting(t.accountReference!, now)).length
    publish({ watching: accounts.length, waiting })
    if (targets.length === 0) return // nobody is waiting on anything: no requests at all
    let wake = Math.min(...targets.map((t) => dueAt(t.accountReference, now)))
    if (backoffUntil !== null) wake = Math.max(wake, backoffUntil)
    timer = s.setTimeout(() => void tick(), Math.max(0, wake - now))
  }

  async function pollAccount(target: WatchTarget): Promise<number> {
    const collected: VaTransaction[] = []
    for (let page = 1; page <= maxPages; page++) {
      const result = await deps.gateway.virtualAccounts.transactions({
        ...(target.accountReference !== null ? { account_reference: target.accountReference } : {}),
        start_date: new Date(target.sinceMs).toISOString(),
        page,
        page_size: pageSize,
      })
      collected.push(...result.data)
      if (page >= result.pagination.total_pages) break
    }
    return deps.ingest(target.accountReference, collected)
  }

  function offlineReason(error: unknown): string {
    const f = readFailure(error)
    if (f.code === 'gateway_not_configured') return f.message
    if (!f.unavailable) return `The gateway refused the request: ${f.message}`
    if (f.status === 429) return 'The gateway asked us to slow down.'
    if (f.status !== null) return `The gateway is having problems (HTTP ${f.status}).`
    return 'The gateway cannot be reached (no answer from the network).'
  }

  async function tick(): Promise<void> {
    timer = null
    if (stopped || inFlight) return
    inFlight = true
    try {
      const now = s.now()
      const due = deps.targets(now).filter((t) => dueAt(t.accountReference, now) <= now)
      const results = await Promise.allSettled(due.map((t) => pollAccount(t)))
      const after = s.now()
      let failure: { error: unknown } | null = null
      let found = 0
      for (const [i, r] of results.entries()) {
        if (r.status === 'fulfilled') {
          found += r.value
          // Measured from the poll's start, so a slow answer doesn't stretch the interval.
          lastPolled.set(due[i]!.accountReference, now)
        } else failure ??= { error: r.reason }
      }
      if (failure !== null) {
        failures += 1
        const f = readFailure(failure.error)
        backoffUntil = after + backoffDelay(failures, f.retryAfterMs, policy, deps.random)
        wasOffline = true
        publish({
          online: false,
          offlineReason: offlineReason(failure.error),
          nextAttemptAt: new Date(backoffUntil).toISOString(),
        })
      } else if (due.length > 0) {
        failures = 0
        backoffUntil = null
        const patch: Partial<CollectionsStatus> = {
          online: true,
          offlineReason: null,
          lastSuccessAt: new Date(after).toISOString(),
          nextAttemptAt: null,
        }
        if (wasOffline) {
          patch.caughtUp = found
          wasOffline = false
        }
        publish(patch)
      }
    } finally {
      inFlight = false
      plan()
    }
  }

  return {
    poke: plan,
    status: () => status,
    stop() {
      stopped = true
      if (timer !== null) s.clearTimeout(timer)
      timer = null
    },
  }
}
