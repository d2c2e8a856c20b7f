import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as z from 'zod'
import { defineChannels, returns } from '../../../common/ipc/contract'
import { EventBus } from '../../../main/app/events'
import { silentLogger } from '../../../main/app/log'
import { Dispatcher } from '../../../main/ipc/dispatch'
import { injectBridge, startPreviewServer, type PreviewServer } from '../../../preview/server'
import {
  acceptableToken,
  checkRequest,
  checkUpgrade,
  COOKIE_NAME,
  generateToken,
  readCookie,
  tokensEqual,
} from '../../../preview/token'

const token = generateToken()
const config = { token, hosts: ['127.0.0.1:5180', 'localhost:5180'] }
const cookie = `${COOKIE_NAME}=${token}`

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

  it('reads the cookie among others', () => {
    expect(readCookie(`a=1; ${cookie}; b=2`, COOKIE_NAME)).toBe(token)
    expect(readCookie('a=1', COOKIE_NAME)).toBeNull()
    expect(readCookie(undefined, COOKIE_NAME)).toBeNull()
  })

  it('accepts a request only with our Host and the right cookie', () => {
    expect(checkRequest(config, { host: '127.0.0.1:5180', origin: undefined, cookie })).toEqual({
      ok: true,
    })
    expect(
      checkRequest(config, { host: 'evil.example:5180', origin: undefined, cookie }),
    ).toMatchObject({ ok: false, status: 421 })
    expect(
      checkRequest(config, { host: '127.0.0.1:5180', origin: undefined, cookie: undefined }),
    ).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(
      checkRequest(config, {
        host: '127.0.0.1:5180',
        origin: undefined,
        cookie: `${COOKIE_NAME}=${generateToken()}`,
      }),
    ).toMatchObject({ ok: false, status: 401 })
  })

  it('accepts a WebSocket upgrade only from our own page origin', () => {
    const base = { host: '127.0.0.1:5180', cookie }
    expect(checkUpgrade(config, { ...base, origin: 'http://127.0.0.1:5180' })).toEqual({ ok: true })
    expect(checkUpgrade(config, { ...base, origin: 'http://localhost:5180' })).toEqual({ ok: true })
    expect(checkUpgrade(config, { ...base, origin: 'https://evil.example' })).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(checkUpgrade(config, { ...base, origin: undefined })).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(
      checkUpgrade(config, { ...base, origin: 'http://127.0.0.1:5180', cookie: undefined }),
    ).toMatchObject({
      ok: false,
      status: 401,
    })
  })

  it('injects the bridge script before the app scripts', () => {
    const html = injectBridge(
      '<html><head><script type="module" src="./a.js"></script></head></html>',
    )
    expect(html).toContain('<script src="/__pos/bridge.js"></script>')
    expect(html.indexOf('/__pos/bridge.js')).toBeLessThan(html.indexOf('</head>'))
  })
})

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
  const events = new EventBus()
  const trusted: string[] = []

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
      token,
      log: silentLogger,
    })
    trusted.push(server.origin)
  })

  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses the app without the token, and trades the token for an HttpOnly cookie', async () => {
    const bare = await fetch(`${server.origin}/`, { redirect: 'manual' })
    expect(bare.status).toBe(401)
    const wrong = await fetch(`${server.origin}/?token=${generateToken()}`, { redirect: 'manual' })
    expect(wrong.status).toBe(401)
    const first = await fetch(server.url, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/')
    const setCookie = first.headers.get('set-cookie') ?? ''
    expect(setCookie).toContain(`${COOKIE_NAME}=${token}`)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Strict/)
    const page = await fetch(`${server.origin}/`, { headers: { cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('/__pos/bridge.js')
    expect(html).not.toContain(token)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/)
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe/)
  })

  it('serves build files and the shim, but nothing outside the build', async () => {
    expect((await fetch(`${server.origin}/app.js`, { headers: { cookie } })).status).toBe(200)
    const shim = await fetch(`${server.origin}/__pos/bridge.js`, { headers: { cookie } })
    expect(shim.status).toBe(200)
    expect(await shim.text()).not.toContain(token)
    const traversal = await fetch(`${server.origin}/..%2f..%2fetc%2fpasswd`, {
      headers: { cookie },
    })
    expect(await traversal.text()).not.toContain('root:')
  })

  it('refuses a WebSocket without the cookie or from another origin', async () => {
    const refused = async (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/__pos/ws`, { headers })
        ws.on('open', () => resolve('open'))
        ws.on('error', () => resolve('refused'))
        ws.on('unexpected-response', () => resolve('refused'))
      })
    expect(await refused({ origin: server.origin })).toBe('refused')
    expect(await refused({ origin: 'https://evil.example', cookie })).toBe('refused')
  })

  it('carries invoke calls and events for the right origin and cookie', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/__pos/ws`, {
      headers: { origin: server.origin, cookie },
    })
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
    })
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
    const server = await startPreviewServer({
      services: { dispatcher, events: new EventBus() },
      rendererDir: dir,
      port: 0,
      token,
      log: silentLogger,
    })
    try {
      const missing = await fetch(`${server.origin}/assets/index-old.js`, { headers: { cookie } })
      expect(missing.status).toBe(404)
      expect(missing.headers.get('content-type')).toMatch(/text\/plain/)
      expect((await fetch(`${server.origin}/some/route`, { headers: { cookie } })).status).toBe(200)
    } finally {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
