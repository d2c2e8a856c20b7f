// A till upgraded mid-day keeps every money item and its evidence. The journals in
// fixtures/money-journals/ were written by the refunds, payments and debits code from before the
// exactly-once core (generated once with the code of commit 8139253 and never regenerated:
// a refund decided "not refunded", one waiting for a supervisor, one just
// sent with its answer lost; the same for payments and debits). Opened by this version, every
// entry is there with its evidence and decision, and each is followed up as the core does: the
// gateway's records settle the open ones, and a record contradicting a decision wins, with an
// alarm.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Minor } from '../../../common/money'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
  SETTLEMENT_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { BankDirectory } from '../../../main/mandates/bank-directory'
import { DebitsService, type DebitsGateway } from '../../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../../main/mandates/mandate-entries'
import { MandatesService, type MandatesGateway } from '../../../main/mandates/mandates-service'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService, type PaymentsGateway } from '../../../main/payments/payments-service'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { ManualTimers, log } from '../../unit/payments/support'

const DIR = join(import.meta.dirname, 'fixtures', 'money-journals')

interface Fixture {
  at: number
  entries: Array<Record<string, unknown>>
  mandates?: unknown[]
}
const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Fixture

const journal = <T>(name: string, schema: unknown, initial: unknown, keyOf: (e: T) => string) =>
  new Journal<T>({
    name,
    schema: schema as never,
    storage: memoryStorage(initial),
    keyOf,
    timeOf: (e) => (e as { createdAt: string }).createdAt,
    limit: 1000,
  })

/** Every entry of the old journal is still there, with its evidence and decision. */
function expectKept(old: Fixture, list: Array<Record<string, unknown>>, key: string): void {
  expect(list.map((e) => e[key]).sort()).toEqual(old.entries.map((e) => e[key]).sort())
  for (const before of old.entries) {
    const after = list.find((e) => e[key] === before[key])!
    const steps = (e: Record<string, unknown>) =>
      ((e.uncertainty as { steps: unknown[] } | null)?.steps ?? []).slice(0, 1)
    expect(steps(after)).toEqual(steps(before))
    expect(after.resolution ?? null).toEqual(before.resolution ?? null)
  }
}

/**
 * Opens an old journal with this version's service, lets two hours of follow-ups run, and
 * checks what every case must hold: each entry kept with its evidence and decision, before and
 * after, and every open one settled by the gateway's record. Returns the entries after.
 */
async function upgraded<T extends { status: string }>(
  name: string,
  schema: unknown,
  key: keyof T & string,
  start: (entries: Journal<T>, timers: ManualTimers, old: Fixture) => Service,
): Promise<T[]> {
  const old = fixture(name)
  const timers = new ManualTimers(old.at)
  const entries = journal<T>(name, schema, old.entries, (e) => e[key] as string)
  expectKept(old, entries.list() as unknown as Array<Record<string, unknown>>, key)
  const service = start(entries, timers, old)
  service.resume()
  await timers.advance(2 * 3_600_000)
  const after = entries.list()
  expectKept(old, after as unknown as Array<Record<string, unknown>>, key)
  expect(after.map((e) => e.status)).toEqual(['success', 'success', 'success'])
  service.stop()
  return after
}

interface Service {
  resume(): void
  stop(): void
}

describe('money journals written before the exactly-once core', () => {
  it('refunds: every entry and its evidence kept; open ones settled, a contradicted decision overruled', async () => {
    const gateway = {
      refunds: {
        // The gateway holds all three: the decided one too (its request had landed after all).
        get: async (reference: string) => ({
          reference,
          payment_reference: 'PAY_A',
          amount: 100_000 as Minor,
          currency: 'NGN',
          status: 'success',
        }),
      },
    } as unknown as RefundsGateway
    const after = await upgraded<RefundEntry>(
      'refunds',
      RefundEntry,
      'reference',
      (entries, timers) =>
        new RefundsService({
          gateway: async () => gateway,
          journal: entries,
          follower: new Follower(SETTLEMENT_SCHEDULE, timers),
          reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
          publish: () => undefined,
          actor: () => null,
          log,
          now: () => timers.now(),
        }),
    )
    expect(after.filter((e) => e.alarm).map((e) => e.resolution?.made)).toEqual([false])
  })

  it('payments: every entry and its evidence kept; open ones settled, a contradicted decision overruled', async () => {
    const gateway = {
      payments: {
        verify: async (reference: string) => ({ reference, status: 'success' }),
        initialize: async () => Promise.reject(new Error('not expected')),
      },
    } as unknown as PaymentsGateway
    const after = await upgraded<PaymentEntry>(
      'payments',
      PaymentEntry,
      'reference',
      (entries, timers) =>
        new PaymentsService({
          gateway: async () => gateway,
          journal: entries,
          follower: new Follower(CHECKOUT_SCHEDULE, timers),
          reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
          publish: () => undefined,
          actor: () => null,
          tillName: () => 'Till 1',
          environment: () => 'demo',
          gatewayBaseUrl: () => 'https://gateway.example',
          openExternal: null,
          log,
          now: () => timers.now(),
        }),
    )
    expect(after.filter((e) => e.alarm).length).toBe(1)
  })

  it('debits: every entry and its evidence kept; open ones settled, a contradicted decision overruled', async () => {
    const gateway = {
      directDebits: {
        status: async (reference: string) => ({
          payment_reference: reference,
          mandate_reference: 'MD_A',
          amount: 1_000 as Minor,
          narration: 'Rent',
          status: 'success',
        }),
        debit: async () => Promise.reject(new Error('not expected')),
        getMandate: async () => Promise.reject(new Error('not expected')),
      },
      banks: { list: async () => ({ status: true, data: [] }) },
    } as unknown as MandatesGateway & DebitsGateway
    const after = await upgraded<DebitEntry>(
      'debits',
      DebitEntry,
      'paymentReference',
      (debits, timers, old) => {
        const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
        const mandates = new MandatesService({
          gateway: async () => gateway,
          mandates: journal<MandateEntry>(
            'mandates',
            MandateEntry,
            old.mandates ?? [],
            (e) => e.mandateReference,
          ),
          debits,
          banks: new BankDirectory({
            gateway: async () => gateway,
            gatewayKey: () => 'gw',
            now: () => timers.now(),
          }),
          debitFollower: follower,
          debitView: (d) => service.view(d),
          publish: () => undefined,
          actor: () => null,
          log,
          now: () => timers.now(),
        })
        const service: DebitsService = new DebitsService({
          gateway: async () => gateway,
          debits,
          mandates,
          follower,
          reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
          publish: () => undefined,
          actor: () => null,
          log,
          now: () => timers.now(),
        })
        return service
      },
    )
    expect(after.filter((e) => e.alarm).length).toBe(1)
  })
})
