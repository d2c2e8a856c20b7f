// What a feature's journal may drop of the core's entries. A journal trims its oldest final
// entries past its limit (payments keep 500); an entry the core still has work on must stay,
// or a gateway record that arrives later for its reference meets no entry, and an alarm no
// supervisor has read vanishes with it. One rule for every kind, so no module words its own.
import { awaitsAcknowledgement } from './alarm'
import type { OutcomeFields } from './decision'
import { DECIDED_WATCH_MS } from './write-deps'

/**
 * The journal's `keep` for a kind: an entry the gateway has not settled (`unfinished`), a
 * decision still watched for the gateway's reversal window (tracker.ts looks it up slowly all
 * that time), and an overruled decision whose alarm waits for a supervisor.
 */
export const keptWhileFollowed =
  <E extends OutcomeFields>(now: () => number, unfinished: (entry: E) => boolean) =>
  (entry: E): boolean => {
    if (unfinished(entry) || awaitsAcknowledgement(entry.alarm)) return true
    const decidedAt = entry.resolution ? Date.parse(entry.resolution.at) : NaN
    return !entry.alarm && now() - decidedAt < DECIDED_WATCH_MS
  }
