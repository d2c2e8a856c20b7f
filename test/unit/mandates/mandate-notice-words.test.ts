// The Mandates screen's top notice (a mandate the gateway has not confirmed) reaches a French
// screen in French: the view carries it keyed (noticeSay) beside main's English. It came as
// English only.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { reviewOf, type Uncertainty } from '../../../main/exactly-once/submit'
import { english } from '../../../main/kernel/errors'
import type { MandateEntry } from '../../../main/mandates/mandate-entries'
import { toMandateView } from '../../../main/mandates/mandate-view'
import { englishIn } from '../../support/english-words'

const uncertainty: Uncertainty = {
  since: '2026-11-24T13:00:00.000Z',
  lastUnknownAt: null,
  resendRefused: false,
  existsSaid: false,
  steps: [{ at: '2026-11-24T13:00:00.000Z', call: 'send', said: 'HTTP 504' }],
  review: null,
}

const entry: MandateEntry = {
  mandateReference: 'MND-1',
  confirmed: false,
  status: 'pending_activation',
  customerName: 'Okafor Adaeze',
  customerEmail: 'ada@example.com',
  accountNumber: '0123456789',
  bankCode: '044',
  startDate: '2025-02-01',
  endDate: '2025-12-31',
  currency: 'NGN',
  maxMonthlyAmount: 5_000_000 as MandateEntry['maxMonthlyAmount'],
  maxMonthlyDebitCount: 3,
  activationInitiated: false,
  createdAt: '2026-11-24T13:00:00.000Z',
  activatedAt: null,
  cancelledAt: null,
  checkedAt: null,
  createdBy: null,
  uncertainty,
}

const context = {
  bankName: () => null,
  following: () => false,
  actor: null,
  now: Date.parse('2026-11-24T14:00:00.000Z'),
}

describe('the mandate screen’s notice', () => {
  it.each([
    ['waiting', entry],
    ['for review', { ...entry, uncertainty: reviewOf(uncertainty, 'mandate') }],
  ])('is keyed, its English from the table and its French with no English word (%s)', (_, e) => {
    const view = toMandateView(e, [], context)
    expect(view.noticeSay?.key).toMatch(/^mandates\.notice\./)
    expect(view.notice).toBe(english(view.noticeSay!))
    const french = sayIn(ERROR_WORDS.fr, view.noticeSay!, 'fr-CI')
    expect(french).toBeTruthy()
    expect(englishIn(french!)).toEqual([])
  })

  it('is absent once the gateway confirmed the mandate', () => {
    const view = toMandateView({ ...entry, confirmed: true }, [], context)
    expect(view.notice).toBeNull()
    expect(view.noticeSay).toBeUndefined()
  })
})
