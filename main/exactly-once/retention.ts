// What a feature's journal may drop of the core's entries when it trims its oldest final ones:
// never one the core still has work on, or a gateway record that arrives later meets no entry,
// and an alarm no supervisor has read vanishes with it. One rule for every kind.
import { awaitsAcknowledgement, type Alarm } from './alarm'
import type { OutcomeFields, Resolution } from './decision'
import { DECIDED_WATCH_MS } from './write-deps'

/**
 * The journal's `keep` for a kind: an entry the gateway has not settled (`unfinished`), a
 * decision still watched, and an overruled decision whose alarm waits for a supervisor.
 */
export const keptWhileFollowed =
  <E extends OutcomeFields>(now: () => number, unfinished: (entry: E) => boolean) =>
  (entry: E): boolean => {
    if (unfinished(entry) || awaitsAcknowledgement(entry.alarm)) return true
    return decidedWatched(entry.resolution, entry.alarm, now())
  }

/** A decision the gateway has not overruled, in the reversal window: looked up, so kept. */
export function decidedWatched(
  resolution: Resolution | null | undefined,
  alarm: Alarm | null | undefined,
  now: number,
  watchMs: number = DECIDED_WATCH_MS,
): boolean {
  return !!resolution && !alarm && now - Date.parse(resolution.at) < watchMs
}
