// A day at a gateway as the reconciliation reads it: lists answered page by page through the
// client's own tolerant readers (common/api/read), so an odd item is skipped the way the real
// client skips it, and single look-ups answered from the same records.
import {
  DebitRecordRead,
  MerchantTransactionsRead,
  RefundListRead,
  TransferListRead,
  VaTransactionsRead,
} from '../../../common/api/read/records'
import type { ReconcileGateway } from '../../../main/reconcile/gateway-lists'
import type { TillRecord } from '../../../main/reconcile/match'
import { gwError } from '../payments/support'

type Item = Record<string, unknown>

export interface FakeDay {
  transfers: Item[]
  payments: Item[]
  payouts: Item[]
  refunds: Item[]
  debits: Item[]
}

export const emptyDay = (): FakeDay => ({
  transfers: [],
  payments: [],
  payouts: [],
  refunds: [],
  debits: [],
})

/** The wire's decimal for integer minor units (the readers decode it back). */
const wire = (minor: number) => minor / 100

export const at = (hh: number, mm = 0) => new Date(Date.UTC(2026, 10, 26, hh - 1, mm)).toISOString() // Lagos is UTC+1

export function vaTransaction(reference: string, minor: number, status = 'success', time = at(10)) {
  return {
    reference,
    account_reference: `ACC_${reference}`,
    amount: wire(minor),
    currency: 'NGN',
    status,
    narration: 'sale',
    created_at: time,
  }
}

export function transfer(reference: string, minor: number, status = 'success', time = at(11)) {
  return { reference, amount: wire(minor), currency: 'NGN', status, created_at: time }
}

export function tillRecord(
  source: TillRecord['source'],
  reference: string,
  minor: number,
  status = 'success',
  time = at(10),
  till = 'Till 1',
): TillRecord {
  return {
    source,
    reference,
    amount: minor,
    currency: 'NGN',
    status,
    atMs: Date.parse(time),
    till,
  }
}

export interface FakeGateway extends ReconcileGateway {
  calls: string[]
}

/** Pages of `size` through `read`; `envelope: false` leaves the paging envelope out. */
function pages(
  items: Item[],
  read: { parse(v: unknown): unknown },
  page: number,
  size: number,
  envelope: boolean,
) {
  const slice = items.slice((page - 1) * size, page * size)
  const body = {
    status: true,
    data: slice,
    pagination: {
      page,
      page_size: size,
      total_items: items.length,
      total_pages: Math.max(1, Math.ceil(items.length / size)),
    },
  }
  if (envelope) return read.parse(body) as never
  // Without the envelope the client's reader would refuse it: hand the items as read.
  const parsed = read.parse(body) as { data: unknown[]; skipped: number }
  return { data: parsed.data, skipped: parsed.skipped } as never
}

export function fakeGateway(day: FakeDay, options: { envelope?: boolean } = {}): FakeGateway {
  const calls: string[] = []
  const envelope = options.envelope ?? true
  const find = (list: Item[], reference: string, key = 'reference') => {
    const found = list.find((i) => i[key] === reference)
    if (!found) throw gwError('not_found', { status: 404, recordAbsent: true })
    return found
  }
  const one = (read: { parse(v: unknown): unknown }, item: Item) =>
    (
      read.parse({
        status: true,
        data: [item],
        pagination: { page: 1, page_size: 1, total_items: 1, total_pages: 1 },
      }) as {
        data: unknown[]
      }
    ).data[0] as never
  return {
    calls,
    virtualAccounts: {
      transactions: async (q = {}) => {
        calls.push(`GET va ${q.page}`)
        return pages(day.transfers, VaTransactionsRead, q.page ?? 1, q.page_size ?? 10, envelope)
      },
    },
    payments: {
      list: async (q = {}) => {
        calls.push(`GET payments ${q.page}`)
        return pages(
          day.payments,
          MerchantTransactionsRead,
          q.page ?? 1,
          q.page_size ?? 10,
          envelope,
        )
      },
      verify: async (reference) => {
        calls.push(`GET payment ${reference}`)
        return one(MerchantTransactionsRead, find(day.payments, reference))
      },
    },
    disbursements: {
      list: async (q = {}) => {
        calls.push(`GET payouts ${q.page}`)
        return pages(day.payouts, TransferListRead, q.page ?? 1, q.page_size ?? 10, envelope)
      },
      verify: async (reference) => {
        calls.push(`GET payout ${reference}`)
        return one(TransferListRead, find(day.payouts, reference))
      },
    },
    refunds: {
      history: async (q = {}) => {
        calls.push(`GET refunds ${q.page}`)
        return pages(day.refunds, RefundListRead, q.page ?? 1, q.page_size ?? 10, envelope)
      },
      get: async (reference) => {
        calls.push(`GET refund ${reference}`)
        return one(RefundListRead, find(day.refunds, reference))
      },
    },
    directDebits: {
      status: async (reference) => {
        calls.push(`GET debit ${reference}`)
        return DebitRecordRead.parse(find(day.debits, reference, 'payment_reference')) as never
      },
    },
  }
}
