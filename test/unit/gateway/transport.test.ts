// Deadlines, cancellation and network failures: each becomes a typed error that says
// whether the gateway may have acted on the request.
import { describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../../main/gateway/client'
import type { FetchLike } from '../../../main/gateway/transport'
import * as s from './samples'
import { fakeFetch, hang, networkFailure, reply } from './fake-gateway'
import { failure, transferInput } from './failures'

const client = (fetch: FetchLike, timeoutMs = 15_000) =>
  createGatewayClient({ baseUrl: 'http://gw.test', keyId: 'k', secret: 'sk_t', fetch, timeoutMs })

describe('timeouts', () => {
  it('times out a write with outcome unknown and no blind retry', async () => {
    const fake = fakeFetch(hang)
    const error = await failure(client(fake.fetch, 40).disbursements.initialize(transferInput))
    expect(error).toMatchObject({
      kind: 'timeout',
      status: null,
      outcomeUnknown: true,
      retryable: false,
    })
    expect(error.message).toContain('may or may not have processed it')
    expect(fake.sent[0]!.signal?.aborted).toBe(true)
  })

  it('a per-call timeout overrides the client default', async () => {
    const fake = fakeFetch(hang)
    const error = await failure(client(fake.fetch, 60_000).banks.list({}, { timeoutMs: 30 }))
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, retryable: true })
  })

  it('covers reading the body, not just the headers', async () => {
    const fake = fakeFetch(
      (req) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"status":'))
              req.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('aborted', 'AbortError')),
              )
            },
          }),
          { status: 200 },
        ),
    )
    expect((await failure(client(fake.fetch, 40).banks.list())).kind).toBe('timeout')
  })
})

describe('cancellation', () => {
  it('an external abort in flight is outcome unknown', async () => {
    const fake = fakeFetch(hang)
    const controller = new AbortController()
    const pending = client(fake.fetch).disbursements.initialize(transferInput, {
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 10)
    expect(await failure(pending)).toMatchObject({
      kind: 'aborted',
      outcomeUnknown: true,
      retryable: false,
    })
  })

  it('an already-aborted signal sends nothing', async () => {
    const fake = fakeFetch(() => reply(200, s.transfer))
    const error = await failure(
      client(fake.fetch).disbursements.initialize(transferInput, { signal: AbortSignal.abort() }),
    )
    expect(error).toMatchObject({ kind: 'aborted', outcomeUnknown: false, retryable: true })
    expect(fake.sent).toHaveLength(0)
  })

  it('leaves no timer or listener behind after success', async () => {
    const fake = fakeFetch(() => reply(200, s.banks))
    const controller = new AbortController()
    await client(fake.fetch, 10).banks.list({}, { signal: controller.signal })
    await new Promise((r) => setTimeout(r, 30))
    // Aborting late must not reach the finished request.
    controller.abort()
    expect(fake.sent[0]!.signal?.aborted).toBe(false)
  })
})

describe('network failures', () => {
  it('a reset connection on a write is outcome unknown', async () => {
    const fake = fakeFetch(() => networkFailure('ECONNRESET'))
    const error = await failure(client(fake.fetch).disbursements.initialize(transferInput))
    expect(error).toMatchObject({
      kind: 'network',
      outcomeUnknown: true,
      retryable: false,
      detail: 'ECONNRESET',
    })
  })

  it('a refused connection never reached the gateway', async () => {
    const fake = fakeFetch(() => networkFailure('ECONNREFUSED'))
    const error = await failure(client(fake.fetch).disbursements.initialize(transferInput))
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false, retryable: true })
    expect(error.message).toContain('Could not reach the gateway (ECONNREFUSED)')
  })

  it("reads Chromium's net errors (Electron net.fetch)", async () => {
    const fake = fakeFetch(() => Promise.reject(new Error('net::ERR_NAME_NOT_RESOLVED')))
    expect(await failure(client(fake.fetch).banks.list())).toMatchObject({
      kind: 'network',
      outcomeUnknown: false,
      detail: 'ERR_NAME_NOT_RESOLVED',
    })
  })
})
