// A debit is charged against the mandate the gateway's lookup returns. A lookup that answers
// with another mandate (how the reference is passed is "not shown"; a gateway that ignores it)
// says nothing about ours: taking it would charge another customer's account.
import { describe, expect, it } from 'vitest'
import type { FullMandate as Mandate } from '../../../common/api/directDebits'
import type { Minor } from '../../../common/money'
import { AppError } from '../../../main/kernel/errors'
import { BankDirectory } from '../../../main/mandates/bank-directory'
import { DebitsService } from '../../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'
import { MandatesService } from '../../../main/mandates/mandates-service'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { ManualTimers, log } from '../payments/support'
import { rejection } from '../../support/async'
import { FakeDirectDebits } from './fake-direct-debits'

const mandate = (reference: string, customer: string): Mandate => ({
  mandate_reference: reference,
  customer_name: customer,
  customer_email: `${customer.toLowerCase()}@example.com`,
  account_number: reference === 'MD_OURS' ? '0123456789' : '9876543210',
  bank_code: '058',
  start_date: '2025-01-01',
  end_date: '2025-12-31',
  max_monthly_amount: 5_000_000 as Minor,
  max_monthly_debit_count: 4,
  currency: 'NGN',
  metadata: {},
  status: 'active',
  activation_initiated: true,
  created_at: '2025-01-02T10:00:00.000Z',
  activated_at: '2025-01-02T10:02:00.000Z',
  cancelled_at: null,
})

function setup() {
  const timers = new ManualTimers()
  const gateway = new FakeDirectDebits()
  gateway.mandatesById.set('MD_OURS', mandate('MD_OURS', 'Ada'))
  gateway.mandatesById.set('MD_OTHER', mandate('MD_OTHER', 'Bola'))
  const journal = <T>(name: string, schema: never, keyOf: (e: T) => string) =>
    new Journal<T>({
      name,
      schema,
      storage: memoryStorage(),
      keyOf,
      timeOf: (e) => (e as { createdAt: string }).createdAt,
      limit: 1000,
    })
  const mandates = journal<MandateEntry>(
    'mandates',
    MandateEntry as never,
    (e) => e.mandateReference,
  )
  const debits = journal<DebitEntry>('debits', DebitEntry as never, (e) => e.paymentReference)
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const common = {
    gateway: async () => gateway,
    follower,
    actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
    log,
    now: () => timers.now(),
  }
  const mandateService = new MandatesService({
    ...common,
    mandates,
    debits,
    banks: new BankDirectory({
      gateway: async () => gateway,
      gatewayKey: () => 'gw',
      now: () => timers.now(),
    }),
    debitFollower: follower,
    publish: () => undefined,
  })
  const debitService = new DebitsService({
    ...common,
    debits,
    mandates: mandateService,
    publish: () => undefined,
  })
  return { gateway, mandates, mandateService, debitService }
}

describe('a mandate lookup that answers with another mandate', () => {
  it('charges nobody, and keeps the other mandate out of ours', async () => {
    const s = setup()
    // The gateway answers every lookup with Bola's mandate.
    const getMandate = s.gateway.directDebits.getMandate
    s.gateway.directDebits.getMandate = () => getMandate('MD_OTHER')
    const error = await rejection(
      s.debitService.debit({ mandateReference: 'MD_OURS', amount: '100.00', narration: 'June' }),
    )
    // Said in words, not charged.
    expect(error).toBeInstanceOf(AppError)
    expect((error as Error).message).toMatch(/Could not look up the mandate/)
    expect(s.gateway.debitsById.size).toBe(0)
    expect(s.mandates.get('MD_OTHER')).toBeUndefined()
  })
})
