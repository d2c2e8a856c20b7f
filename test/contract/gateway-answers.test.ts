// Contract fuzz: gateway answers that are valid under the spec's TEXT but vary in every place
// it leaves "not shown". The fixtures are written by hand from the spec (quoted beside each),
// never derived from common/api's schemas, so a wrong guess in those schemas is caught here.
//
// What must hold for every answer:
// - the client never throws anything but a GatewayError;
// - it never misreads an amount: a decimal the gateway wrote is read exactly (integer minor
//   units), or not at all — never rounded, never a default;
// - nothing is ever `failed` unless the gateway said `failed` for that record.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client'
import { GatewayError } from '../../main/gateway/errors'
import { applyPaymentRecord, type PaymentEntry } from '../../main/payments/payment-entry'
import type { Minor } from '../../common/money'

// ---------------------------------------------------------------------------------------------
// Wire building blocks

/** JSON text with numbers written exactly as generated (a gateway writes its own number text). */
type Wire = { json: unknown; numbers: Map<string, string> }
let numberSlot = 0
const NUM = (text: string, wire: Wire): string => {
  const slot = `__num_${numberSlot++}__`
  wire.numbers.set(slot, text)
  return slot
}
function render(wire: Wire): string {
  let text = JSON.stringify(wire.json)
  for (const [slot, number] of wire.numbers) text = text.replace(`"${slot}"`, number)
  return text
}

/**
 * "Amounts are decimal values ... in mandate, debit and virtual-account records amounts are JSON
 * numbers." A money amount with at most two decimals, spelled the ways a server may write it.
 */
const decimalAmount = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: 0n, max: 100_000n }),
      fc.bigInt({ min: 0n, max: 999_999_999_999_999n }),
    ),
    fc.constantFrom('shortest', 'fixed', 'padded'),
  )
  .map(([minor, style]) => {
    const whole = (minor / 100n).toString()
    const cents = (minor % 100n).toString().padStart(2, '0')
    const trimmed = cents.replace(/0+$/, '')
    const text =
      style === 'fixed'
        ? `${whole}.${cents}`
        : style === 'padded' && trimmed === ''
          ? `${whole}.0`
          : trimmed
            ? `${whole}.${trimmed}`
            : whole
    return { minor, text }
  })

/** Something no amount should be read from: more decimals than money has, text, null, etc. */
const garbage = fc.oneof(
  fc.constant('12.345'),
  fc.constant('"100.00"'),
  fc.constant('null'),
  fc.constant('true'),
  fc.constant('{"value":100}'),
  fc.constant('-0.001'),
  fc.constant('1e400'),
)

/** A word the spec never names as a status (and never `failed`). */
const otherWord = fc
  .stringMatching(/^[a-z][a-z_]{1,20}$/)
  .filter(
    (w) => !['failed', 'success', 'pending', 'processing', 'reversed', 'abandoned'].includes(w),
  )

/** Fields a gateway may add; never a name the spec gives. */
const extras = fc.dictionary(
  fc.stringMatching(/^x_[a-z]{1,8}$/),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer())),
  { maxKeys: 3 },
)

type AmountCase =
  | { kind: 'absent' }
  | { kind: 'exact'; minor: bigint; text: string }
  | { kind: 'garbage'; text: string }
const notShownAmount: fc.Arbitrary<AmountCase> = fc.oneof(
  fc.constant({ kind: 'absent' as const }),
  decimalAmount.map((a) => ({ kind: 'exact' as const, ...a })),
  garbage.map((text) => ({ kind: 'garbage' as const, text })),
)
const putAmount = (record: Record<string, unknown>, key: string, a: AmountCase, wire: Wire) => {
  if (a.kind !== 'absent') record[key] = NUM(a.text, wire)
}

// ---------------------------------------------------------------------------------------------
// A client against one scripted answer

function clientAnswering(status: number, body: string): GatewayClient {
  return createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'key_contract',
    secret: 'sk_contract',
    fetch: async () =>
      new Response(body, { status, headers: { 'content-type': 'application/json' } }),
  })
}

/** The call's result, or the error it threw; anything but a GatewayError fails the property. */
async function settle<T>(
  call: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: GatewayError }> {
  try {
    return { ok: true, value: await call }
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError)
    return { ok: false, error: error as GatewayError }
  }
}

const RUNS = { numRuns: 150 }

// ---------------------------------------------------------------------------------------------

describe('transfers (spec: "it has a unique reference and a status. Fields of the transfer record: not shown.")', () => {
  const transferStatus = fc.oneof(
    fc.constantFrom('success', 'failed', 'pending', 'processing'),
    otherWord,
  )

  it('reads the amount exactly or not at all, and says failed only when the gateway did', async () => {
    await fc.assert(
      fc.asyncProperty(
        transferStatus,
        notShownAmount,
        fc.option(fc.constantFrom('NGN', 'USD', 'XOF', 'ngn', ''), { nil: undefined }),
        fc.option(fc.oneof(fc.string(), fc.constant(null), fc.integer()), { nil: undefined }),
        extras,
        async (status, amount, currency, failureReason, extra) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const record: Record<string, unknown> = { ...extra, reference: 'TRF_1', status }
          putAmount(record, 'amount', amount, wire)
          if (currency !== undefined) record.currency = currency
          if (failureReason !== undefined) record.failure_reason = failureReason
          wire.json = record
          const got = await settle(clientAnswering(200, render(wire)).disbursements.verify('TRF_1'))
          // reference and status are all the spec promises; with them the answer is readable.
          expect(got.ok).toBe(true)
          if (!got.ok) return
          const t = got.value
          expect(t.reference).toBe('TRF_1')
          expect(t.status === 'failed').toBe(status === 'failed')
          if (amount.kind === 'exact') expect(t.amount).toBe(Number(amount.minor))
          else expect(t.amount).toBeUndefined()
        },
      ),
      RUNS,
    )
  })

  it('a list with unreadable rows keeps every readable one and counts the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ status: transferStatus, amount: notShownAmount }),
            fc.constant(null),
          ),
          {
            maxLength: 12,
          },
        ),
        async (rows) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const data = rows.map((row, i) => {
            if (row === null) return { status: 'success' } // no reference: unreadable
            const r: Record<string, unknown> = { reference: `TRF_${i}`, status: row.status }
            putAmount(r, 'amount', row.amount, wire)
            return r
          })
          wire.json = {
            status: true,
            data,
            pagination: { page: 1, page_size: 100, total_items: data.length, total_pages: 1 },
          }
          const got = await settle(clientAnswering(200, render(wire)).disbursements.list())
          expect(got.ok).toBe(true)
          if (!got.ok) return
          const readable = rows.filter((r) => r !== null).length
          expect(got.value.data).toHaveLength(readable)
          expect(got.value.skipped).toBe(rows.length - readable)
          for (const t of got.value.data) {
            const i = Number(t.reference.slice(4))
            const row = rows[i]!
            expect(t.status === 'failed').toBe(row.status === 'failed')
            if (row.amount.kind === 'exact') expect(t.amount).toBe(Number(row.amount.minor))
            else expect(t.amount).toBeUndefined()
          }
        },
      ),
      RUNS,
    )
  })
})

describe('refunds (spec: a refund "has a status". "Fields of the refund record: not shown.")', () => {
  it('reads any refund with a status; failed only when the gateway said so', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('success', 'failed', 'pending'), otherWord),
        notShownAmount,
        fc.option(fc.constantFrom('RF_1', ''), { nil: undefined }),
        extras,
        async (status, amount, reference, extra) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const record: Record<string, unknown> = { ...extra, status }
          if (reference !== undefined) record.reference = reference
          putAmount(record, 'amount', amount, wire)
          wire.json = record
          const got = await settle(clientAnswering(200, render(wire)).refunds.get('RF_1'))
          expect(got.ok).toBe(true)
          if (!got.ok) return
          expect(got.value.status === 'failed').toBe(status === 'failed')
          if (amount.kind === 'exact') expect(got.value.amount).toBe(Number(amount.minor))
          else expect(got.value.amount).toBeUndefined()
        },
      ),
      RUNS,
    )
  })
})

describe('payments (spec: verify returns "`status` and the full payment record"; fields "not shown beyond `status`")', () => {
  const entry: PaymentEntry = {
    reference: 'PAY_1',
    status: 'pending',
    email: 'ada@example.com',
    customerName: null,
    description: null,
    amount: 250_000 as Minor,
    currency: 'NGN',
    amountRefunded: 0 as Minor,
    paymentMethod: null,
    authorizationUrl: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    paidAt: null,
    verifiedAt: null,
    takenBy: null,
    notice: null,
  }

  it('never reads failed, an amount or a refunded amount the gateway did not write', async () => {
    await fc.assert(
      fc.asyncProperty(
        // "value `success` for a successful payment"; other states: not shown.
        fc.oneof(fc.constantFrom('success', 'failed', 'pending', 'abandoned'), otherWord),
        notShownAmount,
        notShownAmount,
        fc.option(
          fc.oneof(fc.constantFrom('card', 'bank_transfer', 'mobile_money'), fc.constant(null)),
          {
            nil: undefined,
          },
        ),
        extras,
        async (status, amount, refunded, method, extra) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const record: Record<string, unknown> = { ...extra, status }
          putAmount(record, 'amount', amount, wire)
          putAmount(record, 'amount_refunded', refunded, wire)
          if (method !== undefined) record.payment_method = method
          wire.json = record
          const got = await settle(clientAnswering(200, render(wire)).payments.verify('PAY_1'))
          expect(got.ok).toBe(true)
          if (!got.ok) return
          const p = got.value
          expect(p.status === 'failed').toBe(status === 'failed')
          if (amount.kind === 'exact') expect(p.amount).toBe(Number(amount.minor))
          else expect(p.amount).toBeUndefined()
          if (refunded.kind === 'exact') expect(p.amount_refunded).toBe(Number(refunded.minor))
          else expect(p.amount_refunded).toBeUndefined()
          // Folded into the till's payment: failed only on the gateway's word, and what it left
          // out keeps what the till knew.
          const folded = applyPaymentRecord(entry, p, '2025-01-15T10:05:00.000Z')
          expect(folded.status === 'failed').toBe(status === 'failed')
          // A status word the till does not know changes nothing but the notice, in words.
          const known = ['success', 'failed', 'pending', 'abandoned'].includes(status)
          expect(folded.amount).toBe(
            known && amount.kind === 'exact' ? Number(amount.minor) : entry.amount,
          )
          if (!known) expect(folded.notice).toContain(status)
        },
      ),
      RUNS,
    )
  })
})

describe('debits (spec: "Debit status record: `status` (string; `success` appears), `payment_reference`, `mandate_reference`, `amount` (number), `narration`.")', () => {
  it('reads the named amount exactly, or refuses the answer; never a rounded one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('success', 'failed'), otherWord),
        fc.oneof(
          decimalAmount.map((a) => ({ kind: 'exact' as const, ...a })),
          garbage.map((text) => ({ kind: 'garbage' as const, text })),
        ),
        extras,
        async (status, amount, extra) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const record: Record<string, unknown> = {
            ...extra,
            status,
            payment_reference: 'DD_1',
            mandate_reference: 'MD_1',
            narration: 'Rent',
          }
          record.amount = NUM(amount.text, wire)
          wire.json = record
          const got = await settle(clientAnswering(200, render(wire)).directDebits.status('DD_1'))
          if (amount.kind === 'exact') {
            expect(got.ok).toBe(true)
            if (got.ok) {
              expect(got.value.amount).toBe(Number(amount.minor))
              expect(got.value.status === 'failed').toBe(status === 'failed')
            }
          } else {
            // A named amount the till can't read exactly: the answer is refused as unreadable
            // (a typed error), never read as some other number.
            expect(got.ok).toBe(false)
            if (!got.ok) expect(got.error.kind).toBe('bad_response')
          }
        },
      ),
      RUNS,
    )
  })
})

describe('virtual accounts (spec: "virtual-account endpoints return a flat object whose `status` is a string")', () => {
  it('a transaction list never loses a readable transfer and never misreads an amount', async () => {
    // "Virtual account transaction: reference, account_reference, amount (number), currency,
    // status (`success`, `processing`, `failed` are named as filter values), narration,
    // created_at (ISO 8601 date-time)"
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.oneof(fc.constantFrom('success', 'processing', 'failed'), otherWord),
            amount: fc.oneof(
              decimalAmount.map((a) => ({ kind: 'exact' as const, ...a })),
              garbage.map((text) => ({ kind: 'garbage' as const, text })),
            ),
            currency: fc.constantFrom('NGN', 'USD', 'XOF'),
            createdAt: fc.constantFrom(
              '2025-01-15T10:00:00Z',
              '2025-01-15T10:00:00.123+01:00',
              '2025-01-15T10:00:00',
            ),
          }),
          { maxLength: 10 },
        ),
        fc.constantFrom<unknown>(true, 'success'),
        async (rows, envelope) => {
          const wire: Wire = { json: null, numbers: new Map() }
          const data = rows.map((r, i) => ({
            reference: `VAT_${i}`,
            account_reference: 'CUST_1',
            amount: NUM(r.amount.text, wire),
            currency: r.currency,
            status: r.status,
            narration: 'x',
            created_at: r.createdAt,
          }))
          wire.json = {
            status: envelope,
            data,
            pagination: { page: 1, page_size: 100, total_items: data.length, total_pages: 1 },
          }
          const got = await settle(
            clientAnswering(200, render(wire)).virtualAccounts.transactions(),
          )
          expect(got.ok).toBe(true)
          if (!got.ok) return
          const readable = rows.filter((r) => r.amount.kind === 'exact')
          expect(got.value.data).toHaveLength(readable.length)
          expect(got.value.skipped).toBe(rows.length - readable.length)
          for (const t of got.value.data) {
            const row = rows[Number(t.reference.slice(4))]!
            expect(row.amount.kind).toBe('exact')
            if (row.amount.kind === 'exact') expect(t.amount).toBe(Number(row.amount.minor))
            expect(t.currency).toBe(row.currency)
            expect(t.status === 'failed').toBe(row.status === 'failed')
            expect(t.status === 'success').toBe(row.status === 'success')
          }
        },
      ),
      RUNS,
    )
  })
})

describe('errors (spec: "Shape of the error response body (field names): not shown.")', () => {
  it('any error answer, in any shape, is a typed GatewayError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(400, 401, 403, 404, 408, 409, 410, 422, 429, 500, 502, 503, 504),
        fc.oneof(
          fc.string().map((m) => JSON.stringify({ message: m })),
          fc.string().map((m) => JSON.stringify({ status: false, message: m, code: 'x' })),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.constant('<html><body>Bad gateway</body></html>'),
          fc.constant(''),
        ),
        fc.constantFrom('verify', 'initialize', 'list'),
        async (status, body, call) => {
          const client = clientAnswering(status, body)
          const got = await settle<unknown>(
            call === 'verify'
              ? client.disbursements.verify('TRF_1')
              : call === 'list'
                ? client.disbursements.list()
                : client.disbursements.initialize({
                    reference: 'TRF_1',
                    amount: 100 as Minor,
                    currency: 'NGN',
                    bank_code: '058',
                    account_number: '0123456789',
                    narration: 'n',
                  }),
          )
          expect(got.ok).toBe(false)
          if (!got.ok) expect(got.error.status).toBe(status)
        },
      ),
      RUNS,
    )
  })
})

describe('refundable balance from refunds as a gateway may list them', () => {
  it('never offers more than is left, and nothing while a counted refund has no amount', async () => {
    const { refundBalance } = await import('../../main/refunds/refund-balance')
    const { RefundRead } = await import('../../common/api/read/records')
    await fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.array(
          fc.record({
            // A refund "has a status"; its other fields are not shown.
            status: fc.oneof(
              fc.constantFrom('success', 'failed', 'pending', 'processing'),
              otherWord,
            ),
            amount: notShownAmount,
          }),
          { maxLength: 6 },
        ),
        (paidMinor, rows) => {
          const refunds = rows.map((r) => {
            const wire: Wire = { json: null, numbers: new Map() }
            const record: Record<string, unknown> = { status: r.status }
            putAmount(record, 'amount', r.amount, wire)
            wire.json = record
            return RefundRead.parse(JSON.parse(render(wire)))
          })
          const paid = Number(paidMinor) as Minor
          const balance = refundBalance(paid, 0 as Minor, refunds)
          const counted = rows.filter((r) => r.status !== 'failed')
          const reserved = counted.reduce(
            (total, r) => total + (r.amount.kind === 'exact' ? Number(r.amount.minor) : 0),
            0,
          )
          expect(balance.refundable).toBeLessThanOrEqual(Math.max(0, paid - reserved))
          if (counted.some((r) => r.amount.kind !== 'exact')) expect(balance.refundable).toBe(0)
        },
      ),
      RUNS,
    )
  })
})
