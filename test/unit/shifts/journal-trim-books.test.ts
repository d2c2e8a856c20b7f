// A trimmed journal (payments, refunds, debits) must never drop a settled entry before the
// shift books have kept it: not in the very write that settles it, and not in a second write
// that comes before the books have looked. The books keep what a trim hands them, on disk,
// and the next Z-report counts it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { DropKeepers } from '../../../main/kernel/drop-keeper'
import { fileStorage, Journal } from '../../../main/payments/journal'
import { emptyActivity } from '../../../main/shifts/activity'
import { Books } from '../../../main/shifts/books'
import { journalSeal } from './fixtures'

const Entry = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.literal('NGN'),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
})
type Entry = z.infer<typeof Entry>

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A refunds journal of `limit` entries, the books, and the keeper between them. */
function rig(limit: number, keepers = new DropKeepers()) {
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-trim-'))
  dirs.push(dir)
  const booksSeal = journalSeal()
  const books = new Books({
    dir: join(dir, 'books'),
    seal: async () => booksSeal,
    // The journal's own file is not what this test reads: the books alone must hold it.
    source: { settled: async () => emptyActivity(), read: async () => emptyActivity() },
  })
  const journal = new Journal<Entry>({
    name: 'refunds',
    schema: Entry,
    storage: fileStorage(dir, 'refunds'),
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit,
    keep: (e) => e.status !== 'success' && e.status !== 'failed',
    dropping: (records) => keepers.keep('demo', 'refunds', records),
  })
  return { dir, books, journal, keepers, booksSeal }
}

const refund = (n: number, status: string): Entry => ({
  reference: `rf_${n}`,
  status,
  amount: 1_000 * n,
  currency: 'NGN',
  createdAt: `2026-11-27T09:0${n}:00.000Z`,
})

describe('a trimmed journal and the shift books', () => {
  it('keeps in the books a refund dropped in the very write that settles it', async () => {
    const { books, journal, keepers } = rig(1)
    keepers.set((environment, name, records) => books.keepDropped(environment, name, records))
    await books.read('demo') // the books are open, as the shifts feature opens them at start
    journal.put(refund(2, 'pending')) // newer, still open
    journal.put(refund(1, 'pending')) // older: over the limit, kept (not final)
    journal.put({ ...refund(1, 'success'), updatedAt: '2026-11-27T09:05:00.000Z' })
    expect(journal.has('rf_1')).toBe(false) // the trim dropped it in the write that settled it
    const read = await books.read('demo')
    expect(read.refunds.map((r) => [r.reference, r.status, r.amount])).toEqual([
      ['rf_1', 'success', 1_000],
    ])
  })

  it('does not drop a settled entry while nobody keeps it, and drops it once the books do', async () => {
    const { books, journal, keepers } = rig(1)
    journal.put(refund(2, 'pending'))
    journal.put(refund(1, 'success'))
    // No keeper yet (the shift books are not open): it stays past the limit.
    expect(journal.has('rf_1')).toBe(true)
    keepers.set((environment, name, records) => books.keepDropped(environment, name, records))
    journal.put(refund(3, 'pending'))
    // The books are not open yet either: still kept.
    expect(journal.has('rf_1')).toBe(true)
    await books.read('demo')
    journal.put(refund(4, 'pending'))
    expect(journal.has('rf_1')).toBe(false)
    const read = await books.read('demo')
    expect(read.refunds.map((r) => r.reference)).toEqual(['rf_1'])
  })

  it('keeps the entry in its journal when the keeper fails', () => {
    const keepers = new DropKeepers()
    const { journal } = rig(1, keepers)
    keepers.set(() => {
      throw new Error('disk full')
    })
    journal.put(refund(2, 'pending'))
    journal.put(refund(1, 'success'))
    expect(journal.has('rf_1')).toBe(true)
  })

  it('survives a restart: what the trim handed over is in the books file', async () => {
    const { dir, books, journal, keepers, booksSeal } = rig(1)
    keepers.set((environment, name, records) => books.keepDropped(environment, name, records))
    await books.read('demo')
    journal.put(refund(2, 'pending'))
    journal.put(refund(1, 'success'))
    expect(journal.has('rf_1')).toBe(false)
    const reopened = new Books({
      dir: join(dir, 'books'),
      seal: async () => booksSeal,
      source: { settled: async () => emptyActivity(), read: async () => emptyActivity() },
    })
    expect((await reopened.read('demo')).refunds.map((r) => r.reference)).toEqual(['rf_1'])
  })
})
