// Test doubles for collections: a manual clock that runs timers in order, and an in-memory
// gateway with the same transactions query semantics as the sandbox (account filter, start
// date, newest first, pages), which can be told to fail.
import type { VaTransaction, VirtualAccount } from '../../../common/api/virtualAccounts'
import type {
  CollectionsGateway,
  VaTransactionsFilter,
  VaTransactionsPage,
} from '../../../main/collections/gatewayPort'
import type { Scheduler } from '../../../main/collections/watcher'
import { minor, type Minor } from '../../../common/money'

interface Timer {
  id: number
  at: number
  fn: () => void
}

export class FakeScheduler implements Scheduler {
  private timers: Timer[] = []
  private nextId = 1
  constructor(public current = Date.parse('2025-03-01T10:00:00Z')) {}

  now = (): number => this.current
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.nextId++
    this.timers.push({ id, at: this.current + Math.max(0, ms), fn })
    return id
  }
  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle)
  }

  pending(): number[] {
    return this.timers.map((t) => t.at - this.current).sort((a, b) => a - b)
  }

  /** Moves time forward, firing due timers in order and letting their promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms
    for (;;) {
      await flush()
      const next = [...this.timers].sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!next || next.at > end) break
      this.timers = this.timers.filter((t) => t !== next)
      this.current = next.at
      next.fn()
    }
    this.current = end
    await flush()
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

export class FakeGatewayError extends Error {
  constructor(
    readonly status: number | null,
    readonly kind: string,
    readonly retryAfterMs: number | null = null,
    readonly outcomeUnknown = false,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(`fake ${kind}`)
  }
  /** A 404 whose JSON body says the record does not exist (the only proof of absence). */
  recordAbsent = false
}

/** The gateway's JSON answer that no record matches. */
export function absent(): FakeGatewayError {
  const e = new FakeGatewayError(404, 'not_found')
  e.recordAbsent = true
  return e
}

export const NGN = (naira: number): Minor => minor(naira * 100)

export class FakeGateway implements CollectionsGateway {
  accounts = new Map<string, VirtualAccount>()
  transfers: VaTransaction[] = []
  queries: VaTransactionsFilter[] = []
  /** Clock time of each transactions query. */
  queryTimes: number[] = []
  /** When set, every call throws it (an outage). */
  failWith: Error | null = null
  /** A gateway that insists on account_reference: the unfiltered list is a 400. */
  refuseUnfiltered = false
  /** A gateway whose list envelope has no pagination block. */
  noPagination = false
  private seq = 0

  constructor(private readonly clock: { now(): number }) {}

  addAccount(reference: string, email = `${reference.toLowerCase()}@example.com`): VirtualAccount {
    const va: VirtualAccount = {
      status: 'success',
      account_reference: reference,
      customer_name: `Customer ${reference}`,
      customer_email: email,
      currency_code: 'NGN',
      metadata: {},
      account_number: String(9000000000 + this.accounts.size),
      bank_name: 'Wema Bank',
      bank_code: '035',
      reservation_reference: `RES-${reference}`,
    }
    this.accounts.set(reference, va)
    return va
  }

  /** A customer's transfer captured by the gateway now (or at `atMs`). */
  pay(
    accountReference: string,
    amount: Minor,
    status: VaTransaction['status'] = 'success',
    atMs = this.clock.now(),
  ): VaTransaction {
    const tx: VaTransaction = {
      reference: `TRF-${++this.seq}`,
      account_reference: accountReference,
      amount,
      currency: 'NGN',
      status,
      narration: 'transfer',
      created_at: new Date(atMs).toISOString(),
    }
    this.transfers.push(tx)
    return tx
  }

  virtualAccounts = {
    create: async (body: Parameters<CollectionsGateway['virtualAccounts']['create']>[0]) => {
      this.guard()
      if (this.accounts.has(body.account_reference)) throw new FakeGatewayError(409, 'conflict')
      const va = this.addAccount(body.account_reference, body.customer_email)
      va.customer_name = body.customer_name
      va.metadata = body.metadata ?? {}
      return va
    },
    get: async (reference: string) => {
      this.guard()
      const va = this.accounts.get(reference)
      if (!va) throw absent()
      return va
    },
    byEmail: async (email: string) => {
      this.guard()
      const all = [...this.accounts.values()].filter((a) => a.customer_email === email)
      const va = all.at(-1)
      if (!va) throw absent()
      return va
    },
    transactions: async (q: VaTransactionsFilter): Promise<VaTransactionsPage> => {
      this.queries.push(q)
      this.queryTimes.push(this.clock.now())
      this.guard()
      if (this.refuseUnfiltered && !q.account_reference)
        throw new FakeGatewayError(400, 'validation', null, false, [
          { field: 'account_reference', message: 'account_reference is required.' },
        ])
      const since = q.start_date ? Date.parse(q.start_date) : -Infinity
      const until = q.end_date ? Date.parse(q.end_date) : Infinity
      const rows = this.transfers
        .filter(
          (t) =>
            (!q.account_reference || t.account_reference === q.account_reference) &&
            (!q.status || t.status === q.status) &&
            Date.parse(t.created_at) >= since &&
            Date.parse(t.created_at) <= until,
        )
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      const page = q.page ?? 1
      const size = q.page_size ?? 10
      const data = rows.slice((page - 1) * size, page * size)
      if (this.noPagination) return { data } as unknown as VaTransactionsPage
      return {
        data,
        pagination: {
          page,
          page_size: size,
          total_items: rows.length,
          total_pages: Math.max(1, Math.ceil(rows.length / size)),
        },
      }
    },
  }

  private guard(): void {
    if (this.failWith) throw this.failWith
  }
}
