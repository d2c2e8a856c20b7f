// Debits against a mandate: accepted as `pending`, then `success` or `failed` after the settle
// delay with direct_debit_success / direct_debit_failure. Monthly limits are per calendar month
// (UTC, sandbox clock): the count is of every attempt, failed ones included (the spec caps
// "debit attempts"); the amount is of debits that did not fail (a failed one moved no money).
import type { FullDebitRecord as DebitRecord, DebitRequest } from '../../common/api/directDebits'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { add, sum, type Minor } from '../../common/money'
import { failsByAmount } from '../data/accounts'
import { SandboxError, notFound, unprocessable } from '../errors'
import type { Balances } from './balances'
import type { Persistable, StateContext } from './context'
import { sameEmail } from './lists'
import type { Mandates } from './mandates'

const SETTLE = 'debit.settle'

export interface MonthlyUsage {
  count: number
  amount: Minor
}

export class Debits implements Persistable {
  private readonly byRef = new Map<string, DebitRecord>()
  private readonly byMandate = new Map<string, DebitRecord[]>()

  constructor(
    private readonly ctx: StateContext,
    private readonly mandates: Mandates,
    private readonly balances: Balances,
  ) {
    ctx.scheduler.on(SETTLE, (reference) => this.settle(reference))
  }

  /** A mandate's use of its limits in `month` (YYYY-MM): attempts, and money not failed. */
  usage(mandateReference: string, month: string): MonthlyUsage {
    const attempts = (this.byMandate.get(mandateReference) ?? []).filter(
      (d) => d.created_at?.slice(0, 7) === month,
    )
    const moving = attempts.filter((d) => d.status !== 'failed')
    return { count: attempts.length, amount: sum(moving.map((d) => d.amount)) }
  }

  debit(req: DebitRequest): DebitRecord {
    // Uniqueness first: a retried debit must get the spec's 409 whatever the mandate is now.
    if (this.byRef.has(req.payment_reference))
      throw new SandboxError(
        409,
        'duplicate_payment_reference',
        ERROR_MESSAGES.duplicateDebitReference,
      )
    const mandate = this.mandates.current(req.mandate_reference)
    if (mandate.status !== 'active')
      throw new SandboxError(409, 'mandate_not_active', ERROR_MESSAGES.mandateNotActive)
    if (!sameEmail(req.customer_email, mandate.customer_email))
      throw unprocessable('customer_email does not match the mandate')
    const today = this.ctx.clock.today()
    if (today < mandate.start_date)
      throw unprocessable('The mandate start_date has not been reached')
    const used = this.usage(mandate.mandate_reference, today.slice(0, 7))
    if (used.count + 1 > mandate.max_monthly_debit_count)
      throw new SandboxError(422, 'limit_exceeded', 'Monthly debit count limit reached')
    if (add(used.amount, req.debit_amount) > mandate.max_monthly_amount)
      throw new SandboxError(422, 'limit_exceeded', 'Debit exceeds the monthly amount limit')

    const debit: DebitRecord = {
      status: 'pending',
      payment_reference: req.payment_reference,
      mandate_reference: mandate.mandate_reference,
      amount: req.debit_amount,
      narration: req.narration,
      currency: mandate.currency,
      failure_reason: null,
      created_at: this.ctx.clock.iso(),
      completed_at: null,
    }
    this.add(debit)
    this.ctx.scheduler.schedule(this.ctx.settleDelayMs, SETTLE, debit.payment_reference)
    this.ctx.changed()
    return { ...debit }
  }

  status(paymentReference: string): DebitRecord {
    const debit = this.byRef.get(paymentReference)
    if (!debit) throw notFound()
    return { ...debit }
  }

  private settle(reference: string): void {
    const debit = this.byRef.get(reference)
    if (!debit || debit.status !== 'pending') return
    const failed = failsByAmount(debit.amount)
    debit.status = failed ? 'failed' : 'success'
    debit.failure_reason = failed ? 'Insufficient funds in the customer account' : null
    debit.completed_at = this.ctx.clock.iso()
    if (!failed && debit.currency) this.balances.put('direct_debit', debit.currency, debit.amount)
    this.ctx.changed()
    this.ctx.emit(failed ? 'direct_debit_failure' : 'direct_debit_success', {
      payment_reference: debit.payment_reference,
      mandate_reference: debit.mandate_reference,
      amount: debit.amount,
      currency: debit.currency,
      status: debit.status,
      failure_reason: debit.failure_reason ?? null,
    })
  }

  private add(debit: DebitRecord): void {
    this.byRef.set(debit.payment_reference, debit)
    const list = this.byMandate.get(debit.mandate_reference) ?? []
    list.push(debit)
    this.byMandate.set(debit.mandate_reference, list)
  }

  snapshot(): unknown {
    return [...this.byRef.values()]
  }

  restore(data: unknown): void {
    this.byRef.clear()
    this.byMandate.clear()
    for (const d of (data as DebitRecord[] | undefined) ?? []) this.add({ ...d })
  }
}
