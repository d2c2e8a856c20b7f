// The collections journal read from the side: only what was appended since the last read, a
// torn last line left for later, and a compacted (replaced) file read again from the start.
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CollectionsTail, fileActivitySource } from '../../../main/shifts/sources'

let dir: string
let path: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-src-'))
  path = join(dir, 'collections-demo.jsonl')
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
}
const chargeLine = (id: string, state = 'open') =>
  `${JSON.stringify({
    k: 'charge',
    v: {
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
    },
  })}\n`
const transferLine = (reference: string, chargeId: string, amount: number) =>
  `${JSON.stringify({
    k: 'transfer',
    v: {
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
    },
  })}\n`

describe('collections tail', () => {
  it('reads only what was appended, and leaves a half-written line for the next read', () => {
    const tail = new CollectionsTail(path)
    expect(tail.read()).toEqual({ charges: [], transfers: [] })
    writeFileSync(path, chargeLine('ch_aaaaaa1'))
    expect(tail.read().charges.map((c) => c.id)).toEqual(['ch_aaaaaa1'])
    const whole = transferLine('tx1', 'ch_aaaaaa1', 100_00)
    appendFileSync(path, whole.slice(0, 40))
    expect(tail.read().transfers).toEqual([])
    appendFileSync(path, whole.slice(40) + chargeLine('ch_aaaaaa1', 'closed'))
    const read = tail.read()
    expect(read.transfers.map((t) => t.reference)).toEqual(['tx1'])
    expect(read.charges.map((c) => [c.id, c.state])).toEqual([['ch_aaaaaa1', 'closed']])
  })

  it('starts again when the file is replaced by compaction', () => {
    const tail = new CollectionsTail(path)
    writeFileSync(path, chargeLine('ch_aaaaaa1') + chargeLine('ch_bbbbbb2'))
    expect(tail.read().charges).toHaveLength(2)
    const temp = `${path}.tmp`
    writeFileSync(temp, chargeLine('ch_bbbbbb2', 'closed'))
    renameSync(temp, path)
    expect(tail.read().charges.map((c) => [c.id, c.state])).toEqual([['ch_bbbbbb2', 'closed']])
  })

  it('takes a batch line (a transfer and the charge it closes) whole, or not at all', () => {
    const batch = (parts: string[]) =>
      `${JSON.stringify({ k: 'batch', v: parts.map((p) => JSON.parse(p)) })}\n`
    writeFileSync(
      path,
      chargeLine('ch_aaaaaa1') +
        batch([transferLine('tx1', 'ch_aaaaaa1', 100_00), chargeLine('ch_aaaaaa1', 'closed')]) +
        batch([transferLine('tx2', 'ch_aaaaaa1', 5_00), '{"k":"charge","v":{"id":1}}']),
    )
    const read = new CollectionsTail(path).read()
    expect(read.transfers.map((t) => t.reference)).toEqual(['tx1'])
    expect(read.charges.map((c) => c.state)).toEqual(['closed'])
  })

  it('skips lines that are not records instead of failing the report', () => {
    writeFileSync(path, `not json\n{"k":"charge","v":{"id":5}}\n${chargeLine('ch_aaaaaa1')}`)
    expect(new CollectionsTail(path).read().charges.map((c) => c.id)).toEqual(['ch_aaaaaa1'])
  })
})

describe('file activity source', () => {
  it('works out each charge with the collections ledger and reads payments and refunds', async () => {
    writeFileSync(path, chargeLine('ch_aaaaaa1') + transferLine('tx1', 'ch_aaaaaa1', 40_00))
    const gateway = join(dir, 'gateway', 'demo')
    mkdirSync(gateway, { recursive: true })
    writeFileSync(
      join(gateway, 'payments.json'),
      JSON.stringify([
        {
          reference: 'pay1',
          status: 'success',
          amount: 70_00,
          currency: 'NGN',
          createdAt: 'x',
          takenBy: 'Bola',
        },
        { reference: 'bad', status: 'success', amount: 1.5, currency: 'NGN', createdAt: 'x' },
      ]),
    )
    writeFileSync(join(gateway, 'refunds.json'), '{ damaged')
    const facts = await fileActivitySource(dir).read('demo')
    expect(facts.charges).toMatchObject([
      { id: 'ch_aaaaaa1', status: 'part_paid', received: 40_00, amountDue: 100_00 },
    ])
    expect(facts.hostedPayments.map((p) => p.reference)).toEqual(['pay1'])
    expect(facts.refunds).toEqual([])
    expect(facts.warnings).toEqual(['Refunds could not be read; they are left out of this report.'])
  })
})
