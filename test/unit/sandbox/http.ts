// A minimal signed caller for sandbox unit tests (node:crypto + fetch).
import { createHmac } from 'node:crypto'
import type { RunningSandbox } from '../../../sandbox'

export interface Reply {
  status: number
  headers: Headers
  body: Record<string, unknown>
}

export function signer(sandbox: RunningSandbox, key = sandbox.keys[0]!) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
    const ts = String(Math.floor(Date.now() / 1000))
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        'x-key-id': key.key_id,
        'x-timestamp': ts,
        'x-signature': createHmac('sha256', key.secret).update(`${ts}:${raw}`).digest('hex'),
        ...(raw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(raw ? { body: raw } : {}),
    })
    const text = await res.text()
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    }
  }
}
