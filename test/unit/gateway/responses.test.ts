// Responses are validated at the edge with the shared schemas: malformed bodies are
// 'bad_response', extra fields are tolerated, and amounts decode exactly to minor units.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_WIRE_NUMBER_MINOR } from '../../../common/api/primitives'
import { createGatewayClient } from '../../../main/gateway/client'
import { GatewayError } from '../../../main/gateway/errors'
import type { Minor } from '../../../common/money'
import * as s from './samples'
import { fakeFetch, reply } from './fake-gateway'

function answering(status: number, body: unknown) {
  const fake = fakeFetch(() => reply(status, body))
  return createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'k',
    secret: 'sk_r',
    fetch: fake.fetch,
  })
}

const failure = (p: Promise<unknown>): Promise<GatewayError> =>
  p.then(
    () => {
      throw new Error('expected failure')
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(GatewayError)
      return e as GatewayError
    },
  )

describe('response validation', () => {
  it('rejects a 2xx body that misses a field the spec guarantees', async () => {
    // Spec: verify returns "`status` and the full payment record"; only `status` is shown.
    const error = await failure(answering(200, { reference: 'P', amount: 10 }).payments.verify('P'))
    expect(error).toMatchObject({
      kind: 'bad_response',
      status: 200,
      outcomeUnknown: false,
      retryable: false,
    })
    expect(error.detail).toMatch(/status/)
  })

  it('rejects a 2xx body that is not JSON', async () => {
    const error = await failure(answering(200, '<html>proxy login</html>').banks.list())
    expect(error).toMatchObject({ kind: 'bad_response', detail: 'the body is not JSON' })
  })

  it('rejects an over-precise amount instead of rounding it', async () => {
    const error = await failure(
      answering(200, { ...s.debit, amount: 10.005 }).directDebits.status('DD_1'),
    )
    expect(error.kind).toBe('bad_response')
    expect(error.detail).toContain('amount')
  })

  it('says a write that got a garbled 2xx was accepted', async () => {
    const error = await failure(
      answering(200, { nope: true }).disbursements.initialize({
        reference: 'T',
        amount: 100 as Minor,
        currency: 'NGN',
        bank_code: '058',
        account_number: '0123456789',
        narration: 'n',
      }),
    )
    expect(error.message).toContain('It was accepted')
  })

  it('tolerates unknown extra fields (and drops them)', async () => {
    const va = await answering(200, {
      ...s.virtualAccount,
      new_field: 1,
      bank: { x: 1 },
    }).virtualAccounts.get('CUST_1')
    expect(va.account_number).toBe('9012345678')
    expect('new_field' in va).toBe(false)
  })

  it('fills documented defaults (metadata {})', async () => {
    const { metadata: _omit, ...noMetadata } = s.virtualAccount
    const va = await answering(200, noMetadata).virtualAccounts.get('CUST_1')
    expect(va.metadata).toEqual({})
  })
})

// The wire text of a minor amount, built with integer string operations only, in the
// different spellings a server may use: "12.5", "12.50", "12", "12.0".
function wireText(m: bigint, style: 'shortest' | 'fixed' | 'padded'): string {
  const whole = (m / 100n).toString()
  const cents = (m % 100n).toString().padStart(2, '0')
  if (style === 'fixed') return `${whole}.${cents}`
  const trimmed = cents.replace(/0+$/, '')
  if (style === 'padded' && trimmed === '') return `${whole}.0`
  return trimmed ? `${whole}.${trimmed}` : whole
}

describe('amounts decode exactly to minor units', () => {
  const minorAmount = fc.oneof(
    fc.bigInt({ min: 0n, max: 10_000n }),
    fc.bigInt({ min: 0n, max: BigInt(MAX_WIRE_NUMBER_MINOR) }),
  )
  const style = fc.constantFrom('shortest', 'fixed', 'padded') as fc.Arbitrary<
    'shortest' | 'fixed' | 'padded'
  >

  it('JSON numbers (debit status)', async () => {
    await fc.assert(
      fc.asyncProperty(minorAmount, style, async (m, st) => {
        // The fake server writes the number's text itself, exactly as a gateway would.
        const text = JSON.stringify({ ...s.debit, amount: 0 }).replace(
          '"amount":0',
          `"amount":${wireText(m, st)}`,
        )
        const debit = await answering(200, text).directDebits.status('DD_1')
        expect(debit.amount).toBe(Number(m))
        expect(Number.isInteger(debit.amount)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('paginated lists decode every item', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(minorAmount, { minLength: 1, maxLength: 20 }), async (amounts) => {
        const items = amounts.map(
          (m, i) =>
            `{"reference":"TX_${i}","account_reference":"A","amount":${wireText(m, 'shortest')},"currency":"NGN","status":"success","narration":"","created_at":"2025-01-15T10:00:00Z"}`,
        )
        const text = `{"status":true,"data":[${items.join(',')}],"pagination":{"page":1,"page_size":20,"total_items":${amounts.length},"total_pages":1}}`
        const page = await answering(200, text).virtualAccounts.transactions()
        expect(page.data.map((t) => t.amount)).toEqual(amounts.map(Number))
      }),
      { numRuns: 100 },
    )
  })

  it('round-trips through encode (client) and decode (client) via the wire', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MAX_WIRE_NUMBER_MINOR }), async (m) => {
        // A fake server that echoes the debit amount it received back as the record's amount.
        const fake = fakeFetch((req) => {
          const sentAmount = /"debit_amount":([0-9.]+)/.exec(req.bodyText ?? '')![1]
          const text = JSON.stringify(s.debit).replace('"amount":1000.25', `"amount":${sentAmount}`)
          return reply(200, text)
        })
        const client = createGatewayClient({
          baseUrl: 'http://gw.test',
          keyId: 'k',
          secret: 'x',
          fetch: fake.fetch,
        })
        const debit = await client.directDebits.debit({
          mandate_reference: 'M',
          debit_amount: m as Minor,
          narration: 'n',
          customer_email: 'a@b.co',
          payment_reference: 'P',
        })
        expect(debit.amount).toBe(m)
      }),
      { numRuns: 300 },
    )
  })

  it('decimal strings (payment initialize) are written exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) }), async (m) => {
        const fake = fakeFetch(() =>
          reply(200, {
            status: 'success',
            authorization_url: 'https://c.example/x',
            reference: 'P',
          }),
        )
        const client = createGatewayClient({
          baseUrl: 'http://gw.test',
          keyId: 'k',
          secret: 'x',
          fetch: fake.fetch,
        })
        await client.payments.initialize({
          email: 'a@b.co',
          amount: Number(m) as Minor,
          currency: 'NGN',
        })
        expect(JSON.parse(fake.sent[0]!.bodyText!).amount).toBe(wireText(m, 'fixed'))
      }),
      { numRuns: 200 },
    )
  })

  it('refuses JSON-number amounts too large to be exact, both ways', async () => {
    // 73508131856248.91 is read by JSON.parse as 73508131856248.9: refuse, never round.
    const error = await failure(
      answering(
        200,
        JSON.stringify(s.debit).replace('1000.25', '73508131856248.91'),
      ).directDebits.status('DD_1'),
    )
    expect(error.kind).toBe('bad_response')
    const local = await failure(
      answering(200, s.debit).directDebits.debit({
        mandate_reference: 'M',
        debit_amount: (MAX_WIRE_NUMBER_MINOR + 1) as Minor,
        narration: 'n',
        customer_email: 'a@b.co',
        payment_reference: 'P',
      }),
    )
    expect(local).toMatchObject({ kind: 'validation', status: null })
  })
})
