// The client without a fetch speaks node:http (node-http.ts): the same contract as over
// fetch, against a real local server. The signed bytes are the bytes sent, connections are
// kept alive, compressed and BOM-led answers read, and a deadline, an abort, a refused or
// reset connection and a redirect each end as the typed error fetch would have given.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../../main/gateway/client'
import { hmacHex } from '../../../main/gateway/signer'
import * as s from './samples'
import { failure, transferInput } from './failures'

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void

let server: Server | null = null
const sockets = new Set<Socket>()
let connections = 0
afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = null
  connections = 0
})

async function serve(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handler(req, Buffer.concat(chunks), res))
  })
  server.on('connection', (socket) => {
    connections++
    sockets.add(socket)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const clientOf = (baseUrl: string, timeoutMs = 5_000) =>
  createGatewayClient({ baseUrl, keyId: 'k_1', secret: 'sk_test_secret', timeoutMs })

describe('the client over node:http', () => {
  it('sends the signed bytes with their length and reuses one connection', async () => {
    const seen: { headers: IncomingMessage['headers']; body: string }[] = []
    const url = await serve((req, body, res) => {
      seen.push({ headers: req.headers, body: body.toString('utf8') })
      json(res, 200, s.transfer)
    })
    const client = clientOf(url)
    await client.disbursements.initialize(transferInput)
    await client.disbursements.verify('TRF_1')
    const [post, get] = seen
    expect(post!.headers['content-length']).toBe(String(Buffer.byteLength(post!.body)))
    expect(post!.headers['content-type']).toBe('application/json')
    const ts = post!.headers['x-timestamp'] as string
    expect(post!.headers['x-signature']).toBe(
      hmacHex('sk_test_secret', ts, Buffer.from(post!.body)),
    )
    expect(get!.body).toBe('')
    expect(connections).toBe(1)
  })

  it('reads a gzip-compressed answer and one that starts with a byte-order mark', async () => {
    const url = await serve((req, _body, res) => {
      if (req.url?.startsWith('/banks')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        res.end(gzipSync(JSON.stringify(s.banks)))
      } else {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(`\uFEFF${JSON.stringify(s.transfer)}`)
      }
    })
    const client = clientOf(url)
    expect((await client.banks.list()).data).toHaveLength(s.banks.data.length)
    expect((await client.disbursements.verify('TRF_1')).reference).toBe(s.transfer.reference)
  })

  it('reads Retry-After and Date from the answer', async () => {
    const url = await serve((_req, _body, res) =>
      json(res, 429, { message: 'Too many requests' }, { 'retry-after': '7' }),
    )
    expect(await failure(clientOf(url).disbursements.verify('TRF_1'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 7_000,
    })
  })

  it('the deadline covers the body: a stalled answer to a write is a timeout, outcome unknown', async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":')
    })
    expect(await failure(clientOf(url, 50).disbursements.initialize(transferInput))).toMatchObject({
      kind: 'timeout',
      outcomeUnknown: true,
      retryable: false,
    })
  })

  it('an abort in flight is outcome unknown; an abort before sends nothing', async () => {
    let requests = 0
    const url = await serve(() => {
      requests++
    })
    const controller = new AbortController()
    const pending = clientOf(url).disbursements.initialize(transferInput, {
      signal: controller.signal,
    })
    await expect.poll(() => requests).toBe(1)
    controller.abort()
    expect(await failure(pending)).toMatchObject({ kind: 'aborted', outcomeUnknown: true })
    const early = clientOf(url).disbursements.initialize(transferInput, {
      signal: AbortSignal.abort(),
    })
    expect(await failure(early)).toMatchObject({ kind: 'aborted', outcomeUnknown: false })
    expect(requests).toBe(1)
  })

  it('a refused connection never reached the gateway; a reset one may have', async () => {
    const closed = await serve(() => undefined)
    await new Promise((resolve) => server!.close(resolve))
    server = null
    expect(await failure(clientOf(closed).disbursements.initialize(transferInput))).toMatchObject({
      kind: 'network',
      outcomeUnknown: false,
      detail: 'ECONNREFUSED',
    })
    const url = await serve((req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":', () => req.socket.destroy())
    })
    expect(await failure(clientOf(url).disbursements.initialize(transferInput))).toMatchObject({
      kind: 'network',
      outcomeUnknown: true,
      retryable: false,
    })
  })

  it('does not follow a redirect: the signed request goes nowhere else', async () => {
    let requests = 0
    const url = await serve((_req, _body, res) => {
      requests++
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' })
      res.end()
    })
    expect(await failure(clientOf(url).disbursements.initialize(transferInput))).toMatchObject({
      kind: 'bad_response',
      status: 302,
    })
    expect(requests).toBe(1)
  })
})
