// Deterministic sandbox test data: names, failing accounts and amounts, banks, checkout page.
import { describe, expect, it } from 'vitest'
import type { FullPaymentRecord as PaymentRecord } from '../../../common/api/payments'
import {
  accountExists,
  accountName,
  accountReturnsTransfers,
  failsByAmount,
} from '../../../sandbox/data/accounts'
import { BANKS, findBank } from '../../../sandbox/data/banks'
import { cardOutcome, checkoutPage } from '../../../sandbox/checkoutPage'
import { m } from './helpers'

describe('accounts', () => {
  it('names depend only on the account number', () => {
    expect(accountName('0123456789')).toBe(accountName('0123456789'))
    expect(accountName('0123456789')).toMatch(/^[A-Z]+ [A-Z]+( [A-Z]+)?$/)
    const names = new Set(
      Array.from({ length: 50 }, (_, i) => accountName(String(1_000_000_000 + i * 7919))),
    )
    expect(names.size).toBeGreaterThan(30)
  })

  it('0000… does not exist, 0099… returns transfers, .13 fails', () => {
    expect(accountExists('0000123456')).toBe(false)
    expect(accountExists('0001234567')).toBe(true)
    expect(accountReturnsTransfers('0099000000')).toBe(true)
    expect(failsByAmount(m(50_013))).toBe(true)
    expect(failsByAmount(m(50_130))).toBe(false)
  })
})

describe('banks', () => {
  it('lists real Nigerian codes and unique codes per country', () => {
    const ng = new Map(BANKS.NG!.map((b) => [b.code, b.name]))
    expect(ng.get('044')).toBe('Access Bank')
    expect(ng.get('058')).toBe('Guaranty Trust Bank')
    expect(ng.get('50515')).toMatch(/Moniepoint/)
    for (const list of Object.values(BANKS))
      expect(new Set(list.map((b) => b.code)).size).toBe(list.length)
    for (const list of Object.values(BANKS))
      for (const b of list) expect(b.code).toMatch(/^\d{3,6}$/)
  })

  it('finds a code in the country of the currency', () => {
    expect(findBank('011', 'NGN')?.name).toBe('First Bank of Nigeria')
    expect(findBank('011', 'USD')?.name).toBe('First Bank of Nigeria')
    expect(findBank('011', 'KES')?.name).toBe('Co-operative Bank of Kenya')
    expect(findBank('040100', 'GHS')?.name).toBe('GCB Bank')
    expect(findBank('040100', 'NGN')).toBeUndefined()
  })
})

describe('checkout page', () => {
  const payment: PaymentRecord = {
    reference: 'P<1>',
    status: 'pending',
    email: '"><script>alert(1)</script>@x.com',
    amount: m(1_250_050),
    currency: 'NGN',
    amount_refunded: m(0),
    payment_method: null,
    customer_name: null,
    metadata: {},
    authorization_url: 'http://127.0.0.1/checkout/P',
    callback_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
    paid_at: null,
  }

  it('escapes everything it shows and posts to the complete route', () => {
    const html = checkoutPage(payment)
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
    expect(html).toContain('action="/checkout/P%3C1%3E/complete"')
    expect(html).toContain('₦12,500.50')
    for (const outcome of ['success', 'failed', 'abandoned'])
      expect(html).toContain(`value="${outcome}"`)
  })

  it('shows a finished payment without the forms', () => {
    expect(checkoutPage({ ...payment, status: 'success' })).not.toContain('<form')
  })

  it('maps test cards to outcomes; unknown cards are declined', () => {
    expect(cardOutcome('4084 0840 8408 4081')).toBe('success')
    expect(cardOutcome('4000-0000-0000-0002')).toBe('failed')
    expect(cardOutcome('1234')).toBe('failed')
  })
})
