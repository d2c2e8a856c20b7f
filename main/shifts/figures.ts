// The report's arithmetic, free of I/O: given what happened (activity.ts) and the period, the
// till's figures, each cashier's, and what is carried over. Every total is kept per currency
// with checked integer addition; two currencies are never summed into one number.
import { add, formatMoney, ZERO, type Currency, type Minor } from '../../common/money'
import {
  COLLECTION_OUTCOMES,
  HOSTED_PAYMENT_LINES,
  PAYOUT_LINES,
  REFUND_LINES,
  type CarriedOverItem,
  type CashierFigures,
  type CurrencyAmount,
  type HostedPaymentLine,
  type PayoutLine,
  type RefundLine,
  type ShiftFigures,
  type ShiftPerson,
  type Tally,
} from '../../common/ipc/shifts'
import { STATE_LABEL } from '../payouts/explain'
import type { Activity } from './activity'

/**
 * What a report covers: everything recorded after `afterMs` that the previous Z-report did not
 * already count (`exclude`). There is no upper bound: a report counts what is on record when it
 * is taken. The features stamp their records on different clocks (collections on the
 * gateway's, which the client knows only to the second), so a record made just before a close
 * may carry a time just after it, or the other way round. The previous Z-report therefore
 * hands over the keys it counted near its close (`edge`), and the next period starts a margin
 * earlier and skips those: nothing is counted twice, nothing falls between two reports.
 */
export interface Period {
  afterMs: number
  exclude: ReadonlySet<string>
  /** Counted items stamped after this go into `edge` (for the next period). */
  edgeAfterMs: number
}

/** The margin around a close: far beyond any clock difference the gateway accepts. */
export const EDGE_MS = 15 * 60_000

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
  readonly hosted = tallies(HOSTED_PAYMENT_LINES)
  readonly refunds = tallies(REFUND_LINES)
  readonly payouts = tallies(PAYOUT_LINES)

  build(): ShiftFigures {
    return {
      collections: {
        byOutcome: seal(this.outcomes),
        awaiting: this.awaiting.tally(),
        cancelled: this.cancelled.tally(),
        received: this.received.totals(),
      },
      hostedPayments: seal(this.hosted),
      refunds: seal(this.refunds),
      payouts: seal(this.payouts),
    }
  }
}

const HOSTED: Record<string, HostedPaymentLine> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'abandoned',
}
const REFUND: Record<string, RefundLine> = { success: 'success', failed: 'failed' }
const PAYOUT_EVENT: Record<string, PayoutLine> = {
  created: 'drafted',
  approved: 'approved',
  success: 'sent',
  failed: 'failed',
  reversed: 'reversed',
  rejected: 'rejected',
}
/** Payout states that are settled or stopped: nothing left for the next shift. */
const PAYOUT_DONE = new Set(['success', 'failed', 'reversed', 'rejected'])

export interface ShiftFiguresResult {
  till: ShiftFigures
  cashiers: CashierFigures[]
  carriedOver: CarriedOverItem[]
  /** Keys of counted items stamped after `edgeAfterMs`. */
  edge: string[]
}

/**
 * Figures for the period. A charge, hosted payment or refund counts in the period it was
 * started in, with the outcome it has now; a late transfer in the period it was first seen; a
 * payout step in the period it happened. Carried over is everything still unfinished now,
 * whenever it began.
 */
export function shiftFigures(activity: Activity, period: Period): ShiftFiguresResult {
  const edge: string[] = []
  const inPeriod = (key: string, iso: string) => {
    const t = Date.parse(iso)
    if (!(t > period.afterMs) || period.exclude.has(key)) return false
    if (t > period.edgeAfterMs) edge.push(key)
    return true
  }
  const till = new FiguresBuilder()
  const people = new People(activity)
  const both = (person: ShiftPerson | null, apply: (f: FiguresBuilder) => void) => {
    apply(till)
    if (person) apply(people.figuresOf(person))
  }

  for (const c of activity.charges) {
    if (!inPeriod(`charge:${c.id}`, c.openedAt)) continue
    both(c.openedBy, (f) => {
      if (c.received > 0) f.received.money(c.received, c.currency)
      if (c.state === 'cancelled') f.cancelled.add(c.received, c.currency)
      else if (c.status === 'awaiting') f.awaiting.add(c.amountDue, c.currency)
      else f.outcomes[c.status].add(c.received, c.currency)
    })
  }
  for (const t of activity.lateTransfers) {
    if (t.status !== 'success' || !inPeriod(`late:${t.reference}`, t.firstSeenAt)) continue
    both(t.cashier, (f) => {
      f.outcomes.late.add(t.amount, t.currency)
      f.received.money(t.amount, t.currency)
    })
  }
  for (const p of activity.hostedPayments) {
    if (!inPeriod(`hosted:${p.reference}`, p.createdAt)) continue
    both(people.byName(p.takenBy), (f) =>
      f.hosted[HOSTED[p.status] ?? 'pending'].add(p.amount, p.currency),
    )
  }
  for (const r of activity.refunds) {
    if (!inPeriod(`refund:${r.reference}`, r.createdAt)) continue
    both(people.byName(r.issuedBy), (f) =>
      f.refunds[REFUND[r.status] ?? 'pending'].add(r.amount, r.currency),
    )
  }
  const payouts = new Map(activity.payouts.map((p) => [p.reference, p]))
  for (const e of activity.payoutEvents) {
    const line = PAYOUT_EVENT[e.to]
    const payout = payouts.get(e.reference)
    if (!line || !payout || !inPeriod(`payout:${e.reference}:${e.to}:${e.at}`, e.at)) continue
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
    edge,
  }
}

/** Cashiers by id; payments and refunds name their cashier only, so names map to known ids. */
class People {
  readonly #byId = new Map<string, { person: ShiftPerson; figures: FiguresBuilder }>()
  readonly #idByName = new Map<string, string>()

  constructor(activity: Activity) {
    for (const c of activity.charges) this.#idByName.set(c.openedBy.name, c.openedBy.id)
    for (const p of activity.payouts) this.#idByName.set(p.maker.name, p.maker.id)
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

const CHARGE_WORDS: Record<string, string> = {
  awaiting: 'Waiting for the transfer',
  part_paid: 'Part-paid',
  paid: 'Paid, not closed',
  overpaid: 'Overpaid: refund or credit to decide',
}

function carriedOver(activity: Activity, people: People): CarriedOverItem[] {
  const out: CarriedOverItem[] = []
  for (const c of activity.charges) {
    if (c.state !== 'open') continue
    const money =
      c.status === 'awaiting'
        ? `${formatMoney(c.amountDue, c.currency)} due`
        : `${formatMoney(c.received, c.currency)} of ${formatMoney(c.amountDue, c.currency)} received`
    out.push({
      kind: 'charge',
      reference: c.id,
      what: `${CHARGE_WORDS[c.status] ?? c.status}: ${money}, ${c.customer}${c.pending > 0 ? ` (${formatMoney(c.pending, c.currency)} still processing)` : ''}`,
      status: c.status,
      party: c.customer,
      amount: c.amountDue,
      currency: c.currency,
      since: c.openedAt,
      cashier: c.openedBy,
    })
  }
  for (const t of activity.lateTransfers) {
    if (t.acknowledged || t.status === 'failed') continue
    out.push({
      kind: 'late_transfer',
      reference: t.reference,
      what: `Late transfer of ${formatMoney(t.amount, t.currency)} not yet looked at${t.status === 'success' ? '' : ' (still processing)'}`,
      status: t.status,
      amount: t.amount,
      currency: t.currency,
      since: t.firstSeenAt,
      cashier: t.cashier,
    })
  }
  for (const p of activity.hostedPayments) {
    if (HOSTED[p.status]) continue
    out.push({
      kind: 'hosted_payment',
      reference: p.reference,
      what: `Hosted payment of ${formatMoney(p.amount, p.currency)} not finished yet`,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      since: p.createdAt,
      cashier: people.byName(p.takenBy),
    })
  }
  for (const r of activity.refunds) {
    if (REFUND[r.status]) continue
    out.push({
      kind: 'refund',
      reference: r.reference,
      what: `Refund of ${formatMoney(r.amount, r.currency)} in progress`,
      status: r.status,
      amount: r.amount,
      currency: r.currency,
      since: r.createdAt,
      cashier: people.byName(r.issuedBy),
    })
  }
  for (const p of activity.payouts) {
    if (PAYOUT_DONE.has(p.state)) continue
    const label = (STATE_LABEL as Record<string, string>)[p.state] ?? p.state
    out.push({
      kind: 'payout',
      reference: p.reference,
      what: `Payout of ${formatMoney(p.amount, p.currency)} to ${p.payee}: ${label}`,
      status: p.state,
      party: p.payee,
      amount: p.amount,
      currency: p.currency,
      since: p.createdAt,
      cashier: p.maker,
    })
  }
  return out.sort(
    (a, b) => a.since.localeCompare(b.since) || a.reference.localeCompare(b.reference),
  )
}
