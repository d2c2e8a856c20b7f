import { describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { ChargeView } from '../../../common/ipc/collections'
import { buildReceipt } from '../../../main/collections/receipts'
import { receiptHtml } from '../../../main/collections/receiptHtml'
import { reconcile } from '../../../main/collections/reconcile'

function charge(over: Partial<ChargeView> = {}): ChargeView {
  const transfers = [
    {
      reference: 'VAT_1',
      accountReference: 'ACC-1',
      amount: minor(1_300_000),
      currency: 'NGN' as const,
      status: 'success' as const,
      narration: '<script>alert(1)</script>',
      createdAt: '2025-03-01T10:01:00.000Z',
      firstSeenAt: '2025-03-01T10:01:01.000Z',
      chargeId: 'ch_receipt01',
      late: false,
      acknowledgement: null,
    },
  ]
  return {
    id: 'ch_receipt01',
    state: 'closed',
    account: {
      accountReference: 'ACC-1',
      accountNumber: '9012345678',
      accountName: 'Ada <b>Obi</b>',
      bankName: 'Wema Bank',
      bankCode: '035',
      currency: 'NGN',
      customerEmail: 'ada@example.com',
      metadata: {},
      createdAt: null,
    },
    currency: 'NGN',
    amountDue: minor(1_250_000),
    saleReference: 'SALE-1',
    till: 'Front counter',
    openedBy: { id: 'u_x', name: 'Bola' },
    openedAt: '2025-03-01T10:00:00.000Z',
    closedAt: '2025-03-01T10:02:00.000Z',
    reconciliation: reconcile(minor(1_250_000), 'NGN', transfers),
    transfers,
    needsDecision: false,
    overpayment: { decision: 'refund', note: 'cash', by: 'Bola', at: '2025-03-01T10:02:00.000Z' },
    cancellation: null,
    ...over,
  }
}

describe('receipts', () => {
  it('words and formats what main decided', () => {
    const r = buildReceipt(charge(), '2025-03-01T10:03:00.000Z')
    const line = (label: string) => r.lines.find((l) => l.label === label)?.value
    expect(r.title).toBe('Payment receipt')
    expect(r.number).toBe('R-20250301-RECEIPT0')
    expect(line('Status')).toBe('Overpaid')
    expect(line('Amount due')).toBe('₦12,500.00')
    expect(line('Received')).toBe('₦13,000.00')
    expect(line('Overpaid by')).toBe('₦500.00')
    expect(line('Overpayment')).toBe('To be refunded (cash)')
    expect(line('Balance due')).toBeUndefined()
    expect(r.transfers).toEqual([
      expect.objectContaining({ reference: 'VAT_1', amount: '₦13,000.00', status: 'Received' }),
    ])
  })

  it('renders a PDF page that runs nothing a customer typed', () => {
    const html = receiptHtml(buildReceipt(charge(), '2025-03-01T10:03:00.000Z'))
    expect(html).not.toContain('<b>Obi</b>')
    expect(html).toContain('Ada &lt;b&gt;Obi&lt;/b&gt;')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain("default-src 'none'")
  })
})
