// Several tills of one shop against ONE gateway, as in a real shop: each till's app still
// starts its embedded Demo sandbox, but its fetch sends every signed gateway request to one
// shared sandbox instead, signed again with that sandbox's key. And a TCP relay in front of
// the shop's PostgreSQL that a test can cut, so one till loses the shop while the others don't.
import { createServer, connect, type Server, type Socket } from 'node:net'
import { signatureOf } from '../../sandbox/auth'
import { startSandbox, type RunningSandbox } from '../../sandbox'

export interface SharedGateway {
  sandbox: RunningSandbox
  /** A fetch for a till's services: gateway requests go to the shared sandbox. */
  fetch: typeof fetch
  /** The same, counting the till's gateway requests by path under `label`. */
  fetchAs(label: string): typeof fetch
  /** Gateway requests so far from the till under `label` to `path`. */
  requests(label: string, path: string): number
  close(): Promise<void>
}

export async function startSharedGateway(
  webhooks: { url: string; secret: string } | null = null,
): Promise<SharedGateway> {
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    ...(webhooks ? { webhookUrl: webhooks.url, webhookSecret: webhooks.secret } : {}),
  })
  const key = sandbox.keys[0]!
  const counts = new Map<string, number>()
  const shared = (label: string | null): typeof fetch =>
    sharedGatewayFetch(
      sandbox.url,
      { keyId: key.key_id, secret: key.secret },
      label === null
        ? undefined
        : (path) => counts.set(`${label} ${path}`, (counts.get(`${label} ${path}`) ?? 0) + 1),
    )
  return {
    sandbox,
    fetch: shared(null),
    fetchAs: (label) => shared(label),
    requests: (label, path) => counts.get(`${label} ${path}`) ?? 0,
    close: () => sandbox.close(),
  }
}

/**
 * A till's fetch against the shared sandbox at `url`: each signed gateway request is signed
 * again with the sandbox's key (its own Demo key means nothing there). Usable in another
 * process too (a till the test kills), given the sandbox's address and key.
 */
export function sharedGatewayFetch(
  url: string,
  key: { keyId: string; secret: Buffer | string },
  onRequest?: (path: string) => void,
): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null
    const headers = new Headers(init?.headers ?? request?.headers)
    const timestamp = headers.get('x-timestamp')
    if (!headers.get('x-key-id') || !timestamp) return fetch(input, init)
    const target = new URL(request ? request.url : String(input))
    onRequest?.(target.pathname)
    const raw = init?.body
    const body =
      typeof raw === 'string'
        ? Buffer.from(raw)
        : raw instanceof Uint8Array
          ? Buffer.from(raw)
          : raw instanceof ArrayBuffer
            ? Buffer.from(new Uint8Array(raw))
            : Buffer.alloc(0)
    headers.set('x-key-id', key.keyId)
    headers.set('x-signature', signatureOf(key.secret, timestamp, body))
    return fetch(`${url}${target.pathname}${target.search}`, { ...init, headers })
  }
}

/** A TCP relay to the shop's server that can be cut and restored (one till offline). */
export interface CuttableRelay {
  port: number
  cut(): void
  restore(): void
  close(): Promise<void>
}

export async function startRelay(targetPort: number, host = '127.0.0.1'): Promise<CuttableRelay> {
  let open = true
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    if (!open) return void client.destroy()
    const upstream = connect(targetPort, host)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    cut() {
      open = false
      for (const s of sockets) s.destroy()
    },
    restore() {
      open = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
