// A scripted fetch for client tests: records exactly what the client sent (URL, method,
// headers, body bytes) and answers with whatever the test's responder returns.
import type { FetchLike } from '../../../main/gateway/transport'

export interface SentRequest {
  url: URL
  method: string
  headers: Record<string, string>
  /** The exact bytes handed to fetch. */
  body: Uint8Array | undefined
  bodyText: string | undefined
  signal: AbortSignal | undefined
}

export type Responder = (req: SentRequest, index: number) => Response | Promise<Response>

export function fakeFetch(responder: Responder): { fetch: FetchLike; sent: SentRequest[] } {
  const sent: SentRequest[] = []
  const fetch: FetchLike = async (input, init) => {
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[k.toLowerCase()] = v
    const raw = init.body
    if (raw !== undefined && raw !== null && !(raw instanceof Uint8Array))
      throw new Error('the client must send the signed bytes, not a re-serializable value')
    const body = raw ?? undefined
    const req: SentRequest = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers,
      body,
      bodyText: body === undefined ? undefined : new TextDecoder().decode(body),
      signal: init.signal ?? undefined,
    }
    sent.push(req)
    return responder(req, sent.length - 1)
  }
  return { fetch, sent }
}

/** A JSON answer; `body` may be a raw string to control the exact text. */
export function reply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** Never answers; rejects like fetch does when its signal aborts. */
export function hang(req: SentRequest): Promise<Response> {
  return new Promise((_, reject) => {
    const abort = (): void => reject(new DOMException('This operation was aborted', 'AbortError'))
    if (req.signal?.aborted) abort()
    req.signal?.addEventListener('abort', abort, { once: true })
  })
}

/** Rejects like undici does on a socket-level failure. */
export function networkFailure(code: string): Promise<Response> {
  const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code })
  return Promise.reject(new TypeError('fetch failed', { cause }))
}
