// The payout limits of a shop against a real PostgreSQL (a throwaway cluster, TLS on): tills
// that send payouts for approval or approve them at the same moment are counted one after the
// other through the shop's payout holds (main/shop/payout-limits.ts, migration 4), so five
// ₦400,000 payouts to one account on five tills can't all pass a ₦1,000,000 per-account limit,
// and a supervisor's daily approval limit holds across tills. Nothing here mocks the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../../common/money'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { AppError } from '../../../main/kernel/errors'
import { withClient, type ShopServer } from '../../../main/shop/connection'
import {
  createEnrolmentCode,
  createShop,
  joinShop,
  type TillEnrolment,
} from '../../../main/shop/enrolment'
import { ShopPayoutLimits } from '../../../main/shop/payout-limits'
import type { PayoutLimits } from '../../../main/payouts/limits'
import type { PayoutItem } from '../../../main/payouts/model'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../support/postgres'
import { englishIn } from '../../support/english-words'
import { itemFixture, naira } from '../../unit/payouts/helpers'

const skipReason = postgresSkipReason()

const LIMITS: PayoutLimits = {
  cashier: { perItem: naira(1_000_000), perDay: naira(5_000_000) },
  supervisor: { perItem: naira(1_000_000), perDay: naira(1_000_000) },
  admin: { perItem: naira(50_000_000), perDay: naira(200_000_000) },
}
const NOW = Date.parse('2026-03-02T10:00:00Z')
const clock = { now: NOW, utcOffsetMinutes: 60 }
const sade = { id: 'u_sade0001', name: 'Sade', role: 'supervisor' as const }

describe.skipIf(skipReason !== null)(
  `shop-wide payout limits on a real PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let server: ThrowawayPostgres
    let address: ShopServer
    const tills: TillEnrolment[] = []
    const ports: ShopPayoutLimits[] = []

    beforeAll(async () => {
      server = await startThrowawayPostgres()
      address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      const owner = { user: server.superuser, password: server.superPassword }
      tills.push(await createShop(address, owner, 'Corner Shop', 'Till 1'))
      for (let n = 2; n <= 5; n++) {
        const { code } = await withClient(address, owner, (client) => createEnrolmentCode(client))
        tills.push(await joinShop(address, code, `Till ${n}`))
      }
      for (const till of tills)
        ports.push(
          new ShopPayoutLimits({
            status: () => ({ tillId: till.tillId, sync: 'online', message: 'In step.' }),
            inbox: () => [],
            connection: () => ({ server: address, login: till.login }),
          }),
        )
    }, 120_000)

    afterAll(async () => {
      for (const port of ports) await port.stop()
      server?.destroy()
    })

    const payout = (till: number, extra: Partial<PayoutItem>): PayoutItem =>
      itemFixture('awaiting_approval', {
        reference: `TDP-T${till}-${Math.random().toString(36).slice(2, 10)}`,
        amount: naira(400_000),
        submittedAt: NOW,
        createdBy: { id: `u_maker${till}`, name: `Maker ${till}`, role: 'cashier' },
        ...extra,
      })

    const outcome = (p: Promise<void>) =>
      p.then(
        () => 'passed',
        (error: unknown) => (error instanceof AppError ? error : Promise.reject(error)),
      )

    it('lets no more than ₦1,000,000 reach one account when five tills send ₦400,000 at once', async () => {
      const results = await Promise.all(
        ports.map((port, i) =>
          outcome(
            port.hold({
              side: 'maker',
              candidate: payout(i + 1, { accountNumber: '0099887766' }),
              person: { id: `u_maker${i + 1}`, name: `Maker ${i + 1}`, role: 'cashier' },
              items: [],
              limits: LIMITS,
              clock,
            }),
          ),
        ),
      )
      const passed = results.filter((r) => r === 'passed')
      const refused = results.filter((r): r is AppError => r instanceof AppError)
      expect(passed).toHaveLength(2)
      expect(refused).toHaveLength(3)
      for (const error of refused) {
        expect(error.code).toBe('limit_exceeded')
        expect(error.message).toMatch(/other payouts? to this account today/)
        expect(error.message).toMatch(/every till in the shop/)
      }
    })

    it("holds a supervisor's daily approval limit across tills", async () => {
      const approve = (till: number, account: string) =>
        outcome(
          ports[till - 1]!.hold({
            side: 'checker',
            candidate: payout(till, { accountNumber: account, state: 'awaiting_approval' }),
            person: sade,
            items: [],
            limits: LIMITS,
            clock,
          }),
        )
      expect(await approve(1, '1000000001')).toBe('passed')
      expect(await approve(2, '1000000002')).toBe('passed')
      const third = await approve(3, '1000000003')
      expect(third).toBeInstanceOf(AppError)
      expect((third as AppError).message).toMatch(
        /Sade would have approved ₦1,200,000\.00 today, above the daily approval limit of ₦1,000,000\.00/,
      )
      // On a French till: the same amounts and limit, every till counted, no English word.
      const french = sayIn(ERROR_WORDS.fr, (third as AppError).say!, 'fr-CI')!
      expect(french).toContain(formatMoney(naira(1_200_000), 'NGN', 'fr-CI'))
      expect(french).toContain(formatMoney(naira(1_000_000), 'NGN', 'fr-CI'))
      expect(french).toMatch(/toutes les caisses de la boutique/)
      expect(englishIn(french)).toEqual([])
      // Another supervisor is not held by Sade's approvals.
      const other = await outcome(
        ports[3]!.hold({
          side: 'checker',
          candidate: payout(4, { accountNumber: '1000000004' }),
          person: { id: 'u_tunde001', name: 'Tunde', role: 'supervisor' },
          items: [],
          limits: LIMITS,
          clock,
        }),
      )
      expect(other).toBe('passed')
    })

    it('checks with a margin, and says so, when the shop does not answer', async () => {
      const away = new ShopPayoutLimits({
        status: () => ({ tillId: tills[0]!.tillId, sync: 'online', message: 'In step.' }),
        inbox: () => [],
        // A port nothing listens on: the database does not answer.
        connection: () => ({ server: { ...address, port: 1 }, login: tills[0]!.login }),
      })
      try {
        const error = await outcome(
          away.hold({
            side: 'maker',
            candidate: payout(1, { accountNumber: '2000000001', amount: naira(600_000) }),
            person: { id: 'u_maker1', name: 'Maker 1', role: 'cashier' },
            items: [],
            limits: LIMITS,
            clock,
          }),
        )
        expect(error).toBeInstanceOf(AppError)
        expect((error as AppError).message).toMatch(/did not answer the limits check/)
        expect((error as AppError).message).toMatch(/each limit counts as 50% of itself/)
        const french = sayIn(ERROR_WORDS.fr, (error as AppError).say!, 'fr-CI')!
        expect(french).toContain(formatMoney(naira(600_000), 'NGN', 'fr-CI'))
        expect(french).toMatch(/50 % de lui-même/)
        expect(englishIn(french)).toEqual([])
      } finally {
        await away.stop()
      }
    })
  },
)
