// `npm run bench -- books`: the books of a simulated week at three tills, on the sandbox and
// the shop's PostgreSQL. Each day is a random day of test/support/books-day.ts (sales paid
// exactly, in part or over, late and processing-first transfers, hosted payments, refunds,
// payouts whose outcome is known later, Z-reports at random moments, restarts, a till offline
// for hours), and every till closes at its end. The tills' `shift.closed` events go to the
// shop's PostgreSQL, signed, and the shop's Z-report of each day is read back from there.
//   counted_twice   movements counted by more than one sealed Z-report (goal 0)
//   missing_from_z  settled movements in no Z-report: transfers the gateway settled for the
//                   tills' accounts, payments, refunds, payout outcomes (goal 0)
//   received_off    |received over all Z-reports - what the gateway settled|, kobo (goal 0)
//   shop_days_off   days whose shop Z-report's received is not the sum of its tills' (goal 0)
// Then the reconciliation against the gateway's own lists prints `unmatched` and
// `reconcile_ms_10k` (bench/_books-reconcile.ts: a day of 10,000 gateway transactions against
// three tills' records).
import { withClient, type ShopServer } from '../main/shop/connection'
import {
  createEnrolmentCode,
  createShop,
  joinShop,
  type TillEnrolment,
} from '../main/shop/enrolment'
import { signEvent, type ShopEvent } from '../main/shop/events'
import { checkBooks } from '../test/support/books-check'
import { BooksDay, randomDay } from '../test/support/books-day'
import { startThrowawayPostgres } from '../test/support/postgres'
import { insertEvent } from '../test/support/shop-events'
import { reconcileBooks } from './_books-reconcile'
import { emit } from './emit'

const DAYS = 7
const STEPS_PER_DAY = Number(process.env.BOOKS_STEPS ?? 150)
const SEED = Number(process.env.BOOKS_SEED ?? 7)

export async function run(): Promise<void> {
  const server = await startThrowawayPostgres()
  const address: ShopServer = {
    host: server.host,
    port: server.port,
    database: 'postgres',
    ca: server.ca,
  }
  const owner = { user: server.superuser, password: server.superPassword }
  const day = await BooksDay.start(SEED, 3)
  try {
    const tills: TillEnrolment[] = [await createShop(address, owner, 'Books Shop', 'Till 1')]
    for (let n = 2; n <= 3; n++) {
      const { code } = await withClient(address, owner, (client) => createEnrolmentCode(client))
      tills.push(await joinShop(address, code, `Till ${n}`))
    }
    for (let d = 0; d < DAYS; d++) await randomDay(day, STEPS_PER_DAY)

    const seq = new Map<string, number>()
    const throughShop = async (events: ShopEvent[]): Promise<ShopEvent[]> => {
      for (const e of events) {
        const till = tills.find((t) => t.tillId === e.tillId)!
        const tillSeq = (seq.get(e.tillId) ?? 0) + 1
        seq.set(e.tillId, tillSeq)
        const { signature: _unsigned, ...unsigned } = { ...e, tillSeq }
        const signed = signEvent(unsigned, till.key.privateKey)
        await withClient(address, till.login, (client) => insertEvent(client, signed))
      }
      // As a till hears them: every till's events, in the server's order.
      return withClient(address, tills[0]!.login, async (client) => {
        const rows = await client.query(
          `select event_id, till_id, till_seq, kind, body, created_at, signature
             from events where kind = 'shift.closed' order by server_seq`,
        )
        return rows.rows.map((r) => ({
          eventId: String(r.event_id),
          tillId: String(r.till_id),
          tillSeq: Number(r.till_seq),
          kind: String(r.kind),
          body: r.body as Record<string, unknown>,
          createdAt: new Date(r.created_at as string).toISOString(),
          signature: String(r.signature),
        }))
      })
    }
    const found = await checkBooks(day, { tillIds: tills.map((t) => t.tillId), throughShop })
    const line = (metric: string, value: number, unit: string) =>
      emit({ bench: 'books', metric, value, unit, goal: '== 0' })
    line('counted_twice', found.countedTwice, 'movements')
    line('missing_from_z', found.missingFromZ, 'movements')
    line('received_off', Number(found.receivedInZ - found.settledAtGateway), 'kobo')
    line('shop_days_off', found.shopDaysOff, 'days')
    // Payouts through the real payouts service: each outcome the gateway's, sent as paid out.
    line('payouts_off', found.payoutsOff, 'payouts')
    line('sent_off', Number(found.sentInZ - found.sentAtGateway), 'kobo')
    line('unknown_off', found.unknownOff, 'reports')
    emit({
      bench: 'books',
      metric: 'z_reports',
      value: found.zReports,
      unit: 'reports',
      goal: null,
    })
    emit({
      bench: 'books',
      metric: 'transfers',
      value: found.transfers,
      unit: 'transfers',
      goal: null,
    })
  } finally {
    await day.stop()
    server.destroy()
  }
  await reconcileBooks()
}
