// What must hold after a day of test/support/books-day.ts, measured: money received over the
// sealed Z-reports against what the gateway settled, debits charged over them against what the
// gateway charged, keys counted twice, settled movements in no Z-report, and the shop's
// Z-report of each day against the sum of its tills'.
import type { ZReportView } from '../../common/ipc/shifts'
import { PAYOUT_EVENT, settledKey } from '../../main/shifts/figures'
import type { ShopEvent } from '../../main/shop/events'
import { shiftClosedFact } from '../../main/shop/reporter'
import { shopZReport } from '../../main/shop/shop-z'
import type { BooksDay } from './books-day'

export interface BooksFindings {
  /** Money received over every sealed Z-report, and what the gateway settled (kobo). */
  receivedInZ: bigint
  settledAtGateway: bigint
  /** Keys counted by more than one Z-report. */
  countedTwice: number
  /** Settled movements (transfers, payments, refunds, payout outcomes) in no Z-report. */
  missingFromZ: number
  /** Days where the shop's Z-report's received differs from the sum of its tills'. */
  shopDaysOff: number
  zReports: number
  transfers: number
  /** Checkout payments paid over every sealed Z-report, and what the gateway shows paid. */
  paidInZ: bigint
  paidAtGateway: bigint
  /** Refunds made over every sealed Z-report, and what the gateway refunded. */
  refundedInZ: bigint
  refundedAtGateway: bigint
  /** Debits charged over every sealed Z-report, and what the gateway charged (kobo). */
  debitsInZ: bigint
  debitsAtGateway: bigint
  debits: number
  payments: number
  refunds: number
  /** Payouts sent over every sealed Z-report, and what the gateway paid out for them (kobo). */
  sentInZ: bigint
  sentAtGateway: bigint
  /** Payouts whose outcome at the till (paid, not paid, open) differs from the gateway's. */
  payoutsOff: number
  /** Z-reports whose unknown and held payouts differ from the outbox at their close. */
  unknownOff: number
  /** Unknown and held payouts stated over every sealed Z-report (each close states its own). */
  unknownStated: number
  payouts: number
  /** Payouts whose answer was lost on the way back, and outcomes a supervisor decided. */
  payoutsLost: number
  payoutsDecided: number
}

/** A payout's outcome as the till has it: paid, not paid, or not known yet. */
const tillOutcome = (state: string) =>
  state === 'success' ? 'paid' : state === 'failed' || state === 'rejected' ? 'not_paid' : 'open'

let eventSeq = 0
/** A till's `shift.closed` as the shop hears it (main/shop/reporter.ts). */
export const closedEvent = (tillId: string, z: ZReportView, name: string): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++eventSeq).padStart(12, '0')}`,
  tillId,
  tillSeq: eventSeq,
  kind: 'shift.closed',
  body: shiftClosedFact(z, name)!.body,
  createdAt: z.report.to,
  signature: 'x'.repeat(86),
})

const ngn = (list: ReadonlyArray<{ currency: string; amount: number }>) =>
  BigInt(list.find((a) => a.currency === 'NGN')?.amount ?? 0)

/**
 * Checks the books of a day that ended with every till closed. `throughShop` carries the
 * tills' `shift.closed` events through the shop's store and back (the bench: PostgreSQL), as
 * the tills would hear them; by default they are read as written. `tillIds` names the tills.
 */
export async function checkBooks(
  day: BooksDay,
  options: {
    tillIds?: readonly string[]
    throughShop?: (events: ShopEvent[]) => Promise<ShopEvent[]>
  } = {},
): Promise<BooksFindings> {
  const found: BooksFindings = {
    receivedInZ: 0n,
    settledAtGateway: 0n,
    countedTwice: 0,
    missingFromZ: 0,
    shopDaysOff: 0,
    zReports: 0,
    transfers: 0,
    paidInZ: 0n,
    paidAtGateway: 0n,
    refundedInZ: 0n,
    refundedAtGateway: 0n,
    debitsInZ: 0n,
    debitsAtGateway: 0n,
    debits: 0,
    payments: 0,
    refunds: 0,
    sentInZ: 0n,
    sentAtGateway: 0n,
    payoutsOff: 0,
    unknownOff: 0,
    unknownStated: 0,
    payouts: 0,
    payoutsLost: 0,
    payoutsDecided: 0,
  }
  const events: ShopEvent[] = []
  const byDay = new Map<string, bigint>()
  for (const till of day.tills) {
    const counted = new Map<string, number>()
    for (const keys of till.countedKeys())
      for (const key of keys) counted.set(key, (counted.get(key) ?? 0) + 1)
    for (const n of counted.values()) if (n > 1) found.countedTwice += n - 1
    const settled = await day.settled(till)
    found.transfers += settled.size
    for (const [reference, amount] of settled) {
      found.settledAtGateway += BigInt(amount)
      if (!counted.has(`transfer:${reference}`)) found.missingFromZ += 1
    }
    // Payments and refunds as the gateway has them: each one settled there is in one Z-report
    // (every till checked them all before closing), however long ago its journal dropped it.
    found.payments += till.paymentRefs.length
    found.refunds += till.refundRefs.length
    for (const reference of till.paymentRefs) {
      const p = await day.client.payments.verify(reference)
      if (p.status === 'success') found.paidAtGateway += BigInt(p.amount ?? 0)
      if (['success', 'failed', 'abandoned'].includes(p.status))
        if (!counted.has(settledKey('hosted', reference, p.status))) found.missingFromZ += 1
    }
    for (const reference of till.refundRefs) {
      const r = await day.client.refunds.get(reference)
      if (r.status === 'success') found.refundedAtGateway += BigInt(r.amount ?? 0)
      if (['success', 'failed'].includes(r.status))
        if (!counted.has(settledKey('refund', reference, r.status))) found.missingFromZ += 1
    }
    // Every step a report counts (drafted, approved, sent, failed, returned, rejected) is in one.
    for (const e of await till.payoutEvents())
      if (PAYOUT_EVENT[e.to] && !counted.has(`payout:${e.reference}:${e.to}:${e.at}`))
        found.missingFromZ += 1
    // Each payout's outcome at the till is the gateway's: paid there, paid here; declined or
    // never there, not paid here (failed, or decided not paid).
    found.payouts += till.payoutRefs.length
    found.payoutsLost += till.lost
    found.payoutsDecided += till.decided
    const items = new Map((await till.payoutItems()).map((p) => [p.reference, p]))
    for (const reference of till.payoutRefs) {
      const atGateway = await day.client.disbursements
        .verify(reference)
        .then((t) => ({ status: t.status, amount: t.amount ?? 0 }))
        .catch(() => ({ status: 'missing', amount: 0 }))
      if (atGateway.status === 'success') found.sentAtGateway += BigInt(atGateway.amount)
      const gatewayOutcome =
        atGateway.status === 'success'
          ? 'paid'
          : ['failed', 'reversed', 'missing'].includes(atGateway.status)
            ? 'not_paid'
            : 'open'
      if (tillOutcome(items.get(reference)?.state ?? 'missing') !== gatewayOutcome)
        found.payoutsOff += 1
    }
    // Unknown and held are stated at each close as the outbox stood then, never added.
    till.zs.forEach((z, i) => {
      const p = z.report.till.payouts
      found.unknownStated += p.unknown.count + p.needs_review.count
      if (p.unknown.count + p.needs_review.count !== till.unknownAtClose[i]) found.unknownOff += 1
    })
    for (const d of till.debitFacts()) {
      found.debits += 1
      const atGateway = await day.client.directDebits.status(d.reference)
      if (atGateway.status === 'success') found.debitsAtGateway += BigInt(atGateway.amount ?? 0)
      if (['success', 'failed', 'not_paid'].includes(d.status))
        if (!counted.has(settledKey('debit', d.reference, d.status))) found.missingFromZ += 1
    }
    for (const z of till.zs) {
      found.zReports += 1
      found.debitsInZ += ngn(z.report.till.debits?.success.totals ?? [])
      found.paidInZ += ngn(z.report.till.hostedPayments.success.totals)
      found.refundedInZ += ngn(z.report.till.refunds.success.totals)
      found.sentInZ += ngn(z.report.till.payouts.sent.totals)
      const received = ngn(z.report.till.collections.received)
      found.receivedInZ += received
      const dayKey = z.report.to.slice(0, 10)
      byDay.set(dayKey, (byDay.get(dayKey) ?? 0n) + received)
      events.push(
        closedEvent(options.tillIds?.[till.index - 1] ?? `till-${till.index}`, z, till.name),
      )
    }
  }
  const heard = options.throughShop ? await options.throughShop(events) : events
  for (const [dayKey, sum] of byDay) {
    const shop = shopZReport(heard, dayKey, 'demo', 'UTC')
    const total = shop.total.figures.collections.received.find((a) => a.currency === 'NGN')
    if (BigInt(total?.amountMinor ?? '0') !== sum) found.shopDaysOff += 1
  }
  return found
}
