// What a cashier can do to a till's shop files, and what the PostgreSQL owner can do to the
// shop's tables, tried the way they would: edit a file in the data folder and start the app
// again, or write a row with the owner's login. Two tills, the real app services behind the IPC
// guard, one real PostgreSQL (TLS). Nothing here may gain power: no payout approved in a
// supervisor's name, no staff change missed, nothing hidden from the admin without a finding.
import { randomUUID } from 'node:crypto'
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditView, PayoutView } from '../../../common/ipc/payouts'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import type { IntegrityFinding } from '../../../common/ipc/settings'
import type { ShopAudit, ShopStatusView } from '../../../common/ipc/shop'
import type { AppServices } from '../../../main/compose/services'
import type { Keychain } from '../../../main/keychain/keychain'
import {
  dispatcher,
  draftPayout,
  endTills,
  openShop,
  shareStaff,
  startServices,
} from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { until } from '../../support/async'
import { insertEvent, tillSecret } from '../../support/shop-events'
import { withClient } from '../../../main/shop/connection'
import { generateTillKey, signEvent } from '../../../main/shop/events'
import { tillAccount } from '../../../main/integrity/keys'
import { SHOP_KEY_ACCOUNT, SHOP_LOGIN_ACCOUNT } from '../../../main/shop/service'

function dropLastLine(path: string): void {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
  writeFileSync(path, `${lines.slice(0, -1).join('\n')}\n`)
}

const tillIdOf = (dir: string) => readFileSync(join(dir, 'till-id'), 'utf8').trim()

const skipReason = postgresSkipReason()

const PINS = { ada: '123456', ade: '654321', sade: '246810', bola: '2468' }

describe.skipIf(skipReason !== null)(
  `shop files and tables edited by hand${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let a: AppServices
    let b: AppServices
    const keychainA: Keychain = new MemoryKeychain()
    const keychainB: Keychain = new MemoryKeychain()
    const dirA = mkdtempSync(join(tmpdir(), 'tilldesk-tamper-a-'))
    const dirB = mkdtempSync(join(tmpdir(), 'tilldesk-tamper-b-'))
    const tillA = dispatcher(() => a)
    const tillB = dispatcher(() => b)
    const ids: Record<string, string> = {}
    let tillIdA = ''
    let tillIdB = ''

    const signIn = (till: typeof tillA, name: keyof typeof PINS) =>
      till.value('session.signIn', { userId: ids[name], pin: PINS[name] })

    const restartA = async () => {
      await a.stop()
      a = await startServices(dirA, keychainA)
    }

    const findingsOnA = async () => {
      await signIn(tillA, 'ada')
      return tillA.value<IntegrityFinding[]>('settings.integrity')
    }

    const draft = async (amount: string) => {
      await signIn(tillA, 'bola')
      return draftPayout<PayoutView>(tillA, amount, 'Invoice 9')
    }

    const payoutOnA = async (reference: string) => {
      await signIn(tillA, 'ada')
      const list = await tillA.value<{ items: PayoutView[] }>('payouts.list')
      return list.items.find((p) => p.reference === reference) ?? null
    }

    /** What a decision approving `payout` on the front till says, in `userId`'s name. */
    const approvalBody = (payout: PayoutView, userId: string, userName: string) => ({
      reference: payout.reference,
      tillId: tillIdA,
      decision: 'approved',
      payloadHash: payout.bindingHash,
      userId,
      userName,
      role: userName === 'Ada' ? 'admin' : 'supervisor',
      reason: '',
      tillName: 'Back counter',
      at: new Date().toISOString(),
    })

    /** A decision line as the shop service keeps pulled events, with a made-up signature. */
    const forgedDecision = (payout: PayoutView, serverSeq: number) => ({
      serverSeq,
      eventId: randomUUID(),
      tillId: tillIdB,
      tillSeq: 999,
      kind: 'payout.decision',
      body: approvalBody(payout, ids.sade!, 'Sade'),
      createdAt: new Date().toISOString(),
      signature: 'A'.repeat(86),
      receivedAt: new Date().toISOString(),
    })

    const asOwner = <T>(work: (db: pg.ClientBase) => Promise<T>) =>
      withClient(
        { host: server.host, port: server.port, database: 'postgres', ca: server.ca },
        { user: server.superuser, password: server.superPassword },
        work,
      )

    /** A decision approving `payout` in `userId`'s name, signed with `privateKey`. */
    const decisionEvent = (
      tillId: string,
      tillSeq: number,
      payout: PayoutView,
      userId: string,
      privateKey: string,
    ) =>
      signEvent(
        {
          eventId: randomUUID(),
          tillId,
          tillSeq,
          kind: 'payout.decision',
          body: approvalBody(payout, userId, 'Ada'),
          createdAt: new Date().toISOString(),
        },
        privateKey,
      )

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      a = await startServices(dirA, keychainA)
      b = await startServices(dirB, keychainB)
      await tillA.value('session.setup', {
        tillName: 'Front counter',
        adminName: 'Ada',
        pin: PINS.ada,
      })
      await tillB.value('session.setup', {
        tillName: 'Back counter',
        adminName: 'Ade',
        pin: PINS.ade,
      })
      ids.ada = (await tillA.value<{ user: { id: string } }>('session.get')).user.id
      ids.ade = (await tillB.value<{ user: { id: string } }>('session.get')).user.id
      const shop = await openShop(tillA, tillB, server)
      tillIdA = shop.first
      tillIdB = shop.second
      await signIn(tillA, 'ada')
      Object.assign(
        ids,
        await shareStaff(
          tillA,
          tillB,
          [
            { name: 'Sade', role: 'supervisor', pin: PINS.sade },
            { name: 'Bola', role: 'cashier', pin: PINS.bola },
          ],
          until,
        ),
      )
    }, 120_000)

    afterAll(() => endTills([a, b], server, [dirA, dirB]))

    it('a decision line appended to the inbox approves nothing after a restart', async () => {
      const payout = await draft('4200')
      await a.stop()
      appendFileSync(
        join(dirA, 'shop', 'inbox.jsonl'),
        `${JSON.stringify(forgedDecision(payout, 1_000_000))}\n`,
      )
      a = await startServices(dirA, keychainA)
      // The inbox is applied again at start, before startServices returns.
      expect((await payoutOnA(payout.reference))?.state).toBe('awaiting_approval')
      const findings = await findingsOnA()
      expect(
        findings.some(
          (f) => f.area === 'shop' && /inbox/.test(f.file) && /not|changed/.test(f.problem),
        ),
      ).toBe(true)
      // The events it held are pulled again from the server: the shop's views stay whole.
      await until('in step again', async () => {
        const status = await tillA.value<ShopStatusView>('shop.status')
        return status.sync === 'online'
      })
      expect((await payoutOnA(payout.reference))?.state).toBe('awaiting_approval')
    }, 90_000)

    it('a supervisor whose profile here failed its seal never approves from another till', async () => {
      const payout = await draft('2750')
      // Sade's record on the front till is edited by hand: it no longer matches its seal.
      await a.stop()
      const settingsPath = join(dirA, 'settings.json')
      const settings = JSON.parse(readFileSync(settingsPath, 'utf8')) as {
        users: Array<{ id: string; name: string }>
      }
      settings.users.find((u) => u.id === ids.sade)!.name = 'Sade Boss'
      writeFileSync(settingsPath, JSON.stringify(settings))
      a = await startServices(dirA, keychainA)
      // Sade decides on the back till, where her profile is whole.
      await signIn(tillB, 'sade')
      const item = await until('waiting on the back till', async () => {
        await signIn(tillB, 'sade')
        const list = await tillB.value<ShopApprovalView[]>('shop.waitingPayouts')
        return list.find((w) => w.reference === payout.reference) ?? null
      })
      const decided = await tillB.call('shop.decide', {
        tillId: item.tillId,
        reference: item.reference,
        bindingHash: item.bindingHash,
        decision: 'approved',
        pin: PINS.sade,
        reason: '',
      })
      expect(decided.ok).toBe(true)
      const log = await until('the decision heard on the front till', async () => {
        await signIn(tillA, 'ada')
        const view = await tillA.value<AuditView>('payouts.audit', { reference: payout.reference })
        const lines = view.entries.map((e) => `${e.what} | ${e.why ?? ''}`)
        return lines.some((l) => /Sade/.test(l)) ? lines : null
      })
      expect((await payoutOnA(payout.reference))?.state).toBe('awaiting_approval')
      expect(log.some((l) => /failed its integrity check/.test(l))).toBe(true)
    }, 90_000)

    it("another data folder on the same OS account never reaches this till's shop secrets", async () => {
      // A second till on the front till's OS account (its keychain), set up by whoever sits
      // there: leaving "its" shop must not take the front till's login and key with it.
      const dirC = mkdtempSync(join(tmpdir(), 'tilldesk-tamper-c-'))
      let c: AppServices | null = await startServices(dirC, keychainA)
      try {
        const tillC = dispatcher(() => c!)
        await tillC.value('session.setup', { tillName: 'Spare', adminName: 'Sam', pin: '112233' })
        await tillC.value('shop.leave')
      } finally {
        await c.stop()
        c = null
        rmSync(dirC, { recursive: true, force: true })
      }
      await restartA()
      await signIn(tillA, 'ada')
      await until('the front till in step', async () => {
        const status = await tillA.value<ShopStatusView>('shop.status')
        return status.mode === 'shop' && status.sync === 'online'
      })
    }, 90_000)

    it('shop secrets kept before they were bound to the till move to it once', async () => {
      await a.stop()
      // As a till from before kept them: under the plain account names.
      for (const name of [SHOP_LOGIN_ACCOUNT, SHOP_KEY_ACCOUNT] as const) {
        await keychainA.set('till', name, (await tillSecret(keychainA, dirA, name))!)
        await keychainA.delete('till', tillAccount(name, tillIdOf(dirA)))
      }
      a = await startServices(dirA, keychainA)
      await signIn(tillA, 'ada')
      await until('the front till in step', async () => {
        const status = await tillA.value<ShopStatusView>('shop.status')
        return status.mode === 'shop' && status.sync === 'online'
      })
      for (const name of [SHOP_LOGIN_ACCOUNT, SHOP_KEY_ACCOUNT] as const) {
        expect(await keychainA.get('till', name)).toBeNull()
        expect(await tillSecret(keychainA, dirA, name)).not.toBeNull()
      }
    }, 90_000)

    it("an event written into the till's own shop log by hand: the till starts, works alone, and says why", async () => {
      await a.stop()
      const path = join(dirA, 'shop', 'log', 'events.jsonl')
      const kept = readFileSync(path, 'utf8')
      const lines = kept.split('\n').filter((l) => l !== '')
      const last = JSON.parse(lines.at(-1)!) as { tillSeq: number; body: Record<string, unknown> }
      // A plausible shift close, as if this till had told it; the signature is not this till's.
      const forged = {
        ...last,
        eventId: randomUUID(),
        tillSeq: last.tillSeq + 1,
        kind: 'shift.closed',
        body: { tillName: 'Front counter', shiftId: 'x', environment: 'demo' },
      }
      appendFileSync(path, `${JSON.stringify(forged)}\n`)
      try {
        a = await startServices(dirA, keychainA)
        await signIn(tillA, 'ada')
        const status = await tillA.value<ShopStatusView>('shop.status')
        expect(status).toMatchObject({ mode: 'single', sync: 'off' })
        expect(status.message).toMatch(/own shop log/)
        expect((await findingsOnA()).some((f) => f.file === 'shop/log/events.jsonl')).toBe(true)
      } finally {
        // Put back as it was: the rest of the suite needs the till in the shop.
        await a?.stop()
        writeFileSync(path, kept)
        a = await startServices(dirA, keychainA)
      }
    }, 90_000)

    it('a till the PostgreSQL owner enrols with a key of its own speaks for no one', async () => {
      const payout = await draft('1900')
      const evil = generateTillKey()
      await signIn(tillA, 'ada')
      const refusedBefore = (await tillA.value<ShopStatusView>('shop.status')).refused
      await asOwner(async (db) => {
        await db.query(
          'insert into tills (till_id, name, db_role, public_key) values ($1, $2, current_user, $3)',
          ['evil-till', 'Evil', evil.publicKey],
        )
        await insertEvent(db, decisionEvent('evil-till', 1, payout, ids.ada!, evil.privateKey))
      })
      await until('the forged event refused on the front till', async () => {
        return (await tillA.value<ShopStatusView>('shop.status')).refused > refusedBefore
      })
      expect((await payoutOnA(payout.reference))?.state).toBe('awaiting_approval')
      const audit = await tillA.value<ShopAudit>('shop.audit')
      expect(audit.refused.some((r) => /no till of the shop has vouched/.test(r.words))).toBe(true)
    }, 90_000)

    it('refused events trimmed from the file come back, and the admin is told', async () => {
      await signIn(tillA, 'ada')
      const before = (await tillA.value<ShopStatusView>('shop.status')).refused
      expect(before).toBeGreaterThan(0)
      await a.stop()
      dropLastLine(join(dirA, 'shop', 'refused.jsonl'))
      a = await startServices(dirA, keychainA)
      await signIn(tillA, 'ada')
      await until('the refused events pulled again', async () => {
        return (await tillA.value<ShopStatusView>('shop.status')).refused === before
      })
      expect((await findingsOnA()).some((f) => f.file === 'shop/refused.jsonl')).toBe(true)
    }, 90_000)

    it('the server order of own events trimmed from the file is read again, and the admin is told', async () => {
      await a.stop()
      dropLastLine(join(dirA, 'shop', 'own-order.jsonl'))
      a = await startServices(dirA, keychainA)
      expect((await findingsOnA()).some((f) => f.file === 'shop/own-order.jsonl')).toBe(true)
      await until('every own event placed again', async () => {
        const audit = await tillA.value<ShopAudit>('shop.audit')
        const own = audit.entries.filter((e) => e.tillName === 'Front counter')
        return own.length > 0 && own.every((e) => e.serverSeq !== null)
      })
    }, 90_000)

    it('a pull cursor moved on by hand does not stop a till hearing a disable', async () => {
      await b.stop()
      const path = join(dirB, 'shop', 'log', 'cursor.json')
      const stored = JSON.parse(readFileSync(path, 'utf8')) as {
        pulledSeq?: number
        entries?: Array<{ value: { pulledSeq: number } }>
      }
      if (stored.entries) stored.entries[0]!.value.pulledSeq = 1_000_000
      else stored.pulledSeq = 1_000_000
      writeFileSync(path, JSON.stringify(stored))
      b = await startServices(dirB, keychainB)
      await signIn(tillA, 'ada')
      await tillA.value('users.update', { id: ids.bola, disabled: true })
      await until('the disable heard on the back till', async () =>
        b.users.list().some((u) => u.id === ids.bola && u.disabled),
      )
      await signIn(tillB, 'ade')
      const findings = await tillB.value<IntegrityFinding[]>('settings.integrity')
      expect(findings.some((f) => f.file === 'shop/log/cursor.json')).toBe(true)
      await signIn(tillA, 'ada')
      await tillA.value('users.update', { id: ids.bola, disabled: false })
    }, 90_000)

    it("a staff promotion a cashier made on another till, signed with that till's pinned key, is refused", async () => {
      // As a compromised back till would: Bola, a cashier, makes herself an admin, and the
      // event is signed with the back till's own key (pinned on the front till).
      const key = (await tillSecret(keychainB, dirB, SHOP_KEY_ACCOUNT))!
      const stored = JSON.parse(readFileSync(join(dirA, 'settings.json'), 'utf8')) as {
        users: Array<{ id: string; pinHash: string; createdAt: string }>
      }
      const bola = stored.users.find((u) => u.id === ids.bola)!
      const login = JSON.parse((await tillSecret(keychainB, dirB, SHOP_LOGIN_ACCOUNT))!) as {
        user: string
        password: string
      }
      const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      await withClient(address, login, async (db) => {
        const last = await db.query<{ seq: string }>(
          'select max(till_seq) as seq from events where till_id = $1',
          [tillIdB],
        )
        const body = {
          userId: ids.bola,
          name: 'Bola',
          role: 'admin',
          pinHash: bola.pinHash,
          createdAt: bola.createdAt,
          disabled: false,
          actorId: ids.bola,
        }
        const event = {
          eventId: randomUUID(),
          tillId: tillIdB,
          tillSeq: Number(last.rows[0]!.seq) + 1,
          kind: 'staff.upserted',
          body,
          createdAt: new Date().toISOString(),
        }
        await insertEvent(db, signEvent(event, key))
      })
      const role = async () => {
        await signIn(tillA, 'ada')
        return (await tillA.value<Array<{ id: string; role: string }>>('users.list')).find(
          (u) => u.id === ids.bola,
        )?.role
      }
      const refused = async () =>
        (await tillA.value<ShopAudit>('shop.audit')).refused.some(
          (r) => r.tillId === tillIdB && r.why === 'not_admin',
        )
      await until('the promotion met on the front till', async () => {
        return (await role()) === 'admin' || (await refused())
      })
      expect(await role()).toBe('cashier')
      expect(await refused()).toBe(true)
      const findings = await findingsOnA()
      expect(findings.some((f) => /not an admin/.test(f.problem))).toBe(true)
      await signIn(tillA, 'bola')
      expect((await tillA.value<{ user: { role: string } }>('session.get')).user.role).toBe(
        'cashier',
      )
    }, 90_000)

    it('a key swapped in the tills table does not let the owner speak for that till', async () => {
      const payout = await draft('1100')
      const evil = generateTillKey()
      // The front till is off while the owner works: it meets all of it at its next start.
      await a.stop()
      await asOwner(async (db) => {
        await db.query("update tills set db_role = 'nobody_evil' where till_id = 'evil-till'")
        await db.query(
          'update tills set public_key = $1, db_role = current_user where till_id = $2',
          [evil.publicKey, tillIdB],
        )
        const last = await db.query<{ seq: string }>(
          'select max(till_seq) as seq from events where till_id = $1',
          [tillIdB],
        )
        const seq = Number(last.rows[0]!.seq) + 1
        await insertEvent(db, decisionEvent(tillIdB, seq, payout, ids.ada!, evil.privateKey))
      })
      a = await startServices(dirA, keychainA)
      await signIn(tillA, 'ada')
      await until('the swapped key reported on the front till', async () =>
        (await tillA.value<IntegrityFinding[]>('settings.integrity')).some(
          (f) => f.file === 'shop server: tills' && f.record === `till ${tillIdB}`,
        ),
      )
      await until('the forged event refused', async () => {
        const audit = await tillA.value<ShopAudit>('shop.audit')
        return audit.refused.some((r) => r.tillId === tillIdB && r.why === 'bad_signature')
      })
      expect((await payoutOnA(payout.reference))?.state).toBe('awaiting_approval')
    }, 90_000)
  },
)
