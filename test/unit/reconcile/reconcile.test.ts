import { describe, expect, it } from 'vitest'
import { dayBounds } from '../../../main/reconcile/day'
import { readList, type ReconcileGateway } from '../../../main/reconcile/gateway-lists'
import { matchDay } from '../../../main/reconcile/match'
import {
  ReconcileService,
  zReconciliation,
  type TillRecordSet,
} from '../../../main/reconcile/service'
import { periodRecords, shopRecords } from '../../../main/reconcile/till-records'
import { payoutFact } from '../../../main/shop/reporter'
import type { PayoutView } from '../../../common/ipc/payouts'
import { emptyActivity, type PayoutFact } from '../../../main/shifts/activity'
import { minor } from '../../../common/money'
import type { TillRecord } from '../../../main/reconcile/match'
import { gwError } from '../payments/support'
import {
  at,
  emptyDay,
  fakeGateway,
  tillRecord,
  transfer,
  vaTransaction,
  type FakeDay,
} from './support'

const DAY = '2026-11-26'
const ZONE = 'Africa/Lagos'

const tillSet = (records: TillRecord[]): TillRecordSet => ({
  records,
  problems: [],
  scope: 'till',
  tills: ['Till 1'],
  stale: false,
})

function service(
  day: FakeDay,
  records: TillRecord[],
  options: {
    envelope?: boolean
    wrap?: (g: ReconcileGateway) => ReconcileGateway
    /** The service may not read the till's records itself (a Z-report hands them over). */
    unread?: boolean
  } = {},
) {
  const gateway = fakeGateway(day, options)
  const s = new ReconcileService({
    gateway: async () => options.wrap?.(gateway) ?? gateway,
    records: async () => {
      if (options.unread) throw new Error('read the whole journal')
      return tillSet(records)
    },
    environment: () => 'demo',
    timeZone: () => ZONE,
    pdf: null,
    now: () => Date.parse('2026-11-27T09:00:00Z'),
    list: { sleep: async () => undefined },
  })
  return { s, gateway }
}

/** A balanced day: 25 transfers in, two payouts, a payment, a refund and a debit. */
function balancedDay(): { day: FakeDay; records: TillRecord[] } {
  const day = emptyDay()
  const records: TillRecord[] = []
  for (let i = 0; i < 25; i++) {
    day.transfers.push(vaTransaction(`TRF_${i}`, 100_000 + i, 'success', at(9, i)))
    records.push(tillRecord('transfer_in', `TRF_${i}`, 100_000 + i, 'success', at(9, i)))
  }
  day.payouts.push(transfer('PO_1', 500_000), transfer('PO_2', 70_000, 'processing'))
  records.push(
    tillRecord('payout', 'PO_1', 500_000, 'success', at(11)),
    tillRecord('payout', 'PO_2', 70_000, 'submitted', at(11)),
    // Never sent (waiting for a supervisor): not expected at the gateway.
    tillRecord('payout', 'PO_DRAFT', 9_000, 'awaiting_approval', at(12)),
  )
  day.payments.push({
    reference: 'PAY_1',
    status: 'success',
    amount: 2_500,
    currency: 'NGN',
    created_at: at(12),
  })
  records.push(tillRecord('payment', 'PAY_1', 250_000, 'success', at(12)))
  day.refunds.push({
    reference: 'RF_1',
    status: 'processing',
    amount: 300,
    currency: 'NGN',
    created_at: at(13),
  })
  records.push(tillRecord('refund', 'RF_1', 30_000, 'pending', at(13)))
  day.debits.push({
    payment_reference: 'DD_1',
    mandate_reference: 'M_1',
    amount: 150,
    narration: 'Rent',
    status: 'success',
  })
  records.push(tillRecord('debit', 'DD_1', 15_000, 'success', at(14)))
  return { day, records }
}

describe('reconciling a day against the gateway', () => {
  it('a balanced day reconciles: every record matched, totals per list and currency', async () => {
    const { day, records } = balancedDay()
    const { s, gateway } = service(day, records)
    const report = await s.day(DAY)
    expect(report.differences).toEqual([])
    expect(report.notes).toEqual([])
    expect(report.status).toBe('reconciled')
    expect(report.matched).toBe(25 + 2 + 1 + 1 + 1)
    const transfersIn = report.totals.find((t) => t.source === 'transfer_in')!
    expect(transfersIn).toMatchObject({ gatewayCount: 25, tillCount: 25, matched: 25 })
    expect(transfersIn.gatewaySettledMinor).toBe(String(25 * 100_000 + 300))
    // A debit has no list: it is matched by its look-up, and its row says so, in the till's
    // currency (its status record names none), or a bookkeeper reads 0 against 15,000.
    expect(report.totals.filter((t) => t.source === 'debit')).toEqual([
      {
        source: 'debit',
        currency: 'NGN',
        gatewayCount: 1,
        tillCount: 1,
        matched: 1,
        gatewaySettledMinor: '15000',
        tillSettledMinor: '15000',
      },
    ])
    // Read only: every call was a GET, and the 25 transfers came in pages.
    expect(gateway.calls.every((c) => c.startsWith('GET '))).toBe(true)
    expect(gateway.calls.filter((c) => c.startsWith('GET va'))).toHaveLength(1)
  })

  it("finds a transfer deleted from a till's journal, in words, with what to do", async () => {
    const { day, records } = balancedDay()
    const { s } = service(
      day,
      records.filter((r) => r.reference !== 'TRF_7'),
    )
    const report = await s.day(DAY)
    expect(report.status).toBe('differences')
    expect(report.differences).toHaveLength(1)
    const d = report.differences[0]!
    expect(d).toMatchObject({ kind: 'gateway_only', source: 'transfer_in', reference: 'TRF_7' })
    expect(d.what.en).toContain('(Received) is at the gateway but Tilldesk has no record of it')
    expect(d.what.fr).toContain('(Reçu)')
    expect(d.what.en).toContain('₦1,000.07')
    expect(d.todo.fr).toContain('remboursez')
  })

  it('finds a gateway record the till never saw (a payout nobody here started)', async () => {
    const { day, records } = balancedDay()
    day.payouts.push(transfer('PO_STRANGER', 1_000_000))
    const report = await service(day, records).s.day(DAY)
    expect(report.differences.map((d) => [d.kind, d.reference])).toEqual([
      ['gateway_only', 'PO_STRANGER'],
    ])
    expect(report.differences[0]!.todo.en).toContain('API key')
  })

  it('finds an amount changed on one side', async () => {
    const { day, records } = balancedDay()
    const changed = records.map((r) => (r.reference === 'TRF_3' ? { ...r, amount: 999_999 } : r))
    const report = await service(day, changed).s.day(DAY)
    expect(report.differences).toHaveLength(1)
    expect(report.differences[0]).toMatchObject({ kind: 'amount', reference: 'TRF_3' })
    expect(report.differences[0]!.what.en).toBe(
      'Transfer received: the gateway says ₦1,000.03, Tilldesk (till Till 1) recorded ₦9,999.99.',
    )
  })

  it('finds a status that differs (the till still says submitted, the gateway failed it)', async () => {
    const { day, records } = balancedDay()
    day.payouts[1] = transfer('PO_2', 70_000, 'failed')
    const report = await service(day, records).s.day(DAY)
    expect(report.differences).toHaveLength(1)
    expect(report.differences[0]).toMatchObject({
      kind: 'status',
      reference: 'PO_2',
      gateway: { status: 'failed' },
      till: { status: 'submitted' },
    })
    // In the glossary's words: the gateway's "success" or "submitted" is never shown.
    expect(report.differences[0]!.what.en).toBe(
      'Payout of ₦700.00: the gateway says Failed, Tilldesk (till Till 1) says Processing.',
    )
    expect(report.differences[0]!.what.fr).toContain('la passerelle indique Échoué')
  })

  it('a payout a supervisor decided "not paid" agrees with a gateway that failed it, or never had it', async () => {
    const { day, records } = balancedDay()
    day.payouts.push(transfer('PO_LOST', 40_000, 'failed'))
    const activity = emptyActivity()
    const payout = (reference: string): PayoutFact => ({
      reference,
      // The journal's state after the decision; alone it reads as refused before it was sent.
      state: 'rejected',
      decided: 'not_paid',
      amount: minor(40_000),
      currency: 'NGN',
      maker: { id: 'u1', name: 'Bola' },
      payee: 'ADA OBI',
      createdAt: at(15),
      updatedAt: at(15),
    })
    activity.payouts.push(payout('PO_LOST'), payout('PO_NEVER_THERE'))
    const own = periodRecords(activity, 'Till 1').records
    const report = await service(day, [...records, ...own]).s.day(DAY)
    expect(report.differences).toEqual([])
  })

  it('a till record the gateway has no record of is looked up, then listed as unknown to the gateway', async () => {
    const { day, records } = balancedDay()
    records.push(tillRecord('payout', 'PO_GHOST', 12_300, 'success', at(15)))
    const { s, gateway } = service(day, records)
    const report = await s.day(DAY)
    expect(gateway.calls).toContain('GET payout PO_GHOST')
    expect(report.differences.map((d) => [d.kind, d.reference])).toEqual([
      ['till_only', 'PO_GHOST'],
    ])
    expect(report.differences[0]!.todo.en).toContain('Do not pay out')
  })

  it('a payout the day list missed but the look-up finds is matched, not called missing', async () => {
    const { day, records } = balancedDay()
    // Created at the gateway two days ago (outside every list of the day), sent today here.
    day.payouts.push(transfer('PO_OLD', 40_000, 'success', '2026-11-24T10:00:00.000Z'))
    records.push(tillRecord('payout', 'PO_OLD', 40_000, 'success', at(16)))
    const { s, gateway } = service(day, records, {
      // The day's list leaves it out, as a gateway dating it by creation would.
      wrap: (gateway) => ({
        ...gateway,
        disbursements: {
          ...gateway.disbursements,
          list: async (q) => {
            const r = await gateway.disbursements.list(q)
            return { ...r, data: r.data.filter((t) => t.reference !== 'PO_OLD') }
          },
        },
      }),
    })
    const report = await s.day(DAY)
    expect(gateway.calls).toContain('GET payout PO_OLD')
    expect(report.differences).toEqual([])
    expect(report.status).toBe('reconciled')
  })

  it("a look-up answered with another reference's record is not matched, and is said unchecked", async () => {
    // How verify takes the reference is "not shown": a gateway may answer with another
    // customer's paid payout of the same amount, which must not balance the till's books.
    const { day, records } = balancedDay()
    day.payouts.push(transfer('PO_OTHER', 40_000, 'success', '2026-11-24T10:00:00.000Z'))
    records.push(tillRecord('payout', 'PO_MINE', 40_000, 'success', at(16)))
    const { s } = service(day, records, {
      wrap: (gateway) => ({
        ...gateway,
        disbursements: {
          ...gateway.disbursements,
          list: async (q) => {
            const r = await gateway.disbursements.list(q)
            return { ...r, data: r.data.filter((t) => t.reference !== 'PO_OTHER') }
          },
          verify: async (reference) =>
            reference === 'PO_MINE'
              ? gateway.disbursements.verify('PO_OTHER')
              : gateway.disbursements.verify(reference),
        },
      }),
    })
    const report = await s.day(DAY)
    expect(report.status).not.toBe('reconciled')
    expect(JSON.stringify(report.notes)).toMatch(/payout/i)
  })

  it('an odd item in a page is skipped and counted; the rest of the page still matches', async () => {
    const { day, records } = balancedDay()
    day.transfers.splice(
      4,
      0,
      { reference: 'ODD', amount: 'lots', currency: 'NGN' },
      'not even an object' as never,
    )
    const report = await service(day, records).s.day(DAY)
    expect(report.differences).toEqual([])
    expect(report.matched).toBe(30)
    expect(report.status).toBe('incomplete')
    expect(report.notes).toHaveLength(1)
    expect(report.notes[0]!.en).toContain('2 items')
    expect(report.notes[0]!.fr).toContain('sont illisibles')
  })

  it('a foreign currency at the gateway against a naira record is an amount difference', async () => {
    const { day, records } = balancedDay()
    day.transfers[0] = { ...day.transfers[0]!, currency: 'usd' }
    const report = await service(day, records).s.day(DAY)
    expect(report.differences[0]).toMatchObject({ kind: 'amount', gateway: { currency: 'USD' } })
  })

  it('reads every page with or without the paging envelope', async () => {
    const { day, records } = balancedDay()
    for (let i = 25; i < 230; i++) {
      day.transfers.push(vaTransaction(`TRF_${i}`, 1_000, 'success', at(17)))
      records.push(tillRecord('transfer_in', `TRF_${i}`, 1_000, 'success', at(17)))
    }
    for (const envelope of [true, false]) {
      const { s, gateway } = service(day, records, { envelope })
      const report = await s.day(DAY)
      expect(report.status).toBe('reconciled')
      expect(gateway.calls.filter((c) => c.startsWith('GET va'))).toHaveLength(3)
    }
  })

  it('waits for a busy gateway (Retry-After), then reads on; a list refused is a note in words', async () => {
    const waits: number[] = []
    let first = true
    const r = await readList(
      'transfer_in',
      async (page) => {
        if (first) {
          first = false
          throw gwError('rate_limited', { status: 429, retryAfterMs: 2_000 })
        }
        return {
          data: [vaTransaction('T1', 100)].map((t) => ({ ...t, amount: 100 })),
          pagination: { total_pages: 1, page },
        }
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    expect(waits).toEqual([2_000])
    expect(r.records.map((x) => x.reference)).toEqual(['T1'])
    const refused = await readList('refund', async () => {
      throw gwError('not_found', { status: 404, recordAbsent: false })
    })
    expect(refused.records).toEqual([])
    expect(refused.notes[0]!.en).toContain('could not be read (HTTP 404)')
  })

  it('matches in one pass: a record outside the day is neither listed nor counted', () => {
    const window = dayBounds(DAY, ZONE)
    const result = matchDay(
      [
        {
          source: 'transfer_in',
          reference: 'YESTERDAY',
          amount: 100,
          currency: 'NGN',
          status: 'success',
          atMs: window.fromMs - 1,
        },
        {
          source: 'transfer_in',
          reference: 'EDGE',
          amount: 100,
          currency: 'NGN',
          status: 'success',
          atMs: window.fromMs - 60_000,
        },
      ],
      [
        tillRecord(
          'transfer_in',
          'EDGE',
          100,
          'success',
          new Date(window.fromMs + 30_000).toISOString(),
        ),
      ],
      window,
    )
    expect(result.differences).toEqual([])
    expect(result.matched).toBe(1)
  })
})

describe('the day and the Z-report step', () => {
  it("a day is the till zone's midnight to midnight, 23 hours on a daylight-saving day", () => {
    const lagos = dayBounds(DAY, ZONE)
    expect(new Date(lagos.fromMs).toISOString()).toBe('2026-11-25T23:00:00.000Z')
    expect(lagos.toMs - lagos.fromMs).toBe(24 * 3_600_000)
    const spring = dayBounds('2026-03-29', 'Europe/Paris')
    expect(spring.toMs - spring.fromMs).toBe(23 * 3_600_000)
  })

  it("the Z's step says whether its period reconciled, and never stops a Z when the gateway is away", async () => {
    const { day, records } = balancedDay()
    const { s } = service(day, records)
    const window = dayBounds(DAY, ZONE)
    const ok = await zReconciliation(s, window.fromMs, window.toMs)
    expect(ok).toMatchObject({ status: 'reconciled', matched: 30, differences: 0 })
    expect(ok.summary.fr).toContain('Rapproché')
    const away = await zReconciliation(
      { span: () => Promise.reject(new Error('the gateway is not reachable')) },
      window.fromMs,
      window.toMs,
    )
    expect(away.status).toBe('not_checked')
    expect(away.summary.en).toContain('the gateway is not reachable')
  })

  it("the Z's step matches the records it is given (the report's own read), reading no other", async () => {
    const { day, records } = balancedDay()
    const { s } = service(day, [], { unread: true })
    const window = dayBounds(DAY, ZONE)
    const z = await zReconciliation(s, window.fromMs, window.toMs, {
      records: async () => tillSet(records),
    })
    expect(z).toMatchObject({ status: 'reconciled', matched: 30, differences: 0 })
  })
})

describe("the other tills' records in a shop", () => {
  const event = (tillId: string, kind: string, body: Record<string, unknown>) => ({
    tillId,
    kind,
    body,
    createdAt: at(10),
  })
  it("reads each other till's latest payout state and every transfer the shop's watcher told", () => {
    const records = shopRecords(
      [
        event('till-2', 'payout.state', {
          tillName: 'Till 2',
          reference: 'PO_9',
          state: 'submitted',
          amountMinor: '50000',
          currency: 'NGN',
          at: at(11),
        }),
        event('till-2', 'payout.state', {
          tillName: 'Till 2',
          reference: 'PO_9',
          state: 'success',
          amountMinor: '50000',
          currency: 'NGN',
          at: at(12),
        }),
        // This till's own payouts come from its journal, not from what it told the shop.
        event('till-1', 'payout.state', {
          reference: 'PO_MINE',
          state: 'success',
          amountMinor: '1',
          currency: 'NGN',
        }),
        // Told by this till's watcher for another till's sale: still Tilldesk's record.
        event('till-1', 'transfer.seen', {
          reference: 'TRF_X',
          amountMinor: '700',
          currency: 'NGN',
          status: 'success',
          createdAt: at(9),
          environment: 'demo|http://127.0.0.1:1',
        }),
        // Another environment, and an unreadable amount: left out.
        event('till-3', 'transfer.seen', {
          reference: 'TRF_LIVE',
          amountMinor: '700',
          currency: 'NGN',
          status: 'success',
          environment: 'live|https://gw',
        }),
        event('till-3', 'transfer.seen', {
          reference: 'TRF_BAD',
          amountMinor: '7.5',
          currency: 'NGN',
          status: 'success',
          environment: 'demo|x',
        }),
      ],
      'till-1',
      'demo',
    )
    expect(records.map((r) => [r.source, r.reference, r.status, r.amount, r.till])).toEqual([
      ['payout', 'PO_9', 'success', 50_000, 'Till 2'],
      ['transfer_in', 'TRF_X', 'success', 700, 'till-1'],
    ])
  })
})

describe("another till's payout decided not paid", () => {
  it('reads as decided not paid, told by the till that decided it, not as refused before sending', () => {
    const unknownOutcome = {
      id: 'PO_U',
      reference: 'PO_U',
      state: 'unknown',
      amount: 75_000,
      currency: 'NGN',
      createdBy: { id: 'u_chidi', name: 'Chidi' },
      bindingHash: 'h',
      submittedAt: at(1),
      updatedAt: at(11),
      outcome: { decided: null },
    } as unknown as PayoutView
    const decided = {
      ...unknownOutcome,
      state: 'rejected',
      updatedAt: at(12),
      outcome: { decided: { outcome: 'not_paid', byName: 'Sade', at: at(12), reason: 'Bank' } },
    } as unknown as PayoutView
    const refused = { ...unknownOutcome, reference: 'PO_R', state: 'rejected', outcome: null }
    const told = [unknownOutcome, decided, refused as unknown as PayoutView].map((view) => ({
      tillId: 'till-2',
      kind: 'payout.state',
      body: payoutFact(view, 'Till 2')!.body,
      createdAt: at(12),
    }))
    expect(shopRecords(told, 'till-1', 'demo').map((r) => [r.reference, r.status])).toEqual([
      ['PO_U', 'not_paid'],
      ['PO_R', 'rejected'],
    ])
  })
})

describe('a gateway that does not answer', () => {
  it('is asked for one list only, and the day is not complete, in words', async () => {
    const { day, records } = balancedDay()
    const { s, gateway } = service(day, records, {
      wrap: (g) => ({
        ...g,
        virtualAccounts: {
          transactions: async () => {
            gateway.calls.push('GET va (down)')
            throw gwError('server', { status: 502 })
          },
        },
      }),
    })
    const report = await s.day(DAY)
    expect(gateway.calls.filter((c) => c.includes('payments') || c.includes('payouts '))).toEqual(
      [],
    )
    expect(report.status).not.toBe('reconciled')
    expect(report.notes.map((n) => n.en)).toContain(
      "The gateway's list of online payments could not be read (the gateway did not answer); those are not checked.",
    )
  })
})
