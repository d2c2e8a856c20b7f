// Shop-wide claims: in a shop, an open charge is a claim on its customer's account, told to
// the other tills as signed events, and a transfer belongs to exactly one claim by the rule in
// claim-rule.ts (docs/shop.md, "One transfer, one sale"). This is the shop's side of
// collections' ClaimsPort (main/collections/claimsPort.ts):
//   charge.claimed   {chargeId, accountReference, openedAt, tillName, environment}
//   charge.released  {chargeId, accountReference, endedAt, environment}
// A claim's place in the shop's order is its `charge.claimed` event's server_seq: known for
// the other tills' claims as pulled, and for this till's once sync has read it back. Until
// then this till's claim is "out of step": it may take money offline-first, but a double
// claim is possible and the screen says so; the first sync after reconnecting settles it.
import type { ClaimDecision, ClaimsPort } from '../collections/claimsPort'
import { claimOf, type Claim } from './claim-rule'
import type { ShopEvent, StoredEvent } from './events'

export const CLAIMED = 'charge.claimed'
export const RELEASED = 'charge.released'
/** A transfer the shop's watcher found (shop-watch.ts): the list item, amounts as text. */
export const SEEN = 'transfer.seen'

/** A watched account as the shop's watcher plans it (every till's claims). */
export interface ShopWatchTarget {
  accountReference: string
  sinceMs: number
  /** An open claim on it (polled at the waiting pace), or only a late window (background). */
  waiting: boolean
}

/** Claims left open longer than this (a till that died mid-sale) are no longer watched. */
const STALE_CLAIM_MS = 24 * 3_600_000
/**
 * A claim of this till's still not on the shop's server this long after it was made (the till
 * is not confirmed by the shop yet, or its pushes fail) is one the shop's watcher cannot know
 * of: this till then looks for its own money, as a till that lost the shop does.
 */
export const UNPLACED_CLAIM_GRACE_MS = 3_000

/** A `transfer.seen` body back into the gateway's list item shape; null when unreadable. */
export function itemFromSeen(body: Record<string, unknown>): Record<string, unknown> | null {
  const amountText = typeof body.amountMinor === 'string' ? body.amountMinor : ''
  if (!/^\d{1,15}$/.test(amountText)) return null
  return {
    reference: body.reference,
    account_reference: body.accountReference,
    amount: Number(amountText),
    currency: body.currency,
    status: body.status,
    ...(typeof body.rawStatus === 'string' ? { raw_status: body.rawStatus } : {}),
    narration: typeof body.narration === 'string' ? body.narration : '',
    created_at: body.createdAt,
  }
}

/** What claims need from the shop service (main/shop/service.ts). */
export interface ClaimsShop {
  status(): {
    mode: 'single' | 'shop'
    tillId: string | null
    tillName: string | null
    sync: string
  }
  record(kind: string, body: Record<string, unknown>): Promise<void>
  ownEvents(): ShopEvent[]
  inbox(): StoredEvent[]
  /** Where the server put one of this till's events; null while it is only here. */
  ownServerSeq(eventId: string): number | null
  syncNow(): Promise<unknown>
  onPulled(listener: (events: StoredEvent[]) => unknown): () => void
}

export interface ShopClaimsOptions {
  shop: ClaimsShop
  /** The gateway environment charges are in: a Demo claim never meets a Live transfer. */
  environment(): string
  /** How far before a claim opened a transfer may be dated and still be its (collections' skew). */
  skewMs: number
  /** Longest wait for a sync round before deciding (the server may be slow or away). */
  refreshTimeoutMs?: number
  warn?(message: string, data: Record<string, unknown>): void
  /** This till's clock, ms (tests). */
  now?(): number
}

interface OwnClaim extends Claim {
  eventId: string | null
  /** When this till made the claim, by its own clock (0: before a restart). */
  madeAtMs: number
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const time = (v: unknown): number | null => {
  const t = typeof v === 'string' ? Date.parse(v) : NaN
  return Number.isFinite(t) ? t : null
}

export class ShopClaims implements ClaimsPort {
  readonly #o: ShopClaimsOptions
  readonly #own = new Map<string, OwnClaim>()
  readonly #others = new Map<string, Claim>()
  readonly #listeners = new Set<() => void>()
  readonly #transferListeners = new Set<(items: readonly unknown[]) => void>()
  #watch: { delegated(): boolean; nudge(accountReference: string): void } | null = null
  #loaded = false
  #unsubscribe: (() => void) | null = null

  constructor(options: ShopClaimsOptions) {
    this.#o = options
  }

  active(): boolean {
    return this.#o.shop.status().mode === 'shop'
  }

  /** Reads what the shop already told (own log and inbox) once, then follows each pull. */
  #load(): void {
    if (this.#loaded) return
    this.#loaded = true
    const tillId = this.#o.shop.status().tillId
    const tillName = this.#o.shop.status().tillName ?? ''
    for (const e of this.#o.shop.ownEvents()) this.#absorbOwn(e, tillId ?? '', tillName)
    this.#absorb(this.#o.shop.inbox())
    this.#unsubscribe = this.#o.shop.onPulled((events) => {
      this.#absorb(events)
      this.#changed()
      const found = events.flatMap((e) =>
        e.kind === SEEN && e.body.environment === this.#o.environment()
          ? [itemFromSeen(e.body)].filter((x) => x !== null)
          : [],
      )
      if (found.length > 0) this.feed(found)
    })
  }

  #absorbOwn(e: ShopEvent, tillId: string, tillName: string): void {
    const b = e.body
    if (b.environment !== this.#o.environment()) return
    const chargeId = text(b.chargeId)
    if (!chargeId) return
    if (e.kind === CLAIMED) {
      const accountReference = text(b.accountReference)
      const openedAtMs = time(b.openedAt)
      if (!accountReference || openedAtMs === null) return
      const held = this.#own.get(chargeId)
      this.#own.set(chargeId, {
        chargeId,
        tillId,
        tillName,
        accountReference,
        openedAtMs,
        endedAtMs: held?.endedAtMs ?? null,
        serverSeq: null,
        eventId: e.eventId,
        madeAtMs: held?.madeAtMs ?? 0,
      })
    } else if (e.kind === RELEASED) {
      const claim = this.#own.get(chargeId)
      const endedAtMs = time(b.endedAt)
      if (claim && endedAtMs !== null) claim.endedAtMs = endedAtMs
    }
  }

  #absorb(events: readonly StoredEvent[]): void {
    const ownTill = this.#o.shop.status().tillId
    for (const e of events) {
      if (e.tillId === ownTill || (e.kind !== CLAIMED && e.kind !== RELEASED)) continue
      const b = e.body
      if (b.environment !== this.#o.environment()) continue
      const chargeId = text(b.chargeId)
      if (!chargeId) continue
      const key = `${e.tillId}|${chargeId}`
      if (e.kind === CLAIMED) {
        const accountReference = text(b.accountReference)
        const openedAtMs = time(b.openedAt)
        if (!accountReference || openedAtMs === null || this.#others.has(key)) continue
        this.#others.set(key, {
          chargeId,
          tillId: e.tillId,
          tillName: text(b.tillName) ?? e.tillId,
          accountReference,
          openedAtMs,
          endedAtMs: null,
          serverSeq: e.serverSeq,
        })
      } else {
        const claim = this.#others.get(key)
        const endedAtMs = time(b.endedAt)
        // A release heard before its claim (never, in server order) is simply passed over.
        if (claim && endedAtMs !== null) claim.endedAtMs = endedAtMs
      }
    }
  }

  /** This till's claim with its place in the shop's order, read now. */
  #placed(claim: OwnClaim): OwnClaim {
    if (claim.serverSeq !== null) return claim
    if (claim.eventId === null) {
      const e = this.#o.shop
        .ownEvents()
        .find((x) => x.kind === CLAIMED && x.body.chargeId === claim.chargeId)
      claim.eventId = e?.eventId ?? null
    }
    if (claim.eventId !== null) claim.serverSeq = this.#o.shop.ownServerSeq(claim.eventId)
    return claim
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener()
      } catch (error) {
        this.#o.warn?.('shop claims: a listener failed', { error: String(error) })
      }
    }
  }

  #record(kind: string, body: Record<string, unknown>): void {
    this.#o.shop
      .record(kind, { ...body, environment: this.#o.environment() })
      .then(() => this.#changed())
      .catch((error: unknown) =>
        this.#o.warn?.('shop claims: could not record', { kind, error: String(error) }),
      )
  }

  opened(charge: { id: string; accountReference: string; openedAt: string }): void {
    if (!this.active()) return
    this.#load()
    const status = this.#o.shop.status()
    this.#own.set(charge.id, {
      chargeId: charge.id,
      tillId: status.tillId ?? '',
      tillName: status.tillName ?? '',
      accountReference: charge.accountReference,
      openedAtMs: Date.parse(charge.openedAt),
      endedAtMs: null,
      serverSeq: null,
      eventId: null,
      madeAtMs: (this.#o.now ?? Date.now)(),
    })
    this.#record(CLAIMED, {
      chargeId: charge.id,
      accountReference: charge.accountReference,
      openedAt: charge.openedAt,
      tillName: status.tillName ?? '',
    })
  }

  ended(charge: { id: string; accountReference: string }, endedAt: string): void {
    if (!this.active()) return
    this.#load()
    const claim = this.#own.get(charge.id)
    // A charge opened before the till was in a shop has no claim to end.
    if (!claim || claim.endedAtMs !== null) return
    claim.endedAtMs = Date.parse(endedAt)
    this.#record(RELEASED, {
      chargeId: charge.id,
      accountReference: charge.accountReference,
      endedAt,
    })
  }

  async refresh(): Promise<boolean> {
    if (!this.active()) return true
    this.#load()
    // Away from the server a round only waits for its connect timeout: decide on what we have.
    if (this.#o.shop.status().sync !== 'online') return false
    const timeout = new Promise<'late'>((resolve) => {
      const t = setTimeout(() => resolve('late'), this.#o.refreshTimeoutMs ?? 2_000)
      t.unref?.()
    })
    const round = await Promise.race([this.#o.shop.syncNow().then(() => 'done' as const), timeout])
    const inStep = round === 'done' && this.#o.shop.status().sync === 'online'
    // The round may have placed this till's claims: decisions made out of step can settle.
    if (inStep) this.#changed()
    return inStep
  }

  decide(transfer: { accountReference: string; createdAt: string }): ClaimDecision {
    if (!this.active()) return { owner: 'none', chargeId: null, tillName: null, provisional: false }
    this.#load()
    const claims: Claim[] = [...this.#others.values()]
    for (const c of this.#own.values()) claims.push(this.#placed(c))
    const winner = claimOf(
      transfer.accountReference,
      Date.parse(transfer.createdAt),
      claims,
      this.#o.skewMs,
    )
    if (!winner) return { owner: 'none', chargeId: null, tillName: null, provisional: false }
    const ownTill = this.#o.shop.status().tillId
    if (winner.tillId === ownTill && this.#own.has(winner.chargeId))
      return {
        owner: 'mine',
        chargeId: winner.chargeId,
        tillName: winner.tillName,
        provisional: winner.serverSeq === null,
      }
    return {
      owner: 'other',
      chargeId: winner.chargeId,
      tillName: winner.tillName,
      // Still open there: it may yet end before this transfer (the money that paid it not
      // seen by that till yet), so ask again later rather than settle now.
      provisional: winner.endedAtMs === null,
    }
  }

  atRisk(chargeId: string): boolean {
    if (!this.active()) return false
    this.#load()
    const claim = this.#own.get(chargeId)
    return claim !== undefined && claim.endedAtMs === null && this.#placed(claim).serverSeq === null
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Hands transfers the shop's watcher found to this till's collections. */
  feed(items: readonly unknown[]): void {
    for (const listener of this.#transferListeners) {
      try {
        listener(items)
      } catch (error) {
        this.#o.warn?.('shop claims: a transfer listener failed', { error: String(error) })
      }
    }
  }

  onTransfers(listener: (items: readonly unknown[]) => void): () => void {
    this.#transferListeners.add(listener)
    return () => this.#transferListeners.delete(listener)
  }

  /** The shop watch (watch-lease.ts) tells claims whether a watcher is live. */
  attachWatch(watch: { delegated(): boolean; nudge(accountReference: string): void }): void {
    this.#watch = watch
  }

  /**
   * True while the shop's watcher covers this till: one is live, and every open claim of this
   * till is on the shop's server (or was made too recently to tell), so the watcher knows it.
   */
  delegated(): boolean {
    if (!this.active() || !(this.#watch?.delegated() ?? false)) return false
    this.#load()
    const now = (this.#o.now ?? Date.now)()
    for (const claim of this.#own.values())
      if (
        claim.endedAtMs === null &&
        now - claim.madeAtMs > UNPLACED_CLAIM_GRACE_MS &&
        this.#placed(claim).serverSeq === null
      )
        return false
    return true
  }

  nudge(accountReference: string): void {
    if (this.delegated()) this.#watch?.nudge(accountReference)
  }

  /** Every account any till claims (open) or claimed within the late window, from when. */
  watchTargets(nowMs: number, lateWindowMs: number): ShopWatchTarget[] {
    if (!this.active()) return []
    this.#load()
    const out = new Map<string, ShopWatchTarget>()
    const all: Claim[] = [...this.#others.values(), ...this.#own.values()]
    for (const c of all) {
      const open = c.endedAtMs === null && nowMs - c.openedAtMs < STALE_CLAIM_MS
      const late = c.endedAtMs !== null && nowMs - c.endedAtMs < lateWindowMs
      if (!open && !late) continue
      const since = c.openedAtMs - this.#o.skewMs
      const held = out.get(c.accountReference)
      out.set(c.accountReference, {
        accountReference: c.accountReference,
        sinceMs: Math.min(held?.sinceMs ?? since, since),
        waiting: (held?.waiting ?? false) || open,
      })
    }
    return [...out.values()]
  }

  /** Called when the shop's status changes (a reconnect places this till's claims). */
  statusChanged(): void {
    if (this.#loaded) this.#changed()
  }

  stop(): void {
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#loaded = false
    this.#own.clear()
    this.#others.clear()
  }
}
