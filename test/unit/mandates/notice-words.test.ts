// The Mandates screen's notices reach a French screen in French: a mandate's top notice while
// the gateway has not confirmed it, and a debit's own notices (not confirmed yet, not settled
// after two hours, the gateway unreachable while checking) come keyed (noticeSay) beside
// main's English. They came as English only.
import { describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { reviewOf, type Uncertainty } from '../../../main/exactly-once/submit'
import { english } from '../../../main/kernel/errors'
import { debitKind } from '../../../main/mandates/debit-kind'
import { DebitsService } from '../../../main/mandates/debits-service'
import type { DebitEntry } from '../../../main/mandates/mandate-entries'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { debitsJournal, mandateEntry } from './fixtures'
import { log } from '../payments/support'
import { toMandateView } from '../../../main/mandates/mandate-view'
import { englishIn } from '../../support/english-words'
import { gatewayError } from '../payouts/helpers'

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

/** The view's notice is keyed, its English from the table, its French with no English word. */
function expectKeyed(view: { notice: string | null; noticeSay?: Said }, key: RegExp) {
  expect(view.noticeSay?.key).toMatch(key)
  expect(view.notice).toBe(english(view.noticeSay!))
  const french = sayIn(ERROR_WORDS.fr, view.noticeSay!, 'fr-CI')
  expect(french).toBeTruthy()
  expect(englishIn(french!)).toEqual([])
}

const mandates = { refresh: () => Promise.reject(new Error('not called')) }
const kind = debitKind(mandates)
// A debit as the screens show it (DebitsService), with no gateway behind it.
const debits = new DebitsService({
  gateway: () => Promise.reject(new Error('not called')),
  debits: debitsJournal({ limit: 10 }),
  mandates,
  follower: new Follower(SETTLEMENT_SCHEDULE),
  publish: () => undefined,
  actor: () => null,
  log,
})
const toDebitView = (e: DebitEntry) => debits.view(e)

describe('a debit’s notices', () => {
  it.each([
    ['not confirmed yet', kind.unknown(entry, uncertainty)],
    ['given up', kind.gaveUp!(entry)],
    ['gateway unreachable', kind.lookupFailed!(entry, gatewayError('network'))],
    ['gateway too slow', kind.lookupFailed!(entry, gatewayError('timeout'))],
  ])('are keyed, with French that has no English word (%s)', (_, e) => {
    expectKeyed(toDebitView(e!), /^(mandates\.debitNotice\.|cashier\.keepsChecking$)/)
  })

  it('keep a notice of other words as written, unkeyed', () => {
    const view = toDebitView({ ...entry, notice: 'An older till’s words.' })
    expect(view.notice).toBe('An older till’s words.')
    expect(view.noticeSay).toBeUndefined()
  })
})

const mandate = mandateEntry({ uncertainty })

const context = {
  bankName: () => null,
  debitView: toDebitView,
  now: Date.parse('2026-11-24T14:00:00.000Z'),
}

describe('the mandate screen’s notice', () => {
  it.each([
    ['waiting', mandate],
    ['for review', { ...mandate, uncertainty: reviewOf(uncertainty, 'mandate') }],
  ])('is keyed, its English from the table and its French with no English word (%s)', (_, e) => {
    expectKeyed(toMandateView(e, [], context), /^mandates\.notice\./)
  })

  it('is absent once the gateway confirmed the mandate', () => {
    const view = toMandateView({ ...mandate, confirmed: true }, [], context)
    expect(view.notice).toBeNull()
    expect(view.noticeSay).toBeUndefined()
  })
})
