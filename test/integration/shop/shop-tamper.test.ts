// What a cashier can do to a till's shop files, and what the PostgreSQL owner can do to the
// shop's tables, tried the way they would: edit a file in the data folder and start the app
// again, or write a row with the owner's login. Two tills, the real app services behind the IPC
// guard, one real PostgreSQL (TLS). Nothing here may gain power: no payout approved in a
// supervisor's name, no staff change missed, nothing hidden from the admin without a finding.
import { randomUUID } from 'node:crypto'
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditView, PayoutView } from '../../../common/ipc/payouts'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import type { IntegrityFinding } from '../../../common/ipc/settings'
import type { ShopAudit, ShopStatusView } from '../../../common/ipc/shop'
import type { AppServices } from '../../../main/app/services'
import type { Keychain } from '../../../main/keychain/keychain'
import { dispatcher, startServices } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { until } from '../../support/async'
import { tillSecret } from '../../support/shop-events'
import { tillAccount } from '../../../main/integrity/keys'
import { SHOP_KEY_ACCOUNT, SHOP_LOGIN_ACCOUNT } from '../../../main/shop/service'

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
      const banks = await tillA.value<{ banks: Array<{ code: string }> }>('banks.list')
      const bankCode = banks.banks[0]!.code
      const resolved = await tillA.value<{ accountName: string }>('payouts.resolve', {
        bankCode,
        accountNumber: '0123456789',
      })
      return tillA.value<PayoutView>('payouts.draft', {
        purpose: 'supplier',
        bankCode,
        accountNumber: '0123456789',
        accountName: resolved.accountName,
        nameConfirmed: true,
        amount,
        narration: 'Invoice 9',
        recipientEmail: null,
        submit: true,
      })
    }

    const payoutOnA = async (reference: string) => {
      await signIn(tillA, 'ada')
      const list = await tillA.value<{ items: PayoutView[] }>('payouts.list')
      return list.items.find((p) => p.reference === reference) ?? null
    }

    /** A decision line as the shop service keeps pulled events, with a made-up signature. */
    const forgedDecision = (payout: PayoutView, serverSeq: number) => ({
      serverSeq,
      eventId: randomUUID(),
      tillId: tillIdB,
      tillSeq: 999,
      kind: 'payout.decision',
      body: {
        reference: payout.reference,
        tillId: tillIdA,
        decision: 'approved',
        payloadHash: payout.bindingHash,
        userId: ids.sade,
        userName: 'Sade',
        role: 'supervisor',
        reason: '',
        tillName: 'Back counter',
        at: new Date().toISOString(),
      },
      createdAt: new Date().toISOString(),
      signature: 'A'.repeat(86),
      receivedAt: new Date().toISOString(),
    })

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
      const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
      tillIdA = (
        await tillA.value<ShopStatusView>('shop.create', {
          server: address,
          ...owner,
          shopName: 'Corner Shop',
        })
      ).tillId!
      const { code } = await tillA.value<{ code: string }>('shop.createCode', owner)
      tillIdB = (await tillB.value<ShopStatusView>('shop.join', { server: address, code })).tillId!
      await signIn(tillA, 'ada')
      for (const [name, role] of [
        ['Sade', 'supervisor'],
        ['Bola', 'cashier'],
      ] as const) {
        const pin = PINS[name.toLowerCase() as keyof typeof PINS]
        ids[name.toLowerCase()] = (
          await tillA.value<{ id: string }>('users.create', { name, role, pin })
        ).id
      }
      await until(
        'the staff on the back till',
        async () => {
          const users = await tillB.value<Array<{ id: string }>>('users.list')
          return users.some((u) => u.id === ids.bola) && users.some((u) => u.id === ids.sade)
        },
        60_000,
      )
    }, 120_000)

    afterAll(async () => {
      await a?.stop()
      await b?.stop()
      server?.destroy()
      rmSync(dirA, { recursive: true, force: true })
      rmSync(dirB, { recursive: true, force: true })
    })

    it('a decision line appended to the inbox approves nothing after a restart', async () => {
      const payout = await draft('4,200')
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
      const payout = await draft('2,750')
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
  },
)
