// The mandates journal is the only list of mandates there is (the gateway has none). When it
// trims its oldest, a mandate the till may still debit, or whose create is unconfirmed, must
// stay: dropping it would take it off the Mandates screen, and its debits with it.
import { describe, expect, it } from 'vitest'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { MandateEntry, mandateKept } from '../../../main/mandates/mandate-entries'

const mandate = (n: number, extra: Partial<MandateEntry> = {}): MandateEntry => ({
  mandateReference: `MND-${n}`,
  confirmed: true,
  status: 'cancelled',
  customerName: 'Okafor Adaeze',
  customerEmail: 'ada@example.com',
  accountNumber: '0123456789',
  bankCode: '044',
  startDate: '2025-02-01',
  endDate: '2025-12-31',
  currency: 'NGN',
  maxMonthlyAmount: 5_000_000 as MandateEntry['maxMonthlyAmount'],
  maxMonthlyDebitCount: 3,
  activationInitiated: true,
  createdAt: new Date(Date.parse('2026-01-01T09:00:00Z') + n * 60_000).toISOString(),
  activatedAt: null,
  cancelledAt: null,
  checkedAt: null,
  createdBy: null,
  ...extra,
})

describe('the mandates journal, past its limit', () => {
  it('keeps the oldest mandates that are active, pending or unconfirmed; drops a cancelled one', () => {
    const journal = new Journal<MandateEntry>({
      name: 'mandates',
      schema: MandateEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.mandateReference,
      timeOf: (e) => e.createdAt,
      limit: 3,
      keep: mandateKept,
    })
    journal.put(mandate(1, { status: 'active' }))
    journal.put(mandate(2, { status: 'pending_activation' }))
    journal.put(mandate(3, { confirmed: false, status: 'unknown' }))
    journal.put(mandate(4))
    for (let n = 5; n < 9; n++) journal.put(mandate(n, { status: 'expired' }))
    const kept = journal.list().map((e) => e.mandateReference)
    expect(kept).toEqual(expect.arrayContaining(['MND-1', 'MND-2', 'MND-3']))
    expect(kept).not.toContain('MND-4')
  })
})
