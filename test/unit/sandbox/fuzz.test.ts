// Bad input never produces a 5xx: random bodies, byte strings, mutated valid bodies, query
// strings, paths and authentication headers, signed and unsigned, against every endpoint.
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, sandboxEndpoints, type EndpointDef } from '../../../common/api/endpoints'
import { startSandbox, type RunningSandbox } from '../../../sandbox'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ settleDelayMs: 5 })
})
afterAll(() => sandbox.close())

const ALL = Object.values({ ...endpoints, ...sandboxEndpoints }).filter(
  // A real fault rule would make 5xx the point; fault control stays out of the fuzzed set.
  (e) => e.path !== '/sandbox/faults',
) as EndpointDef[]

async function send(
  method: string,
  path: string,
  body: Buffer | string,
  options: { sign?: boolean; headers?: Record<string, string> } = {},
): Promise<number> {
  const key = sandbox.keys[0]!
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers }
  if (options.sign !== false) {
    const ts = String(Math.floor(Date.now() / 1000))
    headers['x-key-id'] = key.key_id
    headers['x-timestamp'] = ts
    headers['x-signature'] = createHmac('sha256', key.secret)
      .update(`${ts}:`)
      .update(body)
      .digest('hex')
  }
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    ...(method !== 'GET' && body.length ? { body } : {}),
  })
  await res.arrayBuffer()
  return res.status
}

const endpoint = fc.constantFrom(...ALL)
const segment = fc.oneof(
  fc.constantFrom('X1', '0000000000', 'a'.repeat(65), '%2F', '..', '%00', '%E0%A4%A', '🙂', ''),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
)
const pathOf = (e: EndpointDef, param: string) => e.path.replace(/:[a-z_]+/g, param)
const queryValue = fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constant(''))
const query = fc
  .dictionary(
    fc.constantFrom(
      'page',
      'page_size',
      'status',
      'start_date',
      'end_date',
      'reference',
      'country_code',
      'account_reference',
      'customer_email',
      'payment_method',
      'recipient_email',
      'payment_reference',
      'x',
    ),
    queryValue,
    { maxKeys: 4 },
  )
  .map((q) => new URLSearchParams(q).toString())

/** Valid bodies, so single-field mutations reach deep into the handlers. */
const VALID: Record<string, Record<string, unknown>> = {
  '/payments/initialize': { email: 'a@example.com', amount: '10.00', currency: 'NGN' },
  '/virtual-accounts': {
    account_reference: 'V',
    customer_name: 'A',
    customer_email: 'a@example.com',
    currency_code: 'NGN',
    bvn: '12345678901',
  },
  '/virtual-accounts/email': { email: 'a@example.com' },
  '/direct-debits/mandates': {
    customer_name: 'A',
    customer_email: 'a@example.com',
    account_number: '0123456789',
    bank_code: '058',
    mandate_reference: 'M',
    start_date: '2026-01-01',
    end_date: '2026-06-01',
    max_monthly_amount: 100,
    max_monthly_debit_count: 2,
    currency: 'NGN',
  },
  '/direct-debits/debit': {
    mandate_reference: 'M',
    debit_amount: 1,
    narration: 'n',
    customer_email: 'a@example.com',
    payment_reference: 'D',
  },
  '/direct-debits/disburse': {
    reference: 'R',
    amount: 1,
    currency: 'NGN',
    bank_code: '058',
    account_number: '0123456789',
  },
  '/refunds/initialize': { payment_reference: 'P', amount: 1 },
  '/disbursements/initialize': {
    reference: 'T',
    amount: 1,
    currency: 'NGN',
    bank_code: '058',
    account_number: '0123456789',
    narration: 'n',
  },
  '/banks/resolve': { bank: '058', account: '0123456789', currency: 'NGN' },
  '/sandbox/clock/advance': { seconds: 1 },
  '/sandbox/session-tokens': { ttl_seconds: 60 },
}
const mutated = fc
  .constantFrom(...Object.entries(VALID))
  .chain(([path, body]) =>
    fc.record({
      path: fc.constant(path),
      field: fc.constantFrom(...Object.keys(body), '__proto__', 'constructor', 'extra'),
      value: fc.oneof(
        fc.jsonValue(),
        fc.constantFrom(1e308, -0, 0.1 + 0.2, Number('9007199254740993'), '1'.repeat(40), null),
      ),
      body: fc.constant(body),
    }),
  )
  .map(({ path, field, value, body }) => ({
    path,
    raw: JSON.stringify({ ...body, [field]: value }),
  }))

/** FUZZ_RUNS=5000 for a long run; the default keeps CI quick. */
const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 150) }

describe('no input gives a 5xx', () => {
  it('random JSON bodies on every endpoint, signed', async () => {
    await fc.assert(
      fc.asyncProperty(endpoint, fc.jsonValue({ maxDepth: 3 }), segment, async (e, json, param) => {
        const status = await send(e.method, pathOf(e, param), JSON.stringify(json))
        expect(status).toBeLessThan(500)
      }),
      RUNS,
    )
  })

  it('random bytes as the body, signed', async () => {
    await fc.assert(
      fc.asyncProperty(endpoint, fc.uint8Array({ maxLength: 300 }), async (e, bytes) => {
        const status = await send(e.method, pathOf(e, 'X1'), Buffer.from(bytes))
        expect(status).toBeLessThan(500)
      }),
      RUNS,
    )
  })

  it('valid bodies with one field replaced, signed', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, async ({ path, raw }) => {
        expect(await send('POST', path, raw)).toBeLessThan(500)
      }),
      { numRuns: RUNS.numRuns * 2 },
    )
  })

  it('random query strings on every GET', async () => {
    const gets = ALL.filter((e) => e.method === 'GET')
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, segment, async (e, q, param) => {
        expect(await send('GET', `${pathOf(e, param)}?${q}`, '')).toBeLessThan(500)
      }),
      RUNS,
    )
  })

  it('random paths and methods', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'),
        fc.array(segment, { maxLength: 4 }),
        async (method, parts) => {
          expect(await send(method, `/${parts.join('/')}`, '{}')).toBeLessThan(500)
        },
      ),
      RUNS,
    )
  })

  it('random authentication headers', async () => {
    const printable = fc.string({
      unit: fc.constantFrom(...' !"#$%&()*+,-./0123456789:;<=>?@ABCXYZabcxyz[]^_{|}~'),
      maxLength: 70,
    })
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        fc.record(
          {
            'x-key-id': fc.oneof(printable, fc.constant(sandbox.keys[0]!.key_id)),
            'x-timestamp': fc.oneof(
              printable,
              fc.integer({ min: 0, max: 4_000_000_000 }).map(String),
            ),
            'x-signature': fc.oneof(
              printable,
              fc.string({
                unit: fc.constantFrom(...'0123456789abcdef'),
                minLength: 64,
                maxLength: 64,
              }),
            ),
            authorization: printable,
          },
          { requiredKeys: [] },
        ),
        async (e, headers) => {
          const status = await send(e.method, pathOf(e, 'X1'), '{}', { sign: false, headers })
          expect(status).toBeLessThan(500)
          if (e.capability) expect([401, 403]).toContain(status)
        },
      ),
      RUNS,
    )
  })
})
