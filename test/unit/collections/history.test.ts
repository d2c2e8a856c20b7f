import { describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { ExportProgress } from '../../../common/ipc/collections'
import { csvCell } from '../../../main/collections/csv'
import { createHistory } from '../../../main/collections/history'
import { Ledger } from '../../../main/collections/ledger'
import { CollectionsError } from '../../../main/collections/errors'
import { FakeGateway, FakeGatewayError, FakeScheduler, NGN } from './fakes'

function setup(transfers = 250) {
  const clock = new FakeScheduler()
  const gateway = new FakeGateway(clock)
  gateway.addAccount('ACC-1')
  for (let i = 0; i < transfers; i++)
    gateway.pay('ACC-1', NGN(1 + i), i % 10 === 0 ? 'failed' : 'success', clock.now() + i * 1000)
  const ledger = new Ledger({ skewMs: 60_000 })
  const history = createHistory({ gateway: () => gateway, ledger: () => ledger })
  return { gateway, ledger, history }
}

describe('history', () => {
  it('asks the gateway for one page with the filters, and reports its pagination', async () => {
    const { gateway, history } = setup()
    const page = await history.list(
      { accountReference: 'ACC-1', status: 'failed', from: '2025-03-01', to: '2025-03-02' },
      2,
      10,
    )
    expect(gateway.queries.at(-1)).toEqual({
      account_reference: 'ACC-1',
      status: 'failed',
      start_date: '2025-03-01',
      end_date: '2025-03-02',
      page: 2,
      page_size: 10,
    })
    expect(page).toMatchObject({ page: 2, pageSize: 10, totalItems: 25, totalPages: 3 })
    expect(page.rows.every((r) => r.status === 'failed' && r.attribution === 'unattributed')).toBe(
      true,
    )
  })

  it('refuses a from date after the to date before asking the gateway', async () => {
    const { gateway, history } = setup(1)
    await expect(history.list({ from: '2025-03-05', to: '2025-03-01' }, 1, 10)).rejects.toThrow(
      CollectionsError,
    )
    expect(gateway.queries).toEqual([])
  })

  it('exports every page as CSV with progress after each page', async () => {
    const { history } = setup(250)
    const progress: ExportProgress[] = []
    const result = await history.exportCsv(
      'x1',
      {},
      (p) => progress.push(p),
      () => new Date(0),
    )
    expect(result.rows).toBe(250)
    expect(result.filename).toBe('tilldesk-transfers-1970-01-01-00-00-00.csv')
    const lines = result.csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(251)
    expect(lines[0]).toBe(
      'reference,account_reference,amount,currency,status,created_at,narration,attribution,charge_id,sale_reference',
    )
    // Amounts are exact decimals, never floats.
    expect(lines.some((l) => l.includes(',250.00,NGN,'))).toBe(true)
    expect(progress.map((p) => p.done)).toEqual([100, 200, 250])
    expect(progress.at(-1)).toMatchObject({ total: 250, finished: true })
  })

  it('says history needs the gateway when it is unreachable', async () => {
    const { gateway, history } = setup(1)
    gateway.failWith = new FakeGatewayError(null, 'network')
    await expect(history.list({}, 1, 10)).rejects.toMatchObject({ code: 'gateway_unavailable' })
  })

  it('marks transfers this till attributed to a charge or surfaced as late', async () => {
    const { ledger, history, gateway } = setup(0)
    ledger.open({
      id: 'ch_hist0001',
      state: 'open',
      account: {
        accountReference: 'ACC-1',
        accountNumber: '9000000000',
        accountName: 'A',
        bankName: 'B',
        bankCode: null,
        currency: 'NGN',
        customerEmail: 'a@example.com',
        metadata: {},
        createdAt: null,
      },
      currency: 'NGN',
      amountDue: minor(500),
      saleReference: 'SALE-9',
      till: 'Till 1',
      openedBy: { id: 'u_x', name: 'X' },
      openedAt: new Date(Date.parse('2025-03-01T10:00:00Z')).toISOString(),
      closedAt: null,
      overpayment: null,
      cancellation: null,
    })
    const tx = gateway.pay('ACC-1', minor(500))
    ledger.observe(
      {
        reference: tx.reference,
        accountReference: 'ACC-1',
        amount: tx.amount,
        currency: 'NGN',
        status: 'success',
        narration: '',
        createdAt: tx.created_at,
      },
      tx.created_at,
    )
    const page = await history.list({}, 1, 10)
    expect(page.rows[0]).toMatchObject({
      attribution: 'charge',
      chargeId: 'ch_hist0001',
      saleReference: 'SALE-9',
    })
  })
})

describe('csvCell', () => {
  it('quotes separators and neutralises spreadsheet formulas typed by strangers', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+2348012345678')).toBe("'+2348012345678")
    expect(csvCell(null)).toBe('')
    expect(csvCell(-5)).toBe('-5')
  })
})
