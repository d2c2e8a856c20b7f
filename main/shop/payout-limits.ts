// The payout limits of a shop: per payout, per account per day, per maker and per approver
// per day, counted over every till (main/payouts/limits.ts does the arithmetic). Two sources:
//   - what the other tills told (their `payout.state` events, pulled): the context every
//     limit check on this till reads, also away from the server;
//   - the shop's payout holds (migration 4): before this till sends a payout for approval or
//     approves one, it takes the shop's limits lock, reads the other tills' holds and what
//     they told, checks, and adds its hold, in one transaction, so tills deciding at the same
//     moment are counted one after the other.
// A till out of step with the shop (not online, or the database did not answer the check)
// applies every limit with a margin and says so in the refusal (limits.ts OUT_OF_STEP_SHARE).
import type pg from 'pg'
import { isCurrency, type Minor } from '../../common/money'
import type { Said } from '../../common/ipc/contract'
import { AppError, english } from '../kernel/errors'
import {
  checkApproverLimits,
  checkMakerLimits,
  type PayoutElsewhere,
  type ShopHoldRequest,
  type ShopLimits,
  type ShopLimitsPort,
} from '../payouts/limits'
import { COMMITTED_STATES, type PayoutState } from '../payouts/model'
import { shopPool, type ShopLogin, type ShopServer } from './connection'
import type { ShopEvent } from './events'

/**
 * The one lock every till takes for a limits check. The shop's advisory locks, each its own:
 * 7243100000 migrations, 7243100001 the events' order (migration 1), 7243100002 the watch
 * lease (watch-lease.ts), this one next.
 */
export const LIMITS_LOCK = 7243100003
/** A limit's refusal: main's English and the same keyed for the screen's language. */
type Refusal = { message: string; say: Said }

/** Holds and events older than this can't be in today's limits, in any time zone. */
const LOOK_BACK = '2 days'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const timeOf = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  const t = typeof v === 'string' ? Date.parse(v) : NaN
  return Number.isFinite(t) ? t : null
}
const minor = (v: unknown): Minor | null =>
  typeof v === 'string' && /^\d{1,15}$/.test(v) ? (Number(v) as Minor) : null

const COMMITTED: ReadonlySet<string> = new Set<PayoutState>(COMMITTED_STATES)

/**
 * The other tills' committed payouts from their `payout.state` events: the latest state of
 * each (by the order given), kept when it still counts towards the limits.
 */
export function payoutsElsewhere(
  events: Iterable<Pick<ShopEvent, 'tillId' | 'kind' | 'body'>>,
  ownTillId: string,
): PayoutElsewhere[] {
  const latest = new Map<string, Pick<ShopEvent, 'tillId' | 'body'>>()
  for (const e of events) {
    if (e.kind !== 'payout.state' || e.tillId === ownTillId) continue
    latest.set(`${e.tillId}|${text(e.body.reference)}`, e)
  }
  const out: PayoutElsewhere[] = []
  for (const { tillId, body } of latest.values()) {
    const amount = minor(body.amountMinor)
    const currency = text(body.currency)
    if (!COMMITTED.has(text(body.state)) || amount === null || !isCurrency(currency)) continue
    out.push({
      tillId,
      reference: text(body.reference),
      amount,
      currency,
      bankCode: text(body.bankCode),
      accountNumber: text(body.accountNumber),
      makerId: text(body.makerId),
      submittedAt: timeOf(body.submittedAt),
      approverId: null,
      approverName: text(body.approvedBy) || null,
      approvedAt: timeOf(body.approvedAt),
    })
  }
  return out
}

export interface ShopLimitsSource {
  status(): { tillId: string | null; sync: 'off' | 'online' | 'offline'; message: string }
  inbox(): readonly ShopEvent[]
  connection(): { server: ShopServer; login: ShopLogin } | null
}

interface HoldRow {
  till_id: string
  reference: string
  side: 'maker' | 'checker'
  currency: string
  amount_minor: string
  bank_code: string
  account_number: string
  maker_id: string
  approver_id: string | null
  at_ms: string
  held_ms: string
}

export class ShopPayoutLimits implements ShopLimitsPort {
  #pool: pg.Pool | null = null
  #poolFor = ''

  constructor(private readonly source: ShopLimitsSource) {}

  context(): ShopLimits | null {
    const status = this.source.status()
    if (status.sync === 'off' || !status.tillId) return null
    const inStep = status.sync === 'online'
    return {
      elsewhere: payoutsElsewhere(this.source.inbox(), status.tillId),
      inStep,
      outOfStep: inStep
        ? null
        : `This till is not in step with the shop (${status.message.replace(/\.$/, '')}).`,
    }
  }

  async hold(request: ShopHoldRequest): Promise<void> {
    const status = this.source.status()
    const connection = this.source.connection()
    // Out of step: the check on this till's own context (with its margin) is all there is.
    if (status.sync !== 'online' || !status.tillId || !connection) return
    let violation: Refusal | null
    try {
      violation = await this.#holdOnServer(request, status.tillId, connection)
    } catch (error) {
      if (error instanceof AppError) throw error
      // The shop did not answer: decide as a till out of step does, with the margin.
      const context = this.context()
      violation = this.#check(request, {
        elsewhere: context?.elsewhere ?? [],
        inStep: false,
        outOfStep: "The shop's database did not answer the limits check.",
      })
    }
    if (violation) throw new AppError('limit_exceeded', violation.message, { say: violation.say })
  }

  /** The check against the shop, and the hold when it passes; the refusal in words, or null. */
  async #holdOnServer(
    request: ShopHoldRequest,
    tillId: string,
    connection: { server: ShopServer; login: ShopLogin },
  ): Promise<Refusal | null> {
    const client = await this.#poolOf(connection).connect()
    try {
      await client.query('begin')
      try {
        // A check waits a few seconds at most: then the till decides as out of step does.
        await client.query("set local lock_timeout = '3s'")
        await client.query('select pg_advisory_xact_lock($1)', [LIMITS_LOCK])
        const elsewhere = await readElsewhere(client, tillId)
        const violation = this.#check(request, { elsewhere, inStep: true, outOfStep: null })
        if (violation) {
          await client.query('rollback')
          return violation
        }
        const c = request.candidate
        await client.query(
          `insert into payout_holds (till_id, reference, side, currency, amount_minor, bank_code,
             account_number, maker_id, approver_id, at_ms) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
          [
            tillId,
            c.reference,
            request.side,
            c.currency,
            String(c.amount),
            c.bankCode,
            c.accountNumber,
            c.createdBy.id,
            request.side === 'checker' ? request.person.id : null,
            String(request.clock.now),
          ],
        )
        await client.query('commit')
        return null
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      }
    } finally {
      client.release()
    }
  }

  /** The limit's refusal with its amounts and limit, keyed, saying every till is counted. */
  #check(request: ShopHoldRequest, shop: ShopLimits): Refusal | null {
    const limits = { ...request.limits, shop }
    const v =
      request.side === 'maker'
        ? checkMakerLimits(request.candidate, request.items, limits, request.clock)
        : checkApproverLimits(
            request.person,
            request.candidate,
            request.items,
            limits,
            request.clock,
          )
    if (!v) return null
    // The English keeps why the till is out of step (the keyed sentence says only that it is).
    const message = english({ key: 'shop.overLimit', params: { refusal: v.message } })
    return { message, say: { key: 'shop.overLimit', params: { refusal: v.say } } }
  }

  #poolOf(connection: { server: ShopServer; login: ShopLogin }): pg.Pool {
    const key = `${connection.server.host}:${connection.server.port}/${connection.login.user}`
    if (!this.#pool || this.#poolFor !== key) {
      void this.#pool?.end().catch(() => undefined)
      this.#pool = shopPool(connection.server, connection.login, 1)
      this.#pool.on('error', () => undefined)
      this.#poolFor = key
    }
    return this.#pool
  }

  async stop(): Promise<void> {
    const pool = this.#pool
    this.#pool = null
    await pool?.end().catch(() => undefined)
  }
}

/**
 * Under the lock: every other till's payouts that count today, from their holds (the newest
 * per payout and side) and what they told (their latest `payout.state`). A hold stops counting
 * once its till told a state after it that no longer counts (failed, rejected, withdrawn).
 */
async function readElsewhere(client: pg.PoolClient, tillId: string): Promise<PayoutElsewhere[]> {
  const holds = await client.query<HoldRow>(
    `select distinct on (till_id, reference, side) till_id, reference, side, currency,
            amount_minor::text, bank_code, account_number, maker_id, approver_id, at_ms::text,
            (extract(epoch from held_at) * 1000)::bigint::text as held_ms
       from payout_holds
      where till_id <> $1 and held_at > now() - interval '${LOOK_BACK}'
      order by till_id, reference, side, hold_id desc`,
    [tillId],
  )
  const events = await client.query<{
    till_id: string
    body: Record<string, unknown>
    at_ms: string
  }>(
    `select distinct on (till_id, body->>'reference') till_id, body,
            (extract(epoch from received_at) * 1000)::bigint::text as at_ms
       from events
      where kind = 'payout.state' and till_id <> $1 and received_at > now() - interval '${LOOK_BACK}'
      order by till_id, body->>'reference', server_seq desc`,
    [tillId],
  )
  const told = new Map(events.rows.map((r) => [`${r.till_id}|${text(r.body.reference)}`, r]))
  const byPayout = new Map<string, PayoutElsewhere>()
  for (const r of told.values()) {
    const [e] = payoutsElsewhere(
      [{ tillId: r.till_id, kind: 'payout.state', body: r.body }],
      tillId,
    )
    if (e) byPayout.set(`${r.till_id}|${e.reference}`, e)
  }
  for (const h of holds.rows) {
    const key = `${h.till_id}|${h.reference}`
    const last = told.get(key)
    // Told after the hold, and no longer counting: released.
    if (last && Number(last.at_ms) >= Number(h.held_ms) && !byPayout.has(key)) continue
    const amount = minor(h.amount_minor)
    if (amount === null || !isCurrency(h.currency)) continue
    const entry: PayoutElsewhere = byPayout.get(key) ?? {
      tillId: h.till_id,
      reference: h.reference,
      amount,
      currency: h.currency,
      bankCode: h.bank_code,
      accountNumber: h.account_number,
      makerId: h.maker_id,
      submittedAt: null,
      approverId: null,
      approverName: null,
      approvedAt: null,
    }
    // The hold is the amount the till asked the shop for: the larger of the two counts.
    if (amount > entry.amount) entry.amount = amount
    if (h.side === 'maker') entry.submittedAt ??= Number(h.at_ms)
    else {
      entry.approverId = h.approver_id
      entry.approvedAt ??= Number(h.at_ms)
    }
    byPayout.set(key, entry)
  }
  return [...byPayout.values()]
}
