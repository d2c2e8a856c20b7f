// Drives every kind of money-moving request through random interleavings against the model
// gateway (test/support/model-gateway.ts): sends, timeouts, commit lag, lookups that find
// nothing, another reference's record, an HTML page or a route 404, people's decisions at
// random moments, restarts, late answers. Shared by the exactly-once model test and the
// decision-race bench. Every number comes from the seed, so a failing run can be replayed.
import type { Minor } from '../../common/money'
import { AppError } from '../../main/kernel/errors'
import { silentLogger } from '../../main/kernel/log'
import {
  CHECKOUT_SCHEDULE,
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
  SETTLEMENT_SCHEDULE,
  type Timers,
} from '../../main/exactly-once/follower'
import { HONOURED, type ReferenceTrust } from '../../main/exactly-once/trust'
import { BankDirectory } from '../../main/mandates/bank-directory'
import { DebitsService, type DebitsGateway } from '../../main/mandates/debits-service'
import { DebitEntry, MandateEntry } from '../../main/mandates/mandate-entries'
import { MandatesService, type MandatesGateway } from '../../main/mandates/mandates-service'
import { Journal, memoryStorage, type JournalStorage } from '../../main/payments/journal'
import { PaymentEntry } from '../../main/payments/payment-entry'
import { PaymentsService, type PaymentsGateway } from '../../main/payments/payments-service'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../main/refunds/refunds-service'
import { ModelGateway, seeded, type Random } from './model-gateway'

const PIN = '246810'
const starter = { id: 'u_starter01', name: 'Ada' }
const supervisor = { id: 'u_super0001', name: 'Bisi' }

/** Timers the driver moves by hand; each due run is awaited (as ManualTimers in unit tests). */
class DriverTimers implements Timers {
  #now = Date.UTC(2025, 0, 15, 10, 0, 0)
  #next = 1
  readonly #due = new Map<number, { at: number; run: () => void }>()
  now(): number {
    return this.#now
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++
    this.#due.set(id, { at: this.#now + ms, run })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.#due.delete(handle as number)
  }
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms
    for (;;) {
      const next = [...this.#due.entries()].sort((a, b) => a[1].at - b[1].at)[0]
      if (!next || next[1].at > end) break
      this.#due.delete(next[0])
      this.#now = next[1].at
      next[1].run()
      await settle()
    }
    this.#now = end
    await settle()
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 12; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

interface Seen {
  reference: string
  status: string
  final: boolean
  decidedAt: number | null
}

interface KindRig {
  name: string
  model: ModelGateway
  start(): Promise<void>
  decide(reference: string): Promise<void>
  seen(): Seen[]
  restart(): void
  stop(): void
}

interface RigContext {
  random: Random
  timers: DriverTimers
  who: { current: { id: string; name: string } }
  trust: ReferenceTrust
}

const journalOf = <T>(
  name: string,
  schema: unknown,
  storage: JournalStorage,
  keyOf: (e: T) => string,
): Journal<T> =>
  new Journal<T>({
    name,
    schema: schema as never,
    storage,
    keyOf,
    timeOf: (e) => (e as { createdAt: string }).createdAt,
    limit: 10_000,
  })

/**
 * A restart is a till that stopped: the old instance's timers and flights may still wake up,
 * but nothing it does reaches the disk or the gateway any more (a killed process writes and
 * sends nothing). Requests it had on the wire still land or not, as the gateway decides.
 */
function generation(storage: JournalStorage): {
  next: () => { storage: JournalStorage; alive: () => boolean }
} {
  let current = 0
  return {
    next: () => {
      const mine = ++current
      const alive = () => mine === current
      return {
        alive,
        storage: {
          label: storage.label,
          load: () => storage.load(),
          save: (value) => {
            if (alive()) storage.save(value)
          },
        },
      }
    },
  }
}

/** The gateway as one till instance sees it: once it has stopped, nothing more leaves it. */
function gatewayOf<G extends object>(gateway: G, alive: () => boolean): G {
  const wrapped: Record<string, unknown> = {}
  for (const [area, calls] of Object.entries(gateway)) {
    const inner: Record<string, unknown> = {}
    for (const [name, call] of Object.entries(calls as Record<string, unknown>)) {
      inner[name] =
        typeof call === 'function'
          ? (...args: unknown[]) =>
              alive()
                ? (call as (...a: unknown[]) => unknown)(...args)
                : Promise.reject(new Error('this till instance has stopped'))
          : call
    }
    wrapped[area] = inner
  }
  return wrapped as G
}

const common = (c: RigContext) => ({
  log: silentLogger,
  now: () => c.timers.now(),
  actor: () => c.who.current,
  verifyPin: async (_id: string, pin: string) => {
    if (pin !== PIN) throw new AppError('wrong_pin', 'That PIN is not right.')
  },
  trust: c.trust,
  verifyAfterMs: 25_000,
  unknownWindowMs: 10 * 60_000,
})

const as = (c: RigContext, person: { id: string; name: string }) => {
  c.who.current = person
}

/** A till's service for one kind, as the race drives it. */
interface RacedService {
  stop(): void
  resume(): void
  decideOutcome(input: never): Promise<unknown>
}

interface KindSpec<E, S extends RacedService> {
  name: string
  model: ModelGateway
  /** A new till generation: its journal and service (see `generation`). */
  build: () => { journal: Journal<E>; service: S }
  start: (service: S) => Promise<unknown>
  /** The supervisor's two answers: made, and not made. */
  outcomes: [made: string, notMade: string]
  referenceOf: (entry: E) => string
  final: readonly string[]
}

/** What every kind's rig does the same way: who acts, the decision, what is seen, restarts. */
function kindRig<
  E extends { status: string; resolution?: { at: string } | null },
  S extends RacedService,
>(c: RigContext, spec: KindSpec<E, S>): KindRig {
  let live = spec.build()
  return {
    name: spec.name,
    model: spec.model,
    start: async () => {
      as(c, starter)
      await spec.start(live.service).catch(() => undefined)
    },
    decide: async (reference) => {
      as(c, supervisor)
      const made = c.random() < 0.5
      const [yes, no] = spec.outcomes
      await live.service.decideOutcome(
        (made
          ? { reference, pin: PIN, reason: 'Seen', outcome: yes, gatewayReference: 'GW-1' }
          : { reference, pin: PIN, reason: 'Not seen', outcome: no }) as never,
      )
    },
    seen: () =>
      live.journal.list().map((e) => ({
        reference: spec.referenceOf(e),
        status: e.status,
        final: spec.final.includes(e.status),
        decidedAt: e.resolution ? Date.parse(e.resolution.at) : null,
      })),
    restart: () => {
      live.service.stop()
      live = spec.build()
      live.service.resume()
    },
    stop: () => live.service.stop(),
  }
}

function refundsRig(c: RigContext): KindRig {
  const model = new ModelGateway(c.random, () => c.timers.now(), {
    initial: 'pending',
    ok: 'success',
    failed: 'failed',
  })
  const record = (r: { reference: string; status: string }) => ({
    reference: r.reference,
    payment_reference: 'PAY_1',
    amount: 1_000 as Minor,
    currency: 'NGN' as const,
    status: r.status as 'pending',
  })
  const gateway = {
    payments: {
      verify: async () => ({
        reference: 'PAY_1',
        status: 'success' as const,
        amount: 1_000_000_000 as Minor,
        currency: 'NGN' as const,
        amount_refunded: 0 as Minor,
      }),
    },
    refunds: {
      initialize: async (body: { reference?: string }) =>
        record(await model.write(body.reference!)),
      get: async (reference: string) => record(await model.lookup(reference)),
      ofPayment: async () => ({
        status: true as const,
        data: [],
        pagination: { page: 1, page_size: 100, total_items: 0, total_pages: 1 },
      }),
      history: async () => Promise.reject(new Error('unused')),
      counts: async () => Promise.reject(new Error('unused')),
    },
  } as unknown as RefundsGateway
  const generations = generation(memoryStorage())
  const build = () => {
    const { storage, alive } = generations.next()
    const journal = journalOf<RefundEntry>('refunds', RefundEntry, storage, (e) => e.reference)
    const mine = gatewayOf(gateway, alive)
    const service = new RefundsService({
      ...common(c),
      gateway: async () => mine,
      journal,
      follower: new Follower(SETTLEMENT_SCHEDULE, c.timers),
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, c.timers),
      publish: () => undefined,
    })
    return { journal, service }
  }
  return kindRig(c, {
    name: 'refunds',
    model,
    build,
    start: (service) =>
      service.issue({
        paymentReference: 'PAY_1',
        kind: 'partial',
        amount: '10',
        reason: 'Returned',
      }),
    outcomes: ['refunded', 'not_refunded'],
    referenceOf: (e) => e.reference,
    final: ['success', 'failed', 'not_refunded'],
  })
}

function paymentsRig(c: RigContext): KindRig {
  const model = new ModelGateway(c.random, () => c.timers.now(), {
    initial: 'pending',
    ok: 'success',
    failed: 'failed',
  })
  const gateway = {
    payments: {
      initialize: async (body: { reference?: string }) => {
        const r = await model.write(body.reference!)
        return {
          status: 'success' as const,
          authorization_url: `https://gateway.example/c/${r.reference}`,
          reference: r.reference,
        }
      },
      verify: async (reference: string) => {
        const r = await model.lookup(reference)
        return { reference: r.reference, status: r.status as 'pending' }
      },
    },
    sandbox: { completePayment: async () => Promise.reject(new Error('unused')) },
  } as unknown as PaymentsGateway
  const generations = generation(memoryStorage())
  const build = () => {
    const { storage, alive } = generations.next()
    const journal = journalOf<PaymentEntry>('payments', PaymentEntry, storage, (e) => e.reference)
    const mine = gatewayOf(gateway, alive)
    const service = new PaymentsService({
      ...common(c),
      gateway: async () => mine,
      journal,
      follower: new Follower(CHECKOUT_SCHEDULE, c.timers),
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, c.timers),
      publish: () => undefined,
      tillName: () => 'Till 1',
      environment: () => 'demo',
      gatewayBaseUrl: () => 'https://gateway.example',
      openExternal: null,
    })
    return { journal, service }
  }
  return kindRig(c, {
    name: 'payments',
    model,
    build,
    start: (service) => service.start({ email: 'b@example.com', amount: '100', currency: 'NGN' }),
    outcomes: ['paid', 'not_paid'],
    referenceOf: (e) => e.reference,
    final: ['success', 'failed', 'abandoned', 'not_paid'],
  })
}

function debitsRig(c: RigContext): KindRig {
  const model = new ModelGateway(c.random, () => c.timers.now(), {
    initial: 'pending',
    ok: 'success',
    failed: 'failed',
  })
  const mandate = {
    mandate_reference: 'MD_A',
    status: 'active' as const,
    customer_name: 'Bola Ade',
    customer_email: 'bola@example.com',
    account_number: '0123456789',
    bank_code: '044',
    start_date: '2025-01-01',
    end_date: '2026-12-31',
    max_monthly_amount: 1_000_000_000 as Minor,
    max_monthly_debit_count: 100_000,
    currency: 'NGN' as const,
  }
  const gateway = {
    banks: { list: async () => ({ status: true, data: [] }) },
    directDebits: {
      getMandate: async () => ({ ...mandate }),
      debit: async (body: { payment_reference: string }) => {
        const r = await model.write(body.payment_reference)
        // The spec shows no acceptance body: half the time it gives no status at all.
        return c.random() < 0.5 ? {} : { payment_reference: r.reference, status: r.status }
      },
      status: async (reference: string) => {
        const r = await model.lookup(reference)
        return {
          payment_reference: r.reference,
          mandate_reference: 'MD_A',
          amount: 1_000 as Minor,
          narration: 'Rent',
          status: r.status as 'pending',
        }
      },
    },
  } as unknown as MandatesGateway & DebitsGateway
  const generations = { debits: generation(memoryStorage()), mandates: generation(memoryStorage()) }
  const build = () => {
    const forDebits = generations.debits.next()
    const forMandates = generations.mandates.next()
    const mine = gatewayOf(gateway, forDebits.alive)
    const mandates = journalOf<MandateEntry>(
      'mandates',
      MandateEntry,
      forMandates.storage,
      (e) => e.mandateReference,
    )
    const debits = journalOf<DebitEntry>(
      'debits',
      DebitEntry,
      forDebits.storage,
      (e) => e.paymentReference,
    )
    const follower = new Follower(SETTLEMENT_SCHEDULE, c.timers)
    const mandateService = new MandatesService({
      ...common(c),
      gateway: async () => mine,
      mandates,
      debits,
      banks: new BankDirectory({
        gateway: async () => mine,
        gatewayKey: () => 'gw',
        now: () => c.timers.now(),
      }),
      debitFollower: follower,
      debitView: (d) => service.view(d),
      publish: () => undefined,
    })
    const service: DebitsService = new DebitsService({
      ...common(c),
      gateway: async () => mine,
      debits,
      mandates: mandateService,
      follower,
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, c.timers),
      publish: () => undefined,
    })
    return { journal: debits, service }
  }
  return kindRig(c, {
    name: 'debits',
    model,
    build,
    start: (service) =>
      service.debit({ mandateReference: 'MD_A', amount: '10', narration: 'Rent' }),
    outcomes: ['paid', 'not_paid'],
    referenceOf: (e) => e.paymentReference,
    final: ['success', 'failed', 'not_paid', 'not_sent'],
  })
}

export const RIGS = { refunds: refundsRig, payments: paymentsRig, debits: debitsRig }
export type RigName = keyof typeof RIGS

export interface RaceResult {
  kind: RigName
  items: number
  /** Final at the till with a status the gateway's record for the reference contradicts. */
  contradictions: string[]
  /** Write calls that left the till for a reference after a person decided it. */
  sentAfterDecision: string[]
  /** Records the gateway holds for our references that the till does not know. */
  unknown: string[]
  decisions: number
  /** Decisions refused because a request for the reference might still land. */
  decisionsRaced: number
}

/** One seeded run of one kind: random steps, then the gateway answers everything and time passes. */
export async function raceRun(kind: RigName, seed: number, steps = 60): Promise<RaceResult> {
  const random = seeded(seed)
  const timers = new DriverTimers()
  const context: RigContext = {
    random,
    timers,
    who: { current: starter },
    // Half the runs on an environment that has shown it keeps our reference (resends on).
    trust: random() < 0.5 ? HONOURED : { honoured: () => false, learn: () => undefined },
  }
  const rig = RIGS[kind](context)
  let decisions = 0
  let decisionsRaced = 0
  // A start waits on its request, which may be held on the wire: it runs alongside the steps.
  const starts: Array<Promise<void>> = []
  for (let step = 0; step < steps; step++) {
    const roll = random()
    if (roll < 0.2) {
      starts.push(rig.start())
      await settle()
    } else if (roll < 0.4 && rig.model.held.length > 0)
      rig.model.release(Math.floor(random() * rig.model.held.length))
    else if (roll < 0.6) {
      const open = rig.seen().filter((e) => !e.final)
      const pick = open[Math.floor(random() * open.length)]
      if (pick) {
        try {
          await rig.decide(pick.reference)
          decisions++
        } catch (error) {
          if (error instanceof AppError && error.code === 'decision_fenced') decisionsRaced++
        }
      }
    } else if (roll < 0.65) rig.restart()
    await timers.advance(Math.floor(random() * (roll < 0.9 ? 20_000 : 15 * 60_000)))
  }
  // The gateway answers everything still on the wire; late writes land; time goes by.
  rig.model.drain()
  await Promise.all(starts)
  for (let hour = 0; hour < 80; hour++) await timers.advance(3_600_000)
  const seen = rig.seen()
  const byReference = new Map(seen.map((e) => [e.reference, e]))
  const contradictions: string[] = []
  for (const entry of seen) {
    const record = rig.model.records.get(entry.reference)
    if (!entry.final || !record) continue
    const tillMade = entry.status === 'success'
    if (tillMade ? record.status === 'failed' : record.status === 'success')
      contradictions.push(`${entry.reference}: till ${entry.status}, gateway ${record.status}`)
  }
  const sentAfterDecision = rig.model.writes
    .filter((w) => {
      const decidedAt = byReference.get(w.reference)?.decidedAt ?? null
      return decidedAt !== null && w.at > decidedAt
    })
    .map((w) => `${w.reference} at ${new Date(w.at).toISOString()}`)
  const unknown = [...rig.model.records.keys()].filter((reference) => !byReference.has(reference))
  rig.stop()
  return {
    kind,
    items: seen.length,
    contradictions,
    sentAfterDecision,
    unknown,
    decisions,
    decisionsRaced,
  }
}
