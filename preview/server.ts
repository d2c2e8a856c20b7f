// The browser preview server (dev and tests only; never packaged). It serves the built
// renderer on 127.0.0.1 and carries `window.pos` over a WebSocket to the same Dispatcher the
// Electron main uses, behind the per-run token (token.ts).
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AppServices } from '../main/compose/services'
import type { Logger } from '../main/kernel/log'
import { CONTENT_TYPES as MIME } from '../main/security/app-files'
import { securityHeaders } from '../main/security/csp'
import {
  checkRequest,
  checkUpgrade,
  cookieName,
  PreviewSessions,
  sessionCookie,
  TOKEN_PARAM,
  type GuardConfig,
} from './token'

export const BRIDGE_SCRIPT_PATH = '/__pos/bridge.js'
export const BRIDGE_SOCKET_PATH = '/__pos/ws'
const SHIM_FILE = fileURLToPath(new URL('./public/pos-bridge.js', import.meta.url))
/** A bridge message bigger than this is refused (inputs are small forms). */
const MAX_MESSAGE_BYTES = 256 * 1024

export interface PreviewOptions {
  services: Pick<AppServices, 'dispatcher' | 'events'>
  rendererDir: string
  port: number
  /** The one-time token of this run (traded once for a session cookie). */
  token: string
  /**
   * The host name the preview answers to: a per-run `*.localhost` name (preview/cli.ts), so
   * its cookie goes to no other loopback service. Tests in Node may use 127.0.0.1.
   */
  hostName: string
  log: Logger
  /** Called for every call a page makes over the bridge (the preview's idle clock). */
  onInvoke?: () => void
}

export interface PreviewServer {
  /** The address to open, token included (once). */
  url: string
  port: number
  origin: string
  close(): Promise<void>
}

/** Adds the bridge script before the app's own scripts; the rest of index.html is unchanged. */
export function injectBridge(html: string): string {
  const tag = `<script src="${BRIDGE_SCRIPT_PATH}"></script>`
  return html.includes('</head>')
    ? html.replace('</head>', `  ${tag}\n  </head>`)
    : `${tag}\n${html}`
}

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const rendererDir = resolve(options.rendererDir)
  // Read per request, so a rebuild of the renderer while the preview runs is picked up.
  const indexHtml = async () =>
    injectBridge(await readFile(join(rendererDir, 'index.html'), 'utf8'))
  await indexHtml()
  const shim = await readFile(SHIM_FILE, 'utf8')
  const sessions = new PreviewSessions(options.token)
  const guard: GuardConfig = { sessions, cookieName: '', hosts: [] }
  let headers: Record<string, string> = {}

  const send = (
    response: ServerResponse,
    status: number,
    body: string | Buffer,
    type: string,
    extra: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      ...headers,
      'Content-Type': type,
      'Cache-Control': 'no-store',
      ...extra,
    })
    response.end(body)
  }

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.log.error('preview request failed', { error })
      if (!response.headersSent) send(response, 500, 'Internal error', 'text/plain; charset=utf-8')
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://preview.invalid')
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'Method not allowed', 'text/plain; charset=utf-8')
      return
    }
    // Readiness probe for test runners; reveals nothing.
    if (url.pathname === '/healthz') {
      send(response, 200, 'ok', 'text/plain; charset=utf-8')
      return
    }
    const facts = {
      host: request.headers.host,
      origin: request.headers.origin,
      cookie: request.headers.cookie,
    }
    // First visit: trade the token in the URL, once, for a session id in a cookie, and drop
    // the token from the address bar. A browser that already holds a session (a bookmark with
    // the spent token) just goes on; anyone else gets nothing for a spent token.
    const offered = url.searchParams.get(TOKEN_PARAM)
    if (offered !== null) {
      url.searchParams.delete(TOKEN_PARAM)
      const clean = url.pathname + url.search
      const session = guard.hosts.includes(facts.host ?? '') ? sessions.redeem(offered) : null
      if (session) {
        send(response, 303, '', 'text/plain; charset=utf-8', {
          Location: clean,
          'Set-Cookie': sessionCookie(guard.cookieName, session),
        })
      } else if (checkRequest(guard, facts).ok) {
        send(response, 303, '', 'text/plain; charset=utf-8', { Location: clean })
      } else {
        send(response, 401, UNAUTHORIZED_PAGE, 'text/html; charset=utf-8')
      }
      return
    }
    const verdict = checkRequest(guard, facts)
    if (!verdict.ok) {
      send(response, verdict.status, UNAUTHORIZED_PAGE, 'text/html; charset=utf-8')
      return
    }
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      send(response, 200, shim, MIME['.js'] ?? 'text/javascript')
      return
    }
    const file = await staticFile(rendererDir, url.pathname)
    if (file) {
      send(response, 200, await readFile(file), MIME[extname(file)] ?? 'application/octet-stream')
      return
    }
    // A missing file is a 404 (never index.html served as a script or stylesheet); any other
    // path is the app (hash routes never reach the server, but be forgiving).
    if (extname(url.pathname) !== '') {
      send(response, 404, 'Not found', 'text/plain; charset=utf-8')
      return
    }
    send(response, 200, await indexHtml(), MIME['.html'] ?? 'text/html')
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const clients = new Set<WebSocket>()
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://preview.invalid').pathname
    const verdict =
      path === BRIDGE_SOCKET_PATH
        ? checkUpgrade(guard, {
            host: request.headers.host,
            origin: request.headers.origin,
            cookie: request.headers.cookie,
          })
        : ({ ok: false, status: 403, reason: 'no such socket' } as const)
    if (!verdict.ok) {
      options.log.warn('preview bridge connection refused', { reason: verdict.reason })
      socket.end(`HTTP/1.1 ${verdict.status} Refused\r\nConnection: close\r\n\r\n`)
      return
    }
    const origin = request.headers.origin ?? ''
    sockets.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws)
      ws.on('close', () => clients.delete(ws))
      ws.on('message', (data) => void onMessage(ws, origin, data.toString()))
    })
  })

  async function onMessage(ws: WebSocket, origin: string, text: string): Promise<void> {
    let message: { type?: unknown; id?: unknown; channel?: unknown; input?: unknown }
    try {
      message = JSON.parse(text) as typeof message
    } catch {
      return
    }
    if (
      message.type !== 'invoke' ||
      typeof message.id !== 'number' ||
      typeof message.channel !== 'string'
    ) {
      return
    }
    options.onInvoke?.()
    const envelope = await options.services.dispatcher.dispatch(
      { transport: 'preview', url: origin },
      message.channel,
      message.input,
    )
    if (ws.readyState === ws.OPEN)
      ws.send(JSON.stringify({ type: 'result', id: message.id, envelope }))
  }

  const unsubscribe = options.services.events.subscribe((name, payload) => {
    const text = JSON.stringify({ type: 'event', name, payload })
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text)
  })

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolveListen())
  })
  const port = (server.address() as AddressInfo).port
  const host = `${options.hostName}:${port}`
  guard.hosts = [host]
  guard.cookieName = cookieName(port)
  const origin = `http://${host}`
  headers = securityHeaders({ connect: [`ws://${host}`] })

  return {
    url: `${origin}/?${TOKEN_PARAM}=${options.token}`,
    port,
    origin,
    async close() {
      unsubscribe()
      for (const ws of clients) ws.terminate()
      sockets.close()
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await closed
    },
  }
}

/** A file inside the renderer build, or null (never outside it: no path traversal). */
async function staticFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded === '/' || decoded.includes('\0')) return null
  const candidate = normalize(join(root, decoded))
  if (!candidate.startsWith(root + sep)) return null
  if (candidate === join(root, 'index.html')) return null
  try {
    return (await stat(candidate)).isFile() ? candidate : null
  } catch {
    return null
  }
}

const UNAUTHORIZED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tilldesk preview</title></head>
<body><h1>Open the address printed by <code>npm run preview</code></h1>
<p>The preview only answers to the link it prints, which carries a one-time token for this run.</p></body></html>`
