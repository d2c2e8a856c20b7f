// A supervisor's decision on a refund keeps their role in the refund's journal, as it does for a
// payment, a debit and a payout: the refund entry read its decision with a copy of the core's
// schema that had no role, so the role was dropped each time the journal was read back.
import { describe, expect, it } from 'vitest'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { RefundEntry } from '../../../main/refunds/refunds-service'

const decided: RefundEntry = {
  reference: 'RF_1',
  paymentReference: 'PAY_1',
  amount: 1_000 as RefundEntry['amount'],
  currency: 'NGN',
  status: 'not_refunded',
  reason: 'Returned',
  failureReason: null,
  createdAt: '2026-11-24T13:00:00.000Z',
  updatedAt: '2026-11-24T14:00:00.000Z',
  issuedBy: 'Ada',
  issuedById: 'u_ada',
  resolution: {
    made: false,
    byId: 'u_sam',
    byName: 'Sam',
    byRole: 'supervisor',
    at: '2026-11-24T14:00:00.000Z',
    reason: 'Not on the statement',
    gatewayReference: null,
  },
}

const journalOn = (storage: ReturnType<typeof memoryStorage>) =>
  new Journal({
    name: 'refunds',
    schema: RefundEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 10,
  })

describe('a refund decision read back from the journal', () => {
  it('keeps who decided, in what role', () => {
    const storage = memoryStorage()
    journalOn(storage).put(decided)
    const again = journalOn(storage).get('RF_1')
    expect(again?.resolution).toEqual(decided.resolution)
  })

  it('still reads a decision written before roles were kept', () => {
    const { byRole: _role, ...older } = decided.resolution!
    const storage = memoryStorage([{ ...decided, resolution: older }])
    expect(journalOn(storage).get('RF_1')?.resolution).toEqual(older)
  })
})
