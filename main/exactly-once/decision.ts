// A supervisor's decision on a write whose outcome the till could not find out (every kind): who
// may decide, the record kept in the entry (who, when, why, the gateway's reference), and how
// it is shown. Never the person who started it, always with their PIN; nothing but a decision
// or the gateway's answer for the reference closes an unknown outcome.
import * as z from 'zod'
import type { OutcomeDecisionInput, UnknownOutcomeView } from '../../common/ipc/payments'
import type { Said } from '../../common/ipc/contract'
import type { ERROR_WORDS } from '../../common/words/errors'
import { english } from '../kernel/errors'
import type { Alarm, Alarmed } from './alarm'
import type { Uncertainty } from './submit'
import { markedSaid, outcomeViewOf } from './outcome-view'

/** The decision as kept in the journal entry: the audit record of it. */
export const Resolution = z.object({
  made: z.boolean(),
  byId: z.string(),
  byName: z.string(),
  /** Their role when they decided (payouts keep it in the audit); absent in older entries. */
  byRole: z.string().optional(),
  at: z.string(),
  reason: z.string(),
  gatewayReference: z.string().nullable(),
})
export type Resolution = z.infer<typeof Resolution>

export interface Decider {
  id: string
  name: string
  role?: string
}

/** The kinds a person decides, by the noun the catalogue keys their words by. */
type Decided = keyof typeof ERROR_WORDS.en.decision.makerBlock

export interface DecisionWords {
  noun: Decided
  /** How "made" reads for it ("paid", the default; "made" for refunds). */
  made?: keyof typeof ERROR_WORDS.en.outcome.word
}

/** Why `viewer` may not decide an item they started, keyed (common/words/errors.ts), or null. */
export function makerBlockSaid(
  startedById: string | null | undefined,
  viewer: Decider | null,
  words: DecisionWords,
): Said | null {
  return viewer && startedById === viewer.id ? { key: `decision.makerBlock.${words.noun}` } : null
}

/** The record of `actor`'s decision, signed in and their PIN checked. */
export function resolutionOf(actor: Decider, input: OutcomeDecisionInput, at: string): Resolution {
  return {
    made: input.outcome === 'paid',
    byId: actor.id,
    byName: actor.name,
    ...(actor.role ? { byRole: actor.role } : {}),
    at,
    reason: input.reason,
    gatewayReference: input.outcome === 'paid' ? input.gatewayReference : null,
  }
}

/** What an entry keeps for the core under the core's names (refunds, payments, debits). */
export interface OutcomeFields extends Alarmed {
  createdAt: string
  uncertainty?: Uncertainty | null | undefined
  resolution?: Resolution | null | undefined
}

/**
 * Why it is unknown or needs review, in words, with the evidence; or how it was decided. `open`:
 * the till still does not know (the decision buttons apply).
 */
export function decisionOutcomeView(
  item: OutcomeFields & { startedById: string | null | undefined; open: boolean },
  viewer: Decider | null,
  words: DecisionWords,
): UnknownOutcomeView | null {
  const r = item.resolution ?? null
  if (r) {
    const whySay = markedSaid(r, words.made ?? 'paid')
    // Shown by name: who decided is not identified further.
    const { byId: _byId, byRole: _byRole, ...decided } = r
    return {
      state: 'decided',
      why: english(whySay),
      whySay,
      since: item.uncertainty?.since ?? item.createdAt,
      steps: item.uncertainty?.steps.map((step) => ({ ...step })) ?? [],
      decided,
      decideBlocked: null,
      ...alarmView(item.alarm),
    }
  }
  const view = item.open ? outcomeViewOf(item.uncertainty, words.noun) : null
  if (!view) return null
  const blocked = makerBlockSaid(item.startedById, viewer, words)
  const say = blocked ? { decideBlockedSay: blocked } : {}
  return { ...view, decideBlocked: blocked && english(blocked), ...say }
}

/** The alarm of a decision the gateway overruled, as the screens show it. */
export function alarmView(alarm: Alarm | null | undefined): Pick<UnknownOutcomeView, 'alarm'> {
  if (!alarm) return {}
  const { text, at, acknowledged } = alarm
  return { alarm: { text, at, acknowledgedBy: acknowledged?.byName ?? null } }
}
