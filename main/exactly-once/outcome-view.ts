// How a write whose answer was lost is shown: why its fate is not known, in words, and the
// evidence. Shared by payments and refunds so both say it the same way. Each sentence comes
// keyed (`…Say`, common/words/errors.ts `outcome.*`) beside its English, so a French screen
// says it in French; the gateway's own words stay as it wrote them, as a value.
import type { Said } from '../../common/ipc/contract'
import type { UnknownOutcomeView } from '../../common/ipc/payments'
import { ERROR_WORDS } from '../../common/words/errors'
import { stepSaid } from '../../common/words/steps'
import { english } from '../kernel/errors'
import type { Uncertainty } from './submit'

/** "this payment" keyed, or null for a noun the catalogue does not name (its English stays). */
function thisSaid(noun: string): Said | null {
  return Object.hasOwn(ERROR_WORDS.en.decision.this, noun) ? { key: `decision.this.${noun}` } : null
}

/**
 * The review reason journaled by reviewOf (submit.ts) as its key, with the gateway's last answer
 * read back out of it; null for any other text (it is shown as written). The English is rebuilt
 * around a marker, so this follows the catalogue's sentence rather than a copy of it.
 */
export function reviewSaid(review: string, noun: string): Said | null {
  const what = thisSaid(noun)
  if (!what) return null
  const marker = '\u0000'
  const [before, after] = english({ key: 'outcome.review', params: { what, last: marker } }).split(
    marker,
  )
  if (before === undefined || after === undefined) return null
  if (!review.startsWith(before) || !review.endsWith(after)) return null
  if (review.length < before.length + after.length) return null
  const last = review.slice(before.length, review.length - after.length)
  return { key: 'outcome.review', params: { what, last: stepSaid(last) ?? last } }
}

function whySaid(u: Uncertainty, noun: string): Said | null {
  if (u.review) return reviewSaid(u.review, noun)
  const what = thisSaid(noun)
  if (!what) return null
  const why: Said = { key: 'outcome.unknown', params: { what } }
  const latest = u.steps.at(-1)?.said
  return latest
    ? { key: 'outcome.latest', params: { why, latest: stepSaid(latest) ?? latest } }
    : why
}

export function outcomeViewOf(
  u: Uncertainty | null | undefined,
  noun: string,
): UnknownOutcomeView | null {
  if (!u) return null
  const whySay = whySaid(u, noun)
  return {
    state: u.review ? 'needs_review' : 'unknown',
    why:
      u.review ??
      (whySay
        ? english(whySay)
        : `The gateway has not said whether it has this ${noun}, so it may or may not have happened. The till keeps asking about this reference; don't do it again.`),
    ...(whySay ? { whySay } : {}),
    since: u.since,
    steps: u.steps.map((step) => ({ ...step })),
  }
}

/** The notice line for an unconfirmed write (short; the outcome view has the detail), keyed. */
export function unconfirmedNoticeSaid(u: Uncertainty, noun: string): Said | null {
  const what = thisSaid(noun)
  if (!what) return null
  return { key: u.review ? 'outcome.noticeReview' : 'outcome.noticeWaiting', params: { what } }
}

/** The same in English (journaled with the entry). */
export function unconfirmedNotice(u: Uncertainty, noun: string): string {
  const said = unconfirmedNoticeSaid(u, noun)
  return said
    ? english(said)
    : `Not confirmed by the gateway yet: this ${noun} may or may not have gone through.`
}

/**
 * The keyed twin of an entry's journaled notice, when it is this module's sentence for the
 * entry's uncertainty or one of the kind's own (`ours`, or what `readBack` reads back by key
 * from it, with the words it quotes); otherwise nothing (an older till's words: shown as
 * written).
 */
export function noticeSay(
  entry: { notice: string | null; uncertainty?: Uncertainty | null | undefined },
  noun: string,
  ours: readonly Said[] = [],
  readBack: (notice: string) => Said | undefined = () => undefined,
): { noticeSay: Said } | Record<string, never> {
  const { notice, uncertainty: u } = entry
  if (notice === null) return {}
  const unconfirmed = u ? unconfirmedNoticeSaid(u, noun) : null
  const said =
    [...(unconfirmed ? [unconfirmed] : []), ...ours].find((s) => english(s) === notice) ??
    readBack(notice)
  return said ? { noticeSay: said } : {}
}

/**
 * The decided line, keyed: "Marked as paid by Ada (gateway reference TRF_1): seen on the
 * dashboard". The name, the reference and the reason stay as typed.
 */
export function markedSaid(
  r: { made: boolean; byName: string; gatewayReference: string | null; reason: string },
  made: string,
): Said | null {
  if (!Object.hasOwn(ERROR_WORDS.en.outcome.word, made)) return null
  const word = { key: `outcome.word.${made}` }
  return r.made
    ? {
        key: 'outcome.marked',
        params: { word, name: r.byName, reference: r.gatewayReference ?? '?', reason: r.reason },
      }
    : { key: 'outcome.markedNot', params: { word, name: r.byName, reason: r.reason } }
}
