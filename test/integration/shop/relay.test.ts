// The webhook relay (relay/server.ts) against the sandbox's real, signed webhooks and a real
// PostgreSQL with the shop's migrations: a verified va_charge_success is kept once by event_id
// and wakes the tills (NOTIFY tilldesk_watch) with the account to look at; a redelivery is kept
// once; an unsigned, forged or stale delivery is refused and keeps nothing.
import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import { createGatewayClient } from '../../../main/gateway/client'
import { migrate } from '../../../main/shop/migrate'
import { createRelay, type Relay } from '../../../relay/server'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { until } from '../../support/async'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'

const skipReason = postgresSkipReason()
const SECRET = 'whsec-relay-test-secret-0123456789'

describe.skipIf(skipReason !== null)(
  `webhook relay${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let owner: pg.Client
    let listener: pg.Client
    let pool: pg.Pool
    let relay: Relay
    let url = ''
    let sandbox: RunningSandbox
    const woken: Array<Record<string, unknown>> = []

    const connect = (user: string, password: string) => ({
      host: server.host,
      port: server.port,
      database: 'postgres',
      user,
      password,
      ssl: { rejectUnauthorized: true, ca: server.ca },
    })
    const rows = async () =>
      (await owner.query('select event_id, event_type, account_reference from relay_events')).rows

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      owner = new pg.Client(connect(server.superuser, server.superPassword))
      await owner.connect()
      await migrate(owner)
      // The relay's own login, in the role migration 3 grants: append relay events, nothing else.
      await owner.query(
        "create role relay_login login password 'relay-login-password-0123456789' in role tilldesk_relay",
      )
      pool = new pg.Pool(connect('relay_login', 'relay-login-password-0123456789'))
      relay = createRelay({ pool, secret: SECRET, beatMs: 0 })
      await relay.app.listen({ port: 0, host: '127.0.0.1' })
      url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}/webhooks/gateway`
      listener = new pg.Client(connect(server.superuser, server.superPassword))
      await listener.connect()
      listener.on('notification', (n) =>
        woken.push(JSON.parse(n.payload ?? '{}') as Record<string, unknown>),
      )
      await listener.query('listen tilldesk_watch')
      sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        webhookUrl: url,
        webhookSecret: SECRET,
        webhookBaseDelayMs: 50,
      })
    }, 60_000)

    afterAll(async () => {
      await sandbox?.close()
      await relay?.close()
      await pool?.end()
      await listener?.end()
      await owner?.end()
      server?.destroy()
    })

    it('keeps a signed va_charge_success once and wakes the tills with its account', async () => {
      const key = sandbox.keys[0]!
      const client = createGatewayClient({
        baseUrl: sandbox.url,
        keyId: key.key_id,
        secret: key.secret,
        timeoutMs: 5_000,
      })
      await client.virtualAccounts.create({
        account_reference: 'RELAY_CUST_1',
        customer_name: 'Ada Obi',
        customer_email: 'ada.relay@example.com',
        currency_code: 'NGN',
        bvn: '12345678901',
      })
      await client.sandbox.simulateTransfer('RELAY_CUST_1', { amount: minor(300_000) })
      await sandbox.webhooksIdle()
      const kept = await until('the event kept', async () => {
        const r = await rows()
        return r.some((x) => x.event_type === 'va_charge_success') ? r : null
      })
      expect(kept.filter((x) => x.event_type === 'va_charge_success')).toEqual([
        expect.objectContaining({ account_reference: 'RELAY_CUST_1' }),
      ])
      await until('the tills woken', async () =>
        woken.some((w) => w.accountReference === 'RELAY_CUST_1') ? true : null,
      )
      expect(woken.find((w) => w.accountReference === 'RELAY_CUST_1')).toMatchObject({
        type: 'relay',
        eventType: 'va_charge_success',
      })
    })

    it('a redelivery of the same event is kept once; forged and stale ones are refused', async () => {
      const body = JSON.stringify({
        event_type: 'va_charge_success',
        status: 'success',
        message: 'Transfer received',
        event_id: 'evt_relay_test_1',
        timestamp: new Date().toISOString(),
        data: {
          reference: 'TRF_X',
          account_reference: 'RELAY_CUST_2',
          amount: 3000,
          currency: 'NGN',
          metadata: {},
        },
      })
      const post = (timestamp: string, signature: string | null) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            ...(signature ? { 'x-webhook-signature': signature } : {}),
          },
          body,
        })
      const sign = (timestamp: string, secret = SECRET) =>
        createHmac('sha256', secret).update(`${timestamp}:${body}`).digest('hex')
      const now = String(Math.floor(Date.now() / 1000))
      expect((await post(now, sign(now))).status).toBe(200)
      const again = await post(now, sign(now))
      expect(again.status).toBe(200)
      expect(await again.json()).toMatchObject({ duplicate: true })
      expect((await post(now, null)).status).toBe(401)
      expect((await post(now, sign(now, 'not-the-secret'))).status).toBe(401)
      const old = String(Math.floor(Date.now() / 1000) - 3_600)
      expect((await post(old, sign(old))).status).toBe(401)
      const kept = (await rows()).filter((x) => x.event_id === 'evt_relay_test_1')
      expect(kept).toHaveLength(1)
      expect(relay.counts()).toMatchObject({
        duplicate: 1,
        refused_missing_headers: 1,
        refused_bad_signature: 1,
        refused_stale: 1,
      })
    })
  },
)
