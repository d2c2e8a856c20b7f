// The report's money by hour of the day, for the charts (common/day-hours.ts). It counts
// exactly the movements figures.ts counts as received, paid by checkout and paid out (the same
// keys, left out once an earlier Z-report counted them), and puts each at the hour the money
// moved: a transfer when the till saw it, a checkout payment when it settled, a payout when the
// gateway confirmed it.
import { HourBuckets } from '../../common/day-hours'
import type { HourFigures } from '../../common/ipc/shifts'
import type { Activity } from './activity'
import { settledKey, type Period } from './figures'

export function reportHours(activity: Activity, period: Period, timeZone?: string): HourFigures[] {
  const seen = new Set<string>()
  const fresh = (key: string, at: string) => {
    if (period.counted.has(key) || seen.has(key)) return false
    if (period.legacyUntilMs !== null && !(Date.parse(at) > period.legacyUntilMs)) return false
    seen.add(key)
    return true
  }
  const hours = new HourBuckets(timeZone)
  for (const c of activity.charges)
    for (const t of c.transfers)
      if (fresh(`transfer:${t.reference}`, t.at)) hours.add(t.at, c.currency, 'transfer', t.amount)
  for (const t of activity.lateTransfers)
    if (t.status === 'success' && fresh(`transfer:${t.reference}`, t.firstSeenAt))
      hours.add(t.firstSeenAt, t.currency, 'transfer', t.amount)
  for (const p of activity.hostedPayments) {
    const at = p.settledAt ?? p.createdAt
    if (p.status === 'success' && fresh(settledKey('hosted', p.reference, p.status), at))
      hours.add(at, p.currency, 'checkout', p.amount)
  }
  const payouts = new Map(activity.payouts.map((p) => [p.reference, p]))
  for (const e of activity.payoutEvents) {
    const payout = payouts.get(e.reference)
    if (e.to === 'success' && payout && fresh(`payout:${e.reference}:${e.to}:${e.at}`, e.at))
      hours.add(e.at, payout.currency, 'payouts', payout.amount)
  }
  return hours.rows()
}
