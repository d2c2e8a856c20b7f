// The report's money by hour of the day, for the charts (common/day-hours.ts). It counts
// exactly what figures.ts counts as received, paid by checkout and paid out, with the same
// period rule and the same keys, and puts each at the hour it is dated by: a charge's money at
// its opening, a late transfer when first seen, a checkout payment when started, a payout when
// the gateway confirmed it.
import { HourBuckets } from '../../common/day-hours'
import type { HourFigures } from '../../common/ipc/shifts'
import type { Activity } from './activity'
import type { Period } from './figures'

export function reportHours(activity: Activity, period: Period, timeZone?: string): HourFigures[] {
  const counted = (key: string, iso: string): boolean =>
    Date.parse(iso) > period.afterMs && !period.exclude.has(key)
  const hours = new HourBuckets(timeZone)
  for (const c of activity.charges)
    if (c.received > 0 && counted(`charge:${c.id}`, c.openedAt))
      hours.add(c.openedAt, c.currency, 'transfer', c.received)
  for (const t of activity.lateTransfers)
    if (t.status === 'success' && counted(`late:${t.reference}`, t.firstSeenAt))
      hours.add(t.firstSeenAt, t.currency, 'transfer', t.amount)
  for (const p of activity.hostedPayments)
    if (p.status === 'success' && counted(`hosted:${p.reference}`, p.createdAt))
      hours.add(p.createdAt, p.currency, 'checkout', p.amount)
  const payouts = new Map(activity.payouts.map((p) => [p.reference, p]))
  for (const e of activity.payoutEvents) {
    const payout = payouts.get(e.reference)
    if (e.to === 'success' && payout && counted(`payout:${e.reference}:${e.to}:${e.at}`, e.at))
      hours.add(e.at, payout.currency, 'payouts', payout.amount)
  }
  return hours.rows()
}
