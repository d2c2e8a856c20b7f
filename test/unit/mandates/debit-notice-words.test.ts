// A debit's notices of our own (not confirmed yet, not settled after two hours) reach a French
// screen in French: the view carries them keyed (noticeSay) beside main's English. They came
// as English only.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import type { Uncertainty } from '../../../main/exactly-once/submit'
import { english } from '../../../main/kernel/errors'
import { debitKind } from '../../../main/mandates/debit-kind'
import { toDebitView } from '../../../main/mandates/debit-view'
import type { DebitEntry } from '../../../main/mandates/mandate-entries'
import { englishIn } from '../../support/english-words'

const uncertainty: Uncertainty = {
  since: '2026-11-24T13:00:00.000Z',
  lastUnknownAt: null,
  resendRefused: false,
  existsSaid: false,
  steps: [{ at: '2026-11-24T13:00:00.000Z', call: 'send', said: 'HTTP 504' }],
  review: null,
}

const entry: DebitEntry = {
  paymentReference: 'DD-1',
  mandateReference: 'MND-1',
  amount: 500_000 as DebitEntry['amount'],
  currency: 'NGN',
  narration: 'Rent',
  status: 'pending',
  failureReason: null,
  createdAt: '2026-11-24T13:00:00.000Z',
  completedAt: null,
  notice: null,
  chargedBy: 'Ada',
}

const kind = debitKind({ refresh: () => Promise.reject(new Error('not called')) })

describe('a debit’s notices', () => {
  it.each([
    ['not confirmed yet', kind.unknown(entry, uncertainty)],
    ['given up', kind.gaveUp!(entry)],
  ])('are keyed, with French that has no English word (%s)', (_, e) => {
    const view = toDebitView(e!, false)
    expect(view.noticeSay?.key).toMatch(/^mandates\.debitNotice\./)
    expect(view.notice).toBe(english(view.noticeSay!))
    const french = sayIn(ERROR_WORDS.fr, view.noticeSay!, 'fr-CI')
    expect(french).toBeTruthy()
    expect(englishIn(french!)).toEqual([])
  })

  it('keep a notice of other words as written, unkeyed', () => {
    const view = toDebitView({ ...entry, notice: 'An older till’s words.' }, false)
    expect(view.notice).toBe('An older till’s words.')
    expect(view.noticeSay).toBeUndefined()
  })
})
