// How a till reaches the shop's PostgreSQL: always TLS with the server's certificate checked
// (against the CA the admin gave at enrolment, or the system's CAs), short timeouts so a dead
// server degrades the till to working alone instead of hanging it, and a small pool.
import type { Said } from '../../common/ipc/contract'
import { english } from '../kernel/errors'
import pg from 'pg'
import * as z from 'zod'

export const shopServerSchema = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(5432),
  database: z.string().min(1).max(63),
  /** PEM of a private CA or self-signed server certificate; absent: the system's CAs. */
  ca: z.string().max(20_000).optional(),
})
export type ShopServer = z.infer<typeof shopServerSchema>

export interface ShopLogin {
  user: string
  password: string
}

/**
 * How every connection of a till is made: TLS with the server's certificate checked (the
 * default with an `ssl` object, spelled out because a till that talks to an unverified server
 * would hand its password to whoever answers), and a short connect timeout so a dead server
 * degrades the till to working alone instead of hanging it.
 */
export function clientConfig(server: ShopServer, login: ShopLogin, name: string): pg.ClientConfig {
  return {
    host: server.host,
    port: server.port,
    database: server.database,
    user: login.user,
    password: login.password,
    ssl: { rejectUnauthorized: true, ...(server.ca ? { ca: server.ca } : {}) },
    connectionTimeoutMillis: 5_000,
    application_name: name,
  }
}

export function shopPool(server: ShopServer, login: ShopLogin, max = 2): pg.Pool {
  return new pg.Pool({
    ...clientConfig(server, login, 'tilldesk'),
    max,
    idleTimeoutMillis: 10_000,
    query_timeout: 15_000,
  })
}

/** One client for a short piece of work (admin steps), always released. */
export async function withClient<T>(
  server: ShopServer,
  login: ShopLogin,
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    ...clientConfig(server, login, 'tilldesk-admin'),
    query_timeout: 30_000,
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Why the shop server refused, keyed (common/words/errors.ts `shop`); its text quoted. */
export function explainSaid(error: unknown): Said {
  const text = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: string }).code
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'ETIMEDOUT' ||
    /timeout/i.test(text)
  )
    return { key: 'shop.unreachable' }
  if (code === '28P01' || /password authentication failed/i.test(text))
    return { key: 'shop.loginRefused' }
  if (/self[- ]signed|unable to verify|certificate/i.test(text)) return { key: 'shop.certificate' }
  if (/enrolment code is not valid/i.test(text) || code === '28000')
    return { key: 'shop.codeNotValid' }
  if (/does not support SSL|no encryption/i.test(text)) return { key: 'shop.noTls' }
  return {
    key: 'shop.refused',
    params: { message: text.replace(/password[^,;]*/gi, 'password …').slice(0, 160) },
  }
}

/** Turns driver and server errors into words an admin can act on; never echoes a password. */
export function explain(error: unknown): string {
  return english(explainSaid(error))
}
