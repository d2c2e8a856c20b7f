// Payment state machine: pending -> success | failed | abandoned, final states never change.
// The customer decides on the hosted checkout page (or the sandbox control does it for them).
// Refunds are tracked in amount_refunded, never in the payment's status.
import type * as z from 'zod'
import type {
  InitializePaymentRequest,
  MerchantTransactionsQuery,
  FullPaymentRecord as PaymentRecord,
} from '../../common/api/payments'
import { add, type Minor } from '../../common/money'
import { duplicateReference, invalidState, notFound } from '../errors'
import type { Persistable, StateContext } from './context'
import { newId } from './ids'
import { listPage, sameEmail, type Page } from './lists'

type Stored = Omit<PaymentRecord, 'authorization_url'>
export type PaymentOutcome = 'success' | 'failed' | 'abandoned'
export type PaymentMethodName = NonNullable<PaymentRecord['payment_method']>
type TransactionsQuery = z.output<typeof MerchantTransactionsQuery>

export class Payments implements Persistable {
  private readonly byRef = new Map<string, Stored>()

  constructor(private readonly ctx: StateContext) {}

  checkoutUrl(reference: string): string {
    return `${this.ctx.baseUrl()}/checkout/${encodeURIComponent(reference)}`
  }

  initialize(req: InitializePaymentRequest): PaymentRecord {
    const reference = req.reference ?? newId('PAY')
    if (this.byRef.has(reference)) throw duplicateReference()
    const payment: Stored = {
      reference,
      status: 'pending',
      email: req.email,
      amount: req.amount,
      currency: req.currency,
      amount_refunded: 0 as Minor,
      payment_method: null,
      customer_name: req.customer_name ?? null,
      metadata: req.metadata ?? {},
      callback_url: req.callback_url ?? null,
      created_at: this.ctx.clock.iso(),
      paid_at: null,
    }
    this.byRef.set(reference, payment)
    this.ctx.changed()
    return this.view(payment)
  }

  find(reference: string): PaymentRecord | undefined {
    const p = this.byRef.get(reference)
    return p && this.view(p)
  }

  get(reference: string): PaymentRecord {
    const p = this.find(reference)
    if (!p) throw notFound()
    return p
  }

  /** The customer's choice at checkout. Only a pending payment can be completed. */
  complete(
    reference: string,
    outcome: PaymentOutcome,
    method: PaymentMethodName = 'card',
  ): PaymentRecord {
    const p = this.byRef.get(reference)
    if (!p) throw notFound()
    if (p.status !== 'pending') throw invalidState(`Payment is already ${p.status}`)
    p.status = outcome
    p.payment_method = outcome === 'abandoned' ? null : method
    if (outcome === 'success') p.paid_at = this.ctx.clock.iso()
    this.ctx.changed()
    const record = this.view(p)
    this.ctx.emit('payment_status_update', record, { status: outcome })
    return record
  }

  /** Called by refunds when one succeeds. */
  addRefunded(reference: string, amount: Minor): void {
    const p = this.byRef.get(reference)
    if (!p) return
    p.amount_refunded = add(p.amount_refunded, amount)
    this.ctx.changed()
  }

  list(q: TransactionsQuery): Page<PaymentRecord> {
    const page = listPage(
      this.byRef.values(),
      q,
      (p) =>
        (!q.status || p.status === q.status) &&
        (!q.payment_method || p.payment_method === q.payment_method) &&
        (!q.customer_email || sameEmail(p.email, q.customer_email)),
      (p) => p.reference,
    )
    return { ...page, data: page.data.map((p) => this.view(p)) }
  }

  private view(p: Stored): PaymentRecord {
    return { ...p, metadata: { ...p.metadata }, authorization_url: this.checkoutUrl(p.reference) }
  }

  snapshot(): unknown {
    return [...this.byRef.values()]
  }

  restore(data: unknown): void {
    this.byRef.clear()
    for (const p of (data as Stored[] | undefined) ?? []) this.byRef.set(p.reference, { ...p })
  }
}
