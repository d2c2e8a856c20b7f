// An amount the till can't read one way only ("12.500", "12,500"), said in the till's language:
// English keeps common/money's sentence with both readings; French has the catalogue's words.
import { afterEach, describe, expect, it } from 'vitest'
import { parseUserAmount } from '../../../common/money'
import { applyLanguage } from '../../../renderer/i18n'
import { amountProblem } from '../../../renderer/i18n/money'

const problemOf = (typed: string) => {
  try {
    parseUserAmount(typed)
  } catch (problem) {
    return amountProblem(problem, typed)
  }
  return null
}

afterEach(() => applyLanguage('en'))

describe('an amount with one separator before three digits', () => {
  it('is refused in English with both readings', () => {
    expect(problemOf('12.500')).toBe(
      '"12.500" could be 12500 or 12.50: type 12500 (or 12,500.00), or 12.50 with a point and two decimals.',
    )
  })
  it('is refused in French in French words', () => {
    applyLanguage('fr')
    expect(problemOf(' 12,500 ')).toBe(
      '« 12,500 » peut se lire en milliers ou en décimales. Tapez-le sans séparateur, par exemple 12500, ou avec un point et deux décimales, par exemple 12.50.',
    )
  })
})
