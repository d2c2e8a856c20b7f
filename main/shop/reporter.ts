// What this till tells the other tills, taken from the events its own services already emit
// to the windows: a charge that closed, and each state a payout reaches. Nothing here changes
// the till's own records; it only turns facts into signed shop events, once each.
//   charge.closed   {tillName, chargeId, state, outcome, currency, amountDueMinor, receivedMinor,
//                    cashier, closedAt}
//   payout.state    {tillName, reference, state, amountMinor, currency, bankName, accountName,
//                    narration, maker, makerId, accountNumber, bankCode, bindingHash,
//                    submittedAt, approvedBy, approvedAt, at}
//   shift.opened    {tillName, shiftId, environment, openedBy, openedAt}
//   shift.closed    {tillName, shiftId, environment, zNumber, seal, openedAt, closedAt, from, to,
//                    openedBy, closedBy, till, cashiers, carriedOver}: the sealed Z-report's
//                    figures exactly (main/shifts/figures.ts), so the shop-wide Z-report is the
//                    sum of what each till sealed, never a second count of its own.
// Amounts travel as strings of integer minor units: exact whatever reads them.
import type { ChargeView } from '../../common/ipc/collections'
import type { PayoutView } from '../../common/ipc/payouts'
import type {
  CurrencyAmount,
  ShiftFigures,
  ShiftStatus,
  Tally,
  ZReportView,
} from '../../common/ipc/shifts'
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
      keys.add(
        `payout:${String(e.body.reference)}:${String(e.body.state)}:${String(e.body.bindingHash)}:${String(e.body.submittedAt ?? null)}`,
      )
    if (e.kind === 'shift.opened') keys.add(`shift-open:${String(e.body.shiftId)}`)
    if (e.kind === 'shift.closed') keys.add(`shift-closed:${String(e.body.shiftId)}`)
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
    // With the hash and the request: a payout edited, or asked for again with the same
    // details, is told again, so the other tills' supervisors see (and bind to) its new
    // details and the request they answer.
    key: `payout:${view.reference}:${view.state}:${view.bindingHash}:${String(view.submittedAt)}`,
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
      // For a supervisor deciding on another till: who may not decide it, and the details
      // an approval binds to (main/shop/waiting.ts).
      makerId: view.createdBy.id,
      accountNumber: view.accountNumber,
      // For the shop-wide payout limits on every till (main/shop/payout-limits.ts).
      bankCode: view.bankCode,
      approvedBy: view.approval?.byName ?? null,
      approvedAt: view.approval?.at ?? null,
      purpose: view.purpose,
      bindingHash: view.bindingHash,
      // The request for approval a decision answers (approvals.ts on this till checks it).
      submittedAt: view.submittedAt,
      at: view.updatedAt,
      // A supervisor's decision on an outcome nobody could learn: `not_paid` leaves the state
      // `rejected`, which alone reads as refused before it was sent (main/reconcile).
      decided: view.outcome?.decided?.outcome ?? null,
    },
  }
}

const amounts = (list: readonly CurrencyAmount[]) =>
  list.map((a) => ({ currency: a.currency, amountMinor: String(a.amount) }))
const tally = (t: Tally) => ({ count: t.count, totals: amounts(t.totals) })
const tallies = (record: Record<string, Tally>) =>
  Object.fromEntries(Object.entries(record).map(([line, t]) => [line, tally(t)]))

/** A Z-report's figures with every amount as a string of integer minor units. */
export function figuresFact(f: ShiftFigures): Record<string, unknown> {
  return {
    collections: {
      byOutcome: tallies(f.collections.byOutcome),
      awaiting: tally(f.collections.awaiting),
      cancelled: tally(f.collections.cancelled),
      received: amounts(f.collections.received),
      ...(f.collections.movedOut ? { movedOut: tally(f.collections.movedOut) } : {}),
      ...(f.collections.movedIn ? { movedIn: tally(f.collections.movedIn) } : {}),
    },
    hostedPayments: tallies(f.hostedPayments),
    refunds: tallies(f.refunds),
    payouts: tallies(f.payouts),
    ...(f.debits ? { debits: tallies(f.debits) } : {}),
  }
}

export function shiftOpenedFact(
  status: ShiftStatus,
  tillName: string,
): { key: string; body: Record<string, unknown> } | null {
  const shift = status.current
  if (!shift || shift.state !== 'open') return null
  return {
    key: `shift-open:${shift.id}`,
    body: {
      tillName,
      shiftId: shift.id,
      environment: shift.environment,
      openedBy: { id: shift.openedBy.id, name: shift.openedBy.name },
      openedAt: shift.openedAt,
    },
  }
}

export function shiftClosedFact(
  z: ZReportView,
  tillName: string,
): { key: string; body: Record<string, unknown> } | null {
  const r = z.report
  if (r.kind !== 'z' || !r.shift.closedAt) return null
  const closedBy = r.shift.closedBy ?? r.shift.openedBy
  return {
    key: `shift-closed:${r.shift.id}`,
    body: {
      tillName,
      shiftId: r.shift.id,
      environment: r.shift.environment,
      zNumber: z.seal.number,
      seal: z.seal.seal,
      openedAt: r.shift.openedAt,
      closedAt: r.shift.closedAt,
      from: r.from,
      to: r.to,
      openedBy: { id: r.shift.openedBy.id, name: r.shift.openedBy.name },
      closedBy: { id: closedBy.id, name: closedBy.name },
      till: figuresFact(r.till),
      cashiers: r.cashiers.map((c) => ({
        cashier: { id: c.cashier.id, name: c.cashier.name },
        figures: figuresFact(c.figures),
      })),
      carriedOver: r.carriedOver.length,
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
    } else if (name === 'shifts.changed') {
      const fact = shiftOpenedFact(payload as ShiftStatus, this.tillName())
      if (fact) facts.push({ ...fact, kind: 'shift.opened' })
    } else if (name === 'shifts.closed') {
      const fact = shiftClosedFact(payload as ZReportView, this.tillName())
      if (fact) facts.push({ ...fact, kind: 'shift.closed' })
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
