// Every error main throws at a person carries a catalogue key (`say`), so a French screen says
// it in French: an AppError built without one reached French tills in English (the gateway's
// explanations, damaged files, payouts, refunds, payments, mandates, shop mode). Read with
// TypeScript's own parser over main/**/*.ts, so a new refusal without a key fails here.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english, refuse } from '../../../main/kernel/errors'
import { unkeyedErrors } from '../../support/main-errors'

/**
 * Errors main may throw without a key: internal ones that never reach a screen. Each is
 * `file: code`, with why. Empty: every AppError main builds is keyed.
 */
const ALLOWED: readonly string[] = []

describe('main’s errors are keyed', () => {
  it('every AppError main throws names its sentence in the catalogue', () => {
    expect(unkeyedErrors('main')).toEqual(ALLOWED)
  })

  it('finds one that does not (the check can fail)', () => {
    expect(unkeyedErrors('test/fixtures/unkeyed-error')).toEqual([
      'test/fixtures/unkeyed-error/refusal.ts: not_keyed',
    ])
  })

  it('words main’s English from the table the screens read, values and all', () => {
    const error = refuse('limit_exceeded', {
      key: 'payouts.limit.outOfStep',
      params: {
        refusal: {
          key: 'payouts.limit.itemChecker',
          params: { totalAmount: '6000000 NGN', limitAmount: '5000000 NGN', name: 'Ada' },
        },
        share: 50,
      },
    })
    expect(error.message).toBe(
      "This payout of ₦60,000.00 is above Ada's approval limit of ₦50,000.00 per payout. Someone with a higher limit must approve it. This till is not in step with the shop. Until it is, each limit counts as 50% of itself, since other tills may have paid out what this till has not heard of.",
    )
    expect(error.toWire().say?.key).toBe('payouts.limit.outOfStep')
    expect(sayIn(ERROR_WORDS.fr, error.say!, 'fr-CI')).toMatch(
      /^Ce versement de 60\s000,00\sNGN dépasse le plafond d’approbation de Ada/,
    )
    // Plurals follow each language's rules; a rule's refusal keeps the rule's own words.
    expect(english({ key: 'gateway.waitSeconds', params: { count: 1 } })).toBe(
      'Wait 1 second and try again.',
    )
    expect(
      sayIn(ERROR_WORDS.fr, { key: 'gateway.waitSeconds', params: { count: 0 } }, 'fr-CI'),
    ).toBe('Patientez 0 seconde, puis réessayez.')
    expect(english({ key: 'rule.amount.notAboveZero' })).toBe('Enter an amount more than zero.')
  })
})
