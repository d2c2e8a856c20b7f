// A transfer the shop moved between tills (docs/accounting.md, section 3): this till counted it
// while out of step with the shop, and the shop's rule gave it to another till's sale
// (main/collections/ledger.ts, disown). This till tells the shop once, and the till it names
// reads it back to carry the matching line in its next Z-report (main/shifts/moved-in.ts):
//   transfer.moved  {tillName, toTill, reference, amountMinor, currency, environment}
// Amounts travel as strings of integer minor units. Matching is by the till names the claims
// use (claims.ts: the winner's `tillName`), the shop's own names for its tills.
import type { TransferView } from '../../common/ipc/collections'
import type { Environment } from '../../common/ipc/shared'
import { isCurrency, minorFromText, type Currency, type Minor } from '../../common/money'
import type { ShopEvent } from './events'

export const MOVED = 'transfer.moved'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

/** What this till tells when the shop's rule took one of its counted transfers; else null. */
export function movedFact(
  view: TransferView,
  tillName: string,
  environment: Environment,
): { key: string; body: Record<string, unknown> } | null {
  if (!view.claimedBy || view.status !== 'success') return null
  return {
    key: `moved:${view.reference}`,
    body: {
      tillName,
      toTill: view.claimedBy,
      reference: view.reference,
      amountMinor: String(view.amount),
      currency: view.currency,
      environment,
    },
  }
}

/** Keys of the moves this till already told (its own shop log), so each is told once. */
export function toldMoves(own: readonly ShopEvent[]): Set<string> {
  return new Set(own.filter((e) => e.kind === MOVED).map((e) => `moved:${text(e.body.reference)}`))
}

/**
 * The transfers other tills told as moved to `tillName`'s sale, in `environment`, once each;
 * an event that is not what a till writes is passed over.
 */
export function movedInFacts(
  events: readonly ShopEvent[],
  tillName: string,
  environment: Environment,
): Array<{ reference: string; amount: Minor; currency: Currency }> {
  const out = new Map<string, { reference: string; amount: Minor; currency: Currency }>()
  for (const e of events) {
    const b = e.body
    if (e.kind !== MOVED || text(b.environment) !== environment || text(b.toTill) !== tillName)
      continue
    const reference = text(b.reference)
    const amount = minorFromText(b.amountMinor)
    const currency = text(b.currency)
    if (!reference || amount === null || !isCurrency(currency) || out.has(reference)) continue
    out.set(reference, { reference, amount, currency })
  }
  return [...out.values()]
}

/** What the teller needs of the shop service (main/shop/service.ts). */
export interface MovesShop {
  status(): { mode: 'single' | 'shop'; tillName: string | null }
  ownEvents(): ShopEvent[]
  record(kind: string, body: Record<string, unknown>): Promise<void>
}

/**
 * Hears collections' late transfers (a disowned one is told as late, with `claimedBy`) and
 * tells each move once. A failed record is forgotten, so the transfer's next event tells it.
 */
export class ShopMoves {
  #told: Set<string> | null = null

  constructor(
    private readonly shop: MovesShop,
    private readonly environment: () => Environment,
    private readonly onError: (error: unknown) => void,
  ) {}

  hear(name: string, payload: unknown): void {
    if (name !== 'collections.lateTransfer' || this.shop.status().mode !== 'shop') return
    const fact = movedFact(
      payload as TransferView,
      this.shop.status().tillName ?? '',
      this.environment(),
    )
    if (!fact) return
    const told = (this.#told ??= toldMoves(this.shop.ownEvents()))
    if (told.has(fact.key)) return
    told.add(fact.key)
    this.shop.record(MOVED, fact.body).catch((error: unknown) => {
      told.delete(fact.key)
      this.onError(error)
    })
  }

  /** Left the shop, or joined another: what was told is read again from the new log. */
  reset(): void {
    this.#told = null
  }
}
