// What a report hands on: every item still unfinished at its close, whenever it began, in
// words. A state of the close, never a figure added across reports.
import { formatMoney } from '../../common/money'
import type {
  CarriedOverItem,
  HostedPaymentLine,
  RefundLine,
  ShiftPerson,
} from '../../common/ipc/shifts'
import { STATE_LABEL } from '../payouts/explain'
import type { Activity } from './activity'

/** Settled hosted payment and refund statuses, by report line ("not paid" was decided). */
export const HOSTED: Record<string, HostedPaymentLine> = {
  success: 'success',
  failed: 'failed',
  not_paid: 'failed',
  abandoned: 'abandoned',
}
export const REFUND: Record<string, RefundLine> = {
  success: 'success',
  failed: 'failed',
  not_refunded: 'failed',
}
/** Settled debit statuses, by report line ("not paid" was decided). */
export const DEBIT: Record<string, 'success' | 'failed'> = {
  success: 'success',
  failed: 'failed',
  not_paid: 'failed',
}
/** Payout states that are settled or stopped: nothing left for the next shift. */
export const PAYOUT_DONE = new Set(['success', 'failed', 'reversed', 'rejected'])

/** Finds a cashier by the name a journal keeps (figures.ts, People). */
interface People {
  byName(name: string | null): ShiftPerson | null
}

const CHARGE_WORDS: Record<string, string> = {
  awaiting: 'Waiting for the transfer',
  part_paid: 'Part-paid',
  paid: 'Paid, not closed',
  overpaid: 'Overpaid: refund or credit to decide',
}

export function carriedOver(activity: Activity, people: People): CarriedOverItem[] {
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
