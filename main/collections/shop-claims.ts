// A charge in a shop (docs/shop.md, "One transfer, one sale"): what this till remembers of the
// shop's claims about its transfers (given to another till's sale, counted here while out of
// step, still undecided), the charge's view with those notes, and asking the rule again when
// the claims change. The rule is main/shop/claim-rule.ts; charges.ts decides each new transfer
// on its ingest path with what this file keeps.
import type { ChargeView, ElsewhereTransfer, TransferView } from '../../common/ipc/collections'
import type { ClaimsPort } from './claimsPort'
import type { ChargeRecord, Ledger, ObservedTransfer } from './ledger'
import type { CollectionsStore } from './store'

export interface ChargeClaimsOptions {
  ledger: Ledger
  store: Pick<CollectionsStore, 'saveTransfer'>
  events: {
    chargeUpdated(view: ChargeView): void
    lateTransfer(transfer: TransferView): void
    alarm?(message: string, view: ChargeView): void
  }
  /** The shop's claims port (main/shop/claims.ts); null on a single till. */
  claims(): ClaimsPort | null
  gatewayNow(): number
  lateWindowMs: number
  lookbackMs: number
  /** The charges' own path for transfers the shop's watcher found. */
  ingest(
    accountReference: string | null,
    items: readonly unknown[],
    pulledNow: boolean,
  ): Promise<unknown>
}

export function createChargeClaims(o: ChargeClaimsOptions) {
  const claims = (): ClaimsPort | null => {
    const port = o.claims()
    return port?.active() ? port : null
  }
  /** Per own charge: transfers into its account that another till's sale took. */
  const elsewhere = new Map<string, Map<string, ElsewhereTransfer>>()
  /** Transfers settled to another till for good (its claim ended after them): not asked again. */
  const settledElsewhere = new Set<string>()
  /** Transfers counted here whose claim was not on the shop's server yet: asked again later. */
  const provisional = new Set<string>()
  /**
   * Transfers given to another till's claim that is still open (it may yet end before them),
   * as the list items they came in: asked again whenever the shop's claims change, since the
   * shop's watcher tells each transfer once.
   */
  const undecidedElsewhere = new Map<string, unknown>()

  function viewOf(record: ChargeRecord): ChargeView {
    const view = o.ledger.view(record)
    const port = claims()
    const notes = elsewhere.get(record.id)
    const disowned = o.ledger.disownedOf(record.id)
    if (!port && !notes && disowned.length === 0) return view
    return {
      ...view,
      shop: {
        elsewhere: [...(notes?.values() ?? [])],
        atRisk: record.state === 'open' && (port?.atRisk(record.id) ?? false),
        disowned: disowned.map((t) => ({
          reference: t.reference,
          amount: t.amount,
          currency: t.currency,
          tillName: t.claimedBy ?? '',
          createdAt: t.createdAt,
        })),
      },
    }
  }

  /** Notes on this till's open charge for the account that the money went to another till. */
  function noteElsewhere(seen: ObservedTransfer, tillName: string): void {
    const own = o.ledger.openChargeOn(seen.accountReference)
    if (!own) return
    const notes = elsewhere.get(own.id) ?? new Map<string, ElsewhereTransfer>()
    if (notes.get(seen.reference)?.tillName === tillName) return
    notes.set(seen.reference, {
      reference: seen.reference,
      amount: seen.amount,
      currency: seen.currency,
      tillName,
      createdAt: seen.createdAt,
    })
    elsewhere.set(own.id, notes)
    o.events.chargeUpdated(viewOf(own))
  }

  /** A transfer told as another till's while that till's claim was open is counted here. */
  function countedHere(seen: ObservedTransfer): void {
    const own = o.ledger.openChargeOn(seen.accountReference)
    if (own) elsewhere.get(own.id)?.delete(seen.reference)
  }

  /** A claim ends where its charge stops taking money: the paying transfer's time, or now. */
  function ended(record: ChargeRecord, endedAt: string): void {
    claims()?.ended({ id: record.id, accountReference: record.account.accountReference }, endedAt)
  }

  /**
   * Asks the rule again about transfers decided while out of step: once this till's claim is
   * in the shop's order, a transfer the rule gives to another till's sale stops counting here
   * and raises the alarm (goods may have left twice).
   */
  function resettle(): void {
    const port = claims()
    if (!port) return
    if (undecidedElsewhere.size > 0) void fromShop([...undecidedElsewhere.values()])
    for (const reference of [...provisional]) {
      const t = o.ledger.transfer(reference)
      if (!t || t.late) {
        provisional.delete(reference)
        continue
      }
      const d = port.decide(t)
      if (d.provisional) continue
      provisional.delete(reference)
      if (d.owner !== 'other') continue
      const disowned = o.ledger.disown(reference, d.tillName ?? 'another till')
      if (!disowned) continue
      o.store.saveTransfer(disowned)
      const owner = disowned.chargeId ? o.ledger.charge(disowned.chargeId) : null
      o.events.lateTransfer(o.ledger.named(disowned))
      if (owner) {
        const view = viewOf(owner)
        o.events.chargeUpdated(view)
        o.events.alarm?.(
          `Transfer ${reference} was counted on this till while it was out of step with the shop, but by the shop's rule it pays ${d.tillName ?? 'another till'}'s sale. Goods may have left twice: check with that till.`,
          view,
        )
      }
    }
  }
  let claimsLinked = false
  /** The port may be linked after collections started (the shop module starts later). */
  function linkClaims(): void {
    if (claimsLinked) return
    const port = claims()
    if (!port) return
    claimsLinked = true
    port.onChange(resettle)
    port.onTransfers((items) => void fromShop(items))
    // After a restart: what was counted while out of step is asked again (the rule is pure).
    for (const t of o.ledger.allTransfers())
      if (!t.late && t.chargeId && port.atRisk(t.chargeId)) provisional.add(t.reference)
  }

  /**
   * Transfers the shop's watcher found: each goes through the same path as this till's own
   * poll, for the accounts this till watches (an open charge, or its late window), from each
   * one's window.
   */
  async function fromShop(items: readonly unknown[]): Promise<void> {
    const targets = o.ledger.watchTargets(o.gatewayNow(), o.lateWindowMs, o.lookbackMs)
    for (const t of targets) {
      const accounts = new Set(
        t.accountReference !== null ? [t.accountReference] : (t.sweepAccounts ?? []),
      )
      const mine = items.filter((item) => {
        const tx = item as { account_reference?: unknown; created_at?: unknown }
        return (
          typeof tx.account_reference === 'string' &&
          accounts.has(tx.account_reference) &&
          typeof tx.created_at === 'string' &&
          Date.parse(tx.created_at) >= t.sinceMs
        )
      })
      if (mine.length > 0) await o.ingest(t.accountReference, mine, true)
    }
  }

  return {
    claims,
    viewOf,
    noteElsewhere,
    countedHere,
    ended,
    linkClaims,
    settledElsewhere,
    provisional,
    undecidedElsewhere,
  }
}
