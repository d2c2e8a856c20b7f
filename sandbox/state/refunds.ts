// Refund state machine: pending -> processing -> success | failed, each step half the settle
// delay. Only successful payments are refundable, and the non-failed refunds of a payment
// never add up to more than it: a failed refund frees its amount again.
import type * as z from 'zod'
import type {
  InitializeRefundRequest,
  FullRefund as Refund,
  RefundHistoryQuery,
  RefundStatus,
} from '../../common/api/refunds'
import { subtract, sum, type Minor } from '../../common/money'
import { failsByAmount } from '../data/accounts'
import { duplicateReference, notFound, unprocessable } from '../errors'
import type { Persistable, StateContext } from './context'
import { newId } from './ids'
import { listPage, type ListQuery, type Page } from './lists'
import type { Payments } from './payments'

const ADVANCE = 'refund.advance'
type HistoryQuery = z.output<typeof RefundHistoryQuery>

export class Refunds implements Persistable {
  private readonly byRef = new Map<string, Refund>()
  private readonly byPayment = new Map<string, Refund[]>()

  constructor(
    private readonly ctx: StateContext,
    private readonly payments: Payments,
  ) {
    ctx.scheduler.on(ADVANCE, (reference, at) => this.advance(reference, at))
  }

  /** What can still be refunded: the amount paid minus every refund that has not failed. */
  refundable(paymentReference: string): Minor {
    const payment = this.payments.get(paymentReference)
    const committed = sum(
      (this.byPayment.get(paymentReference) ?? [])
        .filter((r) => r.status !== 'failed')
        .map((r) => r.amount),
    )
    return subtract(payment.amount, committed)
  }

  initialize(req: InitializeRefundRequest): Refund {
    // The merchant's reference is checked first: a retry of a committed refund must see 409.
    const reference = req.reference ?? newId('RF')
    if (this.byRef.has(reference)) throw duplicateReference()
    const payment = this.payments.get(req.payment_reference)
    if (payment.status !== 'success')
      throw unprocessable(`Only successful payments can be refunded; this one is ${payment.status}`)
    const remaining = this.refundable(payment.reference)
    if (remaining <= 0) throw unprocessable('Payment has already been fully refunded')
    const amount = req.amount ?? remaining
    if (amount > remaining) throw unprocessable('Refund amount exceeds the refundable balance')
    const now = this.ctx.clock.iso()
    const refund: Refund = {
      reference,
      payment_reference: payment.reference,
      amount,
      currency: payment.currency,
      status: 'pending',
      reason: req.reason ?? null,
      failure_reason: null,
      created_at: now,
      updated_at: now,
    }
    this.add(refund)
    this.ctx.scheduler.schedule(this.ctx.settleDelayMs / 2, ADVANCE, reference)
    this.ctx.changed()
    return { ...refund }
  }

  get(reference: string): Refund {
    const refund = this.byRef.get(reference)
    if (!refund) throw notFound()
    return { ...refund }
  }

  ofPayment(paymentReference: string, q: ListQuery): Page<Refund> {
    this.payments.get(paymentReference)
    return this.page(this.byPayment.get(paymentReference) ?? [], q, () => true)
  }

  history(q: HistoryQuery): Page<Refund> {
    return this.page(
      this.byRef.values(),
      q,
      (r) =>
        (!q.status || r.status === q.status) &&
        (!q.payment_reference || r.payment_reference === q.payment_reference),
    )
  }

  counts(): Record<RefundStatus | 'total', number> {
    const counts = { pending: 0, processing: 0, success: 0, failed: 0, total: this.byRef.size }
    for (const r of this.byRef.values()) counts[r.status] += 1
    return counts
  }

  private page(items: Iterable<Refund>, q: ListQuery, keep: (r: Refund) => boolean): Page<Refund> {
    const page = listPage(items, q, keep, (r) => r.reference)
    return { ...page, data: page.data.map((r) => ({ ...r })) }
  }

  private advance(reference: string, dueAt: number): void {
    const refund = this.byRef.get(reference)
    if (!refund) return
    if (refund.status === 'pending') {
      refund.status = 'processing'
      this.ctx.scheduler.scheduleAt(dueAt + this.ctx.settleDelayMs / 2, ADVANCE, reference)
    } else if (refund.status === 'processing') {
      if (failsByAmount(refund.amount)) {
        refund.status = 'failed'
        refund.failure_reason = 'Refund declined by the issuing bank'
      } else {
        refund.status = 'success'
        this.payments.addRefunded(refund.payment_reference, refund.amount)
      }
    } else return
    refund.updated_at = this.ctx.clock.iso()
    this.ctx.changed()
    this.ctx.emit('refund_status_update', { ...refund }, { status: refund.status })
  }

  private add(refund: Refund): void {
    this.byRef.set(refund.reference, refund)
    const list = this.byPayment.get(refund.payment_reference) ?? []
    list.push(refund)
    this.byPayment.set(refund.payment_reference, list)
  }

  snapshot(): unknown {
    return [...this.byRef.values()]
  }

  restore(data: unknown): void {
    this.byRef.clear()
    this.byPayment.clear()
    for (const r of (data as Refund[] | undefined) ?? []) this.add({ ...r })
  }
}
