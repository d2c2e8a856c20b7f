// Reports never lose what a trimmed journal dropped: the payments journal keeps its latest
// entries only (main/payments/module.ts), so a busy till's settled payments leave it before
// the Z-report. The books keep each one as it settles (books.ts), until a sealed Z-report has
// counted it. Written here by the payments journal itself, sealed as on a till.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JournalSeal } from '../../../main/integrity'
import { fileStorage, Journal } from '../../../main/payments/journal'
import { PaymentEntry, isFinalPayment } from '../../../main/payments/payment-entry'
import { DebitEntry, FINAL_DEBIT } from '../../../main/mandates/mandate-entries'
import { ReconcileService } from '../../../main/reconcile/service'
import { ownRecords } from '../../../main/reconcile/till-records'
import { Books } from '../../../main/shifts/books'
import { withDebits } from '../../../main/shifts/debit-source'
import { ShiftsService, type Caller } from '../../../main/shifts/service'
import { fileActivitySource } from '../../../main/shifts/sources'
import { journalSeals } from '../../support/books-services'
import { emptyDay, fakeGateway } from '../reconcile/support'
import { keyedSeal } from './fixtures'

const bola: Caller = { id: 'u_bola0001', name: 'Bola', role: 'cashier' }
const START = Date.parse('2026-03-02T08:00:00Z')

let dir: string
let now: number
let findings: string[]
let sealOf: (name: string) => JournalSeal
/** The Z-reports' key and head: the same keychain after a restart, as on a till. */
let zSeal: ReturnType<typeof keyedSeal>

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-books-'))
  now = START
  findings = []
  sealOf = journalSeals((finding) => findings.push(finding))
  zSeal = keyedSeal()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function payments(limit: number) {
  return new Journal({
    name: 'payments',
    schema: PaymentEntry,
    storage: fileStorage(join(dir, 'gateway', 'demo'), 'payments'),
    seal: sealOf('payments'),
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit,
    keep: (e) => !isFinalPayment(e.status),
  })
}

const entry = (n: number, status: 'pending' | 'success' = 'success'): PaymentEntry => ({
  reference: `pay_${String(n).padStart(3, '0')}`,
  status,
  email: 'ada@example.com',
  customerName: 'Ada Obi',
  description: null,
  amount: (1_000_00 + n) as PaymentEntry['amount'],
  currency: 'NGN',
  amountRefunded: 0 as PaymentEntry['amountRefunded'],
  paymentMethod: null,
  authorizationUrl: null,
  createdAt: new Date(START + n * 60_000).toISOString(),
  paidAt: status === 'success' ? new Date(START + n * 60_000 + 30_000).toISOString() : null,
  verifiedAt: null,
  takenBy: 'Bola',
  notice: null,
})

/** The debits journal as main/mandates/module.ts keeps it, `limit` entries at most. */
function debits(limit: number) {
  return new Journal({
    name: 'debits',
    schema: DebitEntry,
    storage: fileStorage(join(dir, 'gateway', 'demo'), 'debits'),
    seal: sealOf('debits'),
    keyOf: (e) => e.paymentReference,
    timeOf: (e) => e.createdAt,
    limit,
    keep: (e) => !FINAL_DEBIT.includes(e.status),
  })
}

const debitEntry = (n: number, status: DebitEntry['status'] = 'success'): DebitEntry => ({
  paymentReference: `dd_${String(n).padStart(3, '0')}`,
  mandateReference: 'mnd_ada',
  amount: (5_000_00 + n) as DebitEntry['amount'],
  currency: 'NGN',
  narration: 'Monthly dues',
  status,
  failureReason: null,
  createdAt: new Date(START + n * 60_000).toISOString(),
  completedAt: status === 'success' ? new Date(START + n * 60_000 + 30_000).toISOString() : null,
  notice: null,
  chargedBy: 'Bola',
})

function till() {
  const source = withDebits(
    fileActivitySource(dir, (_environment, journal) => sealOf(journal)),
    dir,
    () => sealOf('debits'),
  )
  const books = new Books({ dir: join(dir, 'shifts'), seal: async () => sealOf('books'), source })
  const service = new ShiftsService({
    dir: join(dir, 'shifts'),
    seal: async () => zSeal,
    activity: books,
    tillName: () => 'Front',
    environment: () => 'demo',
    now: () => now,
  })
  return { books, service }
}

async function closeZ(service: ShiftsService) {
  const shift = await service.open(bola, {})
  now += 3_600_000
  return (await service.close(bola, shift.id)).report
}

const sum = (n: number) =>
  Array.from({ length: n }, (_, i) => 1_000_00 + i + 1).reduce((a, b) => a + b)

describe('the books', () => {
  it('keeps each settled payment its journal drops, so the Z-report counts every one', async () => {
    const journal = payments(3)
    const { books, service } = till()
    for (let n = 1; n <= 8; n++) {
      journal.put(entry(n))
      // What the shifts module does on each `payments.updated`.
      await books.capture('demo')
    }
    expect(journal.list()).toHaveLength(3)
    const z = await closeZ(service)
    expect(z.till.hostedPayments.success).toEqual({
      count: 8,
      totals: [{ currency: 'NGN', amount: sum(8) }],
    })
    // The next Z-report counts none of them again.
    const z2 = await closeZ(service)
    expect(z2.till.hostedPayments.success.count).toBe(0)
  })

  it('lets go, after a Z-report, of what it counted and the journal no longer holds', async () => {
    const journal = payments(3)
    const { books, service } = till()
    for (let n = 1; n <= 6; n++) {
      journal.put(entry(n))
      await books.capture('demo')
    }
    const file = join(dir, 'shifts', 'demo', 'books.jsonl')
    const lines = () => readFileSync(file, 'utf8').trim().split('\n')
    expect(lines()).toHaveLength(6)
    await closeZ(service)
    // A checkpoint, then the three the journal still holds (they would be kept again anyway).
    expect(lines()).toHaveLength(4)
    journal.put(entry(7))
    await books.capture('demo')
    const z2 = await closeZ(service)
    expect(z2.till.hostedPayments.success).toEqual({
      count: 1,
      totals: [{ currency: 'NGN', amount: 1_000_07 }],
    })
    // A fresh start reads the compacted file against its head.
    const again = till()
    const z3 = await closeZ(again.service)
    expect(z3.till.hostedPayments.success.count).toBe(0)
    expect(z3.warnings).toEqual([])
    expect(findings).toEqual([])
  })

  it('says so on the report, and tells the admin, when the books were edited', async () => {
    const journal = payments(2)
    const { books } = till()
    for (let n = 1; n <= 4; n++) {
      journal.put(entry(n))
      await books.capture('demo')
    }
    const file = join(dir, 'shifts', 'demo', 'books.jsonl')
    writeFileSync(file, readFileSync(file, 'utf8').replace('100001', '999999'))
    const { service } = till()
    const z = await closeZ(service)
    expect(z.warnings.join(' ')).toMatch(/books kept for reports .* did not pass their check/)
    expect(findings.some((f) => f.startsWith('books:'))).toBe(true)
    // What the journal still holds is counted; nothing from the edited file.
    expect(z.till.hostedPayments.success.count).toBe(2)
  })

  it('keeps each settled debit its journal drops, and states one still processing', async () => {
    const journal = debits(3)
    const { books, service } = till()
    for (let n = 1; n <= 6; n++) {
      journal.put(debitEntry(n))
      // What the shifts module does on each `mandates.debitUpdated`.
      await books.capture('demo')
    }
    journal.put(debitEntry(7, 'pending'))
    expect(journal.list()).toHaveLength(3)
    const z = await closeZ(service)
    expect(z.till.debits?.success).toEqual({
      count: 6,
      totals: [{ currency: 'NGN', amount: 6 * 5_000_00 + 21 }],
    })
    expect(z.till.debits?.pending.count).toBe(1)
    expect(z.warnings).toEqual([])
    const z2 = await closeZ(service)
    expect(z2.till.debits?.success.count).toBe(0)
    expect(z2.till.debits?.pending.count).toBe(1)
  })

  it('says so on the report when the debits journal was edited', async () => {
    const journal = debits(10)
    journal.put(debitEntry(1))
    const file = join(dir, 'gateway', 'demo', 'debits.json')
    writeFileSync(file, readFileSync(file, 'utf8').replace('500001', '999999'))
    const z = await closeZ(till().service)
    expect(z.warnings.join(' ')).toMatch(/Direct debits could not be read or did not pass/)
    expect(z.till.debits?.success.count).toBe(0)
  })
})

describe("a day's reconciliation against the gateway", () => {
  /** The Reconcile screen's check of 2 March, the till's side read as main/reconcile does. */
  function reconcileDay(books: Books, gatewayPayments: number) {
    const day = emptyDay()
    for (let n = 1; n <= gatewayPayments; n++) {
      const e = entry(n)
      day.payments.push({
        reference: e.reference,
        status: 'success',
        amount: e.amount / 100,
        currency: 'NGN',
        created_at: e.createdAt,
      })
    }
    const service = new ReconcileService({
      gateway: async () => fakeGateway(day),
      records: async (environment, window) => ({
        ...(await ownRecords({
          dataDir: dir,
          environment,
          till: 'Front',
          books,
          sealOf: (_environment, journal) => sealOf(journal),
          window,
        })),
        scope: 'till',
        tills: ['Front'],
        stale: false,
      }),
      environment: () => 'demo',
      timeZone: () => 'UTC',
      pdf: null,
      now: () => Date.parse('2026-03-03T09:00:00Z'),
      list: { sleep: async () => undefined },
    })
    return service.day('2026-03-02')
  }

  /** Payments `from` to `to` paid, each kept as the shifts module does on `payments.updated`. */
  async function paid(
    journal: ReturnType<typeof payments>,
    books: Books,
    from: number,
    to: number,
  ) {
    for (let n = from; n <= to; n++) {
      journal.put(entry(n))
      await books.capture('demo')
    }
  }

  it('a day with more payments than the journal keeps reconciles with nothing unmatched', async () => {
    const journal = payments(3)
    const { books, service } = till()
    await paid(journal, books, 1, 8)
    // A Z-report counts them all, and the books let go of the five the journal dropped.
    await closeZ(service)
    await paid(journal, books, 9, 12)
    await closeZ(service)
    expect(journal.list()).toHaveLength(3)
    const report = await reconcileDay(books, 12)
    expect(report.differences.map((d) => `${d.kind} ${d.reference}`)).toEqual([])
    expect(report.notes).toEqual([])
    expect(report.status).toBe('reconciled')
    expect(report.matched).toBe(12)
    // A fresh start reads the same day from the same files.
    expect((await reconcileDay(till().books, 12)).matched).toBe(12)
  })

  it("refuses an edited line of the books' day, says so, and finds the payment missing", async () => {
    const journal = payments(2)
    const { books, service } = till()
    await paid(journal, books, 1, 5)
    await closeZ(service)
    const file = join(dir, 'shifts', 'demo', 'books-days', '2026-03-02.jsonl')
    writeFileSync(file, readFileSync(file, 'utf8').replace('100001', '100009'))
    const report = await reconcileDay(books, 5)
    expect(report.differences.map((d) => `${d.kind} ${d.reference}`)).toEqual([
      'gateway_only pay_001',
    ])
    expect(report.notes.map((n) => n.en).join(' ')).toContain('books-days/2026-03-02.jsonl')
    expect(findings.some((f) => f.startsWith('books:'))).toBe(true)
  })
})
