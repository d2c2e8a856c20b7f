// The kinds on OutcomeFields entries (refunds, payments, debits) fold the gateway's record once;
// the core keeps a final status from moving back on a stale answer while the rest of the record
// is still folded in, and lets only the gateway overruling a decision move it.
import { describe, expect, it } from 'vitest'
import type { DebitRecord } from '../../../common/api/directDebits'
import type { PaymentRecord } from '../../../common/api/payments'
import type { Refund } from '../../../common/api/refunds'
import type { Minor } from '../../../common/money'
import type { Alarm } from '../../../main/exactly-once/alarm'
import type { Resolution } from '../../../main/exactly-once/decision'
import { debitKind } from '../../../main/mandates/debit-kind'
import type { DebitEntry } from '../../../main/mandates/mandate-entries'
import type { PaymentEntry } from '../../../main/payments/payment-entry'
import { paymentKind } from '../../../main/payments/payment-kind'
import { refundKind } from '../../../main/refunds/refund-kind'
import type { RefundEntry } from '../../../main/refunds/refund-entry'

const at = '2026-11-27T10:00:00.000Z'
const later = '2026-11-27T10:05:00.000Z'
const alarm: Alarm = { text: 'The gateway won.', at: later, acknowledged: null }
const resolution: Resolution = {
  made: false,
  byId: 'u2',
  byName: 'Ada',
  at,
  reason: 'checked on the dashboard',
  gatewayReference: null,
}

const refund: RefundEntry = {
  reference: 'RF_1',
  paymentReference: 'PAY_1',
  amount: 5_000 as Minor,
  currency: 'NGN',
  status: 'success',
  reason: 'damaged',
  failureReason: null,
  createdAt: at,
  updatedAt: at,
  issuedBy: 'Sam',
  issuedById: 'u1',
}

const payment: PaymentEntry = {
  reference: 'PAY_2',
  status: 'success',
  email: 'a@example.com',
  customerName: null,
  description: null,
  amount: 10_000 as Minor,
  currency: 'NGN',
  amountRefunded: 0 as Minor,
  paymentMethod: null,
  authorizationUrl: null,
  createdAt: at,
  paidAt: at,
  verifiedAt: at,
  takenBy: 'Sam',
  takenById: 'u1',
  notice: null,
}

const debit: DebitEntry = {
  paymentReference: 'DD_1',
  mandateReference: 'MD_1',
  amount: 2_000 as Minor,
  currency: 'NGN',
  narration: 'June',
  status: 'success',
  failureReason: null,
  createdAt: at,
  completedAt: at,
  notice: null,
  chargedBy: 'Sam',
  chargedById: 'u1',
}

const payments = paymentKind(() => 'Till 1')
const debits = debitKind({ refresh: () => Promise.reject(new Error('not used')) })

describe("a kind on the core's fields", () => {
  it('keeps a final refund final on a stale answer, folding in the rest', () => {
    const record: Refund = { reference: 'RF_1', status: 'pending', reason: 'torn' }
    expect(refundKind.found(refund, record, later)).toMatchObject({
      status: 'success',
      reason: 'torn',
      updatedAt: later,
    })
    expect(refundKind.accepted(refund, record, later).status).toBe('success')
  })

  it('keeps a final payment final on a stale answer, folding in the rest', () => {
    const record = { reference: 'PAY_2', status: 'pending', email: 'b@example.com' }
    expect(payments.found(payment, record as PaymentRecord, later)).toMatchObject({
      status: 'success',
      email: 'b@example.com',
      verifiedAt: later,
    })
  })

  it('keeps a final debit final on a stale answer, folding in the rest', () => {
    const record = { payment_reference: 'DD_1', status: 'pending', narration: 'July' }
    const stale = record as DebitRecord
    expect(debits.found(debit, stale, later)).toMatchObject({
      status: 'success',
      narration: 'July',
    })
    expect(debits.accepted(debit, stale, later).status).toBe('success')
  })

  it('moves a decided entry to what the gateway says when it overrules the decision', () => {
    const notRefunded = { ...refund, status: 'not_refunded' as const, resolution }
    const held: Refund = { reference: 'RF_1', status: 'processing' }
    expect(refundKind.overruled(notRefunded, held, alarm, later)).toMatchObject({
      status: 'processing',
      resolution,
      alarm,
    })
    const notPaid = { ...payment, status: 'not_paid' as const, paidAt: null, resolution }
    const paid = { reference: 'PAY_2', status: 'success' } as PaymentRecord
    expect(payments.overruled(notPaid, paid, alarm, later)).toMatchObject({
      status: 'success',
      resolution,
      alarm,
    })
    const notCharged = { ...debit, status: 'not_paid' as const, resolution }
    const charged = { payment_reference: 'DD_1', status: 'pending' } as DebitRecord
    expect(debits.overruled(notCharged, charged, alarm, later)).toMatchObject({
      status: 'pending',
      resolution,
      alarm,
    })
  })

  it("writes the core's fields on a lost answer and a decision, beside what the kind changes", () => {
    const starting = { ...refund, status: 'starting' as const }
    const review = {
      since: at,
      lastUnknownAt: null,
      resendRefused: false,
      existsSaid: false,
      steps: [],
      review: 'a person decides',
    }
    expect(refundKind.unknown(starting, review)).toMatchObject({
      status: 'needs_review',
      uncertainty: review,
    })
    expect(refundKind.decided(starting, resolution)).toMatchObject({
      status: 'not_refunded',
      updatedAt: at,
      resolution,
    })
    expect(refundKind.uncertainty({ ...starting, uncertainty: review })).toBe(review)
    expect(refundKind.startedAt(starting)).toBe(at)
  })
})
