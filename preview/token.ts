// The preview's guard. A random per-run token arrives once in the printed URL and is traded,
// once only, for a separate random session id in an HttpOnly, SameSite=Strict cookie; the
// token itself is never a cookie and cannot be used again. Every request then needs a session
// id we issued and the expected Host (no DNS rebinding), and the WebSocket upgrade also needs
// our own Origin (no cross-site WebSocket hijacking).
// Cookies are not tied to a port, so the preview runs on a host name of its own for each run
// (`tilldesk-<random>.localhost`, which Chromium resolves to loopback by itself): its cookie is
// never sent to another service on 127.0.0.1. The cookie's name carries the port as well, so
// two previews on one host name never overwrite each other's session.
// Pure functions and one small class, so the checks are unit-tested directly.
import { randomBytes, timingSafeEqual } from 'node:crypto'

export const COOKIE_PREFIX = 'tilldesk_preview'
export const TOKEN_PARAM = 'token'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/
/** One DNS label under .localhost (RFC 6761: always loopback). */
const HOST_NAME_SHAPE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.localhost$/

export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A fresh host name for this run, e.g. tilldesk-3f9a0c1b2d4e.localhost. */
export function generateHostName(): string {
  return `tilldesk-${randomBytes(6).toString('hex')}.localhost`
}

/** A token given from outside (tests pass one via env) must look like a generated one. */
export function acceptableToken(candidate: string | undefined): candidate is string {
  return candidate !== undefined && TOKEN_SHAPE.test(candidate)
}

/** A host name given from outside must be a single label under .localhost. */
export function acceptableHostName(candidate: string | undefined): candidate is string {
  return candidate !== undefined && HOST_NAME_SHAPE.test(candidate)
}

export const cookieName = (port: number): string => `${COOKIE_PREFIX}_${port}`

export function tokensEqual(expected: string, candidate: string | null | undefined): boolean {
  if (!candidate) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(candidate)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

export function sessionCookie(name: string, sessionId: string): string {
  return `${name}=${sessionId}; HttpOnly; SameSite=Strict; Path=/`
}

/** The run's one-time token and the session ids it was traded for. */
export class PreviewSessions {
  #token: string | null
  readonly #sessions: string[] = []

  constructor(token: string) {
    this.#token = token
  }

  /** True once the token has been traded: it is worth nothing any more. */
  get spent(): boolean {
    return this.#token === null
  }

  /** Trades the token for a new session id, once; null when wrong or already spent. */
  redeem(offered: string | null | undefined): string | null {
    if (this.#token === null || !tokensEqual(this.#token, offered)) return null
    this.#token = null
    const session = randomBytes(32).toString('base64url')
    this.#sessions.push(session)
    return session
  }

  valid(candidate: string | null | undefined): boolean {
    // Compared with every issued id (there is one), in constant time each.
    let found = false
    for (const session of this.#sessions) if (tokensEqual(session, candidate)) found = true
    return found
  }
}

export interface GuardConfig {
  sessions: PreviewSessions
  /** The cookie carrying the session id (its name carries the port). */
  cookieName: string
  /** host:port values we answer to: the run's host name and port. */
  hosts: string[]
}

export interface RequestFacts {
  host: string | undefined
  origin: string | undefined
  cookie: string | undefined
}

export type GuardResult = { ok: true } | { ok: false; status: 401 | 403 | 421; reason: string }

/** Any HTTP request for the app (documents, assets, the shim). */
export function checkRequest(config: GuardConfig, request: RequestFacts): GuardResult {
  if (!request.host || !config.hosts.includes(request.host)) {
    return { ok: false, status: 421, reason: 'unexpected Host header' }
  }
  if (!config.sessions.valid(readCookie(request.cookie, config.cookieName))) {
    return { ok: false, status: 401, reason: 'missing or unknown preview session' }
  }
  return { ok: true }
}

/** The WebSocket upgrade: the request checks plus an Origin that is this very server. */
export function checkUpgrade(config: GuardConfig, request: RequestFacts): GuardResult {
  const basic = checkRequest(config, request)
  if (!basic.ok) return basic
  const allowedOrigins = config.hosts.map((host) => `http://${host}`)
  if (!request.origin || !allowedOrigins.includes(request.origin)) {
    return { ok: false, status: 403, reason: 'cross-origin WebSocket refused' }
  }
  return { ok: true }
}
