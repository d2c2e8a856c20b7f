// A thin HTTP proxy in front of the sandbox that behaves like a gateway legal under the spec
// but harder than ours, for chaos tests and the payout bench:
// - commit lag: a write whose answer the client did not get stays invisible to lookups by
//   reference for `lagMs` after it arrived (an eventually consistent read side), answered
//   with the same JSON "not found" a missing record gets;
// - refusal on resend: a resend of a reference the gateway already holds is answered, at
//   `refuseResendRate`, with 422 instead of the 409 (a gateway that checks the balance before
//   the reference), so "lookup said 404, the resend was refused" happens for real.
// Requests are forwarded byte for byte (the signature covers them); only answers change.
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LaggingGatewayOptions {
  /** The sandbox's base URL. */
  upstream: string
  lagMs: number
  refuseResendRate: number
  /** Writes keyed by a reference in their JSON body, and the lookups that read them back. */
  writes?: ReadonlyArray<{ path: string; lookup: (url: URL) => string | null }>
  seed?: number
}

export interface LaggingGateway {
  url: string
  stats: { hiddenLookups: number; refusedResends: number }
  close(): Promise<void>
}

const DEFAULT_WRITES: NonNullable<LaggingGatewayOptions['writes']> = [
  {
    path: '/disbursements/initialize',
    lookup: (url) =>
      url.pathname === '/disbursements/verify' ? url.searchParams.get('reference') : null,
  },
  {
    path: '/refunds/initialize',
    lookup: (url) => {
      const match = /^\/refunds\/([^/]+)$/.exec(url.pathname)
      return match && match[1] !== 'counts' ? decodeURIComponent(match[1]!) : null
    },
  },
]

const NOT_FOUND = JSON.stringify({
  status: false,
  message: 'Resource not found',
  code: 'not_found',
})
const REFUSED = JSON.stringify({
  status: false,
  message: 'Insufficient balance for this request',
  code: 'insufficient_funds',
})

export async function startLaggingGateway(options: LaggingGatewayOptions): Promise<LaggingGateway> {
  const writes = options.writes ?? DEFAULT_WRITES
  const upstream = new URL(options.upstream)
  /** reference → when its first write arrived, for writes the client never got a 2xx for. */
  const arrivedAt = new Map<string, number>()
  const answered = new Set<string>()
  const stats = { hiddenLookups: 0, refusedResends: 0 }
  let state = options.seed ?? 1
  const random = (): number => {
    // mulberry32: a seeded run replays the same refusals.
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(req.url ?? '/', upstream)
      const write = req.method === 'POST' ? writes.find((w) => w.path === url.pathname) : undefined
      const reference = write ? referenceIn(body) : null
      const resend = reference !== null && arrivedAt.has(reference)
      if (reference !== null && !resend) arrivedAt.set(reference, Date.now())
      const lookedUp = req.method === 'GET' ? lookupReference(writes, url) : null
      const upstreamReq = forward(req, url, body, (answer) => {
        if (res.destroyed || res.writableEnded) return
        if (!answer) {
          res.destroy()
          return
        }
        const { status, headers, text } = answer
        if (reference !== null && status >= 200 && status < 300) answered.add(reference)
        if (resend && status === 409 && random() < options.refuseResendRate) {
          stats.refusedResends += 1
          return send(res, 422, REFUSED)
        }
        if (lookedUp !== null && status === 200 && !answered.has(lookedUp)) {
          const at = arrivedAt.get(lookedUp)
          if (at !== undefined && Date.now() < at + options.lagMs) {
            stats.hiddenLookups += 1
            return send(res, 404, NOT_FOUND)
          }
        }
        res.writeHead(status, headers)
        res.end(text)
      })
      // The client gave up (its timeout): drop the upstream call too, as a network would.
      res.on('close', () => {
        if (!res.writableEnded) upstreamReq.destroy()
      })
    })
  })
  // A client that gives up must not leave the proxy waiting on the sandbox's held socket.
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function referenceIn(body: Buffer): string | null {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'))
    const reference = (parsed as { reference?: unknown }).reference
    return typeof reference === 'string' ? reference : null
  } catch {
    return null
  }
}

function lookupReference(writes: NonNullable<LaggingGatewayOptions['writes']>, url: URL) {
  for (const write of writes) {
    const reference = write.lookup(url)
    if (reference !== null) return reference
  }
  return null
}

type Answer = { status: number; headers: Record<string, string>; text: Buffer } | null

function forward(req: IncomingMessage, url: URL, body: Buffer, done: (answer: Answer) => void) {
  const headers = { ...req.headers, host: url.host }
  const out = request(url, { method: req.method, headers }, (upstreamRes) => {
    const chunks: Buffer[] = []
    upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk))
    upstreamRes.on('end', () => {
      const kept: Record<string, string> = {}
      for (const [name, value] of Object.entries(upstreamRes.headers)) {
        if (
          typeof value === 'string' &&
          !['content-length', 'connection', 'transfer-encoding'].includes(name)
        )
          kept[name] = value
      }
      done({ status: upstreamRes.statusCode ?? 502, headers: kept, text: Buffer.concat(chunks) })
    })
    upstreamRes.on('error', () => done(null))
  })
  // The sandbox resets or holds the socket for injected faults: pass the failure on as is.
  out.on('error', () => done(null))
  out.end(body)
  return out
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(text)
}
