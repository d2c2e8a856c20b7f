// How collections hears the shop about claims, without importing shop mode: in a shop, an open
// charge is a claim on its account, and a transfer belongs to exactly one claim by the shop's
// rule (docs/shop.md, "One transfer, one sale"). A single till has no port and decides alone.
// The shop module links its implementation (main/shop/claims.ts) to the core it was made on.
import type { CoreServices } from '../compose/core'

export interface ClaimDecision {
  /** Whose sale the transfer pays by the rule: this till's, another till's, or nobody's. */
  owner: 'mine' | 'other' | 'none'
  /** The claim's charge (this till's or the other till's). */
  chargeId: string | null
  /** The other till's name, for the words on the screen. */
  tillName: string | null
  /**
   * The decision can still change: this till's claim is not on the shop's server yet (a claim
   * made while out of step), or the winning claim is still open elsewhere (it may end before
   * the transfer once that till sees the money that paid it).
   */
  provisional: boolean
}

export interface ClaimsPort {
  /** True in shop mode: claims are published and decide; false on a single till. */
  active(): boolean
  /** A charge opened on this till: its claim on the account. */
  opened(charge: { id: string; accountReference: string; openedAt: string }): void
  /** The claim ends (paid, cancelled, settled): transfers after `endedAt` are not its. */
  ended(charge: { id: string; accountReference: string }, endedAt: string): void
  /** Brings this till in step with the shop before deciding; false when it could not. */
  refresh(): Promise<boolean>
  decide(transfer: { accountReference: string; createdAt: string }): ClaimDecision
  /** True when a double claim is possible for this till's open charge (out of step). */
  atRisk(chargeId: string): boolean
  /** Hears every change in what the shop knows (a pull, this till's claim placed). */
  onChange(listener: () => void): () => void
  /**
   * True while one till watches the gateway for the whole shop (main/shop/watch-lease.ts):
   * this till's own watcher then makes no requests and confirms from the shop's events.
   */
  delegated(): boolean
  /** Transfers the shop's watcher found (gateway list items), for this till to decide. */
  onTransfers(listener: (items: readonly unknown[]) => void): () => void
  /** The cashier says the customer has sent it: ask the shop's watcher to look now. */
  nudge(accountReference: string): void
}

const ports = new WeakMap<CoreServices, ClaimsPort>()

/** The shop module links its claims to the core both modules were made on. */
export function linkClaims(core: CoreServices, port: ClaimsPort): void {
  ports.set(core, port)
}

export function claimsOf(core: CoreServices): ClaimsPort | null {
  return ports.get(core) ?? null
}
