// Shop mode's shared store against a real PostgreSQL (a throwaway cluster, TLS on): migrations,
// enrolment with one-time codes, what a till's own database login can and cannot do, and
// push/pull between tills through partitions. No part of the database is mocked.
import { randomUUID } from 'node:crypto'
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopPool, withClient, type ShopServer } from '../../../main/shop/connection'
import {
  createEnrolmentCode,
  createShop,
  joinShop,
  type TillEnrolment,
} from '../../../main/shop/enrolment'
import { signEvent, type StoredEvent } from '../../../main/shop/events'
import { LocalShopLog, ShopLogCorruptError } from '../../../main/shop/local-log'
import { migrate, MigrationMismatchError, migrations } from '../../../main/shop/migrate'
import { ShopSync, type RefusedEvent } from '../../../main/shop/sync'
import { insertEvent } from '../../support/shop-events'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'

const skipReason = postgresSkipReason()

describe.skipIf(skipReason !== null)(
  `shop store on a real PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let address: ShopServer
    const owner = () => ({ user: server.superuser, password: server.superPassword })
    const dirs: string[] = []
    const pools: pg.Pool[] = []
    let till1: TillEnrolment
    let till2: TillEnrolment
    /** Reads only, in the ordering test. */
    let till3: TillEnrolment
    /** Its database password "leaks" in the forgery test. */
    let forger: TillEnrolment
    /** One local log per till, as on a real till. */
    const tillDirs = new Map<string, string>()

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      till1 = await createShop(address, owner(), 'Corner Shop', 'Front till')
      const enrol = async (name: string) => {
        const { code } = await withClient(address, owner(), (client) => createEnrolmentCode(client))
        return joinShop(address, code, name)
      }
      till2 = await enrol('Back till')
      till3 = await enrol('Office till')
      forger = await enrol('Spare till')
    }, 60_000)

    afterAll(async () => {
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)))
      server?.destroy()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    })

    const tempDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'tilldesk-shop-'))
      dirs.push(dir)
      return dir
    }
    const poolFor = (till: TillEnrolment) => {
      const pool = shopPool(address, till.login)
      pool.on('error', () => undefined)
      pools.push(pool)
      return pool
    }
    const dirOf = (till: TillEnrolment) => {
      const dir = tillDirs.get(till.tillId) ?? tempDir()
      tillDirs.set(till.tillId, dir)
      return dir
    }
    function syncFor(till: TillEnrolment, dir = dirOf(till)) {
      const applied: StoredEvent[] = []
      const refused: RefusedEvent[] = []
      const log = new LocalShopLog(dir)
      const sync = new ShopSync({
        tillId: till.tillId,
        privateKey: till.key.privateKey,
        log,
        pool: poolFor(till),
        apply: (events) => {
          applied.push(...events)
        },
        onRefused: (r) => refused.push(r),
      })
      return { sync, log, applied, refused, dir }
    }
    /** The till's next till_seq as the server has it (these tests write some rows directly). */
    const nextSeqOf = (till: TillEnrolment) =>
      asTill(till, async (c) =>
        Number(
          (
            await c.query(
              'select coalesce(max(till_seq), 0) + 1 as n from events where till_id = $1',
              [till.tillId],
            )
          ).rows[0].n,
        ),
      )
    const asTill = <T>(till: TillEnrolment, work: (c: pg.ClientBase) => Promise<T>) =>
      withClient(address, till.login, work)

    it('applies each migration once and refuses a database that ran a different text', async () => {
      await withClient(address, owner(), async (client) => {
        expect(await migrate(client)).toEqual([])
        const changed = migrations.map((m) => ({ ...m, sql: `${m.sql}\n-- edited` }))
        await expect(migrate(client, changed)).rejects.toBeInstanceOf(MigrationMismatchError)
      })
    })

    it('accepts only TLS: a plain connection is refused by the server', async () => {
      const client = new pg.Client({
        host: server.host,
        port: server.port,
        database: 'postgres',
        user: till1.login.user,
        password: till1.login.password,
        ssl: false,
      })
      await expect(client.connect()).rejects.toThrow(/no encryption|pg_hba/)
    })

    it('enrols with a one-time code: a used, mistyped or expired code is refused', async () => {
      const { code } = await withClient(address, owner(), (client) => createEnrolmentCode(client))
      await joinShop(address, code, 'Till three')
      await expect(joinShop(address, code, 'Till four')).rejects.toThrow()
      const fresh = await withClient(address, owner(), (client) => createEnrolmentCode(client))
      const wrong = fresh.code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
      await expect(joinShop(address, wrong, 'Till five')).rejects.toThrow()
      const expired = await withClient(address, owner(), (client) =>
        createEnrolmentCode(client, -1),
      )
      await expect(joinShop(address, expired.code, 'Till six')).rejects.toThrow()
    })

    it("keeps a till's login to appending its own events", async () => {
      const { sync } = syncFor(till1)
      await sync.record('probe', { n: 1 })
      await sync.syncOnce()
      expect(sync.status.state).toBe('online')
      await asTill(till1, async (c) => {
        await expect(c.query(`update events set kind = 'x'`)).rejects.toThrow(
          /permission denied|append-only/,
        )
        await expect(c.query('delete from events')).rejects.toThrow(/permission denied|append-only/)
        await expect(c.query('truncate events')).rejects.toThrow(/permission denied|append-only/)
        await expect(c.query('select * from enrolment_codes')).rejects.toThrow(/permission denied/)
        await expect(c.query(`create role sneaky login`)).rejects.toThrow(/permission denied/)
        await expect(
          c.query(
            `insert into events (event_id, till_id, till_seq, kind, body, created_at, signature)
           values (gen_random_uuid(), $1, 999, 'forged', '{}', now(), 'x')`,
            [till2.tillId],
          ),
        ).rejects.toThrow(/may not write events of till/)
      })
      // Not even the owner can rewrite history: the trigger holds for every role.
      await withClient(address, owner(), async (c) => {
        await expect(c.query(`update events set kind = 'x'`)).rejects.toThrow(/append-only/)
      })
    })

    it('pushes idempotently and pulls the other till in order, checking signatures', async () => {
      const a = syncFor(till1)
      const b = syncFor(till2)
      for (let i = 1; i <= 5; i += 1)
        await a.sync.record('payout.waiting', { reference: `PO-${i}` })
      await a.sync.syncOnce()
      // A crash after the insert but before the cursor was saved: the same events go again.
      await a.log.saveCursor({ ...a.log.cursor, pushedSeq: 0 })
      await a.sync.syncOnce()
      await b.sync.syncOnce()
      const fromA = b.applied.filter(
        (e) => e.tillId === till1.tillId && e.kind === 'payout.waiting',
      )
      expect(fromA.map((e) => e.body.reference)).toEqual(['PO-1', 'PO-2', 'PO-3', 'PO-4', 'PO-5'])
      const count = await asTill(till2, async (c) =>
        Number(
          (await c.query(`select count(*) from events where kind = 'payout.waiting'`)).rows[0]
            .count,
        ),
      )
      expect(count).toBe(5)
      expect(b.refused).toEqual([])
    })

    it('refuses an event whose signature does not verify, even from an enrolled till, and goes on', async () => {
      const b = syncFor(till2)
      const f = syncFor(forger)
      await f.sync.record('hello', {})
      await f.sync.syncOnce()
      await b.sync.syncOnce()
      const before = b.applied.length
      // Someone with the spare till's database password (not its signing key) writes as it.
      await asTill(forger, async (c) => {
        await c.query(
          `insert into events (event_id, till_id, till_seq, kind, body, created_at, signature)
         values (gen_random_uuid(), $1, 2, 'staff.upserted', '{"role":"admin"}', now(), $2)`,
          [forger.tillId, 'A'.repeat(86)],
        )
      })
      await b.sync.syncOnce()
      expect(b.applied.length).toBe(before)
      expect(b.refused.map((r) => r.why)).toContain('bad_signature')
      const a = syncFor(till1)
      await a.sync.record('after.forgery', {})
      await a.sync.syncOnce()
      await b.sync.syncOnce()
      expect(b.applied.map((e) => e.kind)).toContain('after.forgery')
    })

    it('a hole in one till’s events stops only that till’s stream: the others go on, after a restart too', async () => {
      const b = syncFor(till2)
      await b.sync.syncOnce()
      // The spare till's own login and signing key skip one till_seq: a removed event.
      const skipped = (await nextSeqOf(forger)) + 1
      const forged = (tillSeq: number, kind: string) =>
        signEvent(
          {
            eventId: randomUUID(),
            tillId: forger.tillId,
            tillSeq,
            kind,
            body: {},
            createdAt: new Date().toISOString(),
          },
          forger.key.privateKey,
        )
      for (const event of [forged(skipped, 'after.hole'), forged(skipped + 1, 'after.hole.2')]) {
        await asTill(forger, (c) => insertEvent(c, event))
      }
      const a = syncFor(till1)
      await a.sync.record('other.till.goes.on', {})
      await a.sync.syncOnce()
      await b.sync.syncOnce()
      const kinds = b.applied.map((e) => e.kind)
      expect(kinds).toContain('other.till.goes.on')
      expect(kinds).not.toContain('after.hole')
      expect(kinds).not.toContain('after.hole.2')
      expect(b.refused.filter((r) => r.why === 'gap')).toHaveLength(1)
      // A restart of till 2 (a new sync on the same log) still holds the spare till's stream.
      const restarted = syncFor(till2, b.dir)
      await asTill(forger, (c) => insertEvent(c, forged(skipped + 2, 'after.hole.3')))
      await a.sync.record('other.till.still.goes.on', {})
      await a.sync.syncOnce()
      await restarted.sync.syncOnce()
      expect(restarted.applied.map((e) => e.kind)).toEqual(['other.till.still.goes.on'])
    }, 60_000)

    it('works alone while the server is down, then catches up (server down, till offline, both)', async () => {
      const a = syncFor(till1)
      const b = syncFor(till2)
      await a.sync.syncOnce()
      await b.sync.syncOnce()
      server.stop()
      try {
        await a.sync.record('payout.approved', { reference: 'PO-OFF-1' })
        await a.sync.syncOnce()
        expect(a.sync.status.state).toBe('offline')
        await b.sync.record('payout.approved', { reference: 'PO-OFF-2' })
        await b.sync.syncOnce()
        expect(b.sync.status.state).toBe('offline')
      } finally {
        server.restart()
      }
      // Till 2 stays offline a while longer (it doesn't sync); till 1 comes back first.
      await a.sync.syncOnce()
      expect(a.sync.status.state).toBe('online')
      await b.sync.syncOnce()
      await a.sync.syncOnce()
      expect(b.applied.map((e) => e.body.reference)).toContain('PO-OFF-1')
      expect(a.applied.map((e) => e.body.reference)).toContain('PO-OFF-2')
    }, 60_000)

    it('never lets a reader skip an event that commits late (cursor = commit order)', async () => {
      const reader = syncFor(till3)
      await reader.sync.syncOnce()
      // Two tills' pushes interleave the worst way: till 1's insert has drawn its number but
      // not committed when till 2's insert (a larger number) is ready to commit.
      const early = signEvent(
        {
          eventId: randomUUID(),
          tillId: till1.tillId,
          tillSeq: await nextSeqOf(till1),
          kind: 'late.commit',
          body: {},
          createdAt: new Date().toISOString(),
        },
        till1.key.privateKey,
      )
      const later = signEvent(
        {
          eventId: randomUUID(),
          tillId: till2.tillId,
          tillSeq: await nextSeqOf(till2),
          kind: 'early.commit',
          body: {},
          createdAt: new Date().toISOString(),
        },
        till2.key.privateKey,
      )
      const c1 = new pg.Client({
        host: server.host,
        port: server.port,
        database: 'postgres',
        ...till1.login,
        ssl: { ca: server.ca },
      })
      const c2 = new pg.Client({
        host: server.host,
        port: server.port,
        database: 'postgres',
        ...till2.login,
        ssl: { ca: server.ca },
      })
      await c1.connect()
      await c2.connect()
      try {
        await c1.query('begin')
        await insertEvent(c1, early)
        const second = insertEvent(c2, later) // autocommit: waits for till 1's commit, or races past it
        await new Promise((resolve) => setTimeout(resolve, 300))
        await reader.sync.syncOnce()
        await c1.query('commit')
        await second
        await reader.sync.syncOnce()
      } finally {
        await c1.end()
        await c2.end()
      }
      expect(reader.applied.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['late.commit', 'early.commit']),
      )
    })

    it('numbers events 1, 2, 3… even when a till records several at once', async () => {
      const { sync, log } = syncFor(till3, tempDir())
      await Promise.all(Array.from({ length: 20 }, (_, i) => sync.record('burst', { i })))
      expect(log.all.map((e) => e.tillSeq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    })

    it('drops only a torn last line of the local log; any other bad line stops it', async () => {
      const dir = tempDir()
      const { sync } = syncFor(till1, dir)
      await sync.record('a', {})
      await sync.record('b', {})
      appendFileSync(join(dir, 'events.jsonl'), '{"eventId":"torn')
      const reopened = new LocalShopLog(dir)
      expect(reopened.all).toHaveLength(2)
      // The torn bytes are cut off, so the next record lands on a line of its own.
      const again = syncFor(till3, dir)
      await again.sync.record('c', {})
      expect(new LocalShopLog(dir).all.map((e) => e.kind)).toEqual(['a', 'b', 'c'])
      const good = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').slice(0, 2)
      writeFileSync(join(dir, 'events.jsonl'), `${good[0]}\nnot json\n${good[1]}\n`)
      expect(() => new LocalShopLog(dir)).toThrow(ShopLogCorruptError)
    })
  },
)
