// Matching a day's gateway records to Tilldesk's by reference, in one pass over each side
// (a Map keyed by list and reference), so 10,000 gateway records cost 10,000 look-ups, never
// 10,000 × the till's records. Pure: no gateway, no files; the service feeds it.
import type {
  ReconcileDifference,
  ReconcileSide,
  ReconcileSource,
  ReconcileTotal,
} from '../../common/ipc/reconcile'
import { explain } from '../../common/words/reconcile'

/** One record from a gateway list, read tolerantly (amount null: the gateway did not give it). */
export interface GatewayRecord {
  source: ReconcileSource
  reference: string
  amount: number | null
  currency: string | null
  /** The gateway's word, as sent (its unknown words kept). */
  status: string
  atMs: number | null
}

/** One record a till made of something at the gateway. */
export interface TillRecord {
  source: ReconcileSource
  reference: string
  amount: number
  currency: string
  /** The till's own word for where it stands (a payout's state, a transfer's status…). */
  status: string
  atMs: number
  till: string
}

/** Where a record stands, in the few classes both sides' words fall into. */
export type StatusClass = 'success' | 'pending' | 'failed' | 'reversed' | 'unknown'

const CLASS: Record<string, StatusClass> = {
  success: 'success',
  successful: 'success',
  completed: 'success',
  pending: 'pending',
  processing: 'pending',
  submitted: 'pending',
  sending: 'pending',
  failed: 'failed',
  abandoned: 'failed',
  not_paid: 'failed',
  not_refunded: 'failed',
  reversed: 'reversed',
}

export const statusClass = (word: string): StatusClass => CLASS[word] ?? 'unknown'

/**
 * Whether a till record must be at the gateway. A payout still waiting for approval, or
 * refused by a supervisor, was never sent; a payment, refund or debit still `starting` (or
 * refused before it left) may never have reached it. Those are matched when the gateway has
 * them, and never listed as missing when it doesn't.
 */
const NOT_SENT: Record<ReconcileSource, readonly string[]> = {
  transfer_in: [],
  payment: ['starting', 'not_sent'],
  payout: ['draft', 'awaiting_approval', 'approved', 'rejected', 'expired', 'failed', 'not_paid'],
  refund: ['starting', 'not_sent', 'not_refunded'],
  debit: ['starting', 'not_sent', 'not_paid'],
}
export const expectedAtGateway = (r: TillRecord): boolean => !NOT_SENT[r.source].includes(r.status)

export interface MatchWindow {
  fromMs: number
  toMs: number
}

export interface MatchResult {
  matched: number
  differences: ReconcileDifference[]
  totals: ReconcileTotal[]
  /** The same totals, still open: what the look-ups find is added to them (lookups.ts). */
  tally: Totals
  /** Till records expected at the gateway that no list showed: the caller may look them up. */
  unseen: TillRecord[]
}

const keyOf = (source: ReconcileSource, reference: string) => `${source}\u0000${reference}`
const inWindow = (ms: number | null, w: MatchWindow) => ms !== null && ms >= w.fromMs && ms < w.toMs

export function gatewaySide(g: GatewayRecord): ReconcileSide {
  return {
    amount: g.amount,
    currency: g.currency,
    status: g.status,
    at: g.atMs === null ? null : new Date(g.atMs).toISOString(),
    till: null,
  }
}

export function tillSide(t: TillRecord): ReconcileSide {
  return {
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    at: new Date(t.atMs).toISOString(),
    till: t.till,
  }
}

/** The one difference between a pair both sides know, or null when they agree. */
export function compare(g: GatewayRecord, t: TillRecord): ReconcileDifference | null {
  const amountDiffers =
    (g.amount !== null && g.amount !== t.amount) ||
    (g.currency !== null && g.currency !== t.currency)
  const kind = amountDiffers
    ? 'amount'
    : statusClass(g.status) !== statusClass(t.status)
      ? 'status'
      : null
  if (kind === null) return null
  return difference(kind, g.source, g.reference, gatewaySide(g), tillSide(t))
}

/** One difference, with its words (words.ts). */
function difference(
  kind: ReconcileDifference['kind'],
  source: ReconcileSource,
  reference: string,
  gateway: ReconcileSide | null,
  till: ReconcileSide | null,
): ReconcileDifference {
  return { kind, source, reference, gateway, till, ...explain(kind, source, gateway, till) }
}

export const gatewayOnly = (g: GatewayRecord): ReconcileDifference =>
  difference('gateway_only', g.source, g.reference, gatewaySide(g), null)

export const tillOnly = (t: TillRecord): ReconcileDifference =>
  difference('till_only', t.source, t.reference, null, tillSide(t))

export class Totals {
  readonly #rows = new Map<string, ReconcileTotal & { g: bigint; t: bigint }>()

  #row(source: ReconcileSource, currency: string) {
    const key = `${source}|${currency}`
    let row = this.#rows.get(key)
    if (!row) {
      row = {
        source,
        currency,
        gatewayCount: 0,
        tillCount: 0,
        matched: 0,
        gatewaySettledMinor: '0',
        tillSettledMinor: '0',
        g: 0n,
        t: 0n,
      }
      this.#rows.set(key, row)
    }
    return row
  }

  /**
   * A gateway record, in its own currency; one that names none (a refund's or a debit's record
   * may not) in the row of the till record it pairs with, where it is matched.
   */
  gateway(g: GatewayRecord, pair?: TillRecord): void {
    const row = this.#row(g.source, g.currency ?? pair?.currency ?? '—')
    row.gatewayCount++
    if (g.amount !== null && statusClass(g.status) === 'success') row.g += BigInt(g.amount)
  }

  till(t: TillRecord): void {
    const row = this.#row(t.source, t.currency)
    row.tillCount++
    if (statusClass(t.status) === 'success') row.t += BigInt(t.amount)
  }

  matched(source: ReconcileSource, currency: string): void {
    this.#row(source, currency).matched++
  }

  list(): ReconcileTotal[] {
    return [...this.#rows.values()]
      .map(({ g, t, ...row }) => ({
        ...row,
        gatewaySettledMinor: g.toString(),
        tillSettledMinor: t.toString(),
      }))
      .sort((a, b) => (a.source + a.currency).localeCompare(b.source + b.currency))
  }
}

/**
 * Matches the gateway's records of a window to every till record. The gateway's lists may be
 * fetched with a margin either side: a record outside the window still matches a till record
 * inside it (a transfer dated 23:59 and seen at 00:01), but only records inside it are listed
 * as differences or counted in the totals. Till records are all given, whatever their time, so
 * a gateway record whose till record falls just outside the window still finds it.
 */
export function matchDay(
  gateway: Iterable<GatewayRecord>,
  till: Iterable<TillRecord>,
  window: MatchWindow,
): MatchResult {
  const byKey = new Map<string, TillRecord>()
  for (const t of till) {
    const key = keyOf(t.source, t.reference)
    const held = byKey.get(key)
    // The same reference twice (a record kept on two tills): the one that has moved further.
    if (!held || t.atMs > held.atMs) byKey.set(key, t)
  }
  const totals = new Totals()
  const seen = new Set<string>()
  const differences: ReconcileDifference[] = []
  let matched = 0
  for (const g of gateway) {
    const key = keyOf(g.source, g.reference)
    if (seen.has(key)) continue // a record listed twice (pages shifting under us): once
    const t = byKey.get(key)
    const inside = inWindow(g.atMs, window) || (t !== undefined && inWindow(t.atMs, window))
    if (!inside) continue
    seen.add(key)
    totals.gateway(g, t)
    if (!t) {
      differences.push(gatewayOnly(g))
      continue
    }
    totals.till(t)
    const difference = compare(g, t)
    if (difference) differences.push(difference)
    else {
      matched++
      totals.matched(t.source, t.currency)
    }
  }
  const unseen: TillRecord[] = []
  for (const [key, t] of byKey) {
    if (seen.has(key) || !inWindow(t.atMs, window)) continue
    if (!expectedAtGateway(t)) continue
    totals.till(t)
    unseen.push(t)
  }
  return { matched, differences, totals: totals.list(), tally: totals, unseen }
}
