// The report's arithmetic, free of I/O: given what happened (activity.ts) and the period, the
// till's figures, each cashier's, and what is carried over. Every total is kept per currency
// with checked integer addition; two currencies are never summed into one number.
import { add, ZERO, type Currency, type Minor } from '../../common/money'
import {
  COLLECTION_OUTCOMES,
  DEBIT_LINES,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINES,
  REFUND_LINES,
  type CarriedOverItem,
  type CashierFigures,
  type CurrencyAmount,
  type PayoutLine,
  type ShiftFigures,
  type ShiftPerson,
  type Tally,
} from '../../common/ipc/shifts'
import type { Activity, PayoutEvent } from './activity'
import { carriedOver, DEBIT, HOSTED, REFUND } from './carried-over'

/**
 * What a report covers: every movement of money (a transfer received, a sale finished, a hosted
 * payment or refund settled, a payout step) that no earlier sealed Z-report counted. A
 * movement is counted by its key, in the first report taken after the till learned of it,
 * whatever period its sale, charge or request was opened in: the till learns of money when
 * it moves (or later, never earlier), so this is the period in which it moved, as far as the
 * till can know, and no clock stamps decide it (the features stamp on different clocks).
 * Each sealed Z-report keeps the keys it counted, so nothing is counted twice and nothing
 * falls between two reports; see docs/accounting.md.
 */
export interface Period {
  /** Keys every earlier sealed Z-report counted. */
  counted: ReadonlySet<string>
  /**
   * The close of the newest Z-report sealed before reports kept their keys (an older build):
   * what moved at or before it is that report's. Null when there is none.
   */
  legacyUntilMs: number | null
}

class TallyBuilder {
  count = 0
  readonly #totals = new Map<Currency, Minor>()

  add(amount: Minor, currency: Currency): void {
    this.count += 1
    this.money(amount, currency)
  }

  /** Money without a count (the all-outcomes total). */
  money(amount: Minor, currency: Currency): void {
    this.#totals.set(currency, add(this.#totals.get(currency) ?? ZERO, amount))
  }

  totals(): CurrencyAmount[] {
    return [...this.#totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount }))
  }

  tally(): Tally {
    return { count: this.count, totals: this.totals() }
  }
}

const tallies = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, new TallyBuilder()])) as Record<K, TallyBuilder>

const seal = <K extends string>(t: Record<K, TallyBuilder>) =>
  Object.fromEntries(Object.entries<TallyBuilder>(t).map(([k, v]) => [k, v.tally()])) as Record<
    K,
    Tally
  >

class FiguresBuilder {
  readonly outcomes = tallies(COLLECTION_OUTCOMES)
  readonly awaiting = new TallyBuilder()
  readonly cancelled = new TallyBuilder()
  readonly received = new TallyBuilder()
  readonly movedOut = new TallyBuilder()
  readonly movedIn = new TallyBuilder()
  readonly hosted = tallies(HOSTED_PAYMENT_LINES)
  readonly refunds = tallies(REFUND_LINES)
  readonly payouts = tallies(PAYOUT_LINES)
  readonly debits = tallies(DEBIT_LINES)

  build(): ShiftFigures {
    return {
      collections: {
        byOutcome: seal(this.outcomes),
        awaiting: this.awaiting.tally(),
        cancelled: this.cancelled.tally(),
        received: this.received.totals(),
        movedOut: this.movedOut.tally(),
        movedIn: this.movedIn.tally(),
      },
      hostedPayments: seal(this.hosted),
      refunds: seal(this.refunds),
      payouts: seal(this.payouts),
      debits: seal(this.debits),
    }
  }
}

/** The payout steps a report counts, each on its line (other steps move no money). */
export const PAYOUT_EVENT: Readonly<Record<string, PayoutLine>> = {
  created: 'drafted',
  approved: 'approved',
  success: 'sent',
  failed: 'failed',
  reversed: 'reversed',
  rejected: 'rejected',
}
const SETTLED = { hosted: HOSTED, refund: REFUND, debit: DEBIT }

/** The key a payout step is counted under; null for a step no report counts. */
export const payoutEventKey = (e: PayoutEvent): string | null =>
  PAYOUT_EVENT[e.to] ? `payout:${e.reference}:${e.to}:${e.at}` : null

/**
 * The key a settled hosted payment, refund or debit is counted under: one per reference and
 * line.
 */
export function settledKey(
  kind: 'hosted' | 'refund' | 'debit',
  reference: string,
  status: string,
): string {
  const line = SETTLED[kind][status] ?? status
  return `${kind}:${reference}:${line}`
}

export interface ShiftFiguresResult {
  till: ShiftFigures
  cashiers: CashierFigures[]
  carriedOver: CarriedOverItem[]
  /** Keys of every movement this report counted (a Z-report keeps them, sealed). */
  counted: string[]
}

/**
 * Figures for the period. Money counts where it moved: a transfer (part, whole, over or late)
 * when it succeeded, a sale's outcome when it was finished, a hosted payment or refund when it
 * settled, a payout step when it happened. What is still waiting (a sale awaiting its
 * transfer, a hosted payment or refund pending, a payout not known or held) is stated as of
 * the report's close, never added across reports. Carried over is everything unfinished now.
 */
export function shiftFigures(activity: Activity, period: Period): ShiftFiguresResult {
  const counted: string[] = []
  const seen = new Set<string>()
  /** True once per key not counted before. */
  const once = (key: string) => {
    if (period.counted.has(key) || seen.has(key)) return false
    seen.add(key)
    counted.push(key)
    return true
  }
  /** True once per movement not counted before; `at` serves only the legacy boundary. */
  const fresh = (key: string, at: string | null) => {
    if (period.legacyUntilMs !== null) {
      const t = at === null ? NaN : Date.parse(at)
      if (!(t > period.legacyUntilMs)) return false
    }
    return once(key)
  }
  const till = new FiguresBuilder()
  const people = new People(activity)
  const both = (person: ShiftPerson | null, apply: (f: FiguresBuilder) => void) => {
    apply(till)
    if (person) apply(people.figuresOf(person))
  }

  for (const c of activity.charges) {
    for (const t of c.transfers) {
      if (!fresh(`transfer:${t.reference}`, t.at)) continue
      both(c.openedBy, (f) => f.received.money(t.amount, c.currency))
    }
    if (c.state === 'open') {
      if (c.status === 'awaiting') both(c.openedBy, (f) => f.awaiting.add(c.amountDue, c.currency))
      continue
    }
    if (!fresh(`charge:${c.id}`, c.closedAt ?? c.openedAt)) continue
    both(c.openedBy, (f) => {
      if (c.state === 'cancelled') f.cancelled.add(c.received, c.currency)
      else if (c.status !== 'awaiting') f.outcomes[c.status].add(c.received, c.currency)
    })
  }
  for (const t of activity.lateTransfers) {
    if (t.claimedBy) {
      // Another till's sale by the shop's rule. Counted by an earlier sealed Z-report of this
      // till (while out of step with the shop), it is taken back here, once, as a correction;
      // never counted, it is simply not this till's money.
      if (t.status === 'success' && period.counted.has(`transfer:${t.reference}`))
        if (once(`moved:${t.reference}`))
          both(t.cashier, (f) => f.movedOut.add(t.amount, t.currency))
      continue
    }
    if (t.status !== 'success' || !fresh(`transfer:${t.reference}`, t.firstSeenAt)) continue
    both(t.cashier, (f) => {
      f.outcomes.late.add(t.amount, t.currency)
      f.received.money(t.amount, t.currency)
    })
  }
  // Moved here by the shop after another till counted it: the matching line, once, under the
  // transfer's own key, after this till's own count of it (moved-in.ts).
  for (const t of activity.movedIn ?? [])
    if (once(`transfer:${t.reference}`)) till.movedIn.add(t.amount, t.currency)
  for (const p of activity.hostedPayments) {
    const line = HOSTED[p.status]
    const person = people.byName(p.takenBy)
    if (!line) both(person, (f) => f.hosted.pending.add(p.amount, p.currency))
    else if (fresh(settledKey('hosted', p.reference, p.status), p.settledAt ?? p.createdAt))
      both(person, (f) => f.hosted[line].add(p.amount, p.currency))
  }
  for (const r of activity.refunds) {
    const line = REFUND[r.status]
    const person = people.byName(r.issuedBy)
    if (!line) both(person, (f) => f.refunds.pending.add(r.amount, r.currency))
    else if (fresh(settledKey('refund', r.reference, r.status), r.updatedAt ?? r.createdAt))
      both(person, (f) => f.refunds[line].add(r.amount, r.currency))
  }
  for (const d of activity.debits) {
    const person = people.byName(d.chargedBy)
    // Its answer lost and not decided: stated as of the close, whatever the journal says.
    if (d.unknown || d.status === 'unknown') {
      both(person, (f) => f.debits.unknown.add(d.amount, d.currency))
      continue
    }
    if (d.status === 'not_sent') continue // never reached the gateway: nothing moved
    const line = DEBIT[d.status]
    if (!line) both(person, (f) => f.debits.pending.add(d.amount, d.currency))
    else if (fresh(settledKey('debit', d.reference, d.status), d.completedAt ?? d.createdAt))
      both(person, (f) => f.debits[line].add(d.amount, d.currency))
  }
  const payouts = new Map(activity.payouts.map((p) => [p.reference, p]))
  for (const e of activity.payoutEvents) {
    const line = PAYOUT_EVENT[e.to]
    const key = payoutEventKey(e)
    const payout = payouts.get(e.reference)
    if (!line || !key || !payout || !fresh(key, e.at)) continue
    both(payout.maker, (f) => f.payouts[line].add(payout.amount, payout.currency))
  }
  // Not known yet (or held) is a state of now, not an event of the period: every payout in it
  // when the report is taken is counted, each on its own line, never as failed.
  for (const p of activity.payouts) {
    if (p.state === 'needs_review' || p.state === 'unknown') {
      const line = p.state
      both(p.maker, (f) => f.payouts[line].add(p.amount, p.currency))
    }
  }

  return {
    till: till.build(),
    cashiers: people
      .list()
      .map(({ person, figures }) => ({ cashier: person, figures: figures.build() })),
    carriedOver: carriedOver(activity, people),
    counted,
  }
}

/** Cashiers by id; payments and refunds name their cashier only, so names map to known ids. */
export class People {
  readonly #byId = new Map<string, { person: ShiftPerson; figures: FiguresBuilder }>()
  readonly #idByName = new Map<string, string>()

  constructor(activity: Activity) {
    for (const c of activity.charges) this.#idByName.set(c.openedBy.name, c.openedBy.id)
    for (const p of activity.payouts) this.#idByName.set(p.maker.name, p.maker.id)
    for (const t of activity.lateTransfers)
      if (t.cashier) this.#idByName.set(t.cashier.name, t.cashier.id)
  }

  byName(name: string | null): ShiftPerson | null {
    if (!name) return null
    return { id: this.#idByName.get(name) ?? `name:${name}`, name }
  }

  figuresOf(person: ShiftPerson): FiguresBuilder {
    let entry = this.#byId.get(person.id)
    if (!entry) {
      entry = { person, figures: new FiguresBuilder() }
      this.#byId.set(person.id, entry)
    }
    return entry.figures
  }

  list() {
    return [...this.#byId.values()].sort((a, b) => a.person.name.localeCompare(b.person.name))
  }
}
