// Main's own checks of the mandate form, beside each field, reach a French screen in French:
// every field's sentence is keyed (fieldSay) beside main's English. They came as English only.
import { describe, expect, it } from 'vitest'
import type { MandateCreateInput } from '../../../common/ipc/mandates'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import { validateMandateForm } from '../../../main/mandates/mandate-rules'
import { englishIn } from '../../support/english-words'

const good: MandateCreateInput = {
  customerName: 'Okafor Adaeze',
  customerEmail: 'ada@example.com',
  accountNumber: '0123456789',
  bankCode: '044',
  startDate: '2025-02-01',
  endDate: '2025-12-31',
  maxMonthlyAmount: '50000',
  maxMonthlyDebitCount: '3',
  currency: 'NGN',
}
const TODAY = '2025-01-15'

const bad: Array<Partial<MandateCreateInput>> = [
  {
    customerName: '',
    customerEmail: '',
    accountNumber: '12',
    bankCode: '',
    startDate: 'soon',
    endDate: 'later',
    maxMonthlyAmount: '0',
    maxMonthlyDebitCount: '0',
  },
  {
    customerEmail: 'ada@',
    bankCode: '9',
    startDate: '2025-01-01',
    maxMonthlyDebitCount: '101',
  },
  { bankCode: '50211', startDate: '2025-02-01', endDate: '2025-02-10' },
]

describe('the mandate form’s field checks', () => {
  it.each(bad.map((b, i) => [i, b] as const))('are keyed, in French too (case %i)', (_i, b) => {
    const form = validateMandateForm({ ...good, ...b }, TODAY, new Set(['044', '50211']))
    expect(form.ok).toBe(false)
    if (form.ok) return
    const fields = Object.keys(form.fields)
    expect(fields.length).toBeGreaterThan(1)
    expect(Object.keys(form.fieldSay).sort()).toEqual(fields.sort())
    for (const field of fields) {
      const said = form.fieldSay[field]!
      expect(english(said), field).toBe(form.fields[field])
      const french = sayIn(ERROR_WORDS.fr, said, 'fr-CI')
      expect(french, field).toBeDefined()
      expect(englishIn(french!), field).toEqual([])
    }
  })
})
