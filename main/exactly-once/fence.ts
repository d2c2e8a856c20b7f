// The fence between a person's decision and the till's own requests for the same reference.
// A request the till sent may land at the gateway until its deadline plus the commit lag we
// allow (the same wait that comes before a lookup may clear a resend). A decision made while
// one may still land would race it: the supervisor says "not paid" while the payment is being
// made. So a decision is refused until that moment has passed, with when in words; and every
// resend re-reads its entry just before it leaves, so nothing goes once a decision is written.
import { refuse } from '../kernel/errors'
import { thisSaid, type Noun } from './outcome-view'

/** Beyond a request's deadline: how long a gateway may take to show a committed write. */
export const COMMIT_LAG_MARGIN_MS = 15_000

/** "14:05:30" in the till's local time: when the decision can be made. */
const clockTime = (ms: number): string => {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/**
 * Throws `decision_fenced` while a request for this reference may still be on its way to the
 * gateway (or is being sent right now, `busy`), saying when it can be decided.
 */
export function assertDecidable(options: {
  noun: Noun
  now: number
  lastUnknownAt: number | null
  outstandingMs: number
  busy?: boolean
}): void {
  // When the latest request for the reference can no longer land (null: none is out).
  const until =
    options.lastUnknownAt === null ? null : options.lastUnknownAt + options.outstandingMs
  if (until !== null && options.now < until)
    throw refuse('decision_fenced', {
      key: 'decision.fenced',
      params: { what: thisSaid(options.noun), time: clockTime(until) },
    })
  if (options.busy)
    throw refuse('decision_fenced', {
      key: 'decision.asking',
      params: { what: thisSaid(options.noun), time: clockTime(options.now + 1_000) },
    })
}
