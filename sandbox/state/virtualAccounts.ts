// Virtual accounts: one reserved 10-digit account number per customer at a partner bank, and
// the incoming transfers recorded against it (via the sandbox control, as a bank would report
// them), each announced with va_charge_success or va_charge_failure.
import type * as z from 'zod'
import type { SimulateTransferRequest } from '../../common/api/sandboxControls'
import type {
  CreateVirtualAccountRequest,
  FullVaTransaction as VaTransaction,
  VaTransactionsQuery,
  FullVirtualAccount as VirtualAccount,
} from '../../common/api/virtualAccounts'
import { VIRTUAL_ACCOUNT_BANKS } from '../data/banks'
import { duplicateReference, notFound } from '../errors'
import type { Currency } from '../../common/money'
import type { Persistable, StateContext } from './context'
import { newId } from './ids'
import { listPage, sameEmail, type Page } from './lists'

type TransactionsQuery = z.output<typeof VaTransactionsQuery>
type TransferInput = z.output<typeof SimulateTransferRequest>

/** How an incoming transfer is reported (spec variations, docs/sandbox.md). */
export interface TransferOptions {
  /** Recorded `processing` first; the final status follows after the settle delay. */
  processingFirst?: boolean
  /** Arrives in another currency than the account's (unless the request names one). */
  foreignCurrency?: boolean
}

const SETTLE = 'va.settle'

/** A currency other than the account's: NGN accounts receive USD, every other one NGN. */
const otherCurrency = (currency: Currency): Currency => (currency === 'NGN' ? 'USD' : 'NGN')

interface Stored extends VirtualAccount {
  /** Creation order: "most recent" must not depend on two accounts' timestamps differing. */
  seq: number
}

export class VirtualAccounts implements Persistable {
  private readonly byRef = new Map<string, Stored>()
  private readonly numbers = new Set<string>()
  private readonly transactions: VaTransaction[] = []
  /** Final status of transactions reported `processing` first, until they settle. */
  private readonly settling = new Map<string, 'success' | 'failed'>()
  private seq = 0

  constructor(private readonly ctx: StateContext) {
    ctx.scheduler.on(SETTLE, (reference) => this.settle(reference))
  }

  create(req: CreateVirtualAccountRequest): VirtualAccount {
    if (this.byRef.has(req.account_reference)) throw duplicateReference()
    const bank = VIRTUAL_ACCOUNT_BANKS[
      this.ctx.rng.int(VIRTUAL_ACCOUNT_BANKS.length)
    ] as (typeof VIRTUAL_ACCOUNT_BANKS)[number]
    const account: Stored = {
      status: 'success',
      account_reference: req.account_reference,
      customer_name: req.customer_name,
      customer_email: req.customer_email,
      currency_code: req.currency_code,
      metadata: req.metadata ?? {},
      account_number: this.newAccountNumber(),
      bank_name: bank.name,
      bank_code: bank.code,
      reservation_reference: newId('RSV'),
      created_at: this.ctx.clock.iso(),
      seq: this.seq++,
    }
    this.byRef.set(account.account_reference, account)
    this.numbers.add(account.account_number)
    this.ctx.changed()
    return this.view(account)
  }

  get(reference: string): VirtualAccount {
    const account = this.byRef.get(reference)
    if (!account) throw notFound()
    return this.view(account)
  }

  /** The most recently created account with this e-mail (case-insensitive). */
  byEmail(email: string): VirtualAccount {
    let latest: Stored | undefined
    for (const account of this.byRef.values())
      if (sameEmail(account.customer_email, email) && (!latest || account.seq > latest.seq))
        latest = account
    if (!latest) throw notFound()
    return this.view(latest)
  }

  /** A customer's bank transfer into the account, as the bank reports it. */
  receiveTransfer(
    accountReference: string,
    input: TransferInput,
    options: TransferOptions = {},
  ): VaTransaction {
    const account = this.byRef.get(accountReference)
    if (!account) throw notFound()
    const currency =
      input.currency ??
      (options.foreignCurrency ? otherCurrency(account.currency_code) : account.currency_code)
    const transaction: VaTransaction = {
      reference: newId('VAT'),
      account_reference: account.account_reference,
      amount: input.amount,
      currency,
      status: options.processingFirst ? 'processing' : input.status,
      narration: input.narration || `Transfer to ${account.account_number}`,
      created_at: this.ctx.clock.iso(),
    }
    this.transactions.push(transaction)
    this.ctx.changed()
    if (options.processingFirst) {
      this.settling.set(transaction.reference, input.status)
      this.ctx.scheduler.schedule(this.ctx.settleDelayMs, SETTLE, transaction.reference)
    } else this.announce(transaction)
    return { ...transaction }
  }

  private settle(reference: string): void {
    const final = this.settling.get(reference)
    const transaction = this.transactions.find((t) => t.reference === reference)
    this.settling.delete(reference)
    if (!final || !transaction || transaction.status !== 'processing') return
    transaction.status = final
    this.ctx.changed()
    this.announce(transaction)
  }

  private announce(transaction: VaTransaction): void {
    const account = this.byRef.get(transaction.account_reference)
    const data = {
      reference: transaction.reference,
      account_reference: transaction.account_reference,
      amount: transaction.amount,
      currency: transaction.currency,
      metadata: { ...(account?.metadata ?? {}) },
      narration: transaction.narration,
    }
    if (transaction.status === 'success') this.ctx.emit('va_charge_success', data)
    else
      this.ctx.emit('va_charge_failure', {
        ...data,
        failure_reason: 'The transfer could not be processed',
      })
  }

  listTransactions(q: TransactionsQuery): Page<VaTransaction> {
    const page = listPage(
      this.transactions,
      q,
      (t) =>
        (!q.account_reference || t.account_reference === q.account_reference) &&
        (!q.status || t.status === q.status),
      (t) => t.reference,
    )
    return { ...page, data: page.data.map((t) => ({ ...t })) }
  }

  private newAccountNumber(): string {
    // Leading 1-9 keeps clear of the "0000… does not exist" test-data rule.
    for (;;) {
      let n = String(1 + this.ctx.rng.int(9))
      while (n.length < 10) n += String(this.ctx.rng.int(10))
      if (!this.numbers.has(n)) return n
    }
  }

  private view(a: Stored): VirtualAccount {
    const { seq: _seq, ...account } = a
    return { ...account, metadata: { ...account.metadata } }
  }

  snapshot(): unknown {
    return {
      accounts: [...this.byRef.values()],
      transactions: this.transactions,
      settling: Object.fromEntries(this.settling),
    }
  }

  restore(data: unknown): void {
    const saved = data as
      | {
          accounts?: Stored[]
          transactions?: VaTransaction[]
          settling?: Record<string, 'success' | 'failed'>
        }
      | undefined
    this.byRef.clear()
    this.numbers.clear()
    this.transactions.length = 0
    this.settling.clear()
    for (const [reference, final] of Object.entries(saved?.settling ?? {}))
      this.settling.set(reference, final)
    for (const a of saved?.accounts ?? []) {
      this.byRef.set(a.account_reference, { ...a })
      this.numbers.add(a.account_number)
      this.seq = Math.max(this.seq, a.seq + 1)
    }
    for (const t of saved?.transactions ?? []) this.transactions.push({ ...t })
  }
}
