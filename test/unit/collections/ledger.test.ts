import { mkdtempSync, rmSync, appendFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { TransferStatus } from '../../../common/ipc/collections'
import { Ledger, type ChargeRecord, type ObservedTransfer } from '../../../main/collections/ledger'
import { openFileStore } from '../../../main/collections/store'
import { CollectionsError } from '../../../main/collections/errors'
import { at, charge, T0, tx } from './ledger-records'

const SKEW = 60_000

describe('Ledger', () => {
  it('closes a charge paid exactly, with the transfer counted', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    const effect = l.observe(tx('T1', 10_000, 5_000), at(6_000))
    expect(effect?.charge?.state).toBe('closed')
    expect(effect?.charge?.closedAt).toBe(at(6_000))
    const view = l.view(l.charge('ch_aaaaaaaa'))
    expect(view.reconciliation.status).toBe('paid')
    expect(view.transfers.map((t) => t.reference)).toEqual(['T1'])
  })

  it('keeps a part-paid charge open and counts the rest', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    l.observe(tx('T1', 4_000, 5_000), at(6_000))
    const part = l.view(l.charge('ch_aaaaaaaa'))
    expect(part).toMatchObject({
      state: 'open',
      reconciliation: { status: 'part_paid', balanceDue: 6_000 },
    })
    l.observe(tx('T2', 6_000, 9_000), at(10_000))
    expect(l.view(l.charge('ch_aaaaaaaa'))).toMatchObject({
      state: 'closed',
      reconciliation: { status: 'paid' },
    })
  })

  it('flags an overpayment for the cashier and closes only on their decision', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    l.observe(tx('T1', 12_500, 5_000), at(6_000))
    const v = l.view(l.charge('ch_aaaaaaaa'))
    expect(v).toMatchObject({
      state: 'open',
      needsDecision: true,
      reconciliation: { overpaidBy: 2_500 },
    })
    l.decideOverpayment('ch_aaaaaaaa', 'credit', 'next visit', 'Bola', at(7_000))
    expect(l.view(l.charge('ch_aaaaaaaa'))).toMatchObject({
      state: 'closed',
      needsDecision: false,
      overpayment: { decision: 'credit', note: 'next visit', by: 'Bola' },
    })
  })

  it('refuses an overpayment decision on a charge that is not overpaid', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    expect(() => l.decideOverpayment('ch_aaaaaaaa', 'refund', '', 'Bola', at(1))).toThrow(
      CollectionsError,
    )
  })

  it('surfaces a transfer after the charge closed as late, attributed to the account', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    l.observe(tx('T1', 10_000, 5_000), at(6_000))
    const e = l.observe(tx('T2', 10_000, 60_000), at(61_000))
    expect(e).toMatchObject({ surfacedLate: true, charge: null })
    expect(e?.transfer).toMatchObject({
      late: true,
      chargeId: 'ch_aaaaaaaa',
      accountReference: 'ACC-1',
    })
    // It does not change the paid charge.
    expect(l.view(l.charge('ch_aaaaaaaa')).reconciliation.received).toBe(10_000)
    expect(l.lateTransfers(false).map((t) => t.reference)).toEqual(['T2'])
    l.acknowledgeLate('T2', 'refunded by cash', 'Bola', at(70_000))
    expect(l.lateTransfers(false)).toEqual([])
    expect(l.lateTransfers(true)).toHaveLength(1)
  })

  it('shows money that settles after its charge was cancelled as late', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    l.observe(tx('T1', 10_000, 5_000, 'processing'), at(6_000))
    l.cancel('ch_aaaaaaaa', 'customer left', 'Bola', at(7_000))
    const e = l.observe(tx('T1', 10_000, 5_000, 'success'), at(8_000))
    expect(e).toMatchObject({ surfacedLate: true, transfer: { late: true, status: 'success' } })
    expect(l.view(l.charge('ch_aaaaaaaa')).reconciliation.received).toBe(0)
  })

  it('allows one open charge per account', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    expect(() => l.open(charge('ch_bbbbbbbb', 5_000))).toThrow(/already has an open charge/)
    l.open(charge('ch_cccccccc', 5_000, 'ACC-2'))
  })

  it('watches open charges only, plus a short late window after closing', () => {
    const l = new Ledger({ skewMs: SKEW })
    expect(l.watchTargets(T0, 600_000, 86_400_000)).toEqual([])
    l.open(charge('ch_aaaaaaaa', 10_000))
    expect(l.watchTargets(T0, 600_000, 86_400_000)).toEqual([
      { accountReference: 'ACC-1', sinceMs: T0 - SKEW, chargeIds: ['ch_aaaaaaaa'] },
    ])
    l.observe(tx('T1', 10_000, 5_000), at(6_000))
    // Closed: only the shared late-window sweep (no account filter) remains, then nothing.
    expect(l.watchTargets(T0 + 7_000, 600_000, 86_400_000)).toEqual([
      {
        accountReference: null,
        sinceMs: T0 - SKEW,
        chargeIds: ['ch_aaaaaaaa'],
        sweepAccounts: ['ACC-1'],
      },
    ])
    expect(l.watchTargets(T0 + 6_000 + 600_000, 600_000, 86_400_000)).toEqual([])
  })

  it("opens a charge and plans the watch without visiting the day's closed charges", () => {
    // A charge read back from the journal is kept as it was given, so a counting proxy sees
    // every time the ledger looks at it. Opening a charge pokes the watcher, which plans from
    // watchTargets: the work must stay the same however long the day has been.
    const visited = new Set<string>()
    const counting = (c: ChargeRecord): ChargeRecord =>
      new Proxy(c, {
        get(target, key, receiver) {
          visited.add(target.id)
          return Reflect.get(target, key, receiver) as unknown
        },
      })
    const visits = (history: number) => {
      const l = new Ledger({ skewMs: SKEW })
      const day: ChargeRecord[] = []
      for (let i = 0; i < history; i++) {
        const opened = i * 1_000
        const done = { ...charge(`ch_h${i}`, 1_000, `ACC-${i % 5}`, opened) }
        day.push(counting({ ...done, state: 'closed', closedAt: at(opened + 500) }))
      }
      l.load(day, [])
      visited.clear()
      const now = history * 1_000 + 3_600_000
      l.open(charge('ch_new', 2_000, 'ACC-1', now))
      l.open(charge('ch_new2', 2_000, 'ACC-NEW', now))
      const targets = l.watchTargets(T0 + now, 600_000, 86_400_000)
      expect(targets.map((t) => t.chargeIds)).toEqual([['ch_new'], ['ch_new2']])
      // The previous charge on ACC-1 is read: the watch reaches back to it.
      return visited.size
    }
    expect(visits(10)).toBeLessThanOrEqual(1)
    expect(visits(2_000)).toBe(visits(10))
  })

  it('reaches back to the previous charge so money sent in between shows as late', () => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 10_000))
    l.observe(tx('T1', 10_000, 5_000), at(6_000))
    const later = 3_600_000
    l.open(charge('ch_bbbbbbbb', 2_000, 'ACC-1', later))
    expect(l.watchTargets(T0 + later, 600_000, 86_400_000)).toEqual([
      { accountReference: 'ACC-1', sinceMs: T0 - SKEW, chargeIds: ['ch_bbbbbbbb'] },
    ])
    const between = l.observe(tx('T2', 3_000, 1_800_000), at(later + 1_000))
    expect(between?.transfer).toMatchObject({ late: true, chargeId: 'ch_aaaaaaaa' })
  })
})

describe('Ledger dedupe', () => {
  const obsArb = fc.array(
    fc.record({
      ref: fc.constantFrom('T1', 'T2', 'T3', 'T4', 'T5'),
      amount: fc.integer({ min: 1, max: 20_000 }),
      created: fc.integer({ min: 0, max: 100_000 }),
      status: fc.constantFrom<TransferStatus>('success', 'processing', 'failed'),
    }),
    { maxLength: 25 },
  )
  // A reference is one transfer: same amount and time whatever its status says.
  const normalise = (
    obs: { ref: string; amount: number; created: number; status: TransferStatus }[],
  ) => {
    const first = new Map<string, { amount: number; created: number }>()
    return obs.map((o) => {
      const f = first.get(o.ref) ?? { amount: o.amount, created: o.created }
      first.set(o.ref, f)
      return tx(o.ref, f.amount, f.created, o.status)
    })
  }
  const run = (observations: ObservedTransfer[]) => {
    const l = new Ledger({ skewMs: SKEW })
    l.open(charge('ch_aaaaaaaa', 25_000))
    let effects = 0
    observations.forEach((o, i) => {
      if (l.observe(o, at(200_000 + i))) effects += 1
    })
    return { l, effects }
  }
  const snapshot = (l: Ledger) => ({
    charge: { ...l.view(l.charge('ch_aaaaaaaa')), closedAt: null },
    transfers: l.allTransfers().map((t) => ({ ...t, firstSeenAt: null })),
  })

  it('observing everything twice is the same as once', () => {
    fc.assert(
      fc.property(obsArb, (raw) => {
        const obs = normalise(raw)
        const once = run(obs)
        const twice = run([...obs, ...obs])
        expect(snapshot(twice.l)).toEqual(snapshot(once.l))
        expect(twice.effects).toBe(once.effects)
      }),
    )
  })

  it('a repeated observation has no effect', () => {
    fc.assert(
      fc.property(obsArb, (raw) => {
        const { l } = run(normalise(raw))
        for (const t of l.allTransfers()) {
          expect(l.observe({ ...t }, at(999_999))).toBeNull()
        }
      }),
    )
  })
})

describe('file store', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('restores charges and the seen-set after a restart, so nothing is counted twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-col-'))
    dirs.push(dir)
    const path = join(dir, 'collections-demo.jsonl')
    const first = openFileStore(path)
    const l1 = new Ledger({ skewMs: SKEW })
    const c = l1.open(charge('ch_aaaaaaaa', 10_000))
    first.saveCharge(c)
    const e = l1.observe(tx('T1', 4_000, 5_000), at(6_000))!
    first.saveTransfer(e.transfer)
    first.saveCharge(e.charge!)
    first.close()
    // A crash mid-write leaves a torn line; it must not stop the till from starting.
    appendFileSync(path, '{"k":"transfer","v":{"refer')

    const second = openFileStore(path)
    const l2 = new Ledger({ skewMs: SKEW })
    l2.load(second.charges, second.transfers)
    expect(l2.observe(tx('T1', 4_000, 5_000), at(7_000))).toBeNull()
    expect(l2.view(l2.charge('ch_aaaaaaaa')).reconciliation).toMatchObject({
      status: 'part_paid',
      received: 4_000,
      balanceDue: 6_000,
    })
    second.close()
  })

  it('compacts superseded lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-col-'))
    dirs.push(dir)
    const path = join(dir, 'c.jsonl')
    const s = openFileStore(path)
    const c = charge('ch_aaaaaaaa', 10_000)
    for (let i = 0; i < 300; i++) s.saveCharge({ ...c, saleReference: `S${i}` })
    s.close()
    const reopened = openFileStore(path)
    expect(reopened.charges).toHaveLength(1)
    expect(reopened.charges[0]?.saleReference).toBe('S299')
    reopened.close()
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1)
  })
})
