// A decision made on another till, judged by its own time and its own request: two tills with
// the real app services and the Demo gateway, one real PostgreSQL (TLS). An approval the shop
// server received longer ago than the approval lifetime (the front till was off meanwhile) is
// refused, with why, and never gets a fresh lifetime from the front till's clock; a decision
// made on one request for approval is never applied to a later request of the same details.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditView, PayoutView } from '../../../common/ipc/payouts'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import type { AppServices } from '../../../main/app/services'
import { withClient } from '../../../main/shop/connection'
import {
  dispatcher,
  draftPayout,
  endTills,
  openShop,
  shareStaff,
  startServices,
} from '../../support/services'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { until } from '../../support/async'
import { MemoryKeychain } from '../../unit/shell/helpers'

const skipReason = postgresSkipReason()

const PINS = { ada: '123456', ade: '654321', sade: '246810', tunde: '135790', bola: '2468' }

describe.skipIf(skipReason !== null)(
  `a decision's age and request${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let a: AppServices
    let b: AppServices
    const keychainA = new MemoryKeychain()
    const dirA = mkdtempSync(join(tmpdir(), 'tilldesk-age-a-'))
    const dirB = mkdtempSync(join(tmpdir(), 'tilldesk-age-b-'))
    const tillA = dispatcher(() => a)
    const tillB = dispatcher(() => b)
    const ids: Record<string, string> = {}

    const signIn = async (till: typeof tillA, name: keyof typeof PINS) =>
      till.value('session.signIn', { userId: ids[name], pin: PINS[name] })

    const draft = async (amount: string) => {
      await signIn(tillA, 'bola')
      return draftPayout<PayoutView>(tillA, amount, 'Invoice 9')
    }

    const onA = async (reference: string) => {
      await signIn(tillA, 'tunde')
      const list = await tillA.value<{ items: PayoutView[] }>('payouts.list')
      return list.items.find((p) => p.reference === reference) ?? null
    }

    const waitingOnB = async (reference: string, hash: string) =>
      until(`${reference} waiting on the back till`, async () => {
        await signIn(tillB, 'sade')
        const list = await tillB.value<ShopApprovalView[]>('shop.waitingPayouts')
        return list.find((w) => w.reference === reference && w.bindingHash === hash) ?? null
      })

    const approveOnB = (item: ShopApprovalView) =>
      tillB.value('shop.decide', {
        tillId: item.tillId,
        reference: item.reference,
        bindingHash: item.bindingHash,
        decision: 'approved',
        pin: PINS.sade,
        reason: '',
      })

    const audit = async (reference: string) => {
      await signIn(tillA, 'tunde')
      const view = await tillA.value<AuditView>('payouts.audit', { reference })
      return view.entries.map((e) => `${e.what} | ${e.why ?? ''}`)
    }

    /** The front till's audit of a payout, once Sade's decision from the back till is in it. */
    const heard = (reference: string) =>
      until('the decision applied or refused on the front till', async () => {
        const log = await audit(reference)
        return log.some((l) => /Sade/.test(l)) ? log : null
      })

    const asOwner = <T>(work: Parameters<typeof withClient<T>>[2]) =>
      withClient(
        { host: server.host, port: server.port, database: 'postgres', ca: server.ca },
        { user: server.superuser, password: server.superPassword },
        work,
      )

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      a = await startServices(dirA, keychainA)
      b = await startServices(dirB)
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
      await openShop(tillA, tillB, server)
      Object.assign(
        ids,
        await shareStaff(
          tillA,
          tillB,
          [
            { name: 'Sade', role: 'supervisor', pin: PINS.sade },
            { name: 'Tunde', role: 'supervisor', pin: PINS.tunde },
            { name: 'Bola', role: 'cashier', pin: PINS.bola },
          ],
          until,
        ),
      )
    }, 120_000)

    afterAll(() => endTills([a, b], server, [dirA, dirB]))

    it('an approval the server received two days ago is refused, with why, not sent', async () => {
      const payout = await draft('2300')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      // The front till is off; the back till approves; two days pass before the front till
      // is back (the server's receive time is moved back, as the days would have).
      await a.stop()
      await approveOnB(item)
      await until('the approval on the server', async () =>
        asOwner(async (db) => {
          const found = await db.query(
            `select 1 from events where kind = 'payout.decision' and body->>'reference' = $1`,
            [payout.reference],
          )
          return found.rowCount === 1
        }),
      )
      await asOwner(async (db) => {
        // The table is append-only for every login; the owner steps around its trigger to
        // play the passing of time.
        await db.query('set session_replication_role = replica')
        await db.query(
          `update events set received_at = received_at - interval '2 days'
            where kind = 'payout.decision' and body->>'reference' = $1`,
          [payout.reference],
        )
      })
      a = await startServices(dirA, keychainA)
      const log = await heard(payout.reference)
      expect(log.find((l) => /Sade/.test(l))).toMatch(
        /too old: it was made at .* or earlier, longer ago than the approval lifetime \(8 hours\)/,
      )
      const view = await onA(payout.reference)
      expect(view?.state).toBe('awaiting_approval')
      expect(view?.sendAttempts).toBe(0)
    }, 120_000)

    it('a decision made on an earlier request is not applied to a later one of the same details', async () => {
      const payout = await draft('1900')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      server.stop()
      try {
        // The back till approves the request it saw, while the front till takes it back to
        // a draft and asks again with the very same details (the same binding hash).
        await approveOnB(item)
        await signIn(tillA, 'bola')
        for (const narration of ['Invoice 9b', 'Invoice 9'])
          await tillA.value('payouts.edit', { reference: payout.reference, changes: { narration } })
        const again = await tillA.value<PayoutView>('payouts.submit', {
          reference: payout.reference,
        })
        expect(again.bindingHash).toBe(payout.bindingHash)
      } finally {
        server.restart()
      }
      expect((await heard(payout.reference)).find((l) => /Sade/.test(l))).toMatch(
        /Approval by Sade on Back counter: it was made on an earlier request for approval/,
      )
      const view = await onA(payout.reference)
      expect(view?.state).toBe('awaiting_approval')
      expect(view?.sendAttempts).toBe(0)
      // The new request waits on the back till, for Sade to decide afresh.
      const fresh = await until('the new request on the back till', async () => {
        const now = await waitingOnB(payout.reference, payout.bindingHash)
        return now.decided === null ? now : null
      })
      expect(fresh.blocked).toBeNull()
    }, 120_000)
  },
)
