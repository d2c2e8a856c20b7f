// The preview's guard. A random per-run token arrives once in the printed URL, is swapped for
// an HttpOnly, SameSite=Strict cookie, and is then required on every request and on the
// WebSocket upgrade, together with the expected Host (no DNS rebinding) and Origin (no
// cross-site WebSocket hijacking). Pure functions, so the checks are unit-tested directly.
import { randomBytes, timingSafeEqual } from 'node:crypto'

export const COOKIE_NAME = 'tilldesk_preview'
export const TOKEN_PARAM = 'token'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/

export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A token given from outside (tests pass one via env) must look like a generated one. */
export function acceptableToken(candidate: string | undefined): candidate is string {
  return candidate !== undefined && TOKEN_SHAPE.test(candidate)
}

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

export function sessionCookie(token: string): string {
  return `${COOKIE_NAME}=${token}; HttpOnly; SameSite=Strict; Path=/`
}

export interface GuardConfig {
  token: string
  /** host:port values we answer to, e.g. 127.0.0.1:5180 and localhost:5180. */
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
  if (!tokensEqual(config.token, readCookie(request.cookie, COOKIE_NAME))) {
    return { ok: false, status: 401, reason: 'missing or wrong preview token' }
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
