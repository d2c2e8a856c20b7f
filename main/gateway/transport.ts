// One HTTP exchange with a deadline. With a fetch-compatible function (Electron's net.fetch
// in the app, so the system proxy and the OS trust store apply) it goes through that; in plain
// Node (tools, tests, benches, the conformance runner) node-http.ts makes it over node:http
// with keep-alive. Either way the timeout and the caller's AbortSignal are combined, and the
// body is read under the same deadline so a stalled response can't hang a till.

/** The subset of fetch the client needs; both global fetch and Electron's net.fetch fit. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export const DEFAULT_TIMEOUT_MS = 15_000

export interface TransportRequest {
  url: string
  method: string
  headers: Record<string, string>
  /** The exact bytes that were signed; sent unchanged. */
  body?: Uint8Array<ArrayBuffer>
  timeoutMs: number
  signal?: AbortSignal
}

/** Response headers as the client reads them; fetch's Headers fits. */
export interface HeaderReader {
  get(name: string): string | null
}

export interface TransportResponse {
  status: number
  headers: HeaderReader
  text: string
}

/** One request and its whole answer, or a TransportFailure. */
export type Exchange = (req: TransportRequest) => Promise<TransportResponse>

export type TransportFailureKind = 'timeout' | 'aborted' | 'network'

/** Failure before a complete response arrived. `sent` is false when nothing left this machine. */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure'
  constructor(
    readonly kind: TransportFailureKind,
    readonly sent: boolean,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options)
  }
}

// Errors raised before a connection exists: the request certainly never reached the gateway.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
])
const NOT_SENT_CHROMIUM =
  /ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|NAME_RESOLUTION_FAILED)/

/** A network error in words, and whether the request may have left (fetch's or node:http's). */
export function networkDetail(error: unknown): { detail: string; sent: boolean } {
  // fetch puts the system error in `cause`; node:http throws it itself.
  const own = (error as { code?: unknown } | null)?.code
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  const code =
    typeof own === 'string' ? own : typeof cause?.code === 'string' ? cause.code : undefined
  const message = error instanceof Error ? error.message : String(error)
  if (code) return { detail: code, sent: !NOT_SENT_CODES.has(code) }
  const chromium = NOT_SENT_CHROMIUM.exec(message)
  if (chromium) return { detail: chromium[0], sent: false }
  return { detail: message.slice(0, 200), sent: true }
}

/** Exchanges over a fetch-compatible function. */
export const fetchExchange =
  (fetchFn: FetchLike): Exchange =>
  (req) =>
    send(fetchFn, req)

export async function send(fetchFn: FetchLike, req: TransportRequest): Promise<TransportResponse> {
  if (req.signal?.aborted) throw new TransportFailure('aborted', false, 'aborted before sending')
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, req.timeoutMs)
  const onAbort = (): void => controller.abort()
  req.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const response = await fetchFn(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
      // A redirect would carry signed bytes to another address; surface it instead.
      redirect: 'manual',
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text }
  } catch (error) {
    if (timedOut)
      throw new TransportFailure('timeout', true, `no complete answer within ${req.timeoutMs} ms`, {
        cause: error,
      })
    if (req.signal?.aborted)
      throw new TransportFailure('aborted', true, 'aborted while in flight', { cause: error })
    const { detail, sent } = networkDetail(error)
    throw new TransportFailure('network', sent, detail, { cause: error })
  } finally {
    clearTimeout(timer)
    req.signal?.removeEventListener('abort', onAbort)
  }
}
