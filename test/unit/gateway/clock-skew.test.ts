// Clock skew: measured from every Date header; on a timestamp rejection whose Date shows
// skew, the client corrects its offset and retries exactly once with a fresh signature.
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../common/api/errors'
import type { ClockSkewEvent } from '../../../main/gateway/clock'
import { createGatewayClient } from '../../../main/gateway/client'
import { hmacHex } from '../../../main/gateway/signer'
import type { Minor } from '../../../common/money'
import * as s from './samples'
import { fakeFetch, reply, type SentRequest } from './fake-gateway'

const LOCAL = Date.UTC(2025, 0, 15, 10, 0, 0)
const SECRET = 'sk_clock'

/** A gateway whose clock is `skewSeconds` ahead of ours and which checks the ±300 s window. */
function skewedGateway(
  skewSeconds: number,
  options: { alwaysReject?: boolean; sendDate?: boolean } = {},
) {
  const serverNow = (): number => LOCAL + skewSeconds * 1000
  return fakeFetch((req: SentRequest) => {
    const headers: Record<string, string> =
      options.sendDate === false ? {} : { date: new Date(serverNow()).toUTCString() }
    const ts = Number(req.headers['x-timestamp'])
    const delta = ts - Math.floor(serverNow() / 1000)
    if (options.alwaysReject || delta < -300)
      return reply(401, { status: false, message: ERROR_MESSAGES.timestampTooOld }, headers)
    if (delta > 300)
      return reply(401, { status: false, message: ERROR_MESSAGES.invalidTimestamp }, headers)
    return reply(200, s.debit, headers)
  })
}

const debitBody = {
  mandate_reference: 'MND_1',
  debit_amount: 1000 as Minor,
  narration: 'x',
  customer_email: 'a@b.co',
  payment_reference: 'DD_1',
}

function clientFor(fetch: ReturnType<typeof fakeFetch>['fetch'], events: ClockSkewEvent[] = []) {
  return createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'k',
    secret: SECRET,
    fetch,
    now: () => LOCAL,
    onClockSkew: (e) => events.push(e),
  })
}

describe('clock skew correction', () => {
  it('corrects a slow clock and retries once with a fresh timestamp and signature', async () => {
    const gw = skewedGateway(400)
    const events: ClockSkewEvent[] = []
    const client = clientFor(gw.fetch, events)
    const debit = await client.directDebits.debit(debitBody)
    expect(debit.amount).toBe(100_025)
    expect(gw.sent).toHaveLength(2)
    const [first, second] = gw.sent as [SentRequest, SentRequest]
    expect(Number(first.headers['x-timestamp'])).toBe(LOCAL / 1000)
    expect(Number(second.headers['x-timestamp'])).toBe(LOCAL / 1000 + 400)
    expect(second.headers['x-signature']).not.toBe(first.headers['x-signature'])
    expect(second.headers['x-signature']).toBe(
      hmacHex(SECRET, second.headers['x-timestamp']!, second.body),
    )
    // The same serialized bytes both times.
    expect(Buffer.from(second.body!).equals(Buffer.from(first.body!))).toBe(true)
    expect(client.clockSkewSeconds).toBe(400)
    expect(client.clockOffsetSeconds).toBe(400)
    expect(events.at(-1)).toEqual({ skewSeconds: 400, offsetSeconds: 400, corrected: true })
  })

  it('corrects a fast clock (future timestamps)', async () => {
    const gw = skewedGateway(-600)
    const client = clientFor(gw.fetch)
    await client.directDebits.debit(debitBody)
    expect(gw.sent).toHaveLength(2)
    expect(client.clockSkewSeconds).toBe(-600)
  })

  it('keeps the correction for later requests', async () => {
    const gw = skewedGateway(400)
    const client = clientFor(gw.fetch)
    await client.directDebits.status('DD_1')
    await client.directDebits.status('DD_1')
    expect(gw.sent).toHaveLength(3)
  })

  it('concurrent calls signed before the correction each retry once', async () => {
    const gw = skewedGateway(400)
    const client = clientFor(gw.fetch)
    await Promise.all([client.directDebits.status('DD_1'), client.directDebits.status('DD_1')])
    expect(gw.sent).toHaveLength(4)
    expect(client.clockOffsetSeconds).toBe(400)
  })

  it('retries only once', async () => {
    const gw = skewedGateway(400, { alwaysReject: true })
    const client = clientFor(gw.fetch)
    await expect(client.directDebits.debit(debitBody)).rejects.toMatchObject({
      kind: 'timestamp_too_old',
      status: 401,
    })
    expect(gw.sent).toHaveLength(2)
  })

  it('does not retry when the Date header shows no skew', async () => {
    const gw = skewedGateway(1, { alwaysReject: true })
    const client = clientFor(gw.fetch)
    await expect(client.directDebits.status('DD_1')).rejects.toMatchObject({
      kind: 'timestamp_too_old',
    })
    expect(gw.sent).toHaveLength(1)
    expect(client.clockOffsetSeconds).toBe(0)
  })

  it('does not retry without a Date header', async () => {
    const gw = skewedGateway(400, { sendDate: false })
    const client = clientFor(gw.fetch)
    await expect(client.directDebits.status('DD_1')).rejects.toMatchObject({
      kind: 'timestamp_too_old',
    })
    expect(gw.sent).toHaveLength(1)
    expect(client.clockSkewSeconds).toBeNull()
  })

  it('does not retry other authentication errors', async () => {
    const fake = fakeFetch(() =>
      reply(
        401,
        { message: ERROR_MESSAGES.invalidSignature },
        { date: new Date(LOCAL + 900_000).toUTCString() },
      ),
    )
    await expect(clientFor(fake.fetch).banks.list()).rejects.toMatchObject({
      kind: 'invalid_signature',
    })
    expect(fake.sent).toHaveLength(1)
  })

  it('measures skew on ordinary answers and reports it without correcting', async () => {
    const gw = skewedGateway(120)
    const events: ClockSkewEvent[] = []
    const client = clientFor(gw.fetch, events)
    await client.directDebits.status('DD_1')
    await client.directDebits.status('DD_1')
    expect(client.clockSkewSeconds).toBe(120)
    expect(client.clockOffsetSeconds).toBe(0)
    expect(events).toEqual([{ skewSeconds: 120, offsetSeconds: 0, corrected: false }])
  })

  it('stays quiet within tolerance', async () => {
    const gw = skewedGateway(2)
    const events: ClockSkewEvent[] = []
    const client = clientFor(gw.fetch, events)
    await client.directDebits.status('DD_1')
    expect(client.clockSkewSeconds).toBe(2)
    expect(events).toEqual([])
  })
})
