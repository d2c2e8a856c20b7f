// The books balance, as a property over random days against the sandbox (test/support/
// books-day.ts): one to three tills with sales paid exactly, in part or over, late transfers,
// transfers seen processing first, failed tries, hosted payments, refunds, payouts through the
// real payouts service (maker-checker, sent to the sandbox, some answers lost, some outcomes
// decided by a supervisor), Z-reports at random moments, restarts and a till offline for
// hours. Whatever the day: every naira the gateway settled for the shop's accounts is in
// exactly one sealed Z-report, every settled movement is counted once, the shop's Z-report of
// each day is the sum of its tills', every payout's outcome is the gateway's, its sent line
// adds up to what the gateway paid out, and its unknown line states what was unknown at each
// close. Seeded: a failure names its seed, and BOOKS_SEEDS=<n> runs more days.
import { describe, expect, it } from 'vitest'
import { checkBooks } from '../../support/books-check'
import { BooksDay, randomDay } from '../../support/books-day'
import { reconcileDay, tillRecords } from '../../support/books-reconcile'

const RUNS = Number(process.env.BOOKS_SEEDS ?? 4)
const FIRST_SEED = Number(process.env.BOOKS_FIRST_SEED ?? 20261127)

describe('the books balance over random days', () => {
  for (let run = 0; run < RUNS; run++) {
    const seed = FIRST_SEED + run
    const tills = 1 + (run % 3)
    it(`seed ${seed}: ${tills} till(s)`, { timeout: 60_000 }, async () => {
      const day = await BooksDay.start(seed, tills)
      try {
        const fromMs = day.now()
        await randomDay(day, 120)
        const found = await checkBooks(day)
        expect(found.transfers).toBeGreaterThan(0)
        expect(found.zReports).toBeGreaterThan(tills)
        expect(found.debits).toBeGreaterThan(0)
        expect(found.payments).toBeGreaterThan(0)
        expect(found.refunds).toBeGreaterThan(0)
        expect(found.payouts).toBeGreaterThan(tills * 2)
        expect(found.payoutsLost).toBeGreaterThanOrEqual(tills * 2)
        expect(found.payoutsDecided).toBeGreaterThanOrEqual(tills)
        expect(found.unknownStated).toBeGreaterThanOrEqual(tills)
        expect({
          paidInZ: found.paidInZ,
          refundedInZ: found.refundedInZ,
          debitsInZ: found.debitsInZ,
          receivedInZ: found.receivedInZ,
          sentInZ: found.sentInZ,
          countedTwice: found.countedTwice,
          missingFromZ: found.missingFromZ,
          shopDaysOff: found.shopDaysOff,
          payoutsOff: found.payoutsOff,
          unknownOff: found.unknownOff,
        }).toEqual({
          paidInZ: found.paidAtGateway,
          refundedInZ: found.refundedAtGateway,
          debitsInZ: found.debitsAtGateway,
          receivedInZ: found.settledAtGateway,
          sentInZ: found.sentAtGateway,
          countedTwice: 0,
          missingFromZ: 0,
          shopDaysOff: 0,
          payoutsOff: 0,
          unknownOff: 0,
        })

        // Reconciled against the gateway's own lists: nothing unmatched.
        const clean = await reconcileDay(day, fromMs, day.now())
        expect(clean.differences.map((d) => `${d.kind} ${d.reference}`)).toEqual([])
        expect(clean.matched).toBeGreaterThanOrEqual(found.transfers)

        // Then each difference injected is found, and nothing else: a transfer deleted from a
        // till's records, an amount changed in another, and money the tills never saw.
        const received = (await tillRecords(day, { fromMs, toMs: day.now() })).filter(
          (t) => t.source === 'transfer_in' && t.status === 'success',
        )
        const deleted = received[day.rng.int(0, received.length - 1)]!
        const changed = received.find((t) => t.reference !== deleted.reference)!
        const stranger = await day.strayTransfer()
        const dirty = await reconcileDay(day, fromMs, day.now() + 1, (records) =>
          records
            .filter((r) => r.reference !== deleted.reference)
            .map((r) => (r.reference === changed.reference ? { ...r, amount: r.amount + 1 } : r)),
        )
        expect(new Map(dirty.differences.map((d) => [d.reference, d.kind]))).toEqual(
          new Map([
            [deleted.reference, 'gateway_only'],
            [changed.reference, 'amount'],
            [stranger, 'gateway_only'],
          ]),
        )
      } finally {
        await day.stop()
      }
    })
  }
})
