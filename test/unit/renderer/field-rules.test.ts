// One source of rules for a field (common/rules): the hint a screen shows, the live check, main's
// refusal and the English and French words all come from the same definition, so a hint can
// never allow what main refuses (issue 23, items 1, 2 and 5). Also the way a field's error
// follows its value (item 4) and the words and notices of items 6 and 13.
import { afterEach, describe, expect, it, vi } from 'vitest'
// The navigation store reads the window's address when it loads.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { hash: '' } } })
})
import { USER_ROLES } from '../../../common/ipc/contract'
import type { IntegrityFinding } from '../../../common/ipc'
import {
  checkAccountNumber,
  checkAmount,
  checkBvn,
  checkPin,
  PIN_MAX_DIGITS,
  pinHint,
  ruleWords,
} from '../../../common/rules'
import { parseAmountDue } from '../../../main/collections/charges'
import { validateNewCustomer } from '../../../main/collections/customers'
import { assertPinFitsRole } from '../../../main/users/users'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { sayRule } from '../../../renderer/i18n/rules'
import { fieldError } from '../../../renderer/lib/fieldErrors'
import { readAmount } from '../../../renderer/screens/Collect/AmountStep'
import { findingsToShow } from '../../../renderer/screens/Settings/IntegrityFindings'

afterEach(() => applyLanguage('en'))

const refusal = (run: () => unknown): string | null => {
  try {
    run()
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('PIN length by role', () => {
  it('the hint allows exactly the PINs main accepts, for every role and length', () => {
    for (const role of USER_ROLES) {
      const hint = pinHint(role)
      const [min, max] = /^(\d) to (\d) digits\.$/.exec(ruleWords(hint))!.slice(1).map(Number)
      for (let length = 1; length <= PIN_MAX_DIGITS + 1; length += 1) {
        const pin = '1'.repeat(length)
        const allowed = length >= min! && length <= max!
        expect(checkPin(role, pin) === null, `${role}, ${length} digits`).toBe(allowed)
        if (length >= 4 && length <= PIN_MAX_DIGITS)
          expect(refusal(() => assertPinFitsRole(role, pin, 'pin')) === null).toBe(allowed)
      }
    }
  })

  it('says an admin needs 6 digits, never "4 to 8" (item 1)', () => {
    expect(sayRule(pinHint('admin'))).toBe('6 to 8 digits.')
    expect(sayRule(pinHint('supervisor'))).toBe('6 to 8 digits.')
    expect(sayRule(pinHint('cashier'))).toBe('4 to 8 digits.')
    applyLanguage('fr')
    expect(sayRule(pinHint('admin'))).toBe('6 à 8 chiffres.')
  })

  it('names the role with the right article, in main and on a French screen (item 2)', () => {
    expect(refusal(() => assertPinFitsRole('admin', '1234', 'pin'))).toBe(
      'An admin’s PIN needs at least 6 digits.',
    )
    expect(refusal(() => assertPinFitsRole('supervisor', '1234', 'newPin'))).toBe(
      'A supervisor’s PIN needs at least 6 digits.',
    )
    applyLanguage('fr')
    expect(sayRule(checkPin('admin', '1234')!)).toBe(
      'Le code PIN d’un administrateur doit avoir au moins 6 chiffres.',
    )
  })

  it('main names only the field that was sent, so the refusal is said once', () => {
    try {
      assertPinFitsRole('admin', '1234', 'newPin')
    } catch (error) {
      expect((error as { fields?: Record<string, string> }).fields).toEqual({
        newPin: 'An admin’s PIN needs at least 6 digits.',
      })
    }
  })
})

describe('amount, account number and BVN', () => {
  it('a zero amount is one sentence on Collect, in main and on Payouts (item 5)', () => {
    const sentence = 'Enter an amount more than zero.'
    expect(readAmount('0')).toEqual({ error: sentence })
    expect(refusal(() => parseAmountDue('0'))).toBe(sentence)
    expect(sayRule(checkAmount(0)!)).toBe(sentence)
    applyLanguage('fr')
    expect(readAmount('0')).toEqual({ error: 'Saisissez un montant supérieur à zéro.' })
  })

  it('main refuses a BVN in the words the screen checks it with', () => {
    expect(validateNewCustomer(customer('2221234')).fields.bvn).toBe(sayRule(checkBvn('2221234')!))
    expect(checkBvn('222 1234 5678')).toBeNull()
    // Every placeholder of every sentence is filled, in both languages.
    for (const language of ['en', 'fr'] as const)
      for (const problem of [
        checkBvn(''),
        checkBvn('12a'),
        checkAccountNumber(''),
        checkPin('admin', ''),
      ])
        expect(ruleWords(problem!, language)).not.toMatch(/[{}]/)
    expect(checkAccountNumber('0123456789')).toBeNull()
    expect(sayRule(checkAccountNumber('01234')!)).toBe(
      'An account number is 10 digits; this one has 5.',
    )
  })
})

describe('a field’s error follows its value (item 4)', () => {
  const short = checkPin('admin', '1234')

  it('says nothing before the first try, then the rule’s problem, gone once the value fits', () => {
    expect(fieldError('1234', false, short)).toBeUndefined()
    expect(fieldError('1234', true, short)).toBe('An admin’s PIN needs at least 6 digits.')
    expect(fieldError('123456', true, checkPin('admin', '123456'))).toBeUndefined()
  })

  it('keeps main’s refusal only while the field holds the value main refused', () => {
    const refused = { value: 'Ada', text: 'That name is taken.' }
    expect(fieldError('Ada', false, null, refused)).toBe('That name is taken.')
    expect(fieldError('Ada O', false, null, refused)).toBeUndefined()
  })
})

describe('words', () => {
  it('a transfer towards a charge is not called paid: a part-payment is not (item 6)', () => {
    for (const language of ['en', 'fr'] as const) {
      applyLanguage(language)
      expect(i18n.t('history.attribution.charge')).not.toMatch(/paid|payé|réglé/i)
    }
  })

  it('in Demo, a missing keychain alone does not top the admin’s first screen (item 13)', () => {
    const keychain: IntegrityFinding = {
      area: 'keychain',
      file: 'keychain',
      record: null,
      problem: 'No OS keychain.',
      consequence: 'Tamper checks are off.',
      at: '2026-11-24T10:00:00Z',
    }
    const failed: IntegrityFinding = { ...keychain, area: 'staff' }
    expect(findingsToShow([keychain], 'demo')).toEqual([])
    expect(findingsToShow([keychain], 'live')).toEqual([keychain])
    expect(findingsToShow([keychain, failed], 'demo')).toEqual([keychain, failed])
  })
})

function customer(bvn: string) {
  return { name: 'Ada Obi', email: 'ada@example.com', bvn, currency: 'NGN' as const }
}
