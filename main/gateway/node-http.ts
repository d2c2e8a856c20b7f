// The exchange over node:http / node:https with a keep-alive agent, for the client in plain
// Node (no fetch given). It keeps fetch's contract as transport.ts uses it: the deadline
// covers the whole answer, the caller's signal cancels, nothing follows a redirect, a gzip,
// deflate or brotli body is decoded, and the text is UTF-8 without a byte-order mark. It
// exists because undici's WHATWG fetch (web streams, Request/Response objects, per-call
// header validation) cost the till most of its CPU per request (docs/perf.md, payout-flush).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import {
  networkDetail,
  TransportFailure,
  type Exchange,
  type HeaderReader,
  type TransportRequest,
  type TransportResponse,
} from './transport'

/** What fetch asks for; the gateway may compress a long list. */
const ACCEPT_ENCODING = 'gzip, deflate, br'

function decoded(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip())
    case 'deflate':
      return response.pipe(createInflate())
    case 'br':
      return response.pipe(createBrotliDecompress())
    default:
      return response
  }
}

function headerReader(response: IncomingMessage): HeaderReader {
  return {
    get: (name) => {
      const value = response.headers[name.toLowerCase()]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
  }
}

/** One exchange function per client: its agents keep that client's connections open. */
export function nodeHttpExchange(): Exchange {
  const httpAgent = new HttpAgent({ keepAlive: true })
  const httpsAgent = new HttpsAgent({ keepAlive: true })
  return (req) => exchange(req, httpAgent, httpsAgent)
}

function exchange(
  req: TransportRequest,
  httpAgent: HttpAgent,
  httpsAgent: HttpsAgent,
): Promise<TransportResponse> {
  if (req.signal?.aborted)
    return Promise.reject(new TransportFailure('aborted', false, 'aborted before sending'))
  return new Promise<TransportResponse>((resolve, reject) => {
    const tls = req.url.startsWith('https:')
    const headers: Record<string, string | number> = {
      ...req.headers,
      'Accept-Encoding': ACCEPT_ENCODING,
    }
    if (req.body) headers['Content-Length'] = req.body.byteLength
    let settled = false
    let timedOut = false
    const finish = (outcome: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', onAbort)
      outcome()
    }
    const fail = (error: unknown): void =>
      finish(() => {
        if (timedOut)
          reject(
            new TransportFailure('timeout', true, `no complete answer within ${req.timeoutMs} ms`, {
              cause: error,
            }),
          )
        else if (req.signal?.aborted)
          reject(new TransportFailure('aborted', true, 'aborted while in flight', { cause: error }))
        else {
          const { detail, sent } = networkDetail(error)
          reject(new TransportFailure('network', sent, detail, { cause: error }))
        }
      })
    const request = (tls ? httpsRequest : httpRequest)(req.url, {
      method: req.method,
      headers,
      agent: tls ? httpsAgent : httpAgent,
    })
    const timer = setTimeout(() => {
      timedOut = true
      request.destroy(new Error('deadline'))
    }, req.timeoutMs)
    const onAbort = (): void => {
      request.destroy(new Error('aborted'))
    }
    req.signal?.addEventListener('abort', onAbort, { once: true })
    request.once('error', fail)
    request.once('response', (response) => {
      const chunks: Buffer[] = []
      const body = decoded(response)
      body.on('data', (chunk: Buffer) => chunks.push(chunk))
      body.once('error', fail)
      response.once('error', fail)
      // The connection closed (or the deadline or the caller cut it) before the whole answer.
      response.once('close', () => {
        if (!response.complete) fail(Object.assign(new Error('closed'), { code: 'ECONNRESET' }))
      })
      body.once('end', () =>
        finish(() => {
          let text = Buffer.concat(chunks).toString('utf8')
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
          resolve({ status: response.statusCode ?? 0, headers: headerReader(response), text })
        }),
      )
    })
    request.end(req.body)
  })
}
