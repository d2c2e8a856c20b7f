// One watcher per shop (docs/shop.md, "One watcher per shop"): the till holding the watch
// lease (watch-lease.ts) polls the gateway for every account any till claims, with ONE list
// per poll (the collections watcher's engine), and publishes each transfer it finds as a
// signed `transfer.seen` event; every till, the watcher included, decides it by the claim rule
// as if it had polled itself. The others' own watchers stay quiet while a watcher is heard;
// a till that loses the shop (or hears no watcher) polls for its own charges again.
import type { VaTransactionsPage, VaTransactionsFilter } from '../collections/gatewayPort'
import { observedFromGateway } from '../collections/ledger'
import {
  createWatcher,
  END_DATE_MARGIN_MS,
  realScheduler,
  type Watcher,
  type WatcherIntervals,
} from '../collections/watcher'
import type { ShopLogin, ShopServer } from './connection'
import { SEEN, type ClaimsShop, type ShopClaims, type ShopWatchTarget } from './claims'
import { WatchLease } from './watch-lease'

/**
 * The shop's one budget: a list every 750 ms while any till waits (80 a minute), every 700 ms
 * in a "customer says it's sent" burst or after a webhook (86 a minute), whatever the number
 * of tills and customers: under 90 lists a minute for the whole shop.
 */
export const SHOP_WAITING_MS = 750
export const SHOP_FAST_INTERVAL_MS = 700
/**
 * While the webhook relay is heard, polling is the safety net: a list every 2 s while any till
 * waits (30 a minute), plus one look per webhook, no two closer than 100 ms.
 */
export const SHOP_WAITING_WITH_RELAY_MS = 2_000
export const SHOP_MIN_GAP_MS = 100
/** One page of one account's list answers a webhook (a customer sends a few transfers at most). */
const LOOK_PAGE_SIZE = 100
/**
 * The gateway requests a minute the whole shop aims to stay under, every till's together
 * (issue goal: 90, whatever the number of tills; shown against it in Settings → Shop).
 */
export const SHOP_REQUEST_BUDGET_PER_MIN = 90
/** The relay counts as heard for this long after its last word (it beats every 30 s). */
const RELAY_HEARD_MS = 65_000

export interface ShopWatchGateway {
  virtualAccounts: { transactions(q: VaTransactionsFilter): Promise<VaTransactionsPage> }
  clockSkewSeconds: number | null
}

export interface ShopWatchOptions {
  claims: ShopClaims
  shop: ClaimsShop & { connection(): { server: ShopServer; login: ShopLogin } | null }
  gateway(): Promise<ShopWatchGateway>
  environment(): string
  intervals(): WatcherIntervals
  /** This till's own gateway requests in the last minute, every request (core.gatewayRequests). */
  ownRequestsPerMin(): number
  lateWindowMs: number
  warn(message: string, data: Record<string, unknown>): void
}

export interface ShopWatchView {
  /** The till watching for the shop; null when none is heard (each till asks for itself). */
  tillName: string | null
  thisTill: boolean
  /** Every till's gateway requests in the last minute, together. */
  requestsPerMin: number
  budgetPerMin: number
  relayHeardAt: string | null
}

/** What Settings → Shop shows of the watch, as this till's lease hears the shop. */
export function watchView(
  lease: Pick<WatchLease, 'watcher' | 'holding' | 'shopRequestsPerMin' | 'relayHeardAt'>,
): ShopWatchView {
  return {
    tillName: lease.watcher()?.tillName ?? null,
    thisTill: lease.holding,
    requestsPerMin: lease.shopRequestsPerMin(),
    budgetPerMin: SHOP_REQUEST_BUDGET_PER_MIN,
    relayHeardAt: lease.relayHeardAt,
  }
}

export class ShopWatch {
  readonly #o: ShopWatchOptions
  #lease: WatchLease | null = null
  #watcher: Watcher | null = null
  #targets = new Map<string, ShopWatchTarget>()
  /** When this till last asked the gateway as the shop's watcher (the rate cap's gap). */
  #lastRequestAt = -Infinity
  #published = new Set<string>()
  #offsetMs = 0
  #unhear: (() => void) | null = null

  constructor(options: ShopWatchOptions) {
    this.#o = options
  }

  /** Starts or stops with shop mode (after start, a join, a leave). */
  sync(): void {
    const status = this.#o.shop.status()
    const connection = this.#o.shop.connection()
    if (status.mode !== 'shop' || !connection || !status.tillId) {
      void this.stop()
      return
    }
    if (this.#lease) return
    const lease = new WatchLease({
      server: connection.server,
      login: connection.login,
      tillId: status.tillId,
      tillName: status.tillName ?? status.tillId,
      scope: () => this.#o.environment(),
      requestsPerMin: () => this.#o.ownRequestsPerMin(),
      onHolderChange: (holding) => (holding ? this.#watch() : this.#unwatch()),
      onNudge: (account) => void this.#watcher?.fastCheck(account),
      // The relay heard a webhook about this account: ask the gateway about it now.
      onRelay: (account) => (account !== null ? this.#lookNow(account) : this.#watcher?.poke()),
      onError: (error) => this.#o.warn('shop watch: lease connection', { error: String(error) }),
    })
    this.#lease = lease
    this.#o.claims.attachWatch({
      delegated: () => lease.delegated(),
      nudge: (account) =>
        lease.holding ? this.#watcher?.fastCheck(account) : lease.nudge(account),
    })
    this.#unhear = this.#o.claims.onChange(() => this.#watcher?.poke())
    lease.start()
  }

  /** Null outside shop mode. */
  view(): ShopWatchView | null {
    return this.#lease ? watchView(this.#lease) : null
  }

  #relayHeard(): boolean {
    const at = this.#lease?.watcher()?.relayHeardAt ?? null
    return at !== null && Date.now() - Date.parse(at) < RELAY_HEARD_MS
  }

  #gatewayNow(): number {
    return Date.now() + this.#offsetMs
  }

  #watch(): void {
    this.#unwatch()
    // What the shop already heard, from any watcher: not published again after a takeover.
    const events = [...this.#o.shop.ownEvents(), ...this.#o.shop.inbox()]
    for (const e of events)
      if (e.kind === SEEN)
        this.#published.add(`${String(e.body.reference)}|${String(e.body.status)}`)
    this.#watcher = createWatcher({
      gateway: {
        virtualAccounts: {
          transactions: async (q) => {
            const client = await this.#o.gateway()
            this.#lastRequestAt = Date.now()
            try {
              return await client.virtualAccounts.transactions(q)
            } finally {
              if (client.clockSkewSeconds !== null) this.#offsetMs = client.clockSkewSeconds * 1000
            }
          },
        },
      },
      scheduler: realScheduler,
      random: Math.random,
      intervals: () => ({
        ...this.#o.intervals(),
        waitingMs: this.#relayHeard() ? SHOP_WAITING_WITH_RELAY_MS : SHOP_WAITING_MS,
      }),
      minGapMs: SHOP_MIN_GAP_MS,
      fastIntervalMs: SHOP_FAST_INTERVAL_MS,
      newAccountsJoinNextPoll: true,
      gatewayNow: () => this.#gatewayNow(),
      targets: () => {
        const targets = this.#o.claims.watchTargets(this.#gatewayNow(), this.#o.lateWindowMs)
        this.#targets = new Map(targets.map((t) => [t.accountReference, t]))
        return targets.map((t) => ({
          accountReference: t.accountReference,
          sinceMs: t.sinceMs,
          chargeIds: [],
        }))
      },
      isWaiting: (account) => this.#targets.get(account)?.waiting ?? false,
      ingest: (_account, items) => this.#publish(items),
      onStatus: () => undefined,
    })
    this.#watcher.poke()
  }

  /**
   * A webhook named this account: one list of that account alone, at once, even while the
   * shop's poll is on its way (that poll may have asked before the money committed, and
   * waiting for it and then for the next one was most of a webhook's latency). One request
   * per webhook, as the forced poll it replaces; the shop's rate cap (SHOP_MIN_GAP_MS between
   * requests) still holds: too soon after the last request, or when the account is not one the
   * shop waits on, or its list runs past one page, the watcher's next poll answers instead.
   */
  #lookNow(accountReference: string): void {
    const watcher = this.#watcher
    const target = this.#targets.get(accountReference)
    const last = this.#lastRequestAt
    if (!watcher || !target || Date.now() - last < SHOP_MIN_GAP_MS) {
      watcher?.checkNow(accountReference)
      return
    }
    const look = async () => {
      const client = await this.#o.gateway()
      this.#lastRequestAt = Date.now()
      const page = await client.virtualAccounts.transactions({
        account_reference: accountReference,
        start_date: new Date(target.sinceMs).toISOString(),
        end_date: new Date(this.#gatewayNow() + END_DATE_MARGIN_MS).toISOString(),
        page: 1,
        page_size: LOOK_PAGE_SIZE,
      })
      const items: unknown[] = Array.isArray(page?.data) ? page.data : []
      // Only this account's items, in its window: as the watcher's own poll reads them.
      this.#publish(
        items.filter(
          (item) =>
            (item as { account_reference?: unknown }).account_reference === accountReference,
        ),
      )
      const total = (page?.pagination as { total_pages?: unknown } | undefined)?.total_pages
      if ((typeof total === 'number' && total > 1) || items.length >= LOOK_PAGE_SIZE)
        this.#watcher?.checkNow(accountReference)
    }
    look().catch((error: unknown) => {
      // The poll is the safety net (and backs off on its own when the gateway is away).
      this.#watcher?.checkNow(accountReference)
      this.#o.warn('shop watch: a webhook look failed', { error: String(error).slice(0, 200) })
    })
  }

  #unwatch(): void {
    this.#watcher?.stop()
    this.#watcher = null
  }

  /** Publishes what is new (a transfer, or a transfer's new status) and decides it here too. */
  #publish(items: readonly unknown[]): { fresh: number; skipped: number } {
    let skipped = 0
    const fresh: unknown[] = []
    for (const item of items) {
      const seen = observedFromGateway(item)
      if (!seen) {
        skipped += 1
        continue
      }
      const key = `${seen.reference}|${(item as { status?: unknown }).status}`
      if (this.#published.has(key)) continue
      this.#published.add(key)
      fresh.push(item)
      const raw = (item as { raw_status?: unknown }).raw_status
      void this.#o.shop
        .record(SEEN, {
          reference: seen.reference,
          accountReference: seen.accountReference,
          amountMinor: String(seen.amount),
          currency: seen.currency,
          status: (item as { status?: unknown }).status,
          ...(typeof raw === 'string' ? { rawStatus: raw } : {}),
          narration: seen.narration,
          createdAt: seen.createdAt,
          environment: this.#o.environment(),
        })
        .catch((error: unknown) => {
          // Not told: the next poll finds it again and tries once more.
          this.#published.delete(key)
          this.#o.warn('shop watch: could not record a transfer', { error: String(error) })
        })
    }
    if (fresh.length > 0) this.#o.claims.feed(fresh)
    return { fresh: fresh.length, skipped }
  }

  async stop(): Promise<void> {
    this.#unwatch()
    this.#unhear?.()
    this.#unhear = null
    const lease = this.#lease
    this.#lease = null
    await lease?.stop()
  }
}
