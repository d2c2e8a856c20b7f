import { describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { ChargeView } from '../../../common/ipc/collections'
import { buildReceipt } from '../../../main/collections/receipts'
import { receiptHtml } from '../../../main/collections/receiptHtml'
import { reconcile } from '../../../main/collections/reconcile'
import { englishIn } from '../../support/english-words'

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

  it('a French till’s receipt is in French: no word of the English catalogue on it', () => {
    const c = charge({ state: 'open', closedAt: null })
    const receipt = buildReceipt(c, '2025-03-01T10:03:00.000Z', 'fr')
    expect(receipt.title).toBe('Ticket de caisse')
    expect(receipt.lines[0]).toEqual({ label: 'Statut', value: 'Payé en trop' })
    expect(receipt.amount.replace(/\s/g, ' ')).toBe('13 000,00 NGN')
    for (const paper of ['a4', '80mm'] as const) {
      const html = receiptHtml(receipt, paper)
      expect(html).toContain('<html lang="fr">')
      // What people typed or the bank named is theirs, in whatever language they wrote it.
      const theirs = [
        c.account.accountName,
        c.account.bankName,
        c.till,
        'cash',
        'SALE-1',
        receipt.number,
      ]
      let text = html.replace(/<style>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>/g, ' ')
      text = text.replace(/<[^>]+>/g, ' ').replace(/&lt;[^&]*&gt;/g, ' ')
      for (const data of theirs) text = text.replaceAll(data.replace(/<[^>]+>/g, ''), ' ')
      expect(englishIn(text)).toEqual([])
    }
  })
})
