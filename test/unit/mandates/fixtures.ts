// What the mandates tests build alike: the two journals in memory, as the module opens them
// (keyed and dated the same way), and a mandate as the journal keeps it.
import { Journal, memoryStorage, type JournalOptions } from '../../../main/payments/journal'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'

type Extra<T> = Partial<Pick<JournalOptions<T>, 'storage' | 'limit' | 'keep'>>

export const debitsJournal = (extra: Extra<DebitEntry> = {}) =>
  new Journal<DebitEntry>({
    name: 'debits',
    schema: DebitEntry,
    storage: memoryStorage(),
    keyOf: (e) => e.paymentReference,
    timeOf: (e) => e.createdAt,
    limit: 100,
    ...extra,
  })

export const mandatesJournal = (extra: Extra<MandateEntry> = {}) =>
  new Journal<MandateEntry>({
    name: 'mandates',
    schema: MandateEntry,
    storage: memoryStorage(),
    keyOf: (e) => e.mandateReference,
    timeOf: (e) => e.createdAt,
    limit: 100,
    ...extra,
  })

/** A naira mandate waiting for activation, not yet confirmed by the gateway. */
export const mandateEntry = (extra: Partial<MandateEntry> = {}): MandateEntry => ({
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
  ...extra,
})
