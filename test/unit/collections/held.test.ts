// A till that is never restarted stays the same size: the ledger holds what it works on and
// reads the rest back from the journal (main/collections/held.ts, docs/perf.md "till-soak").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { minor } from '../../../common/money'
import type { VaTransaction } from '../../../common/api/virtualAccounts'
import { CHARGE_DEFAULTS } from '../../../main/collections/charges'
import { annotate } from '../../../main/collections/history'
import { Ledger, type ChargeRecord, type ObservedTransfer } from '../../../main/collections/ledger'
import {
  memoryStore,
  openFileStore,
  saveAll,
  type CollectionsStore,
} from '../../../main/collections/store'
import { IntegrityService } from '../../../main/integrity'
import { MemoryKeychain } from '../shell/helpers'
import { at, charge, T0, tx } from './ledger-records'
import { actor, rig } from './rig'

const SKEW = 60_000
const MINUTE = 60_000
const KEEP = 5

/** Sale `i`'s charge: on one of seven accounts, with a sale reference of its own. */
const saleCharge = (i: number): ChargeRecord => ({
  ...charge(`ch_${i}`, 1_000, `ACC-${i % 7}`, i * MINUTE),
  saleReference: `SALE-ch_${i}`,
})

/** A ledger that writes what it does to `store`, as charges.ts does, and reads back from it. */
function till(store: CollectionsStore, keepClosed = KEEP) {
  const ledger = new Ledger({ skewMs: SKEW, keepClosed, archive: { scan: store.scan! } })
  const observe = (seen: ObservedTransfer, nowMs: number) => {
    const effect = ledger.observe(seen, at(nowMs))
    if (effect)
      saveAll(store, [
        { k: 'transfer', v: effect.transfer },
        ...(effect.charge ? [{ k: 'charge' as const, v: effect.charge }] : []),
      ])
    return effect
  }
  /** Sale `i` on one of seven accounts, paid exactly a few seconds after it opens. */
  const sale = (i: number) => {
    const opened = i * MINUTE
    store.saveCharge(ledger.open(saleCharge(i)))
    observe(tx(`T${i}`, 1_000, opened + 1_000, 'success', `ACC-${i % 7}`), opened + 2_000)
  }
  return { ledger, observe, sale }
}

describe('the ledger of a till that is never restarted', () => {
  it('holds at most keepClosed finished charges, and a finished one is still found and shown', () => {
    const store = memoryStore()
    const { ledger, sale } = till(store)
    for (let i = 0; i < 60; i++) sale(i)
    // Not every charge of the day: the latest closed ones and their transfers.
    expect(ledger.allCharges().length).toBeLessThanOrEqual(KEEP)
    expect(ledger.allTransfers().length).toBeLessThanOrEqual(KEEP)
    expect(ledger.allCharges().map((c) => c.id)).toContain('ch_59')
    // The first sale of the day, read back from the journal with its transfer.
    const first = ledger.view(ledger.charge('ch_0'))
    expect(first).toMatchObject({
      state: 'closed',
      reconciliation: { status: 'paid', received: 1_000, counted: ['T0'] },
    })
    expect(first.transfers.map((t) => t.reference)).toEqual(['T0'])
    expect(ledger.charge('ch_0').saleReference).toBe('SALE-ch_0')
    // Its customer is still known (offline payment, names on transfers).
    expect(ledger.latestAccount('ACC-0')).toMatchObject({
      accountReference: 'ACC-0',
      accountName: 'Ada Obi',
    })
  })

  it('still knows every transfer it let go of: seen again, nothing happens', () => {
    const store = memoryStore()
    const { ledger, sale, observe } = till(store)
    for (let i = 0; i < 30; i++) sale(i)
    const saved = store.saved.length
    for (let i = 0; i < 30; i++)
      expect(
        observe(tx(`T${i}`, 1_000, i * MINUTE + 1_000, 'success', `ACC-${i % 7}`), 40 * MINUTE),
      ).toBeNull()
    expect(store.saved.length).toBe(saved)
    expect(ledger.view(ledger.charge('ch_3')).reconciliation.received).toBe(1_000)
  })

  it('names the charge a late transfer came after, even one let go of', () => {
    const store = memoryStore()
    const { ledger, sale, observe } = till(store)
    for (let i = 0; i < 30; i++) sale(i)
    expect(ledger.allCharges().map((c) => c.id)).not.toContain('ch_7')
    // Dated just after sale 7 (ACC-0), before ACC-0's later sales: late after ch_7.
    const effect = observe(tx('LATE-1', 500, 7 * MINUTE + 5_000, 'success', 'ACC-0'), 31 * MINUTE)
    expect(effect?.transfer).toMatchObject({ late: true, chargeId: 'ch_7' })
  })

  it('holds late transfers until someone looks at them, then reads them back', () => {
    const store = memoryStore()
    const { ledger, sale, observe } = till(store)
    sale(0)
    observe(tx('LATE-0', 500, 30_000, 'success', 'ACC-0'), 40_000)
    for (let i = 1; i < 30; i++) sale(i)
    // Nobody has looked at it yet: it is work to do, kept.
    expect(ledger.lateTransfers(false).map((t) => t.reference)).toEqual(['LATE-0'])
    const seen = ledger.acknowledgeLate('LATE-0', 'Refunded by hand', 'Sade', at(31 * MINUTE))
    store.saveTransfer(seen)
    expect(ledger.allTransfers().map((t) => t.reference)).not.toContain('LATE-0')
    expect(ledger.lateTransfers(false)).toEqual([])
    expect(ledger.lateTransfers(true)).toMatchObject([
      { reference: 'LATE-0', acknowledgement: { note: 'Refunded by hand' } },
    ])
  })

  it('keeps a finished charge whose money is still moving until it is final', () => {
    const store = memoryStore()
    const { ledger, sale, observe } = till(store)
    store.saveCharge(ledger.open(charge('ch_pending', 1_000, 'ACC-P', 0)))
    observe(tx('TP', 400, 1_000, 'processing', 'ACC-P'), 2_000)
    store.saveCharge(ledger.cancel('ch_pending', 'Customer left', 'Bola', at(3_000)))
    for (let i = 1; i < 30; i++) sale(i)
    expect(ledger.allCharges().map((c) => c.id)).toContain('ch_pending')
    // The pending money settles after the charge was cancelled: late, as before.
    const effect = observe(tx('TP', 400, 1_000, 'success', 'ACC-P'), 31 * MINUTE)
    expect(effect).toMatchObject({ surfacedLate: true, transfer: { late: true } })
  })

  it('shows a transfer it let go of in the Transfers history as its charge', () => {
    const store = memoryStore()
    const { ledger, sale } = till(store)
    for (let i = 0; i < 30; i++) sale(i)
    const item: VaTransaction = {
      reference: 'T2',
      account_reference: 'ACC-2',
      amount: minor(1_000),
      currency: 'NGN',
      status: 'success',
      narration: '',
      created_at: at(2 * MINUTE + 1_000),
    } as VaTransaction
    expect(annotate(item, ledger)).toMatchObject({
      attribution: 'charge',
      chargeId: 'ch_2',
      saleReference: 'SALE-ch_2',
      late: false,
    })
  })

  it('forgets references the watch can no longer reach, and still refuses them twice', () => {
    const store = memoryStore()
    const { ledger, sale, observe } = till(store)
    for (let i = 0; i < 30; i++) sale(i)
    const letGo = ledger.heldCounts().letGo
    expect(letGo).toBeGreaterThan(0)
    const week = 7 * 86_400_000
    // Three weeks on, the watch reaches back one: the week-old references are dropped.
    ledger.watchTargets(T0 + 3 * week, 600_000, week)
    expect(ledger.heldCounts().letGo).toBe(0)
    expect(observe(tx('T1', 1_000, MINUTE + 1_000, 'success', 'ACC-1'), 3 * week)).toBeNull()
  })
})

describe('the file store as the ledger reads it back', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('after a restart holds only what the till works on, and reads the rest from the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-held-'))
    dirs.push(dir)
    const path = join(dir, 'collections-demo.jsonl')
    const first = openFileStore(path)
    const day = till(first, Infinity)
    for (let i = 0; i < 40; i++) day.sale(i)
    first.close()

    const store = openFileStore(path)
    const ledger = new Ledger({ skewMs: SKEW, keepClosed: KEEP, archive: { scan: store.scan! } })
    ledger.load(store.charges, store.transfers)
    expect(ledger.allCharges().length).toBeLessThanOrEqual(KEEP)
    // What the store read at start is the ledger's now: not kept twice for the till's life.
    store.release!()
    expect(store.charges).toEqual([])
    expect(ledger.view(ledger.charge('ch_1')).reconciliation).toMatchObject({
      status: 'paid',
      counted: ['T1'],
    })
    expect(
      ledger.observe(tx('T1', 1_000, MINUTE + 1_000, 'success', 'ACC-1'), at(50 * MINUTE)),
    ).toBeNull()
    store.close()
  })
})

describe('the sealed journal as the ledger reads it back', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('reads a charge back under its seals, and refuses in words once the file was edited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-held-sealed-'))
    dirs.push(dir)
    const path = join(dir, 'collections-sandbox.jsonl')
    const integrity = await IntegrityService.open({ keychain: new MemoryKeychain() })
    const store = openFileStore(path, integrity.journal('sandbox', 'collections'))
    const { ledger, sale } = till(store)
    for (let i = 0; i < 20; i++) sale(i)
    expect(ledger.view(ledger.charge('ch_1')).reconciliation.counted).toEqual(['T1'])
    // The cashier edits an old sale's amount in the file: it is not read back as true.
    const text = readFileSync(path, 'utf8')
    writeFileSync(path, text.replace('"amountDue":1000', '"amountDue":10'))
    let refused: unknown
    try {
      ledger.charge('ch_2')
    } catch (error) {
      refused = error
    }
    expect(refused).toMatchObject({ code: 'journal_damaged' })
    store.close()
  })
})

describe('the charges service', () => {
  it('keeps a bounded number of finished charges in memory; the others are still shown', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const ids: string[] = []
    for (let i = 0; i < 560; i++) {
      const view = await charges.open({ accountReference: 'ACC-1', amount: '10.00' }, actor)
      charges.cancel(view.id, 'Probe', actor)
      ids.push(view.id)
      await clock.advance(1_000)
    }
    expect(charges.ledger.allCharges().length).toBeLessThanOrEqual(CHARGE_DEFAULTS.keepClosed)
    expect(charges.get(ids[0]!)).toMatchObject({
      state: 'cancelled',
      cancellation: { reason: 'Probe' },
    })
    expect(charges.list('recent', 50).map((c) => c.id)).toEqual(ids.slice(-50).reverse())
    charges.stop()
  })
})
