// How a write whose answer was lost is shown: why its fate is not known, in words, and the
// evidence. Shared by payments and refunds so both say it the same way.
import type { UnknownOutcomeView } from '../../common/ipc/payments'
import type { Uncertainty } from './submit'

export function outcomeViewOf(
  u: Uncertainty | null | undefined,
  noun: string,
): UnknownOutcomeView | null {
  if (!u) return null
  const latest = u.steps.at(-1)?.said
  return {
    state: u.review ? 'needs_review' : 'unknown',
    why:
      u.review ??
      `The gateway has not said whether it has this ${noun}, so it may or may not have happened. The till keeps asking about this reference; don't do it again.${latest ? ` Latest: ${latest}` : ''}`,
    since: u.since,
    steps: u.steps.map((step) => ({ ...step })),
  }
}

/** The notice line for an unconfirmed write (short; the outcome view has the detail). */
export function unconfirmedNotice(u: Uncertainty, noun: string): string {
  return u.review
    ? `Not confirmed by the gateway: this ${noun} may or may not have gone through. A supervisor must check its reference with the gateway. Don't do it again.`
    : `Not confirmed by the gateway yet: this ${noun} may or may not have gone through. The till keeps checking; don't do it again.`
}
