// The exchange over node:http / node:https with a keep-alive agent, for the client in plain
// Node (no fetch given). It keeps fetch's contract as transport.ts uses it: the deadline
// covers the whole answer, the caller's signal cancels, nothing follows a redirect, a gzip,
// deflate or brotli body is decoded (none is asked for), and the text is UTF-8 without a
// byte-order mark. It
// exists because undici's WHATWG fetch (web streams, Request/Response objects, per-call
// header validation) cost the till most of its CPU per request (docs/perf.md, payout-flush).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { urlToHttpOptions } from 'node:url'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import {
  networkDetail,
  TransportFailure,
  type Exchange,
  type HeaderReader,
  type TransportRequest,
  type TransportResponse,
} from './transport'

/**
 * A response header by name, read from the raw list: building `response.headers` (every name
 * lowercased into a new object) costs more than the one or two the client reads.
 */
function rawHeader(response: IncomingMessage, name: string): string | null {
  const raw = response.rawHeaders
  let found: string | null = null
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length !== name.length || raw[i]!.toLowerCase() !== name) continue
    found = found === null ? raw[i + 1]! : `${found}, ${raw[i + 1]!}`
  }
  return found
}

function decoded(response: IncomingMessage): Readable {
  switch (rawHeader(response, 'content-encoding')?.trim().toLowerCase()) {
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

const headerReader = (response: IncomingMessage): HeaderReader => ({
  get: (name) => rawHeader(response, name.toLowerCase()),
})

interface Origin {
  tls: boolean
  target: { protocol: string; hostname: string; port: number | string; agent: HttpAgent }
}

/** One exchange function per client: its agents keep that client's connections open. */
export function nodeHttpExchange(): Exchange {
  const httpAgent = new HttpAgent({ keepAlive: true })
  const httpsAgent = new HttpsAgent({ keepAlive: true })
  // A client talks to one gateway: its address is parsed once, not on every request.
  const origins = new Map<string, Origin>()
  const originOf = (url: string): { origin: Origin; path: string } => {
    const cut = url.indexOf('/', url.indexOf('//') + 2)
    const key = cut < 0 ? url : url.slice(0, cut)
    let origin = origins.get(key)
    if (!origin) {
      const { protocol, hostname, port } = urlToHttpOptions(new URL(key))
      const tls = protocol === 'https:'
      origin = {
        tls,
        target: {
          protocol: protocol ?? 'http:',
          hostname: hostname ?? 'localhost',
          port: port ?? (tls ? 443 : 80),
          agent: tls ? httpsAgent : httpAgent,
        },
      }
      origins.set(key, origin)
    }
    return { origin, path: cut < 0 ? '/' : url.slice(cut) }
  }
  return (req) => {
    if (req.signal?.aborted)
      return Promise.reject(new TransportFailure('aborted', false, 'aborted before sending'))
    const { origin, path } = originOf(req.url)
    return exchange(req, origin, path)
  }
}

function exchange(req: TransportRequest, origin: Origin, path: string): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) => {
    // Only what the gateway needs (no Accept-Encoding: every header costs per call), though a
    // compressed answer is still read.
    const headers: Record<string, string | number> = req.body
      ? { ...req.headers, 'Content-Length': req.body.byteLength }
      : req.headers
    const signal = req.signal
    let settled = false
    let timedOut = false
    /** True the first time only: one outcome per exchange. */
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      clearTimeout(timer)
      if (signal) signal.removeEventListener('abort', onAbort)
      return true
    }
    const fail = (error: unknown): void => {
      if (!settle()) return
      if (timedOut)
        reject(
          new TransportFailure('timeout', true, `no complete answer within ${req.timeoutMs} ms`, {
            cause: error,
          }),
        )
      else if (signal?.aborted)
        reject(new TransportFailure('aborted', true, 'aborted while in flight', { cause: error }))
      else {
        const { detail, sent } = networkDetail(error)
        reject(new TransportFailure('network', sent, detail, { cause: error }))
      }
    }
    const request = (origin.tls ? httpsRequest : httpRequest)({
      ...origin.target,
      path,
      method: req.method,
      headers,
    })
    const timer = setTimeout(() => {
      timedOut = true
      request.destroy(new Error('deadline'))
    }, req.timeoutMs)
    const onAbort = (): void => {
      request.destroy(new Error('aborted'))
    }
    if (signal) signal.addEventListener('abort', onAbort, { once: true })
    request.once('error', fail)
    request.once('response', (response) => {
      const chunks: Buffer[] = []
      const body = decoded(response)
      body.on('data', (chunk: Buffer) => chunks.push(chunk))
      if (body !== response) body.once('error', fail)
      // The connection closed (or the deadline or the caller cut it) before the whole answer:
      // the response is destroyed with ECONNRESET.
      response.once('error', fail)
      body.once('end', () => {
        if (!settle()) return
        let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
        resolve({ status: response.statusCode ?? 0, headers: headerReader(response), text })
      })
    })
    request.end(req.body)
  })
}
