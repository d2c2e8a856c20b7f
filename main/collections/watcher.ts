// The one transfer watcher. It lives in main so it keeps working while windows are hidden, and
// polls GET /merchants/virtual-accounts/transactions only for accounts someone is waiting on:
// fast while an instructions screen waits, slower in the background, nothing at all when no
// charge is open. Every poll asks from the charge's start, so after an outage or a restart the
// first successful poll catches up on everything, and dedupe by reference (in the ledger)
// keeps each transfer counted once.
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

/**
 * The rate budget of "customer says it's sent" (docs/collections.md). The spec states no rate
 * limit, so we set our own, small enough for any sane gateway: per account at most one
 * request every `intervalMs` (2 a second) for `durationMs`, plus one check at once per press
 * (never more than one per `intervalMs`, however often the button is pressed); at most
 * `maxBursts` accounts at that pace at once, so a whole till stays under 6 requests a second.
 * A 429 or any error still backs the whole watcher off (Retry-After first).
 */
export const FAST_CHECK = { intervalMs: 500, durationMs: 30_000, maxBursts: 3 } as const

export interface FastCheckPlan {
  checkingNow: boolean
  untilMs: number
  intervalMs: number
  /** False when other accounts use the whole fast budget (this one gets the waiting pace). */
  withinBudget: boolean
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
   * Hands over one account's transactions (or the sweep's, for null), as the client returned
   * them; returns how many were new to the till and how many were too malformed to read.
   */
  ingest(
    accountReference: string | null,
    transactions: readonly unknown[],
  ): { fresh: number; skipped: number }
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
  /** The customer says they have sent it: check this account now, then fast for a while. */
  fastCheck(accountReference: string): FastCheckPlan
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
    skipped: 0,
  }
  let lastEmitted = ''
  /** Accounts in a fast-check burst: until when (local ms), and a forced check pending. */
  const bursts = new Map<string, { untilMs: number; force: boolean; lastForcedAt: number }>()

  function bursting(account: string | null, now: number): boolean {
    if (account === null) return false
    const b = bursts.get(account)
    if (b && b.untilMs >= now) return true
    if (b) bursts.delete(account)
    return false
  }

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
    if (account !== null && bursts.get(account)?.force) return now
    const { waitingMs, backgroundMs } = deps.intervals()
    if (bursting(account, now)) return last + Math.min(FAST_CHECK.intervalMs, waitingMs)
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

  async function pollAccount(target: WatchTarget): Promise<{ fresh: number; skipped: number }> {
    const collected: unknown[] = []
    // Items the client's decoder already skipped as malformed, when it says so.
    let skippedByClient = 0
    for (let page = 1; page <= maxPages; page++) {
      const result = await deps.gateway.virtualAccounts.transactions({
        ...(target.accountReference !== null ? { account_reference: target.accountReference } : {}),
        start_date: new Date(target.sinceMs).toISOString(),
        page,
        page_size: pageSize,
      })
      collected.push(...result.data)
      skippedByClient += result.skipped ?? 0
      if (page >= result.pagination.total_pages) break
    }
    const { fresh, skipped } = deps.ingest(target.accountReference, collected)
    return { fresh, skipped: skipped + skippedByClient }
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
      let skipped = 0
      for (const t of due) {
        const b = t.accountReference !== null ? bursts.get(t.accountReference) : undefined
        if (b) b.force = false
      }
      for (const [i, r] of results.entries()) {
        if (r.status === 'fulfilled') {
          found += r.value.fresh
          skipped += r.value.skipped
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
          skipped,
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

  function fastCheck(accountReference: string): FastCheckPlan {
    const now = s.now()
    const held = bursts.get(accountReference)
    const active = [...bursts.entries()].filter(
      ([account, b]) => account !== accountReference && b.untilMs >= now,
    ).length
    const withinBudget = active < FAST_CHECK.maxBursts
    const untilMs = now + FAST_CHECK.durationMs
    const lastForcedAt = held?.lastForcedAt ?? -Infinity
    // One check at once per press, but never two forced checks within one interval.
    const force = now - lastForcedAt >= FAST_CHECK.intervalMs
    if (withinBudget)
      bursts.set(accountReference, { untilMs, force, lastForcedAt: force ? now : lastForcedAt })
    else if (force) {
      // Over budget: still one check now; the account keeps the waiting pace.
      bursts.delete(accountReference)
      lastPolled.delete(accountReference)
    }
    plan()
    return {
      checkingNow: force || inFlight,
      untilMs,
      intervalMs: withinBudget
        ? Math.min(FAST_CHECK.intervalMs, deps.intervals().waitingMs)
        : deps.intervals().waitingMs,
      withinBudget,
    }
  }

  return {
    poke: plan,
    fastCheck,
    status: () => status,
    stop() {
      stopped = true
      if (timer !== null) s.clearTimeout(timer)
      timer = null
    },
  }
}
