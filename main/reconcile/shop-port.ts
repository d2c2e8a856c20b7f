// How the reconciliation reaches the shop without importing it: the shop module links its
// service to the core both modules were made on (as collections' claims port does).
import type { CoreServices } from '../compose/core'
import type { ShopFact } from './till-records'

export interface ShopFacts {
  status(): { mode: 'single' | 'shop'; tillId: string | null; sync: string }
  /** This till's own events and the other tills' as pulled from the shop's server. */
  events(): ShopFact[]
}

const links = new WeakMap<CoreServices, ShopFacts>()

export function linkShopFacts(core: CoreServices, facts: ShopFacts): void {
  links.set(core, facts)
}

export const shopFactsOf = (core: CoreServices): ShopFacts | null => links.get(core) ?? null
