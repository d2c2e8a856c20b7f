// What the gateway answered at each step of a write whose answer was lost is journaled as the
// core's English (submit.ts). On a French screen the outcome's "latest answer" and its list of
// steps came in English; each such sentence now reads back by key (common/words/steps.ts),
// its noun and the error's kind keyed too, and says the same thing in French.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { stepSaid } from '../../../common/words/steps'
import { outcomeViewOf } from '../../../main/exactly-once/outcome-view'
import {
  lostToTheTill,
  pursueByReference,
  reviewOf,
  submitByReference,
  uncertaintyAfterRestart,
} from '../../../main/exactly-once/submit'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'
import { gatewayError } from '../payouts/helpers'

const lost = [
  gatewayError('server', { status: 502 }),
  gatewayError('network'),
  gatewayError('timeout'),
  gatewayError('timeout', { status: 408 }),
]

/** The steps the core journals when `send` fails so (and `lookup` as given). */
async function stepsOf(send: Error, lookup: () => Promise<unknown>, noun: string) {
  const result = await submitByReference({ send: () => Promise.reject(send), lookup, noun })
  if (result.outcome !== 'unknown') throw new Error(`expected unknown, got ${result.outcome}`)
  return result.uncertainty
}

function expectKeyedFrench(said: string) {
  const keyed = stepSaid(said)
  expect(keyed, said).toBeDefined()
  expect(english(keyed!)).toBe(said)
  const french = sayIn(ERROR_WORDS.fr, keyed!, 'fr-CI')!
  expect(englishIn(french), french).toEqual([])
}

describe('a step of the evidence', () => {
  it.each(['payment', 'refund', 'debit', 'payout', 'mandate'])(
    'a lost answer is keyed, with French that has no English word (%s)',
    async (noun) => {
      for (const error of lost) {
        const u = await stepsOf(error, () => Promise.reject(new Error('not asked')), noun)
        expectKeyedFrench(u.steps[0]!.said)
      }
    },
  )

  it('a lookup that could not ask, or found nothing, is keyed too', async () => {
    const conflict = gatewayError('conflict', { status: 409 })
    for (const lookup of [
      () => Promise.reject(gatewayError('server', { status: 503 })),
      () => Promise.reject(gatewayError('network')),
      () => Promise.reject(gatewayError('not_found', { status: 404 })),
    ]) {
      const u = await stepsOf(conflict, lookup, 'refund')
      expectKeyedFrench(u.steps.at(-1)!.said)
    }
  })

  it('keys the latest answer inside why the outcome is not known, and the review’s', async () => {
    const u = await stepsOf(lost[0]!, () => Promise.reject(new Error('not asked')), 'payment')
    for (const view of [
      outcomeViewOf(u, 'payment')!,
      outcomeViewOf(reviewOf(u, 'payment'), 'payment')!,
    ]) {
      expect(english(view.whySay!)).toBe(view.why)
      const french = sayIn(ERROR_WORDS.fr, view.whySay!, 'fr-CI')!
      expect(englishIn(french), french).toEqual([])
    }
  })

  it('a send the till stopped in, or failed itself, and a resend not earned yet, are keyed', async () => {
    const stopped = uncertaintyAfterRestart('2026-11-27T09:00:00.000Z')
    const own = lostToTheTill(Date.parse('2026-11-27T09:00:00.000Z'), new RangeError('disk'))!
    const step = await pursueByReference({
      uncertainty: stopped,
      lookup: () => Promise.reject(gatewayError('not_found', { status: 404, recordAbsent: true })),
      resend: () => Promise.reject(new Error('must not be sent')),
      mayResend: () => false,
      noun: 'payout',
      now: () => Date.parse('2026-11-27T10:00:00.000Z'),
      verifyAfterMs: 1_000,
      windowMs: 3_600_000 * 24,
    })
    if (step.kind !== 'waiting') throw new Error(`expected waiting, got ${step.kind}`)
    expectKeyedFrench(stopped.steps[0]!.said)
    expectKeyedFrench(step.uncertainty.steps.at(-1)!.said)
    const keyed = stepSaid(own.steps[0]!.said)!
    expect(english(keyed)).toBe(own.steps[0]!.said)
    expect(sayIn(ERROR_WORDS.fr, keyed, 'fr-CI')).toContain('(RangeError)')
  })

  it('keeps a sentence these words do not make as it was', () => {
    expect(stepSaid('Something an older till said.')).toBeUndefined()
  })
})
