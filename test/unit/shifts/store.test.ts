// Z-reports are sealed in a chain under the device key: any edit, removal, swap or rollback
// of the files must show, in words, and a till with no keychain must say it can't check.
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../../common/ipc/shifts'
import { Sealer } from '../../../main/integrity/seal'
import { shiftFigures } from '../../../main/shifts/figures'
import { ShiftStore, zFileName, type ShiftRecord } from '../../../main/shifts/store'
import { activity, at, bola, charge, keyedSeal, OPEN_MS, shiftRecord } from './fixtures'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shifts-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const shift = shiftRecord

function report(record: ShiftRecord, received: number): ShiftReport {
  const figures = shiftFigures(
    activity({ charges: [charge({ id: `ch_${record.id}`, received: received as never })] }),
    { counted: new Set<string>(), legacyUntilMs: OPEN_MS },
  )
  const { counted: _counted, ...counts } = figures
  return {
    kind: 'z',
    shift: {
      ...record,
      state: 'closed',
      closedBy: bola,
      closedAt: at(60),
      zNumber: null,
      endOfDayAt: at(600),
      pastEndOfDay: false,
    },
    zNumber: null,
    generatedAt: at(60),
    from: at(0),
    to: at(60),
    ...counts,
    warnings: [],
  }
}

function closeShifts(store: ShiftStore, n: number): void {
  for (let i = 1; i <= n; i++) {
    store.open(shift(`sh_shift0${i}`))
    store.close(report(shift(`sh_shift0${i}`), i * 100_00), [], at(60 * i))
  }
}

const zPath = (n: number) => join(dir, 'z', zFileName(n))

describe('Z-report chain', () => {
  it('numbers reports without gaps, chains each to the one before, and checks intact', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 3)
    expect(store.lastNumber).toBe(3)
    const [one, two, three] = [store.read(1)!, store.read(2)!, store.read(3)!]
    expect(one.previous).toBe('0'.repeat(64))
    expect(two.previous).toBe(one.seal)
    expect(three.previous).toBe(two.seal)
    expect(three.report.zNumber).toBe(3)
    expect(seal.anchor.head).toEqual({ seq: 3, hash: three.seal })
    expect(store.verifyChain()).toEqual({ status: 'intact', problem: null })
    // A new store on the same folder and key reads the same.
    expect(new ShiftStore(dir, seal).verifyChain().status).toBe('intact')
  })

  it('finds a Z-report whose figures were edited after closing', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 2)
    const text = readFileSync(zPath(1), 'utf8')
    const edited = JSON.parse(text)
    edited.report.till.collections.byOutcome.paid.totals[0].amount = 1
    writeFileSync(zPath(1), JSON.stringify(edited))

    const reopened = new ShiftStore(dir, seal)
    const check = reopened.integrityOf(reopened.read(1)!)
    expect(check.status).toBe('altered')
    expect(check.problem).toMatch(/changed after it was closed/)
    expect(reopened.verifyChain().status).toBe('altered')
    expect(reopened.integrityOf(reopened.read(2)!).status).toBe('intact')
  })

  it('finds a report that was re-sealed with another key (swapped in from another till)', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    const other = mkdtempSync(join(tmpdir(), 'tilldesk-shifts-other-'))
    try {
      const foreign = new ShiftStore(other, keyedSeal())
      closeShifts(foreign, 1)
      cpSync(join(other, 'z', zFileName(1)), zPath(1))
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
    const check = new ShiftStore(dir, seal).verifyChain()
    expect(check.status).toBe('altered')
  })

  it('finds the newest report removed, even with state.json rolled back to match', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    const stateAfterOne = readFileSync(join(dir, 'state.json'), 'utf8')
    store.open(shift('sh_shift02'))
    store.close(report(shift('sh_shift02'), 5), [], at(120))
    unlinkSync(zPath(2))
    writeFileSync(join(dir, 'state.json'), stateAfterOne)

    const check = new ShiftStore(dir, seal).verifyChain()
    expect(check.status).toBe('altered')
    expect(check.problem).toMatch(/sealed up to Z-report 2/)
  })

  it('never seals over a Z-report on disk when state.json is put back from before it', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    const stateAfterOne = readFileSync(join(dir, 'state.json'), 'utf8')
    store.open(shift('sh_shift02'))
    const counted = ['transfer:T2']
    store.close(report(shift('sh_shift02'), 5), counted, at(120), store.countedSoFar())
    const z2 = readFileSync(zPath(2), 'utf8')
    writeFileSync(join(dir, 'state.json'), stateAfterOne) // the older copy put back

    const reopened = new ShiftStore(dir, seal)
    expect(reopened.verifyChain()).toMatchObject({
      status: 'altered',
      problem: expect.stringMatching(/state file was put back from an older copy/),
    })
    // Z-report 2's movements stay counted, and the next close is number 3, beside it.
    expect(reopened.lastNumber).toBe(2)
    expect(reopened.countedSoFar().counted.has('transfer:T2')).toBe(true)
    reopened.open(shift('sh_shift03'))
    reopened.close(report(shift('sh_shift03'), 7), [], at(180))
    expect(readFileSync(zPath(2), 'utf8')).toBe(z2)
  })

  it('never seals over a Z-report on disk when one before it was removed and state.json put back', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    const stateAfterOne = readFileSync(join(dir, 'state.json'), 'utf8')
    for (const i of [2, 3]) {
      store.open(shift(`sh_shift0${i}`))
      store.close(report(shift(`sh_shift0${i}`), i), [`transfer:T${i}`], at(60 * i))
    }
    const z3 = readFileSync(zPath(3), 'utf8')
    unlinkSync(zPath(2))
    writeFileSync(join(dir, 'state.json'), stateAfterOne)

    const reopened = new ShiftStore(dir, seal)
    for (const i of [4, 5]) {
      reopened.open(shift(`sh_shift0${i}`))
      reopened.close(report(shift(`sh_shift0${i}`), i), [], at(60 * i))
    }
    // Z-report 3 stays as sealed, and what it counted stays counted.
    expect(readFileSync(zPath(3), 'utf8')).toBe(z3)
    expect(reopened.countedSoFar().counted.has('transfer:T3')).toBe(true)
    expect(reopened.verifyChain().status).toBe('altered')
  })

  it('finds a gap in the middle of the chain', () => {
    const seal = keyedSeal()
    closeShifts(new ShiftStore(dir, seal), 3)
    unlinkSync(zPath(2))
    const store = new ShiftStore(dir, seal)
    expect(store.verifyChain()).toMatchObject({ status: 'altered' })
    expect(store.integrityOf(store.read(3)!).problem).toMatch(/Z-report 2.*missing/)
  })

  it('finds state.json edited outside Tilldesk (an open shift removed)', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    store.open(shift('sh_openone1'))
    const raw = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))
    raw.body.open = null
    writeFileSync(join(dir, 'state.json'), JSON.stringify(raw))
    expect(new ShiftStore(dir, seal).verifyChain()).toMatchObject({
      status: 'altered',
      problem: expect.stringMatching(/changed outside Tilldesk/),
    })
  })

  it('says "unchecked", never "intact", for reports it cannot check without a keychain', () => {
    closeShifts(new ShiftStore(dir, keyedSeal()), 1)
    // Next run: no keychain, so a key that lives in memory only.
    const store = new ShiftStore(dir, { sealer: new Sealer(randomBytes(32), false), anchor: null })
    const check = store.integrityOf(store.read(1)!)
    expect(check.status).toBe('unchecked')
    expect(check.problem).toMatch(/no device key/)
    expect(store.verifyChain().status).toBe('unchecked')
  })

  it('finishes a close that was cut short between the Z-report and the state file', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    store.open(shift('sh_crash001'))
    const beforeClose = readFileSync(join(dir, 'state.json'), 'utf8')
    store.close(report(shift('sh_crash001'), 100), [], at(60))
    writeFileSync(join(dir, 'state.json'), beforeClose) // as if the crash came before this write

    const reopened = new ShiftStore(dir, seal)
    expect(reopened.openShift).toBeNull()
    expect(reopened.lastNumber).toBe(1)
    expect(reopened.verifyChain().status).toBe('intact')
  })

  it('a close finished after a crash moves the keychain head on, so its Z-report cannot be taken back', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    store.open(shift('sh_crash002'))
    const beforeClose = readFileSync(join(dir, 'state.json'), 'utf8')
    const headBefore = seal.anchor.head
    store.close(report(shift('sh_crash002'), 100), [], at(120))
    // The crash came after the Z-report was written: neither the state nor the keychain moved.
    writeFileSync(join(dir, 'state.json'), beforeClose)
    seal.anchor.head = headBefore

    expect(new ShiftStore(dir, seal).lastNumber).toBe(2)
    expect(seal.anchor.head?.seq).toBe(2)
    // The cashier takes the sealed report away and puts the open shift back: it shows.
    unlinkSync(zPath(2))
    writeFileSync(join(dir, 'state.json'), beforeClose)
    const rolledBack = new ShiftStore(dir, seal)
    expect(rolledBack.verifyChain()).toMatchObject({
      status: 'altered',
      problem: expect.stringMatching(/sealed up to Z-report 2, but the folder ends at 1/),
    })
  })

  it('a close cut short after the state file but before the keychain moves the head on at the next start', () => {
    const seal = keyedSeal()
    const store = new ShiftStore(dir, seal)
    closeShifts(store, 1)
    const headBefore = seal.anchor.head
    store.open(shift('sh_crash003'))
    store.close(report(shift('sh_crash003'), 100), [], at(120))
    seal.anchor.head = headBefore // the crash came before the keychain was told

    new ShiftStore(dir, seal)
    expect(seal.anchor.head?.seq).toBe(2)
    // A Z-report not sealed by this till's key is never taken as the new head.
    seal.anchor.head = headBefore
    const z2 = JSON.parse(readFileSync(zPath(2), 'utf8')) as { report: object }
    writeFileSync(zPath(2), JSON.stringify({ ...z2, report: { ...z2.report, to: at(1) } }))
    new ShiftStore(dir, seal)
    expect(seal.anchor.head?.seq).toBe(1)
  })
})
