// Transfer state machine: pending -> processing -> success | failed, and success -> reversed
// when the receiving bank sends the money back. The merchant's reference is unique and checked
// before anything else, so a retry after a lost response gets 409 and verify finds the
// original: that is what exactly-once payouts rely on.
import type * as z from 'zod'
import type {
  DisbursementListQuery,
  InitializeDisbursementRequest,
  FullTransfer as Transfer,
} from '../../common/api/disbursements'
import type { Currency, Minor } from '../../common/money'
import {
  accountExists,
  accountName,
  accountReturnsTransfers,
  failsByAmount,
} from '../data/accounts'
import { findBank } from '../data/banks'
import { SandboxError, duplicateReference, notFound, unprocessable } from '../errors'
import type { Balances, Pool } from './balances'
import type { Persistable, StateContext } from './context'
import { listPage, sameEmail, type Page } from './lists'

const ADVANCE = 'transfer.advance'
type ListQuery = z.output<typeof DisbursementListQuery>

/** A transfer plus what only the sandbox needs to know about it. */
interface Stored extends Transfer {
  pool: Pool
  webhook_url: string | null
}

export interface TransferRequest {
  reference: string
  amount: Minor
  currency: Currency
  bank_code: string
  account_number: string
  narration?: string | undefined
  recipient_name?: string | undefined
  recipient_email?: string | undefined
  webhook_url?: string | undefined
}

export class Disbursements implements Persistable {
  private readonly byRef = new Map<string, Stored>()

  constructor(
    private readonly ctx: StateContext,
    private readonly balances: Balances,
  ) {
    ctx.scheduler.on(ADVANCE, (reference, at) => this.advance(reference, at))
  }

  initialize(req: InitializeDisbursementRequest): Transfer {
    return this.create(req, 'merchant')
  }

  /** Shared with /direct-debits/disburse, which pays out of collected debit funds. */
  create(req: TransferRequest, pool: Pool): Transfer {
    if (this.byRef.has(req.reference)) throw duplicateReference()
    const bank = findBank(req.bank_code, req.currency)
    if (!bank) throw unprocessable(`Unknown bank code ${req.bank_code} for ${req.currency}`)
    if (!this.balances.take(pool, req.currency, req.amount))
      throw new SandboxError(
        422,
        'insufficient_funds',
        pool === 'merchant'
          ? 'Insufficient balance for this transfer'
          : 'Insufficient collected direct-debit funds for this transfer',
      )
    const now = this.ctx.clock.iso()
    const transfer: Stored = {
      reference: req.reference,
      status: 'pending',
      amount: req.amount,
      currency: req.currency,
      bank_code: bank.code,
      bank_name: bank.name,
      account_number: req.account_number,
      account_name: accountExists(req.account_number) ? accountName(req.account_number) : null,
      recipient_name: req.recipient_name ?? null,
      recipient_email: req.recipient_email ?? null,
      narration: req.narration ?? '',
      failure_reason: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
      pool,
      webhook_url: req.webhook_url ?? null,
    }
    this.byRef.set(transfer.reference, transfer)
    this.ctx.scheduler.schedule(this.ctx.settleDelayMs / 2, ADVANCE, transfer.reference)
    this.ctx.changed()
    return this.view(transfer)
  }

  verify(reference: string): Transfer {
    const t = this.byRef.get(reference)
    if (!t) throw notFound()
    return this.view(t)
  }

  list(q: ListQuery): Page<Transfer> {
    const page = listPage(
      this.byRef.values(),
      q,
      (t) =>
        (!q.status || t.status === q.status) &&
        (!q.recipient_email || sameEmail(t.recipient_email, q.recipient_email)),
      (t) => t.reference,
    )
    return { ...page, data: page.data.map((t) => this.view(t)) }
  }

  private advance(reference: string, dueAt: number): void {
    const t = this.byRef.get(reference)
    if (!t) return
    const now = this.ctx.clock.iso()
    switch (t.status) {
      case 'pending':
        t.status = 'processing'
        this.ctx.scheduler.scheduleAt(dueAt + this.ctx.settleDelayMs / 2, ADVANCE, reference)
        break
      case 'processing': {
        const failure = !accountExists(t.account_number)
          ? 'Beneficiary account not found'
          : failsByAmount(t.amount)
            ? 'Transfer declined by the beneficiary bank'
            : null
        t.status = failure ? 'failed' : 'success'
        t.failure_reason = failure
        t.completed_at = now
        if (failure) this.balances.put(t.pool, t.currency, t.amount)
        else if (accountReturnsTransfers(t.account_number))
          this.ctx.scheduler.scheduleAt(dueAt + this.ctx.settleDelayMs, ADVANCE, reference)
        break
      }
      case 'success':
        if (!accountReturnsTransfers(t.account_number)) return
        t.status = 'reversed'
        t.failure_reason = 'Returned by the beneficiary bank'
        this.balances.put(t.pool, t.currency, t.amount)
        break
      default:
        return
    }
    t.updated_at = now
    this.ctx.changed()
    this.ctx.emit('transfer_status_update', this.view(t), {
      status: t.status,
      extraUrls: [t.webhook_url],
    })
  }

  private view(t: Stored): Transfer {
    const { pool: _pool, webhook_url: _url, ...transfer } = t
    return transfer
  }

  snapshot(): unknown {
    return [...this.byRef.values()]
  }

  restore(data: unknown): void {
    this.byRef.clear()
    for (const t of (data as Stored[] | undefined) ?? []) this.byRef.set(t.reference, { ...t })
  }
}
