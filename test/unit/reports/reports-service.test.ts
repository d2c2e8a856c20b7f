import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import type { PaymentRecord } from '../../../common/api/payments'
import type { VaTransaction } from '../../../common/api/virtualAccounts'
import type { Minor } from '../../../common/money'
import { AppError } from '../../../main/kernel/errors'
import { ReportsService, type ReportsGateway } from '../../../main/reports/reports-service'
import { gwError } from '../payments/support'

const m = (n: number) => n as Minor

function payment(i: number, overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    reference: `PAY_${String(i).padStart(4, '0')}`,
    status: 'success',
    email: `c${i}@example.com`,
    amount: m(1_000_000 + i),
    currency: 'NGN',
    amount_refunded: m(0),
    payment_method: 'card',
    customer_name: `Customer ${i}`,
    metadata: {},
    authorization_url: 'https://gateway.example/checkout/x',
    callback_url: null,
    created_at: '2025-01-15T10:00:00.000Z',
    paid_at: '2025-01-15T10:01:00.000Z',
    ...overrides,
  }
}

function pageOf<T>(all: T[], query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1
  const size = query.page_size ?? 10
  return {
    status: true as const,
    data: all.slice((page - 1) * size, page * size),
    pagination: {
      page,
      page_size: size,
      total_items: all.length,
      total_pages: Math.max(1, Math.ceil(all.length / size)),
    },
  }
}

class FakeReportsGateway implements ReportsGateway {
  paymentRecords: PaymentRecord[] = []
  transfersInRecords: VaTransaction[] = []
  transferRecords: Transfer[] = []
  readonly queries: Array<Record<string, unknown>> = []
  failNext: Error | null = null

  readonly payments = {
    list: async (query: Record<string, unknown> = {}) => {
      this.queries.push(query)
      if (this.failNext) throw this.failNext
      return pageOf(this.paymentRecords, query)
    },
  }
  readonly virtualAccounts = {
    transactions: async (query: Record<string, unknown> = {}) => {
      this.queries.push(query)
      return pageOf(this.transfersInRecords, query)
    },
  }
  readonly disbursements = {
    list: async (query: Record<string, unknown> = {}) => {
      this.queries.push(query)
      return pageOf(this.transferRecords, query)
    },
  }
}

const NOW = Date.UTC(2025, 0, 20, 12)

function setup(maxExportRows?: number) {
  const gateway = new FakeReportsGateway()
  const service = new ReportsService({
    gateway: async () => gateway,
    now: () => NOW,
    ...(maxExportRows ? { maxExportRows } : {}),
  })
  return { gateway, service }
}

/** A small RFC 4180 reader, to check what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  return rows
}

describe('report pages', () => {
  it('maps the filter to the gateway query names and returns one server page', async () => {
    const { gateway, service } = setup()
    gateway.paymentRecords = Array.from({ length: 60 }, (_, i) => payment(i))
    const page = await service.payments({
      status: 'success',
      method: 'card',
      email: 'c1@example.com',
      from: '2025-01-01',
      to: '2025-01-31',
      page: 2,
      pageSize: 25,
    })
    expect(gateway.queries[0]).toEqual({
      page: 2,
      page_size: 25,
      status: 'success',
      payment_method: 'card',
      customer_email: 'c1@example.com',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    })
    expect(page).toMatchObject({
      page: 2,
      pageSize: 25,
      totalItems: 60,
      totalPages: 3,
      fetchedAt: '2025-01-20T12:00:00.000Z',
    })
    expect(page.items[0]).toMatchObject({
      reference: 'PAY_0025',
      amount: 1_000_025,
      paymentMethod: 'card',
    })
  })

  it('sends only the filters that are set, for every list', async () => {
    const { gateway, service } = setup()
    await service.transfersIn({ accountReference: 'CUST-1', page: 1, pageSize: 50 })
    await service.disbursements({
      recipientEmail: 'v@example.com',
      status: 'reversed',
      page: 1,
      pageSize: 100,
    })
    expect(gateway.queries).toEqual([
      { page: 1, page_size: 50, account_reference: 'CUST-1' },
      { page: 1, page_size: 100, status: 'reversed', recipient_email: 'v@example.com' },
    ])
  })

  it('refuses a range that ends before it starts, beside the end date', async () => {
    const { gateway, service } = setup()
    const error = await service
      .payments({ from: '2025-02-01', to: '2025-01-01', page: 1, pageSize: 25 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).fields).toEqual({ to: 'The end date is before the start date.' })
    expect(gateway.queries).toHaveLength(0)
  })

  it('explains gateway failures in words and maps its field errors', async () => {
    const { gateway, service } = setup()
    gateway.failNext = gwError('validation', {
      fieldErrors: [{ field: 'start_date', message: 'Bad date.' }],
      method: 'GET',
    })
    const error = (await service
      .payments({ page: 1, pageSize: 25 })
      .catch((e: unknown) => e)) as AppError
    expect(error.fields).toEqual({ from: 'Bad date.' })
    gateway.failNext = gwError('missing_capability', { method: 'GET' })
    const denied = (await service
      .payments({ page: 1, pageSize: 25 })
      .catch((e: unknown) => e)) as AppError
    expect(denied.message).toMatch(/not allowed.*Ask an admin/)
  })
})

describe('CSV export', () => {
  it('walks every page, writes exact decimals, and names the file after the range', async () => {
    const { gateway, service } = setup()
    gateway.paymentRecords = Array.from({ length: 250 }, (_, i) =>
      payment(i, i === 3 ? { amount_refunded: m(50) } : {}),
    )
    const out = await service.exportCsv({
      kind: 'payments',
      filter: { from: '2025-01-01', to: '2025-01-31', page: 3, pageSize: 25 },
    })
    expect(gateway.queries.map((q) => q.page)).toEqual([1, 2, 3])
    expect(gateway.queries.every((q) => q.page_size === 100)).toBe(true)
    expect(out.filename).toBe('tilldesk-payments-2025-01-01_to_2025-01-31-exported-2025-01-20.csv')
    expect(out.csv.startsWith('\uFEFF')).toBe(true)
    const rows = parseCsv(out.csv.slice(1))
    expect(rows).toHaveLength(251)
    expect(rows[0]).toEqual([
      'Reference',
      'Status',
      'Method',
      'Customer e-mail',
      'Customer name',
      'Currency',
      'Amount',
      'Refunded',
      'Created (UTC)',
      'Paid (UTC)',
    ])
    expect(rows[4]?.slice(6, 8)).toEqual(['10000.03', '0.50'])
    expect(out).toMatchObject({ rowCount: 250, truncated: false })
  })

  it('stops at the export limit and says so', async () => {
    const { gateway, service } = setup(150)
    gateway.paymentRecords = Array.from({ length: 250 }, (_, i) => payment(i))
    const out = await service.exportCsv({ kind: 'payments', filter: { page: 1, pageSize: 25 } })
    expect(out).toMatchObject({ rowCount: 150, truncated: true })
    expect(gateway.queries).toHaveLength(2)
  })

  it('writes a header even when nothing matches', async () => {
    const { service } = setup()
    const out = await service.exportCsv({
      kind: 'disbursements',
      filter: { page: 1, pageSize: 25 },
    })
    expect(parseCsv(out.csv.slice(1))).toEqual([
      [
        'Reference',
        'Status',
        'Currency',
        'Amount',
        'Fee',
        'Bank',
        'Account number',
        'Account name',
        'Recipient e-mail',
        'Narration',
        'Failure reason',
        'Created (UTC)',
      ],
    ])
    expect(out.rowCount).toBe(0)
  })

  it('round-trips any narration, and never lets a cell start a formula (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        async (narration, amount) => {
          const { gateway, service } = setup()
          gateway.transfersInRecords = [
            {
              reference: 'T1',
              account_reference: 'CUST-1',
              amount: m(amount),
              currency: 'NGN',
              status: 'success',
              narration,
              created_at: '2025-01-15T10:00:00.000Z',
            },
          ]
          const out = await service.exportCsv({
            kind: 'transfersIn',
            filter: { page: 1, pageSize: 25 },
          })
          const cell = parseCsv(out.csv.slice(1))[1]?.[5] ?? ''
          expect(cell).toBe(/^[=+\-@\t\r]/.test(narration) ? `'${narration}` : narration)
          expect(/^[=+\-@]/.test(cell)).toBe(false)
          const written = parseCsv(out.csv.slice(1))[1]?.[4] ?? ''
          expect(written.replace('.', '').replace(/^0+(?=\d)/, '')).toBe(String(amount))
        },
      ),
      { numRuns: 200 },
    )
  })
})
