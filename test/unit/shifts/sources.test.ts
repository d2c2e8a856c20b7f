// The shift report reads the other features' journals from the side, through their own
// formats (written here by the collections store itself and the integrity document writer)
// and with every seal checked: an edited record becomes a warning on the report, never a
// figure.
import { randomBytes } from 'node:crypto'
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChargeRecord, TransferRecord } from '../../../main/collections/ledger'
import { openFileStore } from '../../../main/collections/store'
import { sealedDocument, Sealer, type JournalSeal } from '../../../main/integrity'
import {
  documentDomain,
  fileActivitySource,
  readCollections,
  sourcePaths,
} from '../../../main/shifts/sources'

let dir: string
let seal: JournalSeal
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-src-'))
  seal = { sealer: new Sealer(randomBytes(32), true), anchor: null, adopt: true }
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const account = {
  accountReference: 'TD-1',
  accountNumber: '1234567890',
  accountName: 'ADA OBI',
  bankName: 'Demo Bank',
  bankCode: null,
  currency: 'NGN',
  customerEmail: 'ada@example.com',
  metadata: {},
  createdAt: null,
} as unknown as ChargeRecord['account']

const charge = (id: string, state: ChargeRecord['state'] = 'open'): ChargeRecord =>
  ({
    id,
    state,
    account,
    currency: 'NGN',
    amountDue: 100_00,
    saleReference: null,
    till: 'Front',
    openedBy: { id: 'u_bola0001', name: 'Bola' },
    openedAt: '2026-03-02T08:00:00.000Z',
    closedAt: null,
    overpayment: null,
    cancellation: null,
  }) as unknown as ChargeRecord

const transfer = (reference: string, chargeId: string, amount: number): TransferRecord =>
  ({
    reference,
    accountReference: 'TD-1',
    amount,
    currency: 'NGN',
    status: 'success',
    narration: '',
    createdAt: '2026-03-02T08:01:00.000Z',
    firstSeenAt: '2026-03-02T08:01:05.000Z',
    chargeId,
    late: false,
    acknowledgement: null,
  }) as unknown as TransferRecord

const sealOf = () => seal
const paths = () => sourcePaths(dir, 'demo')

describe('reading the collections journal', () => {
  it('takes the latest version of each record, a batch whole, as the collections store wrote it', () => {
    const store = openFileStore(paths().collections, seal)
    store.saveCharge(charge('ch_aaaaaa1'))
    store.saveCharge(charge('ch_bbbbbb2'))
    store.saveBatch!([
      { k: 'transfer', v: transfer('tx1', 'ch_aaaaaa1', 100_00) },
      { k: 'charge', v: charge('ch_aaaaaa1', 'closed') },
    ])
    store.saveTransfer(transfer('tx2', 'ch_bbbbbb2', 40_00))
    store.close()

    const read = readCollections(paths().collections, seal)
    expect(read.charges.map((c) => [c.id, c.state])).toEqual([
      ['ch_aaaaaa1', 'closed'],
      ['ch_bbbbbb2', 'open'],
    ])
    expect(read.transfers.map((t) => t.reference)).toEqual(['tx1', 'tx2'])
  })

  it('reads the journal a piece at a time: lines and characters split between pieces, a torn last line left out', () => {
    const store = openFileStore(paths().collections, seal)
    const named = { ...account, accountName: 'Ọlá Àdìgún Ẹ̀kọ́' }
    for (let i = 0; i < 30; i++)
      store.saveCharge({ ...charge(`ch_piece${String(i).padStart(2, '0')}`), account: named })
    store.saveBatch!([
      { k: 'transfer', v: transfer('tx1', 'ch_piece00', 100_00) },
      { k: 'charge', v: { ...charge('ch_piece00', 'closed'), account: named } },
    ])
    store.close()
    // A crash mid-write leaves half a line at the end: never counted.
    appendFileSync(paths().collections, '{"seq":99,"prev":"')

    const whole = readCollections(paths().collections, seal, 1 << 20)
    for (const pieceBytes of [1, 7, 64, 1000]) {
      const read = readCollections(paths().collections, seal, pieceBytes)
      expect(read).toEqual(whole)
    }
    expect(whole.charges).toHaveLength(30)
    expect(whole.charges[0]).toMatchObject({ state: 'closed', account: named })
    expect(whole.transfers.map((t) => t.reference)).toEqual(['tx1'])
  })

  it('holds one piece buffer for the whole read, however many pieces the journal takes', () => {
    const store = openFileStore(paths().collections, seal)
    for (let i = 0; i < 40; i++) store.saveCharge(charge(`ch_many${String(i).padStart(3, '0')}`))
    store.close()
    const allocations = () =>
      [
        vi.spyOn(Buffer, 'alloc'),
        vi.spyOn(Buffer, 'allocUnsafe'),
        vi.spyOn(Buffer, 'allocUnsafeSlow'),
        vi.spyOn(Buffer, 'concat'),
      ] as const
    const count = (pieceBytes: number) => {
      const spies = allocations()
      const read = readCollections(paths().collections, seal, pieceBytes)
      const made = spies.reduce((n, spy) => n + spy.mock.calls.length, 0)
      for (const spy of spies) spy.mockRestore()
      return { made, charges: read.charges.length }
    }
    // Pieces of 4 KB and 2 KB: a dozen and two dozen of them, lines split between many.
    for (const pieceBytes of [4096, 2048])
      expect(count(pieceBytes)).toEqual({ made: 1, charges: 40 })
  })

  it('still stops at an edited record when it lies in a later piece', () => {
    const store = openFileStore(paths().collections, seal)
    for (let i = 0; i < 20; i++) store.saveCharge(charge(`ch_edit${String(i).padStart(3, '0')}`))
    store.saveTransfer(transfer('tx1', 'ch_edit000', 40_00))
    store.close()
    const text = readFileSync(paths().collections, 'utf8')
    writeFileSync(paths().collections, text.replace('"amount":4000', '"amount":9000'))
    expect(() => readCollections(paths().collections, seal, 16)).toThrow(/line 21.*seal/)
  })

  it('works out each charge with the collections ledger', async () => {
    const store = openFileStore(paths().collections, seal)
    store.saveCharge(charge('ch_aaaaaa1'))
    store.saveTransfer(transfer('tx1', 'ch_aaaaaa1', 40_00))
    store.close()
    const facts = await fileActivitySource(dir, sealOf).read('demo')
    expect(facts.charges).toMatchObject([
      { id: 'ch_aaaaaa1', status: 'part_paid', received: 40_00, amountDue: 100_00 },
    ])
    expect(facts.warnings).toEqual([])
  })

  it('leaves a journal whose record was edited on disk out of the report, and says why', async () => {
    const store = openFileStore(paths().collections, seal)
    store.saveCharge(charge('ch_aaaaaa1'))
    store.saveTransfer(transfer('tx1', 'ch_aaaaaa1', 40_00))
    store.close()
    const text = readFileSync(paths().collections, 'utf8')
    writeFileSync(paths().collections, text.replace('"amount":4000', '"amount":9000'))

    const facts = await fileActivitySource(dir, sealOf).read('demo')
    expect(facts.charges).toEqual([])
    expect(facts.warnings).toEqual([
      expect.stringMatching(/^Collections could not be read or did not pass their check \(.*seal/),
    ])
  })
})

describe('reading whole-file journals', () => {
  it('reads payments from a sealed document and refunds from a file from before sealing', async () => {
    const gateway = join(dir, 'gateway', 'demo')
    mkdirSync(gateway, { recursive: true })
    const payments = [
      {
        reference: 'pay1',
        status: 'success',
        amount: 70_00,
        currency: 'NGN',
        createdAt: '2026-03-02T08:10:00.000Z',
        takenBy: 'Bola',
      },
      // Not an amount in minor units: skipped, never counted.
      { reference: 'bad', status: 'success', amount: 1.5, currency: 'NGN', createdAt: 'x' },
    ]
    const { document } = sealedDocument(seal, documentDomain('payments'), 3, payments)
    writeFileSync(paths().payments, JSON.stringify(document))
    writeFileSync(
      paths().refunds,
      JSON.stringify([
        {
          reference: 'rf1',
          status: 'processing',
          amount: 10_00,
          currency: 'NGN',
          createdAt: '2026-03-02T08:20:00.000Z',
          issuedBy: 'Sade',
        },
      ]),
    )
    const facts = await fileActivitySource(dir, sealOf).read('demo')
    expect(facts.hostedPayments.map((p) => [p.reference, p.takenBy])).toEqual([['pay1', 'Bola']])
    expect(facts.refunds.map((r) => [r.reference, r.status])).toEqual([['rf1', 'processing']])
    expect(facts.warnings).toEqual([])
  })

  it('leaves out a document with an edited entry, and an unreadable file, with a warning each', async () => {
    const gateway = join(dir, 'gateway', 'demo')
    mkdirSync(gateway, { recursive: true })
    const { document } = sealedDocument(seal, documentDomain('payments'), 1, [
      { reference: 'pay1', status: 'success', amount: 70_00, currency: 'NGN', createdAt: 'x' },
    ])
    ;(document.entries[0]!.value as { amount: number }).amount = 7_000_00
    writeFileSync(paths().payments, JSON.stringify(document))
    writeFileSync(paths().refunds, '{ damaged')
    const facts = await fileActivitySource(dir, sealOf).read('demo')
    expect(facts.hostedPayments).toEqual([])
    expect(facts.refunds).toEqual([])
    expect(facts.warnings).toEqual([
      expect.stringMatching(/^Hosted payments .*does not match its seal/),
      'Refunds could not be read or did not pass their check; they are left out of this report.',
    ])
  })
})
