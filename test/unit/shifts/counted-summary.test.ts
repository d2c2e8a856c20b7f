// A report learns what the sealed Z-reports counted from one running summary, not by reading
// every Z-report of the till's life: the number of reports it reads must not grow with the
// number of Z-reports. A summary that is missing, edited, foreign or bound to another report
// is refused and every report read instead, so nothing is ever counted twice.
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ShiftReport } from '../../../common/ipc/shifts'
import { Sealer } from '../../../main/integrity/seal'
import { Z_DOMAIN } from '../../../main/shifts/sealing'
import { ShiftStore, type ShiftRecord } from '../../../main/shifts/store'
import { at, bola, keyedSeal, shiftRecord } from './fixtures'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-counted-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const shift = (n: number): ShiftRecord => shiftRecord(`sh_${String(n).padStart(6, '0')}`)

const report = (record: ShiftRecord) =>
  ({
    kind: 'z',
    shift: { ...record, state: 'closed', closedBy: bola, closedAt: at(60), zNumber: null },
    zNumber: null,
    generatedAt: at(60),
    from: at(0),
    to: at(60),
    warnings: [],
  }) as unknown as ShiftReport

/** Closes Z-reports `from`..`to` as the service does: what was counted before, then this one's keys. */
function closeDays(store: ShiftStore, from: number, to: number): void {
  for (let n = from; n <= to; n++) {
    store.open(shift(n))
    const before = store.countedSoFar()
    store.close(report(shift(n)), [`transfer:T${n}a`, `transfer:T${n}b`], at(60 * n), before)
  }
}

const every = (to: number) =>
  Array.from({ length: to }, (_, i) => [`transfer:T${i + 1}a`, `transfer:T${i + 1}b`]).flat()

/** How many Z-reports `countedSoFar` reads, and what it returns. */
function readCounting(store: ShiftStore) {
  const read = vi.spyOn(store, 'read')
  const sofar = store.countedSoFar()
  const reads = read.mock.calls.length
  read.mockRestore()
  return { sofar, reads }
}

const summaryPath = () => join(dir, 'counted.json')

describe('what the sealed Z-reports counted', () => {
  it('is read from the running summary: the reports read do not grow with their number', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 3)
    const early = readCounting(store)
    closeDays(store, 4, 30)
    const late = readCounting(new ShiftStore(dir, seal))
    expect(late.reads).toBe(early.reads)
    expect(late.reads).toBeLessThanOrEqual(1)
    expect([...late.sofar.counted].sort()).toEqual(every(30).sort())
    expect(late.sofar.problems).toEqual([])
    expect(late.sofar.notes ?? []).toEqual([])
  })

  it('reads the reports sealed after the summary when a close was cut short before it', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 5)
    const kept = readFileSync(summaryPath(), 'utf8')
    closeDays(store, 6, 7)
    writeFileSync(summaryPath(), kept) // as if the last two closes never wrote theirs
    const { sofar, reads } = readCounting(store)
    expect([...sofar.counted].sort()).toEqual(every(7).sort())
    expect(reads).toBe(3) // report 5 (the summary's binding), then 6 and 7
    expect(sofar.notes ?? []).toEqual([])
  })

  it('refuses an edited summary, reads every report, says so, and keeps a good one again', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 4)
    const value = JSON.parse(readFileSync(summaryPath(), 'utf8')) as { keys: string[] }
    value.keys = value.keys.filter((k) => k !== 'transfer:T2a') // so T2a would count again
    writeFileSync(summaryPath(), JSON.stringify(value))
    const { sofar, reads } = readCounting(store)
    expect(reads).toBe(4)
    expect(sofar.counted.has('transfer:T2a')).toBe(true)
    expect([...sofar.counted].sort()).toEqual(every(4).sort())
    expect(sofar.notes?.[0]).toMatch(
      /could not be used \(its seal does not match\).*every Z-report/,
    )
    expect(sofar.problems).toEqual([])
    closeDays(store, 5, 5)
    const after = readCounting(store)
    expect(after.reads).toBeLessThanOrEqual(1)
    expect([...after.sofar.counted].sort()).toEqual(every(5).sort())
  })

  it('refuses a summary sealed by another till, or bound to a report no longer on disk', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 3)
    // Another till's genuine summary, under its own key.
    const other = mkdtempSync(join(tmpdir(), 'tilldesk-counted-other-'))
    try {
      const foreign = new ShiftStore(other, keyedSeal())
      closeDays(foreign, 1, 3)
      copyFileSync(join(other, 'counted.json'), summaryPath())
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
    const foreign = readCounting(store)
    expect(foreign.reads).toBe(3)
    expect(foreign.sofar.notes?.[0]).toMatch(/its seal does not match/)
    expect([...foreign.sofar.counted].sort()).toEqual(every(3).sort())

    // This till's own summary, but report 3 replaced since by another with the same number.
    closeDays(store, 4, 4)
    const zDir = join(dir, 'z')
    // Another report 4 this till's key sealed (a copy of the folder that closed differently).
    const z4 = JSON.parse(readFileSync(join(zDir, 'z-000004.json'), 'utf8')) as { seal: string }
    const { seal: _sealed, ...body } = { ...z4, sealedAt: at(1) }
    const other4 = { ...body, seal: seal.sealer.seal(Z_DOMAIN, body) }
    writeFileSync(join(zDir, 'z-000004.json'), JSON.stringify(other4))
    const unbound = readCounting(store)
    expect(unbound.sofar.notes?.[0]).toMatch(/names a Z-report that is not the one on disk/)
    expect([...unbound.sofar.counted].sort()).toEqual(every(4).sort())
  })

  it('reads every report when there is no summary (reports of an older build), saying nothing', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 3)
    unlinkSync(summaryPath())
    const { sofar, reads } = readCounting(store)
    expect(reads).toBe(3)
    expect([...sofar.counted].sort()).toEqual(every(3).sort())
    expect(sofar.notes ?? []).toEqual([])
  })

  it('keeps no summary past a report that could not be read, so each report still says so', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 3)
    unlinkSync(summaryPath())
    unlinkSync(join(dir, 'z', 'z-000002.json'))
    closeDays(store, 4, 4)
    const { sofar } = readCounting(store)
    expect(sofar.problems).toEqual([expect.stringMatching(/Z-report 2 is missing/)])
  })

  it('does not take the keys of a Z-report edited after it was sealed, and says so', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeDays(store, 1, 3)
    // The summary deleted so every report is read, and report 2 made to claim a movement of
    // the open shift: the open shift's report would leave it out, and no Z-report count it.
    unlinkSync(summaryPath())
    const z2Path = join(dir, 'z', 'z-000002.json')
    const z2 = JSON.parse(readFileSync(z2Path, 'utf8')) as { counted: string[] }
    writeFileSync(z2Path, JSON.stringify({ ...z2, counted: [...z2.counted, 'transfer:NOW'] }))
    const { sofar } = readCounting(store)
    expect(sofar.counted.has('transfer:NOW')).toBe(false)
    expect(sofar.problems).toEqual([
      expect.stringMatching(/Z-report 2 was changed after it was closed/),
    ])
  })

  it('says nothing without a keychain, where last run’s summary can never check', () => {
    closeDays(new ShiftStore(dir, keyedSeal()), 1, 2)
    const store = new ShiftStore(dir, { sealer: new Sealer(randomBytes(32), false), anchor: null })
    const { sofar } = readCounting(store)
    expect([...sofar.counted].sort()).toEqual(every(2).sort())
    expect(sofar.notes ?? []).toEqual([])
  })
})
