// `npm run relay`: the webhook relay as a service (docs/relay.md). Configured by environment:
//   PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD   the shop's PostgreSQL and the relay's login
//   PGSSLROOTCERT                                    the shop's CA (TLS is always on, verified)
//   TILLDESK_WEBHOOK_SECRET                          the merchant's webhook secret
//   TILLDESK_RELAY_HOST, TILLDESK_RELAY_PORT         where to listen (127.0.0.1:8787; put an
//                                                    HTTPS reverse proxy in front)
//   TILLDESK_RELAY_PATH                              the path the gateway posts to
// `--migrate` applies the shop's migrations first (run it once with the shop owner's login).
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { migrate } from '../main/shop/migrate'
import { createRelay } from './server'

function need(name: string): string {
  const value = process.env[name]
  if (!value) {
    process.stderr.write(`The relay needs ${name} (see docs/relay.md).\n`)
    process.exit(2)
  }
  return value
}

async function main(): Promise<void> {
  const secret = need('TILLDESK_WEBHOOK_SECRET')
  const ca = process.env.PGSSLROOTCERT ? readFileSync(process.env.PGSSLROOTCERT, 'utf8') : null
  const pool = new pg.Pool({
    host: need('PGHOST'),
    port: Number(process.env.PGPORT ?? 5432),
    database: need('PGDATABASE'),
    user: need('PGUSER'),
    password: need('PGPASSWORD'),
    ssl: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
    max: 4,
    connectionTimeoutMillis: 5_000,
    application_name: 'tilldesk-relay',
  })
  pool.on('error', (error) => process.stderr.write(`relay: database: ${error.message}\n`))
  if (process.argv.includes('--migrate')) {
    const client = await pool.connect()
    try {
      const applied = await migrate(client)
      process.stdout.write(`relay: migrations applied: ${applied.join(', ') || 'none needed'}\n`)
    } finally {
      client.release()
    }
  }
  const relay = createRelay({
    pool,
    secret,
    path: process.env.TILLDESK_RELAY_PATH ?? '/webhooks/gateway',
    log: (message, data) => process.stdout.write(`${message} ${JSON.stringify(data)}\n`),
  })
  const port = Number(process.env.TILLDESK_RELAY_PORT ?? 8787)
  const host = process.env.TILLDESK_RELAY_HOST ?? '127.0.0.1'
  await relay.app.listen({ port, host })
  process.stdout.write(`relay: listening on http://${host}:${port}\n`)
  const stop = () =>
    void relay
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main().catch((error: unknown) => {
  process.stderr.write(`relay: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
