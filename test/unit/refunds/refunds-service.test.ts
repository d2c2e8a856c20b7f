import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FullPaymentRecord as PaymentRecord } from '../../../common/api/payments'
import type {
  FullRefund as Refund,
  InitializeRefundRequest,
  RefundStatus,
} from '../../../common/api/refunds'
import { refundsChannels, type RefundView } from '../../../common/ipc/refunds'
import { sum, type Minor } from '../../../common/money'
import { AppError } from '../../../main/kernel/errors'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { refundBalance } from '../../../main/refunds/refund-balance'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { ManualTimers, gwError, log, recorder } from '../payments/support'
import { rejection } from '../../support/async'

interface RefundList {
  status: true
  data: Refund[]
  pagination: { page: number; page_size: number; total_items: number; total_pages: number }
}

const m = (n: number) => n as Minor

class FakeRefundsGateway implements RefundsGateway {
  readonly paymentsById = new Map<string, PaymentRecord>()
  readonly refundsById = new Map<string, Refund>()
  readonly sent: InitializeRefundRequest[] = []
  readonly #initFaults: Array<{ error: Error; when: 'before' | 'after' }> = []
  readonly #getFaults: Error[] = []
  getCalls = 0

  addPayment(reference: string, amount: number, status: PaymentRecord['status'] = 'success'): void {
    this.paymentsById.set(reference, {
      reference,
      status,
      email: 'buyer@example.com',
      amount: m(amount),
      currency: 'NGN',
      amount_refunded: m(0),
      payment_method: 'card',
      customer_name: 'Bola',
      metadata: {},
      authorization_url: 'https://gateway.example/checkout/x',
      callback_url: null,
      created_at: '2025-01-15T09:00:00.000Z',
      paid_at: status === 'success' ? '2025-01-15T09:01:00.000Z' : null,
    })
  }

  addRefund(
    paymentReference: string,
    amount: number,
    status: RefundStatus,
    reference = `R${this.refundsById.size}`,
  ): void {
    this.refundsById.set(reference, {
      reference,
      payment_reference: paymentReference,
      amount: m(amount),
      currency: 'NGN',
      status,
      reason: 'test',
      failure_reason: status === 'failed' ? 'Bank rejected' : null,
      created_at: '2025-01-15T09:30:00.000Z',
      updated_at: '2025-01-15T09:30:00.000Z',
    })
  }

  move(reference: string, status: RefundStatus): void {
    const refund = this.refundsById.get(reference)
    if (!refund) throw new Error(`no refund ${reference}`)
    this.refundsById.set(reference, { ...refund, status, updated_at: '2025-01-15T10:05:00.000Z' })
  }

  failInitialize(error: Error, when: 'before' | 'after'): void {
    this.#initFaults.push({ error, when })
  }

  failGet(error: Error, times = 1): void {
    for (let i = 0; i < times; i++) this.#getFaults.push(error)
  }

  readonly payments = {
    verify: async (reference: string) => {
      const payment = this.paymentsById.get(reference)
      if (!payment) throw gwError('not_found', { method: 'GET' })
      return structuredClone(payment)
    },
  }

  readonly refunds = {
    initialize: async (body: InitializeRefundRequest): Promise<Refund> => {
      this.sent.push(structuredClone(body))
      const fault = this.#initFaults.shift()
      if (fault?.when === 'before') throw fault.error
      const payment = this.paymentsById.get(body.payment_reference)
      if (!payment) throw gwError('not_found')
      if (body.reference && this.refundsById.has(body.reference))
        throw gwError('conflict', { code: 'duplicate_reference' })
      const reserved = sum(
        [...this.refundsById.values()]
          .filter((r) => r.payment_reference === payment.reference && r.status !== 'failed')
          .map((r) => r.amount),
      )
      const amount = body.amount ?? m(payment.amount - reserved)
      if (payment.status !== 'success' || reserved + amount > payment.amount)
        throw gwError('unprocessable', {
          code: 'unprocessable',
          message: 'Refund exceeds the refundable balance',
        })
      const reference = body.reference ?? `RF_GEN_${this.refundsById.size}`
      this.addRefund(payment.reference, amount, 'pending', reference)
      if (fault?.when === 'after') throw fault.error
      return structuredClone(this.refundsById.get(reference) as Refund)
    },
    get: async (reference: string) => {
      this.getCalls++
      const fault = this.#getFaults.shift()
      if (fault) throw fault
      const refund = this.refundsById.get(reference)
      if (!refund) throw gwError('not_found', { method: 'GET' })
      return structuredClone(refund)
    },
    ofPayment: async (
      paymentReference: string,
      query: { page?: number; page_size?: number } = {},
    ): Promise<RefundList> => {
      const page = { page: query.page ?? 1, page_size: query.page_size ?? 10 }
      const all = [...this.refundsById.values()].filter(
        (r) => r.payment_reference === paymentReference,
      )
      const start = (page.page - 1) * page.page_size
      return {
        status: true,
        data: all.slice(start, start + page.page_size),
        pagination: {
          page: page.page,
          page_size: page.page_size,
          total_items: all.length,
          total_pages: Math.max(1, Math.ceil(all.length / page.page_size)),
        },
      }
    },
    historyQueries: [] as unknown[],
    history: async (query: Record<string, unknown> = {}): Promise<RefundList> => {
      this.refunds.historyQueries.push(query)
      const all = [...this.refundsById.values()]
      return {
        status: true,
        data: all,
        pagination: { page: 1, page_size: 50, total_items: all.length, total_pages: 1 },
      }
    },
    counts: async () => ({
      status: true as const,
      data: { pending: 1, processing: 0, success: 2, failed: 0, total: 3 },
    }),
  }
}

const VERIFY_AFTER_MS = 25_000
const WINDOW_MS = 10 * 60_000

function setup(
  gateway = new FakeRefundsGateway(),
  storage = memoryStorage(),
  provide: () => Promise<FakeRefundsGateway> = async () => gateway,
) {
  const timers = new ManualTimers()
  const who = { current: { id: 'u_super0001', name: 'Sam' } }
  const journal = new Journal({
    name: 'refunds',
    schema: RefundEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 500,
    keep: (e) => e.status !== 'success' && e.status !== 'failed',
  })
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const published = recorder<RefundView>()
  const service = new RefundsService({
    gateway: provide,
    journal,
    follower,
    publish: published.publish,
    actor: () => who.current,
    verifyPin: async (_userId: string, pin: string) => {
      if (pin !== '4321') throw new AppError('wrong_pin', 'Wrong PIN.')
    },
    log,
    now: () => timers.now(),
    verifyAfterMs: VERIFY_AFTER_MS,
    unknownWindowMs: WINDOW_MS,
  })
  return { gateway, timers, journal, follower, published, service, storage, who }
}

describe('refundBalance', () => {
  it('counts successful and in-progress refunds, frees failed ones, and never goes negative', () => {
    const refunds = [
      { amount: m(1000), status: 'success' as const },
      { amount: m(500), status: 'processing' as const },
      { amount: m(200), status: 'pending' as const },
      { amount: m(9000), status: 'failed' as const },
    ]
    expect(refundBalance(m(5000), m(0), refunds)).toEqual({
      refunded: 1000,
      inProgress: 700,
      refundable: 3300,
    })
    // The gateway's own figure wins when it is the larger.
    expect(refundBalance(m(5000), m(4000), refunds).refundable).toBe(1000)
    expect(refundBalance(m(1000), m(0), refunds).refundable).toBe(0)
  })

  it('refundable + reserved never exceeds what was paid (property)', () => {
    const status = fc.constantFrom<RefundStatus>('pending', 'processing', 'success', 'failed')
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 10 ** 10 }).map(m), status }), {
          maxLength: 20,
        }),
        (paid, gatewayRefunded, refunds) => {
          const b = refundBalance(m(paid), m(gatewayRefunded), refunds)
          expect(Number.isSafeInteger(b.refundable)).toBe(true)
          expect(b.refundable).toBeGreaterThanOrEqual(0)
          expect(b.refundable).toBeLessThanOrEqual(paid)
          if (b.refundable > 0)
            expect(b.refundable + Math.max(b.refunded + b.inProgress, gatewayRefunded)).toBe(paid)
        },
      ),
    )
  })
})

describe('RefundsService.prepare', () => {
  it("shows the payment's refunds and the balance main worked out", async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000)
    gateway.addRefund('PAY_1', 2_500, 'success')
    gateway.addRefund('PAY_1', 1_000, 'processing')
    gateway.addRefund('PAY_1', 4_000, 'failed')
    const view = await service.prepare('PAY_1')
    expect(view).toMatchObject({
      paid: 10_000,
      refunded: 2_500,
      inProgress: 1_000,
      refundable: 6_500,
      blockedReason: null,
    })
    expect(view.refunds.map((r) => r.status)).toEqual(['success', 'processing', 'failed'])
  })

  it('walks every page of refunds of a payment', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 1_000_000)
    for (let i = 0; i < 230; i++) gateway.addRefund('PAY_1', 100, 'success', `R${i}`)
    const view = await service.prepare('PAY_1')
    expect(view.refunds).toHaveLength(230)
    expect(view.refunded).toBe(23_000)
  })

  it('says why a payment cannot be refunded', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PENDING', 1000, 'pending')
    gateway.addPayment('FAILED', 1000, 'failed')
    gateway.addPayment('DONE', 1000)
    gateway.addRefund('DONE', 1000, 'success')
    gateway.addPayment('BUSY', 1000)
    gateway.addRefund('BUSY', 1000, 'pending')
    expect((await service.prepare('PENDING')).blockedReason).toMatch(/hasn't been completed/)
    expect((await service.prepare('FAILED')).blockedReason).toMatch(/did not go through/)
    expect((await service.prepare('DONE')).blockedReason).toMatch(/refunded in full/)
    expect((await service.prepare('BUSY')).blockedReason).toMatch(/already being refunded/)
    const missing = await rejection(service.prepare('NOPE'))
    expect(missing.code).toBe('not_found')
  })
})

describe('RefundsService.issue', () => {
  it('refunds part of a payment with a reference fixed and journalled before sending', async () => {
    const { gateway, service, journal } = setup()
    gateway.addPayment('PAY_1', 10_000)
    const view = await service.issue({
      paymentReference: 'PAY_1',
      kind: 'partial',
      amount: '25.50',
      reason: 'Damaged item',
    })
    expect(gateway.sent).toEqual([
      {
        payment_reference: 'PAY_1',
        amount: 2_550,
        reason: 'Damaged item',
        reference: view.reference,
      },
    ])
    expect(view).toMatchObject({ status: 'pending', amount: 2_550, following: true })
    expect(view.reference).toMatch(/^RF_/)
    expect(journal.get(view.reference!)?.issuedBy).toBe('Sam')
  })

  it('leaves no "starting" refund behind when the gateway cannot be reached to send it', async () => {
    const gateway = new FakeRefundsGateway()
    let calls = 0
    // prepare() gets the gateway first; the second request (the send) finds it gone.
    const { service, journal } = setup(gateway, memoryStorage(), async () => {
      calls += 1
      if (calls > 1) throw new AppError('gateway_not_configured', 'The gateway is not set up yet.')
      return gateway
    })
    gateway.addPayment('PAY_1', 10_000)
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'partial', amount: '25.50', reason: 'x' }),
    )
    expect(error.code).toBe('gateway_not_configured')
    expect(gateway.sent).toEqual([])
    expect(journal.list()).toEqual([])
  })

  it('refunds exactly the refundable balance for a full refund', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000)
    gateway.addRefund('PAY_1', 3_000, 'success')
    const view = await service.issue({
      paymentReference: 'PAY_1',
      kind: 'full',
      reason: 'Order cancelled',
    })
    expect(view.amount).toBe(7_000)
    expect(gateway.sent[0]?.amount).toBe(7_000)
  })

  it('refuses more than the balance beside the amount field, and sends nothing', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000)
    const error = await rejection(
      service.issue({
        paymentReference: 'PAY_1',
        kind: 'partial',
        amount: '100.01',
        reason: 'Too much',
      }),
    )
    expect(error.fields?.amount).toBe('At most ₦100.00 can be refunded on this payment.')
    const bad = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'partial', amount: 'ten', reason: 'Bad' }),
    )
    expect(bad.fields?.amount).toMatch(/not an amount/)
    expect(gateway.sent).toHaveLength(0)
  })

  it('refuses a refund of a payment that is not refundable', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000, 'abandoned')
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Nope' }),
    )
    expect(error.code).toBe('not_refundable')
    expect(gateway.sent).toHaveLength(0)
  })

  it('explains a gateway refusal of the amount and forgets the journal entry', async () => {
    const { gateway, service, journal } = setup()
    gateway.addPayment('PAY_1', 10_000)
    gateway.failInitialize(gwError('unprocessable', { code: 'unprocessable' }), 'before')
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Race' }),
    )
    expect(error.message).toMatch(/refundable balance may have changed/)
    expect(journal.list()).toHaveLength(0)
  })

  it('settles a lost answer by reference, after the wait: one refund, never two', async () => {
    const { gateway, service, timers, journal } = setup()
    gateway.addPayment('PAY_1', 10_000)
    gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'after')
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Lost answer' }),
    )
    expect(error.code).toBe('refund_unconfirmed')
    await timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(gateway.sent).toHaveLength(1)
    expect(gateway.refundsById.size).toBe(1)
    expect(journal.get(gateway.sent[0]!.reference!)?.status).toBe('pending')
  })

  it('refuses a second refund of the same payment while one is being sent', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000)
    const first = service.issue({
      paymentReference: 'PAY_1',
      kind: 'partial',
      amount: '10',
      reason: 'First',
    })
    const second = await rejection(
      service.issue({
        paymentReference: 'PAY_1',
        kind: 'partial',
        amount: '10',
        reason: 'Double click',
      }),
    )
    expect(second.code).toBe('refund_in_progress')
    await first
    expect(gateway.sent).toHaveLength(1)
  })
})

describe('following refunds', () => {
  it('publishes each status change until final, and resumes after a restart', async () => {
    const a = setup()
    a.gateway.addPayment('PAY_1', 10_000)
    const view = await a.service.issue({
      paymentReference: 'PAY_1',
      kind: 'full',
      reason: 'Follow me',
    })
    a.gateway.move(view.reference!, 'processing')
    await a.timers.advance(2_000)
    expect(a.published.seen.map((v) => v.status)).toEqual(['processing'])
    await a.timers.advance(2_000)
    expect(a.published.seen).toHaveLength(1)
    a.service.stop()

    const b = setup(a.gateway, a.storage)
    b.service.resume()
    a.gateway.move(view.reference!, 'success')
    await b.timers.advance(2_000)
    expect(b.published.seen.at(-1)).toMatchObject({
      reference: view.reference,
      status: 'success',
      final: true,
    })
    expect(b.follower.isFollowing(view.reference!)).toBe(false)
  })
})

describe('history and counts', () => {
  it('maps filters to the gateway query and checks the date range', async () => {
    const { gateway, service } = setup()
    gateway.addPayment('PAY_1', 10_000)
    gateway.addRefund('PAY_1', 100, 'success')
    const page = await service.history({
      status: 'success',
      paymentReference: 'PAY_1',
      from: '2025-01-01',
      to: '2025-01-31',
      page: 2,
      pageSize: 25,
    })
    expect(gateway.refunds.historyQueries[0]).toEqual({
      page: 2,
      page_size: 25,
      status: 'success',
      payment_reference: 'PAY_1',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    })
    expect(page.items).toHaveLength(1)
    const error = await rejection(
      service.history({ from: '2025-02-01', to: '2025-01-01', page: 1, pageSize: 25 }),
    )
    expect(error.fields?.to).toMatch(/before the start date/)
    expect(await service.counts()).toEqual({
      pending: 1,
      processing: 0,
      success: 2,
      failed: 0,
      total: 3,
    })
  })
})

// After a lost answer only the gateway's word about the refund's reference settles it: a
// refusal of the resend, a 404 that is not "no such refund" or silence never drops the entry.
describe('refunds: an unknown outcome is never settled by a refusal or a guess', () => {
  const lost = () => gwError('timeout', { status: null, outcomeUnknown: true })
  const issueLost = async (s: ReturnType<typeof setup>) => {
    s.gateway.addPayment('PAY_1', 10_000)
    const error = await rejection(
      s.service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Lost answer' }),
    )
    expect(error.code).toBe('refund_unconfirmed')
    return s.gateway.sent[0]!.reference!
  }

  it('timeout → lookup 404 → resend refused (422): the entry stays, unknown, never failed', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'before')
    s.gateway.failInitialize(
      gwError('unprocessable', {
        code: 'unprocessable',
        message: 'Refund exceeds the refundable balance',
      }),
      'before',
    )
    const reference = await issueLost(s)
    await s.timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(s.gateway.sent).toHaveLength(2)
    const entry = s.journal.get(reference)
    expect(entry?.status).toBe('starting')
    expect(entry?.uncertainty?.resendRefused).toBe(true)
    // The first request lands late: the next lookup adopts it.
    s.gateway.addRefund('PAY_1', 10_000, 'pending', reference)
    await s.timers.advance(10_000)
    expect(s.journal.get(reference)?.status).toBe('pending')
    expect(s.gateway.sent).toHaveLength(2)
    expect(s.published.seen.some((v) => v.status === 'failed')).toBe(false)
  })

  it('a 409 on the resend means it exists: looked up and adopted', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'before')
    s.gateway.failInitialize(gwError('conflict', { code: 'duplicate_reference' }), 'before')
    const reference = await issueLost(s)
    await s.timers.advance(VERIFY_AFTER_MS + 2_000)
    expect(s.journal.get(reference)?.uncertainty?.existsSaid).toBe(true)
    s.gateway.addRefund('PAY_1', 10_000, 'processing', reference)
    await s.timers.advance(10_000)
    expect(s.journal.get(reference)?.status).toBe('processing')
  })

  // The supervisors' list of unconfirmed refunds (Refunds screen) reloads on `refunds.updated`:
  // a refund whose answer was just lost must be told at once, not only at its first lookup.
  it('tells the screens at once that a refund became unconfirmed', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'after')
    const reference = await issueLost(s)
    expect(s.published.seen.at(-1)).toMatchObject({ reference, final: false })
    expect(s.service.unsettled().map((v) => v.reference)).toEqual([reference])
  })

  it('does not look the reference up straight after the timeout, only after the wait', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'after')
    const reference = await issueLost(s)
    expect(s.gateway.getCalls).toBe(0)
    await s.timers.advance(VERIFY_AFTER_MS - 2_000)
    expect(s.gateway.getCalls).toBe(0)
    await s.timers.advance(4_000)
    expect(s.gateway.getCalls).toBe(1)
    expect(s.journal.get(reference)?.status).toBe('pending')
    expect(s.gateway.sent).toHaveLength(1)
  })

  it('a 404 that is not "no such refund" (route, proxy page) never clears a resend', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'before')
    s.gateway.failGet(gwError('not_found', { method: 'GET', recordAbsent: false }), 1_000)
    const reference = await issueLost(s)
    await s.timers.advance(VERIFY_AFTER_MS + 60_000)
    expect(s.gateway.sent).toHaveLength(1)
    expect(s.journal.get(reference)?.status).toBe('starting')
  })

  it('after the window: needs review, in words, with the evidence; the entry is kept', async () => {
    const s = setup()
    s.gateway.failInitialize(lost(), 'before')
    s.gateway.failGet(gwError('server', { method: 'GET', status: 502 }), 1_000)
    const reference = await issueLost(s)
    await s.timers.advance(WINDOW_MS + 120_000)
    const entry = s.journal.get(reference)
    expect(entry?.status).toBe('needs_review')
    const view = s.published.seen.at(-1)
    expect(view?.reference).toBe(reference)
    expect(view?.outcome?.state).toBe('needs_review')
    expect(view?.outcome?.why).toMatch(/may or may not have/)
    expect(view?.outcome?.steps[0]?.said).toMatch(/did not answer in time/)
    expect(view?.status).not.toBe('failed')
  })

  it('a "starting" refund found after a restart whose lookup says 404 is resent, not dropped', async () => {
    const a = setup()
    a.gateway.addPayment('PAY_1', 10_000)
    a.journal.put({
      reference: 'RF-LOST-1',
      paymentReference: 'PAY_1',
      amount: m(5_000),
      currency: 'NGN',
      status: 'starting',
      reason: 'Crashed',
      failureReason: null,
      createdAt: new Date(a.timers.now()).toISOString(),
      updatedAt: new Date(a.timers.now()).toISOString(),
      issuedBy: 'Sam',
    })
    a.gateway.failInitialize(
      gwError('unprocessable', { code: 'unprocessable', message: 'Nope' }),
      'before',
    )
    a.service.resume()
    await a.timers.advance(VERIFY_AFTER_MS + 4_000)
    expect(a.journal.get('RF-LOST-1')).toBeDefined()
    expect(a.journal.get('RF-LOST-1')?.status).toBe('starting')
  })
})

describe('a supervisor decides a refund whose outcome is unknown', () => {
  const reviewed = async () => {
    const s = setup()
    s.gateway.addPayment('PAY_1', 10_000)
    s.gateway.failInitialize(gwError('timeout', { status: null, outcomeUnknown: true }), 'before')
    s.gateway.failGet(gwError('server', { method: 'GET', status: 502 }), 1_000)
    await rejection(s.service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Lost' }))
    await s.timers.advance(WINDOW_MS + 120_000)
    const reference = s.gateway.sent[0]!.reference!
    expect(s.journal.get(reference)?.status).toBe('needs_review')
    return { ...s, reference }
  }

  it('lists it with why, in words, and refuses the supervisor who issued it', async () => {
    const s = await reviewed()
    const [view] = s.service.unsettled()
    expect(view?.reference).toBe(s.reference)
    expect(view?.outcome?.state).toBe('needs_review')
    expect(view?.outcome?.decideBlocked).toMatch(/another supervisor/)
    const error = await rejection(
      s.service.decideOutcome({
        reference: s.reference,
        pin: '4321',
        outcome: 'not_refunded',
        reason: 'I think not',
      }),
    )
    expect(error.code).toBe('maker_cannot_decide')
  })

  it('another supervisor marks it made (gateway reference) or not made (reason), with the PIN', async () => {
    const s = await reviewed()
    s.who.current = { id: 'u_super0002', name: 'Tola' }
    const wrong = await rejection(
      s.service.decideOutcome({
        reference: s.reference,
        pin: '0000',
        outcome: 'refunded',
        gatewayReference: 'GW-RF-9',
        reason: 'On the dashboard',
      }),
    )
    expect(wrong.code).toBe('wrong_pin')
    const view = await s.service.decideOutcome({
      reference: s.reference,
      pin: '4321',
      outcome: 'not_refunded',
      reason: 'Gateway support: no such refund',
    })
    expect(view.status).toBe('not_refunded')
    expect(view.status).not.toBe('failed')
    expect(view.outcome?.decided).toMatchObject({ made: false, byName: 'Tola' })
    expect(s.journal.get(s.reference)?.resolution).toMatchObject({
      made: false,
      byId: 'u_super0002',
      reason: 'Gateway support: no such refund',
    })
    expect(s.service.unsettled()).toEqual([])
    const again = await rejection(
      s.service.decideOutcome({
        reference: s.reference,
        pin: '4321',
        outcome: 'refunded',
        gatewayReference: 'GW-RF-9',
        reason: 'Changed my mind',
      }),
    )
    expect(again.code).toBe('wrong_state')
  })

  it('the IPC input needs the gateway reference for "refunded" and a reason for both', () => {
    const input = refundsChannels['refunds.decideOutcome'].input
    const base = { reference: 'RF-1', pin: '4321' }
    expect(input.safeParse({ ...base, outcome: 'refunded', reason: 'seen it' }).success).toBe(false)
    expect(
      input.safeParse({ ...base, outcome: 'refunded', gatewayReference: 'G1', reason: 'seen it' })
        .success,
    ).toBe(true)
    expect(input.safeParse({ ...base, outcome: 'not_refunded', reason: '' }).success).toBe(false)
    expect(refundsChannels['refunds.decideOutcome'].role).toBe('supervisor')
    expect(refundsChannels['refunds.unsettled'].role).toBe('supervisor')
  })
})
