// The books' days are kept for the till's life (docs/accounting.md, section 4): what holds that
// is that a day's read touches only the files of the days its window covers, however many days
// are kept, and holds nothing of them in memory between reads.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Sealer, type JournalSeal } from '../../../main/integrity'
import { BooksDays } from '../../../main/shifts/books-archive'

let dir: string
let seal: JournalSeal
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-books-days-'))
  seal = { sealer: new Sealer(randomBytes(32), true), anchor: null }
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const DAY_MS = 86_400_000
const START = Date.parse('2026-01-01T00:00:00.000Z')
const record = (day: number, n: number) => ({
  k: 'hosted' as const,
  v: { reference: `PAY_${day}_${n}`, createdAt: new Date(START + day * DAY_MS + n).toISOString() },
})

describe("the books' days", () => {
  it('reads only the files of the days a window touches, however many days are kept', () => {
    const days = new BooksDays<ReturnType<typeof record>>(dir, seal)
    for (let day = 0; day < 120; day++) days.add([record(day, 1), record(day, 2)])
    expect(readdirSync(dir)).toHaveLength(120)
    // Every other day's file made unreadable: a read that opened one would say so.
    for (const name of readdirSync(dir))
      if (name !== '2026-03-01.jsonl') writeFileSync(join(dir, name), 'not a line\n')
    const from = Date.parse('2026-03-01T00:00:00.000Z')
    const read = days.read(from, from + DAY_MS)
    expect(read.problems).toEqual([])
    expect(read.records.map((r) => r.v.reference)).toEqual(['PAY_59_1', 'PAY_59_2'])
    // A window past its margins is cut to a fortnight, so no read walks the till's life.
    const wide = days.read(START, START + 120 * DAY_MS)
    expect(wide.problems.length).toBeLessThanOrEqual(15)
  })
})
