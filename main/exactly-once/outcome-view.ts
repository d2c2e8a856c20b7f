// How a write whose answer was lost is shown, the same for every kind: why its fate is not
// known, in words, and the evidence. Each sentence comes keyed (`…Say`, `outcome.*`) beside its
// English, so a French screen says it in French; the gateway's own words stay as a value.
import type { Said } from '../../common/ipc/contract'
import type { UnknownOutcomeView } from '../../common/ipc/payments'
import type { ERROR_WORDS } from '../../common/words/errors'
import { readBack, sentencesOf } from '../../common/words/read-back'
import { stepSaid } from '../../common/words/steps'
import { english } from '../kernel/errors'
import type { Uncertainty } from './submit'

/** A kind whose outcome is shown: the catalogue says "this payment" for each. */
export type Noun = keyof typeof ERROR_WORDS.en.decision.this

/** "this payment", "this refund"… keyed by the kind's noun (common/words/errors.ts). */
export const thisSaid = (noun: Noun): Said => ({ key: `decision.this.${noun}` })

/**
 * The review reason journaled by reviewOf (submit.ts) as its key, with the gateway's last answer
 * read back out of it; null for any other text (it is shown as written). Read against the
 * catalogue's sentence for this noun, not a copy of it.
 */
function reviewSaid(review: string, noun: Noun): Said | null {
  const what = thisSaid(noun)
  const sentence = english({ key: 'outcome.review', params: { what, last: '{{last}}' } })
  const said = readBack(sentencesOf({ review: sentence }, 'outcome'), review, (_, last) =>
    stepSaid(last),
  )
  return said ? { ...said, params: { ...said.params, what } } : null
}

/** Why the outcome is not known yet, with the gateway's latest answer. */
function unknownSaid(u: Uncertainty, noun: Noun): Said {
  const why: Said = { key: 'outcome.unknown', params: { what: thisSaid(noun) } }
  const latest = u.steps.at(-1)?.said
  if (!latest) return why
  return { key: 'outcome.latest', params: { why, latest: stepSaid(latest) ?? latest } }
}

export function outcomeViewOf(
  u: Uncertainty | null | undefined,
  noun: Noun,
): UnknownOutcomeView | null {
  if (!u) return null
  const evidence = { since: u.since, steps: u.steps.map((step) => ({ ...step })) }
  if (!u.review) {
    const whySay = unknownSaid(u, noun)
    return { state: 'unknown', why: english(whySay), whySay, ...evidence }
  }
  const whySay = reviewSaid(u.review, noun)
  return { state: 'needs_review', why: u.review, ...(whySay ? { whySay } : {}), ...evidence }
}

/** The notice line for an unconfirmed write (short; the outcome view has the detail), keyed. */
function unconfirmedNoticeSaid(u: Uncertainty, noun: Noun): Said {
  return {
    key: u.review ? 'outcome.noticeReview' : 'outcome.noticeWaiting',
    params: { what: thisSaid(noun) },
  }
}

/** The same in English (journaled with the entry). */
export const unconfirmedNotice = (u: Uncertainty, noun: Noun): string =>
  english(unconfirmedNoticeSaid(u, noun))

/**
 * The keyed twin of an entry's journaled notice, when it is this module's sentence for the
 * entry's uncertainty or one of the kind's own (`ours`, or what `readBack` reads back by key
 * from it, with the words it quotes); otherwise nothing (an older till's words: shown as
 * written).
 */
export function noticeSay(
  entry: { notice: string | null; uncertainty?: Uncertainty | null | undefined },
  noun: Noun,
  ours: readonly Said[] = [],
  readBack: (notice: string) => Said | undefined = () => undefined,
): { noticeSay: Said } | Record<string, never> {
  const { notice, uncertainty: u } = entry
  if (notice === null) return {}
  const said =
    [...(u ? [unconfirmedNoticeSaid(u, noun)] : []), ...ours].find((s) => english(s) === notice) ??
    readBack(notice)
  return said ? { noticeSay: said } : {}
}

/**
 * The decided line, keyed: "Marked as paid by Ada (gateway reference TRF_1): seen on the
 * dashboard". The name, the reference and the reason stay as typed.
 */
export function markedSaid(
  r: { made: boolean; byName: string; gatewayReference: string | null; reason: string },
  made: keyof typeof ERROR_WORDS.en.outcome.word,
): Said {
  const params = { word: { key: `outcome.word.${made}` }, name: r.byName, reason: r.reason }
  if (!r.made) return { key: 'outcome.markedNot', params }
  return { key: 'outcome.marked', params: { ...params, reference: r.gatewayReference ?? '?' } }
}
