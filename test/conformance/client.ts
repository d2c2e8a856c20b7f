// The conformance suite's own signed HTTP helper. It deliberately shares no code with the
// Tilldesk client (main/gateway) or the sandbox: it implements the spec's signing algorithm
// from scratch so the suite can judge any gateway sandbox.
import { createHmac } from 'node:crypto'

export interface Credentials {
  keyId: string
  secret: string
}

export interface CallOptions {
  /** JSON-serialised and signed. */
  body?: unknown
  /** Sent byte-for-byte instead of `body`. */
  raw?: string | Buffer
  /** Sign these bytes instead of what is sent (to prove tampering is caught). */
  signBody?: string | Buffer
  /** Override X-Timestamp (the signature uses it). */
  timestamp?: string
  /** Sign with a different key or secret. */
  credentials?: Partial<Credentials>
  /** Replace the computed signature. */
  signature?: string
  /** Leave these headers out. */
  omit?: readonly ('x-key-id' | 'x-timestamp' | 'x-signature' | 'content-type')[]
  /** Send no authentication headers at all. */
  unsigned?: boolean
  headers?: Record<string, string>
  timeoutMs?: number
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number
  headers: Headers
  text: string
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: T
}

export const hmacHex = (secret: string, timestamp: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}:`).update(body).digest('hex')

export class SignedClient {
  /** Server clock minus ours, in ms (from /health), so a skewed machine still signs in-window. */
  private skewMs = 0

  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials,
  ) {}

  /** Learns the server's clock from GET /health (its `time`, else the Date header). */
  async syncClock(): Promise<void> {
    const before = Date.now()
    const res = await fetch(`${this.baseUrl}/health`)
    const after = Date.now()
    const body = (await res.json().catch(() => ({}))) as { time?: string }
    const serverMs = body.time ? Date.parse(body.time) : Date.parse(res.headers.get('date') ?? '')
    if (Number.isFinite(serverMs)) this.skewMs = serverMs - (before + after) / 2
  }

  /** The server's current Unix time in seconds, as best we know it. */
  nowSeconds(): number {
    return Math.floor((Date.now() + this.skewMs) / 1000)
  }

  withCredentials(credentials: Credentials): SignedClient {
    const other = new SignedClient(this.baseUrl, credentials)
    other.skewMs = this.skewMs
    return other
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const payload: string | Buffer =
      options.raw ?? (options.body === undefined ? '' : JSON.stringify(options.body))
    const headers: Record<string, string> = {}
    if (payload.length > 0) headers['content-type'] = 'application/json'
    if (!options.unsigned) {
      const keyId = options.credentials?.keyId ?? this.credentials.keyId
      const secret = options.credentials?.secret ?? this.credentials.secret
      const timestamp = options.timestamp ?? String(this.nowSeconds())
      headers['x-key-id'] = keyId
      headers['x-timestamp'] = timestamp
      headers['x-signature'] =
        options.signature ?? hmacHex(secret, timestamp, options.signBody ?? payload)
    }
    for (const name of options.omit ?? []) delete headers[name]
    Object.assign(headers, options.headers)
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(payload.length > 0 ? { body: payload } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    })
    const text = await res.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: res.status, headers: res.headers, text, body: body as T }
  }

  get<T = Record<string, unknown>>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, options)
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', path, { ...options, ...(body === undefined ? {} : { body }) })
  }

  patch<T = Record<string, unknown>>(path: string, options?: CallOptions) {
    return this.call<T>('PATCH', path, options)
  }
}

/** Polls `read` until `done` holds, or fails with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await read()
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(
        `Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    last = await read()
  }
  return last
}
