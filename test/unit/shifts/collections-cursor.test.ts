// A report reads the collections journal on from where the last sealed Z-report left it: the
// records that Z-report carried over, then only the lines written after it. Its figures are
// those of a read from the first line, and a journal compacted, cut or edited since, or a
// cursor file edited, sends the read back to the start with a warning, never to a wrong sum.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChargeRecord, TransferRecord } from '../../../main/collections/ledger'
import { openJournal } from '../../../main/collections/journal'
import { openFileStore, type CollectionsStore } from '../../../main/collections/store'
import { sealedDocument, Sealer, type JournalSeal } from '../../../main/integrity'
import type { Activity } from '../../../main/shifts/activity'
import { carry, readCursor } from '../../../main/shifts/collections-cursor'
import { shiftFigures } from '../../../main/shifts/figures'
import {
  COLLECTIONS_DOMAIN,
  documentDomain,
  fileActivitySource,
  readCollectionsFrom,
  sourcePaths,
} from '../../../main/shifts/sources'

let dir: string
let seal: JournalSeal
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-cursor-'))
  seal = { sealer: new Sealer(randomBytes(32), true), anchor: null, adopt: true }
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const sealOf = () => seal
const journalPath = () => sourcePaths(dir, 'demo').collections
const cursorDir = () => join(dir, 'shifts')
const cursorFile = () => join(cursorDir(), 'demo', 'collections-cursor.json')

const BOLA = { id: 'u_bola0001', name: 'Bola' }
const CHIDI = { id: 'u_chidi001', name: 'Chidi' }

const charge = (
  n: number,
  state: ChargeRecord['state'],
  openedBy = BOLA,
  accountReference = `TD-${n}`,
): ChargeRecord =>
  ({
    id: `ch_${String(n).padStart(6, '0')}`,
    state,
    account: {
      accountReference,
      accountNumber: '1234567890',
      accountName: `Customer ${n}`,
      bankName: 'Demo Bank',
      bankCode: null,
      currency: 'NGN',
      customerEmail: 'c@example.com',
      metadata: {},
      createdAt: null,
    },
    currency: 'NGN',
    amountDue: 100_00,
    saleReference: null,
    till: 'Front',
    openedBy,
    openedAt: new Date(Date.UTC(2026, 2, 2, 8) + n * 60_000).toISOString(),
    closedAt:
      state === 'open'
        ? null
        : new Date(Date.UTC(2026, 2, 2, 8) + n * 60_000 + 30_000).toISOString(),
    overpayment: null,
    cancellation: null,
  }) as unknown as ChargeRecord

const transfer = (
  reference: string,
  chargeId: string,
  amount: number,
  more: Partial<TransferRecord> = {},
): TransferRecord =>
  ({
    reference,
    accountReference: 'TD-x',
    amount,
    currency: 'NGN',
    status: 'success',
    gatewayStatus: 'success',
    narration: '',
    createdAt: '2026-03-02T09:01:00.000Z',
    firstSeenAt: '2026-03-02T09:01:05.000Z',
    chargeId,
    late: false,
    acknowledgement: null,
    ...more,
  }) as unknown as TransferRecord

/** A sale paid in full: the charge, then its transfer and its close in one batch. */
function sale(store: CollectionsStore, n: number, openedBy = BOLA): void {
  const open = charge(n, 'open', openedBy)
  store.saveCharge(open)
  store.saveBatch!([
    { k: 'transfer', v: transfer(`tx_${n}`, open.id, 100_00) },
    { k: 'charge', v: charge(n, 'closed', openedBy) },
  ])
}

/** The figures a report makes of `activity` after the sealed reports counted `counted`. */
const figures = (activity: Activity, counted: ReadonlySet<string>) => {
  const { counted: keys, ...rest } = shiftFigures(activity, { counted, legacyUntilMs: null })
  return { ...rest, keys: keys.sort() }
}

/** Seals a Z-report over what `source` reads now; returns every key counted so far. */
async function sealZ(
  source: ReturnType<typeof fileActivitySource>,
  counted: Set<string>,
): Promise<Set<string>> {
  const activity = await source.read('demo')
  for (const key of figures(activity, counted).keys) counted.add(key)
  await source.sealed!('demo', counted)
  return counted
}

/** The first day: many sales closed and counted, one left part-paid (carried over). */
async function firstDay(sales: number) {
  const store = openFileStore(journalPath(), seal)
  for (let n = 1; n <= sales; n++) sale(store, n, n % 2 ? BOLA : CHIDI)
  const carried = charge(sales + 1, 'open', CHIDI)
  store.saveCharge(carried)
  store.saveTransfer(transfer('tx_part', carried.id, 40_00))
  const source = fileActivitySource(dir, sealOf, { cursorDir: cursorDir() })
  const counted = await sealZ(source, new Set())
  return { store, source, counted, carried }
}

/** The next day's work, the same for every test. */
function secondDay(store: CollectionsStore, sales: number, carried: ChargeRecord): void {
  // The carried-over charge is paid in full, and two new sales.
  store.saveBatch!([
    { k: 'transfer', v: transfer('tx_rest', carried.id, 60_00) },
    { k: 'charge', v: { ...carried, state: 'closed', closedAt: '2026-03-03T09:00:00.000Z' } },
  ])
  sale(store, sales + 2)
  sale(store, sales + 3, CHIDI)
  // Money sent again after a sale closed: late, after that day's sale.
  store.saveTransfer(
    transfer('tx_late', charge(sales + 3, 'closed').id, 5_00, {
      late: true,
      chargeId: charge(sales + 3, 'closed').id,
    }),
  )
}

describe('a report reads on from the last sealed Z-report', () => {
  it('reads only the lines written since the last Z-report, and counts the same as a read from the first line', async () => {
    const sales = 300
    const { store, source, counted, carried } = await firstDay(sales)
    secondDay(store, sales, carried)
    store.close()

    const { cursor } = readCursor(cursorFile(), seal)
    const resumed = readCollectionsFrom(journalPath(), seal, cursor)
    const whole = readCollectionsFrom(journalPath(), seal, null)
    // Day 2 wrote 6 lines; the cursor's own line is read again to check it.
    expect(whole.lines).toBeGreaterThan(2 * sales)
    expect(resumed.lines).toBe(7)
    expect(resumed.restarted).toBeNull()

    const fromCursor = await source.read('demo')
    const fromStart = await fileActivitySource(dir, sealOf).read('demo')
    expect(fromCursor.warnings).toEqual([])
    expect(figures(fromCursor, counted)).toEqual(figures(fromStart, counted))
    const day2 = figures(fromCursor, counted)
    expect(day2.till.collections.received).toEqual([{ currency: 'NGN', amount: 265_00 }])
    expect(day2.till.collections.byOutcome.paid.count).toBe(3)
    expect(day2.carriedOver.map((c) => c.reference)).toEqual(['tx_late'])
  })

  it('keeps only what later reports still need: the carried-over sale with its transfers, late money not looked at, and the latest sale of each cashier', async () => {
    const sales = 50
    const { carried } = await firstDay(sales)
    const { cursor } = readCursor(cursorFile(), seal)
    // The carried-over sale (Chidi's latest too) and Bola's latest, which names Bola by id.
    expect(cursor!.charges.map((c) => c.id).sort()).toEqual([
      charge(sales - 1, 'closed').id,
      carried.id,
    ])
    expect(cursor!.transfers.map((t) => t.reference).sort()).toEqual([`tx_${sales - 1}`, 'tx_part'])
  })

  it('still knows a cashier by id who only takes a hosted payment after the cursor', async () => {
    const sales = 30
    const { store, source, counted } = await firstDay(sales)
    store.close()
    mkdirSync(join(dir, 'gateway', 'demo'), { recursive: true })
    const paid = {
      reference: 'pay1',
      status: 'success',
      amount: 70_00,
      currency: 'NGN',
      createdAt: '2026-03-03T10:00:00.000Z',
      paidAt: '2026-03-03T10:01:00.000Z',
      takenBy: 'Bola',
    }
    const { document } = sealedDocument(seal, documentDomain('payments'), 1, [paid])
    writeFileSync(sourcePaths(dir, 'demo').payments, JSON.stringify(document))

    const fromCursor = figures(await source.read('demo'), counted)
    const fromStart = figures(await fileActivitySource(dir, sealOf).read('demo'), counted)
    expect(fromCursor.cashiers.map((c) => c.cashier)).toEqual([BOLA])
    expect(fromCursor).toEqual(fromStart)
  })

  it('goes back to the first line, and says so, when the journal was compacted since', async () => {
    const sales = 40
    const { store, source, counted, carried } = await firstDay(sales)
    secondDay(store, sales, carried)
    store.close()
    // What the collections store does at start when superseded lines pile up.
    const journal = openJournal<unknown>(journalPath(), {
      decode: (v) => v,
      seal,
      domain: COLLECTIONS_DOMAIN,
    })
    journal.compact(journal.records)
    journal.close()

    const fromCursor = await source.read('demo')
    expect(fromCursor.warnings).toEqual([
      expect.stringMatching(/^The collections journal was read from its first line.*compacted/),
    ])
    const fromStart = await fileActivitySource(dir, sealOf).read('demo')
    expect(figures(fromCursor, counted)).toEqual(figures(fromStart, counted))
  })

  it('refuses a cursor file edited on disk: reads from the first line, with a warning', async () => {
    const sales = 40
    const { store, source, counted, carried } = await firstDay(sales)
    secondDay(store, sales, carried)
    store.close()
    // Dropping the carried-over sale from the cursor would lose its first 40.00.
    const text = readFileSync(cursorFile(), 'utf8')
    const edited = JSON.parse(text) as { charges: unknown[] }
    edited.charges = []
    writeFileSync(cursorFile(), JSON.stringify(edited))

    const fromCursor = await source.read('demo')
    expect(fromCursor.warnings).toEqual([expect.stringMatching(/could not be used \(its seal/)])
    const fromStart = await fileActivitySource(dir, sealOf).read('demo')
    expect(figures(fromCursor, counted)).toEqual(figures(fromStart, counted))
  })

  it('names the cashier of late money that came after a sale from before the cursor', async () => {
    const sales = 20
    const { store, source, counted } = await firstDay(sales)
    // Sale 2 (Chidi's) was closed and counted on day 1; money for it comes again on day 2.
    const old = charge(2, 'closed', CHIDI)
    store.saveTransfer(transfer('tx_again', old.id, 7_00, { late: true, chargeId: old.id }))
    store.close()

    const fromCursor = await source.read('demo')
    expect(fromCursor.lateTransfers).toMatchObject([{ reference: 'tx_again', cashier: CHIDI }])
    const fromStart = await fileActivitySource(dir, sealOf).read('demo')
    expect(figures(fromCursor, counted)).toEqual(figures(fromStart, counted))
  })
})

describe('what a Z-report carries for the next period', () => {
  it("carries a counted transfer the gateway dates after the till's last look (its clock ahead)", () => {
    const paid = charge(1, 'closed')
    const other = charge(2, 'closed')
    // Bola's latest sale, kept to name her: it has no transfer of its own here.
    const latest = charge(3, 'closed')
    const seen = transfer('tx_seen', paid.id, 100_00)
    // Dated by the gateway a second after the till's latest sighting in this read.
    const ahead = transfer('tx_ahead', other.id, 100_00, {
      createdAt: '2026-03-02T09:01:06.000Z',
      firstSeenAt: '2026-03-02T09:01:04.000Z',
    })
    const fold = {
      charges: new Map([
        [paid.id, paid],
        [other.id, other],
        [latest.id, latest],
      ]),
      transfers: new Map([
        [seen.reference, seen],
        [ahead.reference, ahead],
      ]),
      end: { offset: 10, lineStart: 0, seq: 2, hash: 'h' },
    } as Parameters<typeof carry>[0]
    const counted = new Set([
      'transfer:tx_seen',
      'transfer:tx_ahead',
      `charge:${paid.id}`,
      `charge:${other.id}`,
      `charge:${latest.id}`,
    ])
    expect(carry(fold, counted)!.transfers.map((t) => t.reference)).toEqual(['tx_ahead'])
  })
})
