// The app's own services for one till of test/support/books-day.ts, on that till's files and
// the day's sandbox: payments and refunds (journals kept short, so the books must keep what
// they drop), mandates and debits, as their modules build them (main/payments/module.ts,
// main/refunds/module.ts, main/mandates/module.ts), and payouts (main/payouts/module.ts).
// Their follow-ups never fire on a wall clock: the day checks when its seed says, so a seed
// is the same day every time. The payout sender runs on its own timers, but every wait it
// keeps is on the day's clock, so it only moves when the day does (and a report stops it
// first, books-day.ts).
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { Follower, type Timers } from '../../main/exactly-once/follower'
import type { GatewayClient } from '../../main/gateway'
import { Sealer, type JournalSeal } from '../../main/integrity'
import type { TrimmedJournal } from '../../main/kernel/drop-keeper'
import { AppError } from '../../main/kernel/errors'
import { silentLogger } from '../../main/kernel/log'
import { BankDirectory } from '../../main/mandates/bank-directory'
import { DebitsService } from '../../main/mandates/debits-service'
import { DebitEntry, FINAL_DEBIT, MandateEntry } from '../../main/mandates/mandate-entries'
import { MandatesService } from '../../main/mandates/mandates-service'
import { fileStorage, Journal } from '../../main/payments/journal'
import { isFinalPayment, PaymentEntry } from '../../main/payments/payment-entry'
import { PaymentsService } from '../../main/payments/payments-service'
import type { Person } from '../../main/payouts/command-basics'
import { PayoutsService } from '../../main/payouts/service'
import { RefundEntry } from '../../main/refunds/refund-entry'
import { RefundsService } from '../../main/refunds/refunds-service'

/**
 * The payments and refunds journals' length here: short, so they drop settled entries during
 * the day, each trim handing what it drops to the till's books first, as the app's modules
 * wire it (main/kernel/drop-keeper.ts; test/unit/shifts/journal-trim-books.test.ts holds the
 * seam itself). The day's reconciliation then reads what a Z-report let the books drop from
 * the books' days (main/shifts/books-archive.ts): with 2 entries and no books' days, seed
 * 20261128 found payments the till had taken unknown to Tilldesk.
 */
const JOURNAL_LIMIT = 2

/** What the services need of their till and day. */
export interface TillFiles {
  dir: string
  tillName: string
  gatewayUrl: string
  client: () => GatewayClient
  now: () => number
  sealOf: (journal: string) => JournalSeal
  actor: () => { id: string; name: string }
  /** The till's books keep what a trimmed journal drops (as the shifts module wires it). */
  dropping: (journal: TrimmedJournal, records: readonly unknown[]) => boolean
  /** False while the till is offline: the payout sender then cannot reach the gateway. */
  online?: () => boolean
}

/** Timers that never fire: the day checks debits when its seed says, not on a wall clock. */
export const stillTimers = (now: () => number): Timers => ({
  now,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
})

/**
 * One till's journal seals: its device key and a head per journal "in the keychain";
 * `report` hears each finding (the admin's findings on a till).
 */
export function journalSeals(report?: (finding: string) => void) {
  const sealer = new Sealer(randomBytes(32), true)
  const heads = new Map<string, { seq: number; hash: string } | null>()
  return (name: string): JournalSeal => ({
    sealer,
    anchor: {
      get head() {
        return heads.get(name) ?? null
      },
      set(head: { seq: number; hash: string }) {
        heads.set(name, { ...head })
      },
    } as unknown as JournalSeal['anchor'],
    ...(report ? { report: ({ reason }) => report(`${name}: ${reason}`) } : {}),
  })
}

/**
 * The app's payments and refunds services on this till's journals, kept short (2 entries,
 * finished ones dropped first, as main/payments/module.ts does with 500) so the books must
 * keep what the reports need.
 */
export function moneyServices(o: TillFiles) {
  const dir = join(o.dir, 'gateway', 'demo')
  const gateway = async () => o.client()
  const now = () => o.now()
  const follower = () => new Follower({ steps: [{ untilMs: 1, everyMs: 1 }] }, stillTimers(now))
  const payments = new PaymentsService({
    gateway,
    journal: new Journal({
      name: 'payments',
      schema: PaymentEntry,
      storage: fileStorage(dir, 'payments'),
      seal: o.sealOf('payments'),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: JOURNAL_LIMIT,
      keep: (e) => !isFinalPayment(e.status),
      dropping: (records) => o.dropping('payments', records),
    }),
    follower: follower(),
    publish: () => undefined,
    actor: o.actor,
    tillName: () => o.tillName,
    environment: () => 'demo',
    gatewayBaseUrl: () => o.gatewayUrl,
    openExternal: null,
    log: silentLogger,
    now,
  })
  const refunds = new RefundsService({
    gateway,
    journal: new Journal({
      name: 'refunds',
      schema: RefundEntry,
      storage: fileStorage(dir, 'refunds'),
      seal: o.sealOf('refunds'),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: JOURNAL_LIMIT,
      keep: (e) => e.status !== 'success' && e.status !== 'failed',
      dropping: (records) => o.dropping('refunds', records),
    }),
    follower: follower(),
    publish: () => undefined,
    actor: () => ({ id: 'u_super', name: 'Supervisor' }),
    log: silentLogger,
    now,
  })
  return { payments, refunds }
}

/** The app's mandates and debits services on this till's journals (main/mandates/module.ts). */
export function mandateServices(o: TillFiles) {
  const dir = join(o.dir, 'gateway', 'demo')
  const gateway = async () => o.client()
  const actor = o.actor
  const now = () => o.now()
  const debits = new Journal({
    name: 'debits',
    schema: DebitEntry,
    storage: fileStorage(dir, 'debits'),
    seal: o.sealOf('debits'),
    keyOf: (e) => e.paymentReference,
    timeOf: (e) => e.createdAt,
    limit: 20_000,
    keep: (e) => !FINAL_DEBIT.includes(e.status),
    dropping: (records) => o.dropping('debits', records),
  })
  const follower = new Follower({ steps: [{ untilMs: 1, everyMs: 1 }] }, stillTimers(now))
  const mandates = new MandatesService({
    gateway,
    mandates: new Journal({
      name: 'mandates',
      schema: MandateEntry,
      storage: fileStorage(dir, 'mandates'),
      seal: o.sealOf('mandates'),
      keyOf: (e) => e.mandateReference,
      timeOf: (e) => e.createdAt,
      limit: 10_000,
    }),
    debits,
    banks: new BankDirectory({ gateway, gatewayKey: () => o.gatewayUrl, now }),
    debitFollower: follower,
    debitView: (d) => debitService.view(d),
    publish: () => undefined,
    actor,
    log: silentLogger,
    now,
  })
  const debitService: DebitsService = new DebitsService({
    gateway,
    debits,
    mandates,
    follower,
    publish: () => undefined,
    actor,
    log: silentLogger,
    now,
  })
  return { mandates, debits: debitService }
}

/** The supervisor who approves payouts and decides lost outcomes, and their PIN. */
export const SUPERVISOR: Person = { id: 'u_books_super', name: 'Supervisor', role: 'supervisor' }
export const SUPERVISOR_PIN = '246810'

/**
 * The app's payouts service on this till's folder (`<dir>/payouts/demo/outbox`, sealed, where
 * the shift reports read it), sending to the day's sandbox. Every pace of the sender is on the
 * day's clock: it polls a payout again, verifies a lost answer and gives up on one only as the
 * day moves, and an offline till's sender cannot reach the gateway.
 */
export function payoutServices(o: TillFiles): PayoutsService {
  return new PayoutsService({
    dataDir: join(o.dir, 'payouts'),
    environment: () => 'demo',
    gateway: async () => {
      if (o.online && !o.online()) throw new Error('This till is offline.')
      return o.client()
    },
    verifyPin: async (_userId, pin) => {
      if (pin !== SUPERVISOR_PIN) throw new AppError('wrong_pin', 'That PIN is not right.')
    },
    viewer: () => null,
    now: () => o.now(),
    integrity: () => o.sealOf('payouts'),
    sender: {
      concurrency: 2,
      pollMs: 1,
      maxPollMs: 5 * 60_000,
      // Short: a wait the sender keeps is a wall-clock timer too, and one set before the day's
      // clock jumped (an offline till's pause, a quarter of this) still runs its full length.
      retryBaseMs: 100,
      retryMaxMs: 2_000,
      idleMs: 20,
      reversalWatchMs: 0,
      requestTimeoutMs: 3_000,
      // A lost answer is looked for a minute after it was lost, on the day's clock: until the
      // day moves on it stays unknown, so reports state it and a supervisor may decide it.
      verifyAfterMs: 60_000,
      unknownWindowMs: 30 * 60_000,
      reviewPollMs: 10 * 60_000,
    },
  })
}
