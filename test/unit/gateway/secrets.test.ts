// The secret, signatures and request bodies never reach a log line or an error, whatever
// goes wrong. Every captured log line and every error (message, stack, cause, JSON, inspect)
// is scanned for them.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../common/api/errors'
import { createGatewayClient } from '../../../main/gateway/client'
import { redactingLogger, type GatewayLogger } from '../../../main/gateway/logger'
import type { Minor } from '../../../common/money'
import * as s from './samples'
import { fakeFetch, hang, networkFailure, reply, type Responder } from './fake-gateway'

const SECRET = 'sk_live_SUPER_SECRET_value_8d1f'
const TOKEN = 'sess_TOKEN_do_not_log_31c'
const MARKER = 'BODY-MARKER-7Q'
const NOW = Date.UTC(2025, 0, 15, 10, 0, 0)

function capture(): { logger: GatewayLogger; lines: string[] } {
  const lines: string[] = []
  const at =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`)
    }
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn') }, lines }
}

const debitBody = {
  mandate_reference: 'MND_1',
  debit_amount: 1000 as Minor,
  narration: MARKER,
  customer_email: 'a@b.co',
  payment_reference: 'DD_1',
}

const skewDate = { date: new Date(NOW + 900_000).toUTCString() }
const scenarios: [string, Responder, number?][] = [
  ['success', () => reply(200, s.debit)],
  ['bad signature', () => reply(401, { message: ERROR_MESSAGES.invalidSignature })],
  [
    'clock skew retried then rejected',
    () => reply(401, { message: ERROR_MESSAGES.timestampTooOld }, skewDate),
  ],
  [
    'validation echoing nothing',
    () =>
      reply(400, {
        message: 'Validation failed',
        errors: [{ field: 'narration', message: 'bad' }],
      }),
  ],
  ['conflict', () => reply(409, { message: ERROR_MESSAGES.duplicateDebitReference })],
  ['rate limited', () => reply(429, { message: 'Too many requests' }, { 'retry-after': '3' })],
  ['server', () => reply(500, { message: 'Internal server error' })],
  ['garbled 2xx', () => reply(200, '{"not":"a debit"')],
  ['timeout', hang, 30],
  ['reset', () => networkFailure('ECONNRESET')],
]

describe('no secret, signature or body in logs and errors', () => {
  it.each(scenarios)('%s', async (_, responder, timeoutMs) => {
    const { logger, lines } = capture()
    const fake = fakeFetch(responder)
    const client = createGatewayClient({
      baseUrl: 'http://gw.test',
      keyId: 'key_visible',
      secret: SECRET,
      sessionToken: TOKEN,
      fetch: fake.fetch,
      now: () => NOW,
      logger,
      ...(timeoutMs ? { timeoutMs } : {}),
    })
    let caught: unknown = null
    await client.directDebits.debit(debitBody).catch((e: unknown) => {
      caught = e
    })
    const texts = [...lines]
    if (caught instanceof Error)
      texts.push(
        caught.message,
        caught.stack ?? '',
        JSON.stringify(caught),
        inspect(caught, { depth: 6 }),
      )
    const signatures = fake.sent.map((r) => r.headers['x-signature']!)
    expect(signatures.length).toBeGreaterThan(0)
    expect(lines.length).toBeGreaterThan(0)
    for (const text of texts) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(MARKER)
      for (const signature of signatures) expect(text).not.toContain(signature)
    }
    // Logs still say what happened.
    expect(lines.join('\n')).toContain('/direct-debits/debit')
  })

  it('logs method, path, status and duration', async () => {
    const { logger, lines } = capture()
    const fake = fakeFetch(() => reply(200, s.banks))
    const client = createGatewayClient({
      baseUrl: 'http://gw.test',
      keyId: 'k',
      secret: SECRET,
      fetch: fake.fetch,
      logger,
    })
    await client.banks.list()
    const fields = JSON.parse(lines[0]!.slice(lines[0]!.indexOf('{'))) as Record<string, unknown>
    expect(fields).toMatchObject({
      method: 'GET',
      path: '/banks',
      status: 200,
      endpoint: 'listBanks',
    })
    expect(fields.durationMs).toBeTypeOf('number')
  })
})

describe('redactingLogger', () => {
  it('masks secret-ish keys, the secret anywhere, and hex digests', () => {
    const { logger, lines } = capture()
    const log = redactingLogger(logger, [SECRET])
    const digest = 'a'.repeat(64)
    log.warn(`oops ${SECRET}`, {
      secret: 'x',
      headers: { 'X-Signature': digest, 'X-Key-Id': 'key_visible' },
      note: `the secret was ${SECRET}`,
      nested: [{ sig: digest }],
      body: '{"amount":1}',
      error: new Error(`failed with ${SECRET}`),
    })
    const line = lines[0]!
    expect(line).not.toContain(SECRET)
    expect(line).not.toContain(digest)
    expect(line).not.toContain('"amount"')
    expect(line).toContain('key_visible')
    expect(line).toContain('[redacted]')
  })
})
