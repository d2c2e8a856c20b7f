// The one transfer watcher. It lives in main so it keeps working while windows are hidden, and
// polls GET /merchants/virtual-accounts/transactions only while someone is waiting on an
// account: fast while an instructions screen waits, slower in the background, nothing at all
// when no charge is open. One poll is ONE list for every account the till waits on (no
// account_reference, from the earliest window's start, every page), read locally by account,
// so the request rate doesn't grow with the number of waiting customers. A gateway that
// refuses the unfiltered list gets one list per account instead (docs/gateway-assumptions.md).
// Every poll asks from the charge's start, so after an outage or a restart the first
// successful poll catches up on everything, and dedupe by reference (in the ledger) keeps
// each transfer counted once.
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
export const FAST_CHECK = { intervalMs: 400, durationMs: 30_000, maxBursts: 3 } as const

/** How far past "now" (gateway clock) a poll's end_date reaches: a clock measured in whole seconds. */
export const END_DATE_MARGIN_MS = 60_000

export interface FastCheckPlan {
  checkingNow: boolean
  untilMs: number
  intervalMs: number
  /** False when other accounts use the whole fast budget (this one gets the waiting pace). */
  withinBudget: boolean
}

export interface IngestResult {
  fresh: number
  skipped: number
}

export interface WatcherDeps {
  gateway: { virtualAccounts: Pick<CollectionsGateway['virtualAccounts'], 'transactions'> }
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
  ): IngestResult | Promise<IngestResult>
  onStatus(status: CollectionsStatus): void
  backoff?: BackoffPolicy
  /** Largest page the gateway allows; we ask for full pages to keep requests few. */
  pageSize?: number
  /** Safety net against a runaway window: at most this many pages per list. */
  maxPages?: number
  /** Now on the gateway's clock (the list's end_date); default the scheduler's clock. */
  gatewayNow?: () => number
  /** Told once when the gateway refuses the unfiltered list and the watcher asks per account. */
  onFallback?: (reason: string) => void
  /**
   * True while another watcher covers these accounts (one watcher per shop): no requests from
   * here; the plan is looked at again every `pausedRecheckMs` so polling resumes by itself.
   */
  paused?: () => boolean
  pausedRecheckMs?: number
  /** The burst pace of "customer says it's sent" (default FAST_CHECK.intervalMs). */
  fastIntervalMs?: number
  /**
   * A new account waits for the next poll at its pace instead of being asked at once (the
   * shop's watcher: another till's claim appearing must not add a request; a customer needs
   * longer than one interval to send the money anyway).
   */
  newAccountsJoinNextPoll?: boolean
  /** No two polls closer than this, whatever asks (webhooks, bursts): the shop's rate cap. */
  minGapMs?: number
}

export interface Watcher {
  /** Re-plans right away: a charge opened or closed, or a screen started or stopped waiting. */
  poke(): void
  /** The customer says they have sent it: check this account now, then fast for a while. */
  fastCheck(accountReference: string): FastCheckPlan
  /** One check of this account as soon as the rate allows, with no burst (a webhook hint). */
  checkNow(accountReference: string): void
  status(): CollectionsStatus
  stop(): void
}

export function createWatcher(deps: WatcherDeps): Watcher {
  const policy = deps.backoff ?? DEFAULT_BACKOFF
  const pageSize = deps.pageSize ?? 100
  const maxPages = deps.maxPages ?? 50
  const s = deps.scheduler
  const fastMs = deps.fastIntervalMs ?? FAST_CHECK.intervalMs

  /** When each account was last polled successfully; absent means due now. */
  const lastPolled = new Map<string | null, number>()
  /** When the last poll of any account started (the shop's watcher plans new accounts from it). */
  let lastPoll: number | null = null
  /** Accounts to check at the next chance, once (over the burst budget, or a webhook's hint). */
  const forced = new Set<string>()
  let timer: unknown = null
  let inFlight = false
  let stopped = false
  let failures = 0
  let backoffUntil: number | null = null
  let wasOffline = false
  /** The gateway refused the unfiltered list once: one list per account from then on. */
  let perAccount = false
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
    let last = lastPolled.get(account)
    if (last === undefined && deps.newAccountsJoinNextPoll && lastPoll !== null) last = lastPoll
    if (account !== null && forced.has(account)) return now
    if (last === undefined) return now
    if (account !== null && bursts.get(account)?.force) return now
    const { waitingMs, backgroundMs } = deps.intervals()
    if (bursting(account, now)) return last + Math.min(fastMs, waitingMs)
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
    if (deps.paused?.()) {
      timer = s.setTimeout(plan, deps.pausedRecheckMs ?? 1_000)
      return
    }
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
    if (deps.minGapMs && lastPoll !== null) wake = Math.max(wake, lastPoll + deps.minGapMs)
    timer = s.setTimeout(() => void tick(), Math.max(0, wake - now))
  }

  /** Every page of one list (one account, or all of them for null), tolerant of the envelope. */
  async function list(
    accountReference: string | null,
    sinceMs: number,
  ): Promise<{ items: unknown[]; skipped: number }> {
    const items: unknown[] = []
    // Items the client's decoder already skipped as malformed, when it says so.
    let skipped = 0
    const endMs = (deps.gatewayNow ?? s.now)() + END_DATE_MARGIN_MS
    for (let page = 1; page <= maxPages; page++) {
      const result = await deps.gateway.virtualAccounts.transactions({
        ...(accountReference !== null ? { account_reference: accountReference } : {}),
        start_date: new Date(sinceMs).toISOString(),
        end_date: new Date(endMs).toISOString(),
        page,
        page_size: pageSize,
      })
      const data: unknown[] = Array.isArray(result?.data) ? result.data : []
      items.push(...data)
      skipped += result?.skipped ?? 0
      // Tolerant of the paging envelope: total_pages when the gateway gives it, else a short
      // (or empty) page is the last one.
      const total = (result?.pagination as { total_pages?: unknown } | undefined)?.total_pages
      if (typeof total === 'number' && Number.isFinite(total)) {
        if (page >= total) break
      } else if (data.length < pageSize) break
    }
    return { items, skipped }
  }

  /** True when the gateway said the unfiltered list is not a request it takes (not an outage). */
  function refusesUnfiltered(error: unknown): boolean {
    const f = readFailure(error)
    return !f.unavailable && (f.status === 400 || f.status === 422)
  }

  async function ingestAll(
    targets: readonly WatchTarget[],
    items: readonly unknown[],
  ): Promise<IngestResult> {
    const accountOf = (item: unknown): unknown =>
      (item as { account_reference?: unknown } | null)?.account_reference
    const timeOf = (item: unknown): number => {
      const at = (item as { created_at?: unknown } | null)?.created_at
      return typeof at === 'string' ? Date.parse(at) : NaN
    }
    const own = new Set(
      targets.flatMap((t) => (t.accountReference !== null ? [t.accountReference] : [])),
    )
    let fresh = 0
    let skipped = 0
    // Accounts with an open charge first, the late-window sweep last (as the targets come).
    for (const t of targets) {
      const mine = items.filter((item) => {
        const account = accountOf(item)
        const at = timeOf(item)
        // An unreadable time goes to ingest, which counts it as malformed.
        const inWindow = Number.isNaN(at) || at >= t.sinceMs
        if (t.accountReference !== null) return account === t.accountReference && inWindow
        return !(typeof account === 'string' && own.has(account)) && inWindow
      })
      const r = await deps.ingest(t.accountReference, mine)
      fresh += r.fresh
      skipped += r.skipped
    }
    // Items without an account at all are counted once, as the per-account reads would.
    const orphans = items.filter((item) => typeof accountOf(item) !== 'string')
    if (orphans.length > 0 && !targets.some((t) => t.accountReference === null))
      skipped += (await deps.ingest(null, orphans)).skipped
    return { fresh, skipped }
  }

  /** One poll: one list for all the targets, or one per target when the gateway refuses that. */
  async function poll(targets: readonly WatchTarget[]): Promise<IngestResult> {
    if (!perAccount) {
      try {
        const since = Math.min(...targets.map((t) => t.sinceMs))
        const { items, skipped } = await list(null, since)
        const r = await ingestAll(targets, items)
        return { fresh: r.fresh, skipped: r.skipped + skipped }
      } catch (error) {
        if (!refusesUnfiltered(error)) throw error
        perAccount = true
        deps.onFallback?.(readFailure(error).message)
      }
    }
    let fresh = 0
    let skipped = 0
    for (const t of targets) {
      // The sweep too goes account by account: the gateway refused the list without one.
      const accounts = t.accountReference !== null ? [t.accountReference] : (t.sweepAccounts ?? [])
      for (const account of accounts) {
        const listed = await list(account, t.sinceMs)
        const r = await deps.ingest(t.accountReference, listed.items)
        fresh += r.fresh
        skipped += r.skipped + listed.skipped
      }
    }
    return { fresh, skipped }
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
    if (deps.paused?.()) return plan()
    inFlight = true
    try {
      const now = s.now()
      const targets = deps.targets(now)
      const due = targets.filter((t) => dueAt(t.accountReference, now) <= now)
      // A check asked for while this poll is on its way (a webhook, a press) may concern money
      // this poll was too early to see: only what was asked before it started is answered.
      const answered = new Set(forced)
      for (const [account, b] of bursts) if (b.force) answered.add(account)
      // One list serves every account, so a poll that is due anyway brings all of them along.
      const polled = due.length > 0 ? targets : []
      let failure: { error: unknown } | null = null
      let found = 0
      let skipped = 0
      if (polled.length > 0) {
        try {
          const r = await poll(polled)
          found = r.fresh
          skipped = r.skipped
          // Measured from the poll's start, so a slow answer doesn't stretch the interval.
          for (const t of polled) lastPolled.set(t.accountReference, now)
          lastPoll = now
        } catch (error) {
          failure = { error }
        }
      }
      const after = s.now()
      for (const t of polled) {
        if (t.accountReference === null || !answered.has(t.accountReference)) continue
        const b = bursts.get(t.accountReference)
        if (b) b.force = false
        forced.delete(t.accountReference)
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
      } else if (polled.length > 0) {
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
    const force = now - lastForcedAt >= fastMs
    if (withinBudget)
      bursts.set(accountReference, { untilMs, force, lastForcedAt: force ? now : lastForcedAt })
    else if (force) {
      // Over budget: still one check now; the account keeps the waiting pace.
      bursts.delete(accountReference)
      forced.add(accountReference)
    }
    plan()
    return {
      checkingNow: force || inFlight,
      untilMs,
      intervalMs: withinBudget
        ? Math.min(fastMs, deps.intervals().waitingMs)
        : deps.intervals().waitingMs,
      withinBudget,
    }
  }

  return {
    poke: plan,
    fastCheck,
    checkNow(accountReference) {
      forced.add(accountReference)
      plan()
    },
    status: () => status,
    stop() {
      stopped = true
      if (timer !== null) s.clearTimeout(timer)
      timer = null
    },
  }
}
