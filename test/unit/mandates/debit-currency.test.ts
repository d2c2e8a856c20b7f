// Money is never shown in a currency nobody stated. The spec's debit status record is
// `status`, `payment_reference`, `mandate_reference`, `amount` (number), `narration`: no
// currency, because `debit_amount` is "In the mandate's currency". A debit this till did not
// record, looked up by its reference, on a mandate in US dollars, must not be shown as naira.
import { describe, expect, it } from 'vitest'
import type { Minor } from '../../../common/money'
import { DebitsService, type DebitsGateway } from '../../../main/mandates/debits-service'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { debitsJournal } from './fixtures'
import { ManualTimers, log } from '../payments/support'
import { rejection } from '../../support/async'

function debitsOf(answeredAs?: string) {
  const timers = new ManualTimers()
  // The spec's debit status record as the client hands it over (amount in minor units).
  const gateway = {
    directDebits: {
      status: async (reference: string) => ({
        status: 'success',
        payment_reference: answeredAs ?? reference,
        mandate_reference: 'MND-USD-1',
        amount: 2550 as Minor,
        narration: 'Gym, March',
      }),
      debit: async () => Promise.reject(new Error('not used')),
    },
  } as unknown as DebitsGateway
  const mandate = { mandateReference: 'MND-USD-1', currency: 'USD', status: 'active' }
  const service = new DebitsService({
    gateway: async () => gateway,
    debits: debitsJournal(),
    mandates: {
      refresh: async () => mandate,
    } as unknown as ConstructorParameters<typeof DebitsService>[0]['mandates'],
    follower: new Follower(SETTLEMENT_SCHEDULE, timers),
    publish: () => undefined,
    actor: () => null,
    log,
    now: () => timers.now(),
  })
  return service
}

describe('a debit looked up by reference, on a mandate in another currency', () => {
  it('is not shown in naira', async () => {
    const view = await debitsOf().status('DD-ELSEWHERE-1')
    expect(view.amount).toBe(2550 as Minor)
    expect(view.currency).not.toBe('NGN')
  })
})

describe("a debit looked up by reference, answered with another debit's record", () => {
  // A cashier would read the other customer's "success" as this customer charged.
  it('is not shown as this debit, and says why in words', async () => {
    const error = await rejection(debitsOf('DD-SOMEONE-ELSE').status('DD-ELSEWHERE-1'))
    expect(error.message).toMatch(/could not read/)
  })
})
