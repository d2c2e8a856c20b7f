// Approvals from any till, through the composition root: two tills, each the real app services
// behind the IPC guard with the Demo gateway, and one real PostgreSQL (TLS). A cashier drafts
// on the front till; a supervisor reads it on the back till and decides it there with their
// PIN; the decision travels as a signed shop event and the front till, and only it, sends.
// The conflict rules are driven through the same path: approve vs reject made while the
// server was away, a decision on details that changed meanwhile, and one from a supervisor
// who edited the payout. A decision is judged by its own time and its own request: an approval
// the shop server received longer ago than the approval lifetime (the front till was off
// meanwhile) is refused with why, never given a fresh lifetime by the front till's clock, and
// a decision made on one request for approval is never applied to a later request of the same
// details.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditView, PayoutView } from '../../../common/ipc/payouts'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import type { AppServices } from '../../../main/compose/services'
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
  `approvals from any till${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let a: AppServices
    let b: AppServices
    const keychainA = new MemoryKeychain()
    const dirA = mkdtempSync(join(tmpdir(), 'tilldesk-approve-a-'))
    const dirB = mkdtempSync(join(tmpdir(), 'tilldesk-approve-b-'))
    const tillA = dispatcher(() => a)
    const tillB = dispatcher(() => b)
    const ids: Record<string, string> = {}

    const signIn = async (till: typeof tillA, name: keyof typeof PINS) =>
      till.value('session.signIn', { userId: ids[name], pin: PINS[name] })

    const draft = async (amount: string) => {
      await signIn(tillA, 'bola')
      return draftPayout<PayoutView>(tillA, amount, 'Invoice 7')
    }

    /** Till A's payout, read as its supervisor Tunde sees it. */
    const onA = async (reference: string) => {
      await signIn(tillA, 'tunde')
      const list = await tillA.value<{ items: PayoutView[] }>('payouts.list')
      return list.items.find((p) => p.reference === reference) ?? null
    }

    /** The payout as the back till's supervisor sees it waiting, once it has arrived. */
    const waitingOnB = async (reference: string, hash: string, who: keyof typeof PINS = 'sade') => {
      await signIn(tillB, who)
      return until(`${reference} waiting on the back till`, async () => {
        await tillB.value('session.signIn', { userId: ids[who], pin: PINS[who] })
        const list = await tillB.value<ShopApprovalView[]>('shop.waitingPayouts')
        return list.find((w) => w.reference === reference && w.bindingHash === hash) ?? null
      })
    }

    const decide = (
      item: ShopApprovalView,
      decision: 'approved' | 'rejected',
      who: keyof typeof PINS,
      reason = '',
    ) =>
      tillB.call('shop.decide', {
        tillId: item.tillId,
        reference: item.reference,
        bindingHash: item.bindingHash,
        decision,
        pin: PINS[who],
        reason,
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
      // One staff list: made on the front till, usable on the back one (same ids, same PINs).
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

    it('draft on the front till, approve on the back till, paid by the front till only', async () => {
      const payout = await draft('3500')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      expect(item).toMatchObject({
        tillName: 'Front counter',
        amountText: '₦3,500.00',
        accountName: payout.accountName,
        accountNumber: '0123456789',
        narration: 'Invoice 7',
        maker: 'Bola',
        decided: null,
        blocked: null,
      })
      // A wrong PIN decides nothing.
      expect((await tillB.call('shop.decide', { ...decisionOf(item), pin: '999999' })).ok).toBe(
        false,
      )
      const after = await decide(item, 'approved', 'sade')
      expect(after.ok).toBe(true)

      const paid = await until('paid on the front till', async () => {
        const view = await onA(payout.reference)
        return view?.state === 'success' ? view : null
      })
      expect(paid.sendAttempts).toBe(1)
      expect(await audit(payout.reference)).toContain(
        'Approved | Approved on Back counter by Sade.',
      )
      // Two tills can never both send: the back till has no journal of this payout at all.
      await signIn(tillB, 'sade')
      const onB = await tillB.value<{ items: PayoutView[] }>('payouts.list')
      expect(onB.items.some((p) => p.reference === payout.reference)).toBe(false)
      // Once its till says it was approved, it leaves the back till's list.
      await until('gone from the waiting list', async () => {
        const list = await tillB.value<ShopApprovalView[]>('shop.waitingPayouts')
        return !list.some((w) => w.reference === payout.reference)
      })
    }, 90_000)

    it('approve and reject made while the server was away: the rejection wins', async () => {
      const payout = await draft('1200')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      server.stop()
      try {
        expect((await decide(item, 'approved', 'sade')).ok).toBe(true)
        await signIn(tillB, 'tunde')
        expect((await decide(item, 'rejected', 'tunde', 'Wrong supplier')).ok).toBe(true)
      } finally {
        server.restart()
      }
      const rejected = await until('rejected on the front till', async () => {
        const view = await onA(payout.reference)
        return view?.state === 'rejected' ? view : null
      })
      expect(rejected.sendAttempts).toBe(0)
      const log = await audit(payout.reference)
      expect(log).toContain('Rejected | Rejected on Back counter by Tunde: Wrong supplier')
      expect(
        log.some((l) => /Approval by Sade on Back counter: another supervisor rejected/.test(l)),
      ).toBe(true)
    }, 90_000)

    it('a decision made on details that changed meanwhile is ignored, and said so', async () => {
      const payout = await draft('800')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      server.stop()
      let edited: PayoutView
      try {
        await signIn(tillA, 'bola')
        edited = await tillA.value<PayoutView>('payouts.edit', {
          reference: payout.reference,
          changes: { amount: '8000' },
        })
        edited = await tillA.value<PayoutView>('payouts.submit', { reference: payout.reference })
        expect(edited.bindingHash).not.toBe(payout.bindingHash)
        // The back till has not heard of the edit: the supervisor approves what they saw.
        expect((await decide(item, 'approved', 'sade')).ok).toBe(true)
      } finally {
        server.restart()
      }
      await until('the stale approval noted on the front till', async () =>
        (await audit(payout.reference)).some((l) => /made on other details/.test(l)),
      )
      expect((await onA(payout.reference))?.state).toBe('awaiting_approval')
      // The new details wait on the back till, to be decided afresh.
      await waitingOnB(payout.reference, edited!.bindingHash)
    }, 90_000)

    it('an approval the server received two days ago is refused, with why, not sent', async () => {
      const payout = await draft('2300')
      const item = await waitingOnB(payout.reference, payout.bindingHash)
      // The front till is off; the back till approves; two days pass before the front till
      // is back (the server's receive time is moved back, as the days would have).
      await a.stop()
      expect((await decide(item, 'approved', 'sade')).ok).toBe(true)
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
        expect((await decide(item, 'approved', 'sade')).ok).toBe(true)
        await signIn(tillA, 'bola')
        for (const narration of ['Invoice 7b', 'Invoice 7'])
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

    it('a supervisor who edited the payout cannot approve it from another till', async () => {
      const payout = await draft('650')
      await signIn(tillA, 'sade')
      await tillA.value('payouts.edit', {
        reference: payout.reference,
        changes: { narration: 'Invoice 8' },
      })
      const resent = await tillA.value<PayoutView>('payouts.submit', {
        reference: payout.reference,
      })
      const item = await waitingOnB(payout.reference, resent.bindingHash)
      expect((await decide(item, 'approved', 'sade')).ok).toBe(true)
      await until('the maker-side refusal noted on the front till', async () =>
        (await audit(payout.reference)).some((l) =>
          /Sade on Back counter: they made or edited/.test(l),
        ),
      )
      expect((await onA(payout.reference))?.state).toBe('awaiting_approval')
    }, 90_000)

    it('the maker is refused on the deciding till too, and a cashier cannot decide', async () => {
      await signIn(tillA, 'tunde')
      const banks = await tillA.value<{ banks: Array<{ code: string }> }>('banks.list')
      const bankCode = banks.banks[0]!.code
      const resolved = await tillA.value<{ accountName: string }>('payouts.resolve', {
        bankCode,
        accountNumber: '0123456789',
      })
      const payout = await tillA.value<PayoutView>('payouts.draft', {
        purpose: 'supplier',
        bankCode,
        accountNumber: '0123456789',
        accountName: resolved.accountName,
        nameConfirmed: true,
        amount: '450',
        narration: '',
        recipientEmail: null,
        submit: true,
      })
      const item = await waitingOnB(payout.reference, payout.bindingHash, 'tunde')
      expect(item.blocked).toMatch(/You drafted this payout/)
      const refused = await decide(item, 'approved', 'tunde')
      expect(refused.ok ? 'ok' : refused.error.code).toBe('maker_cannot_approve')
      await signIn(tillB, 'bola')
      expect(await tillB.code('shop.decide', { ...decisionOf(item), pin: PINS.bola })).toBe(
        'forbidden_role',
      )
    }, 90_000)
  },
)

function decisionOf(item: ShopApprovalView) {
  return {
    tillId: item.tillId,
    reference: item.reference,
    bindingHash: item.bindingHash,
    decision: 'approved' as const,
    reason: '',
  }
}
