import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  CreateMandateRequest,
  InitializePaymentRequest,
  PageQuery,
  Reference,
  VaTransaction,
  isMerchantReference,
  VirtualAccountByEmailResponse,
  endpoints,
  sandboxEndpoints,
  type EndpointDef,
} from '../../../common/api'
import { buildOpenApi } from '../../../scripts/openapi'
import type { Minor } from '../../../common/money'

describe('amount codecs', () => {
  it('decode wire decimals to minor units and encode back', () => {
    const tx = VaTransaction.parse({
      reference: 'T1',
      account_reference: 'A1',
      amount: 12500.5,
      currency: 'NGN',
      status: 'success',
      narration: 'x',
      created_at: '2026-11-22T10:00:00Z',
      unknown_extra: 'tolerated',
    })
    expect(tx.amount).toBe(1_250_050)
    expect(z.encode(VaTransaction, tx).amount).toBe(12500.5)
  })

  it('payment initialize sends the amount as a decimal string', () => {
    const wire = z.encode(InitializePaymentRequest, {
      email: 'a@b.co',
      amount: 1_250_000 as Minor,
      currency: 'NGN',
    })
    expect(wire.amount).toBe('12500.00')
    expect(InitializePaymentRequest.safeParse({ ...wire, amount: '0' }).success).toBe(false)
    expect(InitializePaymentRequest.safeParse({ ...wire, amount: '1.005' }).success).toBe(false)
  })
})

describe('rules carried by the schemas', () => {
  const mandate = {
    customer_name: 'Ada Obi',
    customer_email: 'ada@example.com',
    account_number: '0123456789',
    bank_code: '058',
    mandate_reference: 'MND-1',
    start_date: '2026-12-01',
    end_date: '2026-12-31',
    max_monthly_amount: 50000,
    max_monthly_debit_count: 4,
    currency: 'NGN',
  }
  it('a mandate lasts at least 30 days', () => {
    expect(CreateMandateRequest.safeParse(mandate).success).toBe(true)
    const short = CreateMandateRequest.safeParse({ ...mandate, end_date: '2026-12-30' })
    expect(short.success).toBe(false)
    expect(short.error?.issues[0]?.path).toEqual(['end_date'])
  })
  it('a mandate bank code is three digits (spec: "Three-digit bank code")', () => {
    expect(CreateMandateRequest.safeParse({ ...mandate, bank_code: '058' }).success).toBe(true)
    for (const code of ['50211', '999992', '58'])
      expect(CreateMandateRequest.safeParse({ ...mandate, bank_code: code }).success, code).toBe(
        false,
      )
  })
  it('page_size is bounded at 100 and defaults to 10', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, page_size: 10 })
    expect(PageQuery.safeParse({ page_size: '101' }).success).toBe(false)
    expect(PageQuery.parse({ page: '3', page_size: '100' })).toEqual({ page: 3, page_size: 100 })
  })
  it('the e-mail lookup needs only the fields the spec names', () => {
    const parsed = VirtualAccountByEmailResponse.parse({
      status: 'success',
      account_number: '9012345678',
      bank_name: 'Wema Bank',
      account_reference: 'A1',
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
    })
    expect(parsed.account_number).toBe('9012345678')
  })
})

describe('endpoint table', () => {
  it('has a unique method+path per endpoint and every spec path', () => {
    const all = Object.values({ ...endpoints, ...sandboxEndpoints })
    const keys = all.map((e) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const path of [
      'GET /health',
      'POST /payments/initialize',
      'GET /payments/verify/:reference',
      'GET /merchants/transactions',
      'POST /virtual-accounts',
      'GET /virtual-accounts/:account_reference',
      'POST /virtual-accounts/email',
      'GET /merchants/virtual-accounts/transactions',
      'POST /direct-debits/mandates',
      'POST /direct-debits/mandates/:mandate_reference/initiate-activation',
      'POST /direct-debits/mandates/:mandate_reference/validate-activation',
      'GET /direct-debits/mandates/:mandate_reference',
      'PATCH /direct-debits/mandates/:mandate_reference/cancel',
      'POST /direct-debits/debit',
      'GET /direct-debits/status/:payment_reference',
      'POST /direct-debits/disburse',
      'POST /refunds/initialize',
      'POST /disbursements/initialize',
      'GET /disbursements/verify',
      'GET /merchants/disbursements',
      'GET /banks',
      'POST /banks/resolve',
    ])
      expect(keys).toContain(path)
  })
  it('only health is unauthenticated', () => {
    const open = Object.entries(endpoints).filter(([, e]) => e.capability === null)
    expect(open.map(([name]) => name)).toEqual(['health'])
  })
})

describe('docs/openapi.json', () => {
  it('is generated from the current schemas (run `npm run openapi` if this fails)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    )
    expect(committed).toEqual(buildOpenApi())
  })
})

describe('references and path segments', () => {
  // `/direct-debits/mandates/../cancel` normalises to `/direct-debits/cancel`, and `..` as an
  // account reference turns a lookup into a signed GET of the base URL: refuse them here, in
  // the one schema the client, the IPC contracts and the sandbox all use.
  it('refuse `.`, `..` and anything not starting with a letter or digit', () => {
    for (const bad of ['.', '..', '.hidden', '-x', '_x', '', 'a/b', 'a b'])
      expect(Reference.safeParse(bad).success, bad).toBe(false)
    for (const good of ['a', 'A.b', '1..2', 'PAY_1-x.y', 'x'.repeat(64)])
      expect(Reference.safeParse(good).success, good).toBe(true)
    expect(isMerchantReference('..')).toBe(false)
    expect(isMerchantReference('DD_1')).toBe(true)
  })

  it('every path parameter of every endpoint refuses a dot segment', () => {
    const all: Record<string, EndpointDef> = { ...endpoints, ...sandboxEndpoints }
    for (const [name, def] of Object.entries(all)) {
      if (!def.params) continue
      for (const key of Object.keys(def.params.shape))
        for (const bad of ['.', '..'])
          expect(def.params.safeParse({ [key]: bad }).success, `${name}.${key}=${bad}`).toBe(false)
    }
  })
})
