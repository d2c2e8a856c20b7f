// What this till tells the other tills, taken from the events its own services already emit
// to the windows: a charge that closed, and each state a payout reaches. Nothing here changes
// the till's own records; it only turns facts into signed shop events, once each.
//   charge.closed   {tillName, chargeId, state, outcome, currency, amountDueMinor, receivedMinor,
//                    cashier, closedAt}
//   payout.state    {tillName, reference, state, amountMinor, currency, bankName, accountName,
//                    narration, maker, bindingHash, at}
// Amounts travel as strings of integer minor units: exact whatever reads them.
import type { ChargeView } from '../../common/ipc/collections'
import type { PayoutView } from '../../common/ipc/payouts'
import type { ShopEvent } from './events'

export interface ShopRecorder {
  record(kind: string, body: Record<string, unknown>): Promise<unknown>
}

/** Keys of what was already told, rebuilt from the till's own shop log after a restart. */
export function toldKeys(own: readonly ShopEvent[]): Set<string> {
  const keys = new Set<string>()
  for (const e of own) {
    if (e.kind === 'charge.closed') keys.add(`charge:${String(e.body.chargeId)}`)
    if (e.kind === 'payout.state')
      keys.add(`payout:${String(e.body.reference)}:${String(e.body.state)}`)
  }
  return keys
}

export function chargeFact(
  view: ChargeView,
  tillName: string,
): { key: string; body: Record<string, unknown> } | null {
  if (view.state === 'open' || !view.closedAt) return null
  return {
    key: `charge:${view.id}`,
    body: {
      tillName,
      chargeId: view.id,
      state: view.state,
      outcome: view.reconciliation.status,
      currency: view.currency,
      amountDueMinor: String(view.amountDue),
      receivedMinor: String(view.reconciliation.received),
      cashier: view.openedBy.name,
      closedAt: view.closedAt,
    },
  }
}

export function payoutFact(
  view: PayoutView,
  tillName: string,
): { key: string; body: Record<string, unknown> } | null {
  if (view.state === 'draft') return null
  return {
    key: `payout:${view.reference}:${view.state}`,
    body: {
      tillName,
      reference: view.reference,
      state: view.state,
      amountMinor: String(view.amount),
      currency: view.currency,
      bankName: view.bankName,
      accountName: view.accountName,
      narration: view.narration,
      maker: view.createdBy.name,
      bindingHash: view.bindingHash,
      at: view.updatedAt,
    },
  }
}

/** Hears the app's events and records each new fact once. */
export class ShopReporter {
  readonly #told: Set<string>
  constructor(
    private readonly recorder: ShopRecorder,
    private readonly tillName: () => string,
    own: readonly ShopEvent[],
    private readonly onError: (error: unknown) => void,
  ) {
    this.#told = toldKeys(own)
  }

  hear(name: string, payload: unknown): void {
    const facts: Array<{ key: string; body: Record<string, unknown>; kind: string }> = []
    if (name === 'charge.updated') {
      const fact = chargeFact(payload as ChargeView, this.tillName())
      if (fact) facts.push({ ...fact, kind: 'charge.closed' })
    } else if (name === 'payouts.changed' && Array.isArray(payload)) {
      for (const view of payload as PayoutView[]) {
        const fact = payoutFact(view, this.tillName())
        if (fact) facts.push({ ...fact, kind: 'payout.state' })
      }
    }
    for (const fact of facts) {
      if (this.#told.has(fact.key)) continue
      this.#told.add(fact.key)
      this.recorder.record(fact.kind, fact.body).catch((error: unknown) => {
        // Not told after all: the next event about it tries again.
        this.#told.delete(fact.key)
        this.onError(error)
      })
    }
  }
}
