// A payout whose answer was lost shows why its fate is not known with the gateway's latest
// answer inside ("… The latest answer: …"). That answer is the exactly-once core's English
// step (journaled as written); the view now names it by key again (common/words/steps.ts), as
// the other kinds' outcome view does, so a French screen says all of it in French. The row's
// problem, which is the same step while the payout is unknown, is keyed the same way.
import { afterEach, describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { stepSaid } from '../../../common/words/steps'
import { submitByReference } from '../../../main/exactly-once/submit'
import { english } from '../../../main/kernel/errors'
import { fromCoreUncertainty } from '../../../main/payouts/payout-kind'
import { toView } from '../../../main/payouts/view'
import { applyLanguage } from '../../../renderer/i18n'
import { saySaid } from '../../../renderer/i18n/errors'
import { englishIn } from '../../support/english-words'
import { gatewayError, itemFixture, supervisor } from '../payouts/helpers'

/** A payout left unknown by `send` failing so, with the core's own evidence. */
async function unknownPayout(send: Error) {
  const result = await submitByReference({
    send: () => Promise.reject(send),
    lookup: () => Promise.reject(new Error('not asked')),
    noun: 'payout',
  })
  if (result.outcome !== 'unknown') throw new Error(`expected unknown, got ${result.outcome}`)
  const uncertainty = fromCoreUncertainty(result.uncertainty)
  const said = uncertainty.steps.at(-1)!.said
  return itemFixture('unknown', {
    uncertainty,
    problem: { code: 'outcome_unknown', message: said, at: 1, transient: true },
  })
}

/** As the Payouts screen says it on a French till (OutcomeReview, the row's problem). */
function french(said: Said): string {
  applyLanguage('fr')
  return saySaid(said, 'English fallback')
}

afterEach(() => applyLanguage('en'))

describe('a payout’s unknown outcome', () => {
  it.each([
    ['a timeout', gatewayError('timeout')],
    ['a dropped connection', gatewayError('network')],
    ['an HTTP 502', gatewayError('server', { status: 502 })],
  ])('keys the latest answer inside why it is not known (%s)', async (_, error) => {
    const item = await unknownPayout(error)
    const latest = item.uncertainty!.steps.at(-1)!.said
    const outcome = toView(item, supervisor).outcome!
    expect(outcome.whySay).toMatchObject({
      key: 'outcome.latest',
      params: { latest: stepSaid(latest) },
    })
    expect(english(outcome.whySay!)).toBe(outcome.why)
    expect(outcome.why).toContain(latest)
    const shown = french(outcome.whySay!)
    expect(shown).toContain('versement')
    expect(englishIn(shown), shown).toEqual([])
  })

  it('keys the row’s problem, which is that same step', async () => {
    const item = await unknownPayout(gatewayError('timeout'))
    const view = toView(item, supervisor)
    expect(view.problem?.message).toBe(item.problem!.message)
    expect(view.problem?.say).toEqual(stepSaid(item.problem!.message))
    const shown = french(view.problem!.say!)
    expect(shown).toContain('versement')
    expect(englishIn(shown), shown).toEqual([])
  })

  it('keeps a step these words do not make as it was written', async () => {
    const item = await unknownPayout(gatewayError('timeout'))
    item.uncertainty!.steps.push({ at: 2, call: 'verify', said: 'Something an older till said.' })
    const outcome = toView(item, supervisor).outcome!
    expect(outcome.why).toContain('Something an older till said.')
    expect(outcome.whySay).toMatchObject({ params: { latest: 'Something an older till said.' } })
  })
})
