// Payments, refunds, mandates, debits and reports against the real sandbox, in process, through
// the real signed gateway client: the same services the app runs, with short follow intervals.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { createGatewayClient, type GatewayClient } from '../../main/gateway'
import { silentLogger } from '../../main/kernel/log'
import { Follower, type FollowSchedule } from '../../main/exactly-once/follower'
import { Journal, fileStorage } from '../../main/payments/journal'
import { PaymentEntry } from '../../main/payments/payment-entry'
import { PaymentsService } from '../../main/payments/payments-service'
import { RefundEntry, RefundsService } from '../../main/refunds/refunds-service'
import { BankDirectory } from '../../main/mandates/bank-directory'
import { DebitEntry, MandateEntry } from '../../main/mandates/mandate-entries'
import { MandatesService } from '../../main/mandates/mandates-service'
import { DebitsService } from '../../main/mandates/debits-service'
import { ReportsService } from '../../main/reports/reports-service'
import { addDays, localDay } from '../../main/mandates/mandate-rules'
import type { CheckoutView } from '../../common/ipc/payments'
import type { RefundView } from '../../common/ipc/refunds'
import type { DebitView } from '../../common/ipc/mandates'
import { rejection, waitFor } from '../support/async'

const FAST: FollowSchedule = { steps: [{ untilMs: 20_000, everyMs: 50 }] }
const actor = () => ({ id: 'u_super0001', name: 'Sam' })

let sandbox: RunningSandbox
let client: GatewayClient
let dir: string
let payments: PaymentsService
let refunds: RefundsService
let mandates: MandatesService
let debits: DebitsService
let reports: ReportsService
const paymentEvents: CheckoutView[] = []
const refundEvents: RefundView[] = []
const debitEvents: DebitView[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, settleDelayMs: 150 })
  const key = sandbox.keys[0]!
  client = createGatewayClient({
    baseUrl: sandbox.url,
    keyId: key.key_id,
    secret: key.secret,
    timeoutMs: 3_000,
  })
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-features-'))
  const gateway = async () => client
  const journal = <T>(
    name: string,
    schema: ZodType<T>,
    keyOf: (t: T) => string,
    timeOf: (t: T) => string,
  ) => new Journal<T>({ name, schema, storage: fileStorage(dir, name), keyOf, timeOf, limit: 1000 })

  payments = new PaymentsService({
    gateway,
    journal: journal(
      'payments',
      PaymentEntry,
      (e) => e.reference,
      (e) => e.createdAt,
    ),
    follower: new Follower(FAST),
    publish: (v) => paymentEvents.push(v),
    actor,
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => sandbox.url,
    openExternal: null,
    log: silentLogger,
  })
  refunds = new RefundsService({
    gateway,
    journal: journal(
      'refunds',
      RefundEntry,
      (e) => e.reference,
      (e) => e.createdAt,
    ),
    follower: new Follower(FAST),
    publish: (v) => refundEvents.push(v),
    actor,
    log: silentLogger,
  })
  const debitJournal = journal(
    'debits',
    DebitEntry,
    (e) => e.paymentReference,
    (e) => e.createdAt,
  )
  const debitFollower = new Follower(FAST)
  mandates = new MandatesService({
    gateway,
    mandates: journal(
      'mandates',
      MandateEntry,
      (e) => e.mandateReference,
      (e) => e.createdAt,
    ),
    debits: debitJournal,
    banks: new BankDirectory({ gateway, gatewayKey: () => sandbox.url, now: Date.now }),
    debitFollower,
    debitView: (d) => debits.view(d),
    publish: () => undefined,
    actor,
    log: silentLogger,
  })
  debits = new DebitsService({
    gateway,
    debits: debitJournal,
    mandates,
    follower: debitFollower,
    publish: (v) => debitEvents.push(v),
    actor,
    log: silentLogger,
  })
  reports = new ReportsService({ gateway })
})

afterAll(async () => {
  payments?.stop()
  refunds?.stop()
  debits?.stop()
  await sandbox?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a hosted-checkout payment, then refunds', () => {
  let reference = ''

  it('starts with our reference, shows the checkout page, and turns success only after verify', async () => {
    const view = await payments.start({
      email: 'buyer@example.com',
      amount: '15,000.50',
      currency: 'NGN',
      customerName: 'Bola Ade',
    })
    reference = view.reference
    expect(view.status).toBe('pending')
    expect(view.checkout?.url.startsWith(sandbox.url)).toBe(true)
    // The customer finishes on the checkout page (the sandbox's control plays them).
    await client.sandbox.completePayment(reference, { outcome: 'success' })
    const paid = await waitFor('payment success event', () =>
      paymentEvents.find((e) => e.reference === reference && e.status === 'success'),
    )
    expect(paid).toMatchObject({ amount: 1_500_050, final: true, checkout: null })
    const journalFile = JSON.parse(readFileSync(join(dir, 'payments.json'), 'utf8')) as Array<{
      reference: string
      status: string
    }>
    expect(journalFile.find((e) => e.reference === reference)?.status).toBe('success')
  })

  it('refunds part, then the rest, following each to success, and the balance ends at zero', async () => {
    const before = await refunds.prepare(reference)
    expect(before).toMatchObject({ paid: 1_500_050, refundable: 1_500_050, blockedReason: null })
    const part = await refunds.issue({
      paymentReference: reference,
      kind: 'partial',
      amount: '5000',
      reason: 'Returned one item',
    })
    expect(part.amount).toBe(500_000)
    const middle = await refunds.prepare(reference)
    expect(middle.refundable).toBe(1_000_050)
    const over = await rejection(
      refunds.issue({
        paymentReference: reference,
        kind: 'partial',
        amount: '10000.51',
        reason: 'Too much',
      }),
    )
    expect(over.fields?.amount).toMatch(/At most ₦10,000.50/)
    const rest = await refunds.issue({
      paymentReference: reference,
      kind: 'full',
      reason: 'Returned the rest',
    })
    expect(rest.amount).toBe(1_000_050)
    await waitFor('both refunds final', () =>
      [part.reference, rest.reference].every((r) =>
        refundEvents.some((e) => e.reference === r && e.final),
      ),
    )
    const after = await refunds.prepare(reference)
    expect(after.refundable).toBe(0)
    expect(after.blockedReason).toMatch(/refunded in full/)
    const history = await refunds.history({ paymentReference: reference, page: 1, pageSize: 50 })
    expect(history.totalItems).toBe(2)
    const counts = await refunds.counts()
    expect(counts.total).toBeGreaterThanOrEqual(2)
  })

  it('refuses to refund a payment the customer abandoned', async () => {
    const view = await payments.start({ email: 'gone@example.com', amount: '100', currency: 'NGN' })
    await payments.simulate(view.reference, 'abandoned')
    const prepared = await refunds.prepare(view.reference)
    expect(prepared.blockedReason).toMatch(/did not go through/)
  })
})

describe('a direct-debit mandate', () => {
  let mandateReference = ''

  it('is created pending, refused on a short term, activated with OTP and PIN', async () => {
    const banks = await mandates.banks()
    expect(banks.length).toBeGreaterThan(0)
    const bankCode = banks[0]!.code
    const start = localDay(Date.now())
    const base = {
      customerName: 'Bola Ade',
      customerEmail: 'bola@example.com',
      accountNumber: '0123456789',
      bankCode,
      startDate: start,
      maxMonthlyAmount: '20000',
      maxMonthlyDebitCount: '2',
      currency: 'NGN' as const,
    }
    const short = await rejection(mandates.create({ ...base, endDate: addDays(start, 29) }))
    expect(short.fields?.endDate).toMatch(/at least 30 days/)
    const created = await mandates.create({ ...base, endDate: addDays(start, 30) })
    mandateReference = created.mandateReference
    expect(created.status).toBe('pending_activation')
    const early = await rejection(mandates.validateActivation(mandateReference, '123456', '1234'))
    expect(early.message).toMatch(/Send the code first/)
    await mandates.initiateActivation(mandateReference)
    const wrong = await rejection(mandates.validateActivation(mandateReference, '000000', '1234'))
    expect(wrong.message).toMatch(/didn't accept/)
    const active = await mandates.validateActivation(mandateReference, '123456', '1234')
    expect(active.status).toBe('active')
  })

  it('debits within the limits, follows each debit, and stops at the monthly count', async () => {
    const first = await debits.debit({
      mandateReference,
      amount: '12000',
      narration: 'Instalment 1',
    })
    const over = await rejection(
      debits.debit({ mandateReference, amount: '8000.01', narration: 'Instalment 2' }),
    )
    expect(over.fields?.amount).toMatch(/Only ₦8,000.00 is left/)
    const second = await debits.debit({
      mandateReference,
      amount: '8000',
      narration: 'Instalment 2',
    })
    await waitFor('both debits final', () =>
      [first.paymentReference, second.paymentReference].every((r) =>
        debitEvents.some((e) => e.paymentReference === r && e.final),
      ),
    )
    const third = await rejection(
      debits.debit({ mandateReference, amount: '1', narration: 'Instalment 3' }),
    )
    expect(third.code).toBe('limit_exceeded')
    const view = mandates.view(mandateReference)
    expect(view.debits).toHaveLength(2)
    expect(view.usage.maxAmount).toBe(2_000_000)
  })

  it('cancels for good', async () => {
    const cancelled = await mandates.cancel(mandateReference)
    expect(cancelled).toMatchObject({ status: 'cancelled', can: { debit: false, cancel: false } })
    const debit = await rejection(
      debits.debit({ mandateReference, amount: '1', narration: 'After cancel' }),
    )
    expect(debit.code).toBe('mandate_not_active')
  })
})

describe('reports', () => {
  it('lists payments by status with server pagination, and exports every matching row', async () => {
    for (let i = 0; i < 3; i++)
      await payments.start({ email: `r${i}@example.com`, amount: `${i + 1}`, currency: 'NGN' })
    const pending = await reports.payments({ status: 'pending', page: 1, pageSize: 25 })
    expect(pending.items.every((r) => r.status === 'pending')).toBe(true)
    expect(pending.totalItems).toBeGreaterThanOrEqual(3)
    const one = await reports.payments({ email: 'r1@example.com', page: 1, pageSize: 25 })
    expect(one.items.map((r) => r.amount)).toEqual([200])
    const csv = await reports.exportCsv({
      kind: 'payments',
      filter: { status: 'pending', page: 1, pageSize: 25 },
    })
    expect(csv.rowCount).toBe(pending.totalItems)
    expect(csv.csv).toContain('r1@example.com')
    const transfers = await reports.transfersIn({ page: 1, pageSize: 25 })
    expect(transfers.page).toBe(1)
    const outbound = await reports.disbursements({ page: 1, pageSize: 25 })
    expect(outbound.page).toBe(1)
  })
})
