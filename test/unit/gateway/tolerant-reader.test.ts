// The client reads what the spec guarantees and nothing more. Every body below is written from
// the spec's text (quoted), not from our schemas: a gateway may leave out what the spec marks
// "not shown", add fields, use status words we never named, and send one bad list item.
import { describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../../main/gateway/client'
import { GatewayError } from '../../../main/gateway/errors'
import type { GatewayLogger } from '../../../main/gateway/logger'
import { fakeFetch, reply } from './fake-gateway'

function answering(body: unknown, status = 200) {
  const warnings: { message: string; fields: Record<string, unknown> | undefined }[] = []
  const logger: GatewayLogger = {
    debug: () => {},
    info: () => {},
    warn: (message, fields) => warnings.push({ message, fields }),
  }
  const fake = fakeFetch(() => reply(status, body))
  const client = createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'k',
    secret: 'sk_tolerant',
    fetch: fake.fetch,
    logger,
  })
  return { client, warnings }
}

const page = (data: unknown[]) => ({
  status: true,
  data,
  pagination: { page: 1, page_size: 10, total_items: data.length, total_pages: 1 },
})

describe('fields the spec marks "not shown" are optional', () => {
  it('a payment verified with nothing but its status', async () => {
    // "Other fields of the payment record returned by verify: not shown beyond `status`."
    const { client } = answering({ status: 'success' })
    const payment = await client.payments.verify('PAY_1')
    expect(payment.status).toBe('success')
    expect(payment.amount).toBeUndefined()
    expect(payment.amount_refunded).toBeUndefined()
    expect(payment.payment_method).toBeUndefined()
  })

  it('a mandate looked up with only mandate_reference and status', async () => {
    // "Fields of the mandate record returned by lookup: not shown beyond `mandate_reference`
    // and `status`."
    const { client } = answering({ mandate_reference: 'MD_1', status: 'active' })
    const mandate = await client.directDebits.getMandate('MD_1')
    expect(mandate).toMatchObject({ mandate_reference: 'MD_1', status: 'active' })
    expect(mandate.max_monthly_amount).toBeUndefined()
  })

  it('a transfer with only its reference and status; a refund with only its status', async () => {
    // "it has a unique reference and a status. Fields of the transfer record: not shown."
    const transfer = await answering({
      reference: 'T_1',
      status: 'success',
    }).client.disbursements.verify('T_1')
    expect(transfer).toMatchObject({ reference: 'T_1', status: 'success' })
    expect(transfer.amount).toBeUndefined()
    // A refund "has a status". "Fields of the refund record: not shown."
    const refund = await answering({ status: 'processing' }).client.refunds.get('RF_1')
    expect(refund.status).toBe('processing')
    expect(refund.amount).toBeUndefined()
  })

  it('the bodies of initiate, validate and cancel, and of a debit accepted, may be empty', async () => {
    // "Response bodies of initiate-activation, validate-activation and cancel: not shown."
    expect(await answering({}).client.directDebits.cancelMandate('MD_1')).toEqual({})
    // "debit accepted, processed asynchronously"
    const accepted = await answering({}).client.directDebits.debit({
      mandate_reference: 'MD_1',
      debit_amount: 100 as never,
      narration: 'Rent',
      customer_email: 'ada@example.com',
      payment_reference: 'DD_1',
    })
    expect(accepted.status).toBeUndefined()
  })

  it('a not-shown field with an unreadable value reads as absent, never as a number', async () => {
    const { client } = answering({ status: 'success', amount: 10.005, amount_refunded: 'lots' })
    const payment = await client.payments.verify('PAY_1')
    expect(payment.amount).toBeUndefined()
    expect(payment.amount_refunded).toBeUndefined()
  })
})

describe('unknown status words pass through as unknown', () => {
  it('keeps the gateway word beside `unknown`', async () => {
    const { client } = answering({ reference: 'T_1', status: 'on_hold' })
    const transfer = await client.disbursements.verify('T_1')
    expect(transfer.status).toBe('unknown')
    expect(transfer.raw_status).toBe('on_hold')
  })

  it('never fails a page', async () => {
    const { client } = answering(
      page([
        { reference: 'T_1', status: 'success' },
        { reference: 'T_2', status: 'queued_for_batch' },
      ]),
    )
    const list = await client.disbursements.list()
    expect(list.data.map((t) => t.status)).toEqual(['success', 'unknown'])
    expect(list.skipped).toBe(0)
  })
})

describe('one malformed item is skipped, counted and logged', () => {
  it('a virtual-account transaction list keeps every readable item', async () => {
    // Virtual account transaction: reference, account_reference, amount (number), currency,
    // status, narration, created_at (ISO 8601 date-time).
    const good = (reference: string) => ({
      reference,
      account_reference: 'A_1',
      amount: 1500.5,
      currency: 'NGN',
      status: 'success',
      narration: 'x',
      created_at: '2025-01-15T10:00:00Z',
    })
    const { client, warnings } = answering(
      page([good('V_1'), { ...good('V_2'), amount: 'a lot' }, null, good('V_3')]),
    )
    const list = await client.virtualAccounts.transactions()
    expect(list.data.map((t) => [t.reference, t.amount])).toEqual([
      ['V_1', 150_050],
      ['V_3', 150_050],
    ])
    expect(list.skipped).toBe(2)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toBe('gateway list items skipped')
    expect(warnings[0]?.fields).toMatchObject({ skipped: 2 })
  })

  it('a bank list keeps the good banks', async () => {
    // "`status` (boolean true), `data`: array of bank (`name`, `code`)"
    const { client } = answering({
      status: true,
      data: [{ name: 'Zenith', code: '057' }, { name: 7 }],
    })
    const banks = await client.banks.list()
    expect(banks.data).toEqual([{ name: 'Zenith', code: '057' }])
    expect(banks.skipped).toBe(1)
  })
})

describe('envelopes and extra fields', () => {
  const account = {
    account_reference: 'CUST_1',
    customer_name: 'Ada Obi',
    customer_email: 'ada@example.com',
    currency_code: 'NGN',
    account_number: '9012345678',
    bank_name: 'Wema Bank',
    bank_code: '035',
    reservation_reference: 'RSV_1',
  }

  it('virtual-account envelopes take `status` as a string or a boolean', async () => {
    // "virtual-account endpoints return a flat object whose `status` is a string"
    expect(
      (await answering({ ...account, status: 'success' }).client.virtualAccounts.get('CUST_1'))
        .status,
    ).toBe('success')
    expect(
      (await answering({ ...account, status: true }).client.virtualAccounts.get('CUST_1')).status,
    ).toBe(true)
  })

  it('extra fields are ignored', async () => {
    const va = await answering({
      ...account,
      status: 'success',
      tier: { level: 2 },
    }).client.virtualAccounts.get('CUST_1')
    expect('tier' in va).toBe(false)
    expect(va.metadata).toEqual({})
  })

  it('an error body with only a message is a typed error', async () => {
    // "Shape of the error response body (field names): not shown."
    const error = await answering({ message: 'Nope' }, 422)
      .client.disbursements.verify('T_1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect((error as GatewayError).status).toBe(422)
  })
})
