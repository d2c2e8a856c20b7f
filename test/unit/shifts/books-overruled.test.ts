// A decision the gateway overrules changes a settled record's status: a payment decided "paid"
// that the gateway then reports failed. The books may have kept both states (each as it
// settled); once its journal drops the entry, a report must read its newest state only, or
// the payment the gateway says failed is counted as taken by the next Z-report.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Currency, Minor } from '../../../common/money'
import { emptyActivity, type HostedPaymentFact } from '../../../main/shifts/activity'
import { Books } from '../../../main/shifts/books'
import { shiftFigures } from '../../../main/shifts/figures'
import { journalSeal } from './fixtures'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-books-overruled-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const payment = (status: string, at: string): HostedPaymentFact => ({
  reference: 'pay_001',
  status,
  amount: 150_000 as Minor,
  currency: 'NGN' as Currency,
  createdAt: '2026-03-02T09:00:00.000Z',
  settledAt: at,
  takenBy: 'Ada',
})

describe('the books and an overruled decision', () => {
  it('reads a dropped payment in its newest state only, never the one the gateway overruled', async () => {
    // What the payments journal holds, as the feature changes it.
    let journal: HostedPaymentFact[] = []
    const activity = () => ({ ...emptyActivity(), hostedPayments: journal.map((p) => ({ ...p })) })
    const booksSeal = journalSeal()
    const open = () =>
      new Books({
        dir: join(dir, 'books'),
        seal: async () => booksSeal,
        source: { settled: async () => activity(), read: async () => activity() },
      })
    const books = open()

    journal = [payment('success', '2026-03-02T09:10:00.000Z')] // a supervisor decided "paid"
    await books.capture('demo')
    journal = [payment('failed', '2026-03-02T09:40:00.000Z')] // the gateway overruled it
    await books.capture('demo')

    // Z-report 1, the journal still holding the entry: the failed payment, nothing taken.
    const first = shiftFigures(await books.read('demo'), {
      counted: new Set(),
      legacyUntilMs: null,
    })
    await books.sealed('demo', new Set(first.counted))

    // The alarm read, the entry leaves its journal (trimmed past its limit).
    journal = []
    for (const reader of [books, open()]) {
      const read = await reader.read('demo')
      expect(read.hostedPayments.map((p) => [p.reference, p.status])).toEqual([
        ['pay_001', 'failed'],
      ])
      const next = shiftFigures(read, { counted: new Set(first.counted), legacyUntilMs: null })
      expect(next.counted).toEqual([])
    }
    // After the next Z-report the failed payment leaves the books, and the state it overruled
    // does not come back in its place.
    await books.sealed('demo', new Set(first.counted))
    for (const reader of [books, open()])
      expect((await reader.read('demo')).hostedPayments).toEqual([])
  })
})
