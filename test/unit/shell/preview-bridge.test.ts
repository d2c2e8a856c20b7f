import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as z from 'zod'
import { defineChannels, returns } from '../../../common/ipc/contract'
import { EventBus } from '../../../main/kernel/events'
import { silentLogger } from '../../../main/kernel/log'
import { Dispatcher } from '../../../main/ipc/dispatch'
import { injectBridge, startPreviewServer, type PreviewServer } from '../../../preview/server'
import { request as httpRequest } from 'node:http'
import {
  acceptableHostName,
  acceptableToken,
  checkRequest,
  checkUpgrade,
  cookieName,
  generateHostName,
  generateToken,
  PreviewSessions,
  readCookie,
  tokensEqual,
} from '../../../preview/token'

const token = generateToken()
const COOKIE = cookieName(5180)
const sessions = new PreviewSessions(token)
const session = sessions.redeem(token) ?? ''
const config = { sessions, cookieName: COOKIE, hosts: ['tilldesk-run1.localhost:5180'] }
const host = 'tilldesk-run1.localhost:5180'
const cookie = `${COOKIE}=${session}`

describe('preview token checks', () => {
  it('generates long url-safe tokens, different every run', () => {
    const other = generateToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(other).not.toBe(token)
    expect(acceptableToken(token)).toBe(true)
    expect(acceptableToken('short')).toBe(false)
    expect(acceptableToken(undefined)).toBe(false)
    expect(acceptableToken(`${'a'.repeat(40)};x`)).toBe(false)
  })

  it('compares tokens exactly', () => {
    expect(tokensEqual(token, token)).toBe(true)
    expect(tokensEqual(token, `${token}x`)).toBe(false)
    expect(tokensEqual(token, token.slice(0, -1))).toBe(false)
    expect(tokensEqual(token, null)).toBe(false)
    expect(tokensEqual(token, '')).toBe(false)
  })

  it('trades the token once, for a session id that is not the token', () => {
    const fresh = new PreviewSessions(token)
    expect(fresh.redeem(generateToken())).toBeNull()
    expect(fresh.spent).toBe(false)
    const id = fresh.redeem(token)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(id).not.toBe(token)
    expect(fresh.spent).toBe(true)
    expect(fresh.redeem(token)).toBeNull()
    expect(fresh.valid(id)).toBe(true)
    expect(fresh.valid(token)).toBe(false)
    expect(fresh.valid(null)).toBe(false)
  })

  it('names a host of its own per run, under .localhost only', () => {
    const name = generateHostName()
    expect(name).toMatch(/^tilldesk-[0-9a-f]{12}\.localhost$/)
    expect(generateHostName()).not.toBe(name)
    expect(acceptableHostName(name)).toBe(true)
    for (const bad of ['127.0.0.1', 'localhost', 'evil.example', 'a.b.localhost', '-x.localhost'])
      expect(acceptableHostName(bad), bad).toBe(false)
    // The cookie's name carries the port: two previews on one name never share a cookie.
    expect(cookieName(5180)).not.toBe(cookieName(5181))
  })

  it('reads the cookie among others', () => {
    expect(readCookie(`a=1; ${cookie}; b=2`, COOKIE)).toBe(session)
    expect(readCookie('a=1', COOKIE)).toBeNull()
    expect(readCookie(undefined, COOKIE)).toBeNull()
  })

  it('accepts a request only with our Host and an issued session', () => {
    expect(checkRequest(config, { host, origin: undefined, cookie })).toEqual({ ok: true })
    for (const other of ['evil.example:5180', '127.0.0.1:5180', 'localhost:5180'])
      expect(checkRequest(config, { host: other, origin: undefined, cookie })).toMatchObject({
        ok: false,
        status: 421,
      })
    expect(checkRequest(config, { host, origin: undefined, cookie: undefined })).toMatchObject({
      ok: false,
      status: 401,
    })
    // The token itself is not a session.
    expect(
      checkRequest(config, { host, origin: undefined, cookie: `${COOKIE}=${token}` }),
    ).toMatchObject({ ok: false, status: 401 })
    expect(
      checkRequest(config, { host, origin: undefined, cookie: `${COOKIE}=${generateToken()}` }),
    ).toMatchObject({ ok: false, status: 401 })
  })

  it('accepts a WebSocket upgrade only from our own page origin', () => {
    const base = { host, cookie }
    expect(checkUpgrade(config, { ...base, origin: `http://${host}` })).toEqual({ ok: true })
    for (const origin of ['http://127.0.0.1:5180', 'https://evil.example', undefined])
      expect(checkUpgrade(config, { ...base, origin })).toMatchObject({ ok: false, status: 403 })
    expect(
      checkUpgrade(config, { ...base, origin: `http://${host}`, cookie: undefined }),
    ).toMatchObject({ ok: false, status: 401 })
  })

  it('injects the bridge script before the app scripts', () => {
    const html = injectBridge(
      '<html><head><script type="module" src="./a.js"></script></head></html>',
    )
    expect(html).toContain('<script src="/__pos/bridge.js"></script>')
    expect(html.indexOf('/__pos/bridge.js')).toBeLessThan(html.indexOf('</head>'))
  })
})

/**
 * A GET to the preview on 127.0.0.1 with the run's Host header, as Chromium sends it for the
 * run's *.localhost name (Node's resolver doesn't know .localhost names).
 */
function get(
  server: PreviewServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        headers: { host: new URL(server.origin).host, ...headers },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

describe('preview server, end to end over HTTP and WebSocket', () => {
  const channels = defineChannels({
    'echo.double': {
      input: z.strictObject({ n: z.number() }),
      result: returns<number>(),
      role: 'public',
      summary: '',
    },
  })
  let dir: string
  let server: PreviewServer
  let cookie = ''
  const events = new EventBus()
  const trusted: string[] = []
  const runToken = generateToken()
  let invokes = 0

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tilldesk-preview-'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body></body></html>',
    )
    writeFileSync(join(dir, 'app.js'), 'console.log(1)')
    const dispatcher = new Dispatcher({
      channels,
      isTrustedSender: (sender) => sender.transport === 'preview' && trusted.includes(sender.url),
      currentUser: () => null,
      log: silentLogger,
    }).register({ 'echo.double': ({ n }: { n: number }) => n * 2 })
    server = await startPreviewServer({
      services: { dispatcher, events },
      rendererDir: dir,
      port: 0,
      token: runToken,
      hostName: 'tilldesk-unit.localhost',
      log: silentLogger,
      onInvoke: () => (invokes += 1),
    })
    trusted.push(server.origin)
  })

  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers on its own *.localhost name only', () => {
    expect(server.origin).toBe(`http://tilldesk-unit.localhost:${server.port}`)
    expect(server.url).toBe(`${server.origin}/?token=${runToken}`)
  })

  it('trades the token once for a session cookie that is not the token', async () => {
    expect((await get(server, '/')).status).toBe(401)
    expect((await get(server, `/?token=${generateToken()}`)).status).toBe(401)
    // The token on another host name gets nothing, and is not spent by trying.
    expect(
      (await get(server, `/?token=${runToken}`, { host: `127.0.0.1:${server.port}` })).status,
    ).toBe(401)
    const first = await get(server, `/?token=${runToken}`)
    expect(first.status).toBe(303)
    expect(first.headers.location).toBe('/')
    const setCookie = String(first.headers['set-cookie'] ?? '')
    const name = cookieName(server.port)
    const id = readCookie(setCookie.split(';')[0], name)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(id).not.toBe(runToken)
    expect(setCookie).not.toContain(runToken)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Strict/)
    cookie = `${name}=${id}`

    // Spent: another browser with the same link gets nothing.
    const again = await get(server, `/?token=${runToken}`)
    expect(again.status).toBe(401)
    expect(again.headers['set-cookie']).toBeUndefined()
    // The token as a cookie is worth nothing either.
    expect((await get(server, '/', { cookie: `${name}=${runToken}` })).status).toBe(401)
    // The browser holding the session may reopen the (spent) link: it just goes on.
    const reopened = await get(server, `/?token=${runToken}#/collect`, { cookie })
    expect(reopened.status).toBe(303)
    expect(reopened.headers['set-cookie']).toBeUndefined()

    const page = await get(server, '/', { cookie })
    expect(page.status).toBe(200)
    expect(page.body).toContain('/__pos/bridge.js')
    expect(page.body).not.toContain(runToken)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self';/)
    expect(csp).toContain(`connect-src 'self' ws://tilldesk-unit.localhost:${server.port}`)
    expect(csp).not.toMatch(/unsafe/)
    // Same session, wrong Host (DNS rebinding, or the bare loopback address): refused.
    expect((await get(server, '/', { cookie, host: `127.0.0.1:${server.port}` })).status).toBe(421)
  })

  it('serves build files and the shim, but nothing outside the build', async () => {
    expect((await get(server, '/app.js', { cookie })).status).toBe(200)
    const shim = await get(server, '/__pos/bridge.js', { cookie })
    expect(shim.status).toBe(200)
    expect(shim.body).not.toContain(runToken)
    const traversal = await get(server, '/..%2f..%2fetc%2fpasswd', { cookie })
    expect(traversal.body).not.toContain('root:')
  })

  const socket = (headers: Record<string, string>) =>
    new WebSocket(`ws://127.0.0.1:${server.port}/__pos/ws`, {
      headers: { host: new URL(server.origin).host, ...headers },
    })

  it('refuses a WebSocket without the session or from another origin', async () => {
    const refused = async (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const ws = socket(headers)
        ws.on('open', () => resolve('open'))
        ws.on('error', () => resolve('refused'))
        ws.on('unexpected-response', () => resolve('refused'))
      })
    expect(await refused({ origin: server.origin })).toBe('refused')
    expect(await refused({ origin: 'https://evil.example', cookie })).toBe('refused')
    expect(await refused({ origin: `http://127.0.0.1:${server.port}`, cookie })).toBe('refused')
  })

  it('carries invoke calls and events for the right origin and session', async () => {
    const ws = socket({ origin: server.origin, cookie })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    const messages: unknown[] = []
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())))
    ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'echo.double', input: { n: 21 } }))
    ws.send(JSON.stringify({ type: 'invoke', id: 2, channel: 'echo.double', input: { n: 'x' } }))
    events.emit('status.changed', {
      connectivity: 'online',
      lastCheckedAt: null,
      offlineReason: null,
      outbox: { pending: 0, failed: 0 },
    } as never)
    await expect.poll(() => messages.length).toBe(3)
    expect(messages).toContainEqual({ type: 'result', id: 1, envelope: { ok: true, value: 42 } })
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'result',
        id: 2,
        envelope: expect.objectContaining({ ok: false }),
      }),
    )
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'event', name: 'status.changed' }),
    )
    // Each call from a page is use of the till for the preview's idle clock.
    expect(invokes).toBe(2)
    ws.close()
  })
})

describe('preview server, missing files', () => {
  it('answers 404 for a missing asset instead of the app page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-preview-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const dispatcher = new Dispatcher({
      isTrustedSender: () => false,
      currentUser: () => null,
      log: silentLogger,
    })
    const runToken = generateToken()
    const server = await startPreviewServer({
      services: { dispatcher, events: new EventBus() },
      rendererDir: dir,
      port: 0,
      token: runToken,
      hostName: 'tilldesk-unit2.localhost',
      log: silentLogger,
    })
    try {
      const traded = await get(server, `/?token=${runToken}`)
      const cookie = String(traded.headers['set-cookie']).split(';')[0] ?? ''
      const missing = await get(server, '/assets/index-old.js', { cookie })
      expect(missing.status).toBe(404)
      expect(missing.headers['content-type']).toMatch(/text\/plain/)
      expect((await get(server, '/some/route', { cookie })).status).toBe(200)
    } finally {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
