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
const clockTime = (ms: number): string => new Date(ms).toTimeString().slice(0, 8)

/**
 * Throws `decision_fenced` while a request for this reference may still be on its way to the
 * gateway (or is being sent right now, `busy`), saying when it can be decided.
 */
export function assertDecidable(options: {
  noun: Noun
  now: number
  /** When the latest request whose answer was lost went off (null: none is out). */
  lastUnknownAt: string | null
  outstandingMs: number
  busy: boolean
}): void {
  const { lastUnknownAt, now } = options
  const what = thisSaid(options.noun)
  const fenced = (key: string, at: number) =>
    refuse('decision_fenced', { key, params: { what, time: clockTime(at) } })
  // When the latest request for the reference can no longer land.
  const until = lastUnknownAt === null ? null : Date.parse(lastUnknownAt) + options.outstandingMs
  if (until !== null && now < until) throw fenced('decision.fenced', until)
  if (options.busy) throw fenced('decision.asking', now + 1_000)
}
