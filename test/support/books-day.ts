// Random days at one to three tills against the sandbox, for the books' property test and
// bench (test/unit/shifts/books-property.test.ts, bench/books.ts). Each till keeps its
// customers' accounts on the sandbox, its collections ledger (the real one), and its shifts
// (the real shift service, Z-reports sealed on disk); it polls the gateway's transfers as the
// watcher does, can restart (the ledger reloaded from its records, the shift service opened
// again on its folder) and can be offline for hours (it does not poll). Direct debits go
// through the real mandates and debits services to the sandbox, journalled on disk and read
// back by the shift reports' own reader; the sandbox settles them as its clock moves, and the
// till learns the outcome when it checks. Hosted payments and refunds go through the real
// payments and refunds services the same way. Payouts go through the real payouts service:
// drafted by a cashier, approved by a supervisor with a PIN (maker-checker), sent by its own
// sender to the sandbox; some answers are lost on the way back (the sandbox resets the
// connection after it committed the transfer), so their outcome is unknown until the sender
// finds it, or a supervisor decides it first from the bank's statement. The sandbox settles
// them as its clock moves; amounts ending in .13 fail there. Everything comes from one seed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ZReportView } from '../../common/ipc/shifts'
import type { Minor } from '../../common/money'
import {
  Ledger,
  observedFromGateway,
  type ChargeRecord,
  type ObservedTransfer,
} from '../../main/collections/ledger'
import { createGatewayClient, type GatewayClient } from '../../main/gateway'
import type { DebitsService } from '../../main/mandates/debits-service'
import { FINAL_DEBIT } from '../../main/mandates/mandate-entries'
import { addDays, localDay } from '../../main/mandates/mandate-rules'
import type { PayoutItem } from '../../main/payouts/model'
import type { PayoutsService } from '../../main/payouts/service'
import type { MandatesService } from '../../main/mandates/mandates-service'
import type { PaymentsService } from '../../main/payments/payments-service'
import type { RefundsService } from '../../main/refunds/refunds-service'
import { Books } from '../../main/shifts/books'
import { debitsPath, readDebits, withDebits } from '../../main/shifts/debit-source'
import type { PayoutEvent } from '../../main/shifts/activity'
import { ShiftsService } from '../../main/shifts/service'
import { collectionsFacts, fileActivitySource } from '../../main/shifts/sources'
import { ShiftStore } from '../../main/shifts/store'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { accountName } from '../../sandbox/data/accounts'
import { keyedSeal } from '../unit/shifts/fixtures'
import {
  journalSeals,
  mandateServices,
  moneyServices,
  payoutServices,
  SUPERVISOR,
  SUPERVISOR_PIN,
  type TillFiles,
} from './books-services'

/** A small seeded generator (mulberry32): the same seed, the same day. */
export function seeded(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  }
}
export type Rng = ReturnType<typeof seeded>

const SKEW_MS = 60_000
const person = (n: number) => ({ id: `u_cashier_${n}`, name: `Cashier ${n}` })
interface Account {
  accountReference: string
  account: ChargeRecord['account']
}

export class BooksTill {
  readonly dir: string
  readonly seal = keyedSeal()
  ledger = new Ledger({ skewMs: SKEW_MS })
  shifts: ShiftsService
  readonly accounts: Account[] = []
  /** Every hosted payment and refund this till started (their journals keep only the latest). */
  readonly paymentRefs: string[] = []
  readonly refundRefs: string[] = []
  /** Those whose outcome the till has learned. */
  readonly known = new Set<string>()
  /** Every payout this till sent for approval. */
  readonly payoutRefs: string[] = []
  /** Per sealed Z-report: the payouts whose outcome was not known (or held) at its close. */
  readonly unknownAtClose: number[] = []
  /** Payouts whose answer the sandbox lost, and outcomes a supervisor decided. */
  lost = 0
  decided = 0
  readonly zs: ZReportView[] = []
  readonly sealOf = journalSeals()
  debits: DebitsService
  mandates: MandatesService
  payments: PaymentsService
  refunds: RefundsService
  payouts: PayoutsService
  books: Books
  mandateReference: string | null = null
  offlineUntil = 0
  #seq = 0

  constructor(
    readonly name: string,
    readonly index: number,
    private readonly day: BooksDay,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `tilldesk-books-${index}-`))
    this.books = this.#books()
    this.shifts = this.#shiftService()
    ;({ mandates: this.mandates, debits: this.debits } = mandateServices(this.#files()))
    ;({ payments: this.payments, refunds: this.refunds } = moneyServices(this.#files()))
    this.payouts = payoutServices(this.#files())
  }

  #files(): TillFiles {
    return {
      dir: this.dir,
      tillName: this.name,
      gatewayUrl: this.day.sandbox.url,
      client: () => this.day.client,
      now: () => this.day.now(),
      sealOf: this.sealOf,
      actor: () => person(1),
      dropping: (journal, records) => this.books.keepDropped('demo', journal, records),
      online: () => this.online(),
    }
  }

  /** The shift reports' source as the shifts module builds it: the books over the journals. */
  #books(): Books {
    const files = withDebits(
      fileActivitySource(this.dir, (_environment, journal) => this.sealOf(journal)),
      this.dir,
      () => this.sealOf('debits'),
    )
    return new Books({
      dir: join(this.dir, 'shifts-books'),
      seal: async () => this.sealOf('books'),
      source: {
        settled: (environment) => files.settled(environment),
        // The collections journal is this till's ledger in memory (the same records).
        read: async (environment) => {
          // No collections file here: the journals, the debits and no charges yet.
          const activity = await files.read(environment)
          collectionsFacts(
            { charges: this.ledger.allCharges(), transfers: this.ledger.allTransfers() },
            activity,
          )
          return activity
        },
      },
    })
  }

  /** What the shifts module does on `payments.updated`, `refunds.updated` and debits'. */
  async changed(): Promise<void> {
    await this.books.capture('demo')
  }

  /** The debits as this till's journal holds them, read by the shift reports' reader. */
  debitFacts() {
    return readDebits(debitsPath(this.dir, 'demo'), this.sealOf('debits'))
  }

  /** A debit on this till's customer's mandate (set up and activated the first time). */
  async debit(amount: string): Promise<void> {
    if (!this.mandateReference) {
      const start = localDay(this.day.now())
      const bankCode = (await this.mandates.banks())[0]!.code
      const created = await this.mandates.create({
        customerName: `Debit Customer ${this.index}`,
        customerEmail: `dd${this.index}.s${this.day.seed}@example.com`,
        accountNumber: `01234567${String(this.index).padStart(2, '0')}`,
        bankCode,
        startDate: start,
        endDate: addDays(start, 60),
        maxMonthlyAmount: '10000000',
        maxMonthlyDebitCount: '100',
        currency: 'NGN',
      })
      await this.mandates.initiateActivation(created.mandateReference)
      await this.mandates.validateActivation(created.mandateReference, '123456', '1234')
      this.mandateReference = created.mandateReference
    }
    await this.debits.debit({
      mandateReference: this.mandateReference,
      amount,
      narration: 'Monthly dues',
    })
    await this.changed()
  }

  /** A checkout started for a customer (the customer pays, or not, at the gateway later). */
  async startPayment(amount: string, cashier: number): Promise<void> {
    const view = await this.payments.start({
      email: `buyer${this.index}.s${this.day.seed}@example.com`,
      amount,
      currency: 'NGN',
      customerName: `Customer of cashier ${cashier}`,
    })
    this.paymentRefs.push(view.reference)
    await this.changed()
  }

  /** A refund of part or all of a paid payment, when it has something left to refund. */
  async refund(paymentReference: string, part: boolean): Promise<void> {
    const payment = await this.refunds.prepare(paymentReference)
    if (payment.refundable <= 0 || payment.blockedReason) return
    const view = await this.refunds.issue({
      paymentReference,
      kind: part ? 'partial' : 'full',
      // A part: about half of what is left, in whole naira.
      ...(part ? { amount: String(Math.max(1, Math.floor(payment.refundable / 200))) } : {}),
      reason: 'Returned goods',
    })
    if (view.reference) this.refundRefs.push(view.reference)
    await this.changed()
  }

  /**
   * Asks the gateway about every payment and refund whose outcome the till has not learned.
   * One its journal no longer holds was final there (a journal drops only finished entries;
   * the till may have learned it on its own, after a restart): nothing left to ask.
   */
  async checkMoney(): Promise<void> {
    if (!this.online()) return
    const final = (view: Promise<{ final: boolean }>) =>
      view.then(
        (v) => v.final,
        (error: unknown) => {
          if ((error as { code?: unknown }).code === 'not_found') return true
          throw error
        },
      )
    for (const reference of this.paymentRefs) {
      if (this.known.has(reference)) continue
      if (await final(this.payments.get(reference))) this.known.add(reference)
    }
    for (const reference of this.refundRefs) {
      if (this.known.has(reference)) continue
      if (await final(this.refunds.get(reference))) this.known.add(reference)
    }
    await this.changed()
  }

  /** Asks the gateway about every debit not final yet, as the till's follower does. */
  async checkDebits(): Promise<void> {
    if (!this.online()) return
    for (const d of this.debitFacts())
      if (!FINAL_DEBIT.includes(d.status)) await this.debits.status(d.reference)
    await this.changed()
  }

  #shiftService(): ShiftsService {
    return new ShiftsService({
      dir: this.dir,
      seal: async () => this.seal,
      activity: this.books,
      tillName: () => this.name,
      environment: () => 'demo',
      now: () => this.day.now(),
    })
  }

  /** Every step of every payout, from the payout journal as the shift reports read it. */
  async payoutEvents(): Promise<PayoutEvent[]> {
    const files = fileActivitySource(this.dir, (_environment, journal) => this.sealOf(journal))
    return (await files.read('demo')).payoutEvents
  }

  /** Each payout as the till's outbox holds it now. */
  async payoutItems(): Promise<PayoutItem[]> {
    return this.#payoutItems()
  }

  async #payoutItems(): Promise<PayoutItem[]> {
    return [...(await this.payouts.runtime()).outbox.items()]
  }

  /**
   * A payout: drafted by a cashier to a sandbox account (its holder's name as the bank gives
   * it), approved by the supervisor with the PIN, sent by the sender; its answer lost on the
   * way back when the seed says. Or, when one's outcome is unknown, the supervisor decides it
   * from the bank's statement (the sandbox's rule: an amount ending in .13 is declined).
   */
  async payout(rng: Rng, cashier: number, force?: 'sent' | 'lost' | 'decided'): Promise<void> {
    if (!this.online()) return
    const unknown = (await this.#payoutItems()).filter(
      (p) => (p.state === 'unknown' || p.state === 'needs_review') && !p.resolution,
    )
    if (force === undefined && unknown.length > 0 && rng.chance(0.5)) {
      try {
        await this.#decide(rng.pick(unknown))
      } catch (error) {
        // Too soon after the lost request (it may still land), or being looked up right now:
        // the till says so and the supervisor comes back later.
        if ((error as { code?: unknown }).code !== 'decision_fenced') throw error
      }
      return
    }
    const accountNumber = `01${String(rng.int(0, 99_999_999)).padStart(8, '0')}`
    const banks = await this.payouts.banks()
    const bankCode = banks.banks[0]!.code
    const naira = rng.int(1, 400) * 100
    const draft = await this.payouts.draft(
      { ...person(cashier), role: 'cashier' },
      {
        purpose: 'supplier',
        bankCode,
        accountNumber,
        accountName: accountName(accountNumber),
        nameConfirmed: false,
        amount: `${naira}.${rng.chance(0.2) ? '13' : '00'}`,
        narration: 'Supplier invoice',
        recipientEmail: null,
        submit: true,
      },
    )
    this.payoutRefs.push(draft.reference)
    if (draft.state !== 'awaiting_approval') return
    const lose = force === undefined ? rng.chance(0.35) : force !== 'sent'
    if (lose) {
      this.lost += 1
      await this.day.client.sandbox.setFaults({
        rules: [
          { kind: 'reset', rate: 1, when: 'after', path_prefix: '/disbursements/initialize' },
        ],
        seed: this.day.seed,
      })
    }
    try {
      await this.payouts.approve(SUPERVISOR, draft.reference, SUPERVISOR_PIN, draft.bindingHash)
      // Sent (and, when lost, its answer lost) before the day goes on.
      await this.#until(draft.reference, (s) => s !== 'approved' && s !== 'sending')
    } finally {
      if (lose) await this.day.client.sandbox.setFaults({ rules: [] })
    }
    if (!lose || (force === undefined ? !rng.chance(0.5) : force !== 'decided')) return
    // The supervisor decides it from the bank's statement before the till finds the answer:
    // the sender is stopped meanwhile, so the decision meets the payout still unknown, and the
    // minute that passes puts the lost request's fence behind it.
    const { sender } = await this.payouts.runtime()
    await sender.stop()
    try {
      this.day.advance(2)
      const item = (await this.payouts.runtime()).outbox.get(draft.reference)
      if (item?.state === 'unknown') await this.#decide(item)
    } finally {
      sender.start()
    }
  }

  /** The supervisor's decision, as the bank's statement shows it (.13: declined). */
  async #decide(p: PayoutItem): Promise<void> {
    const declined = p.amount % 100 === 13
    await this.payouts.decideOutcome(
      SUPERVISOR,
      p.reference,
      SUPERVISOR_PIN,
      declined
        ? { outcome: 'not_paid', reason: 'Not on the bank statement' }
        : { outcome: 'paid', gatewayReference: p.reference, reason: 'On the bank statement' },
    )
    this.decided += 1
  }

  async #until(reference: string, done: (state: string) => boolean): Promise<void> {
    const deadline = Date.now() + 20_000
    for (;;) {
      const item = (await this.payouts.runtime()).outbox.get(reference)
      if (item && done(item.state)) return
      if (Date.now() > deadline)
        throw new Error(`Payout ${reference} is still ${item?.state ?? 'missing'}.`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  /**
   * Waits until the sender has followed every payout it can to an outcome (end of day). The
   * till is back online: the sender is kicked, as the app does when the gateway comes back
   * (main/payouts/module.ts), so a pause it took while offline does not hold it on the wall
   * clock after the day's clock has moved past it.
   */
  async settlePayouts(): Promise<void> {
    const { sender } = await this.payouts.runtime()
    sender.kick()
    await sender.idle(30_000)
  }

  /** Quit and start again: the ledger from its records, the shifts from their folder. */
  async restart(): Promise<void> {
    const charges = this.ledger.allCharges()
    const transfers = this.ledger.allTransfers()
    this.shifts.stop()
    this.debits.stop()
    this.payments.stop()
    this.refunds.stop()
    await this.payouts.stop()
    this.ledger = new Ledger({ skewMs: SKEW_MS })
    this.ledger.load(structuredClone(charges), structuredClone(transfers))
    this.books = this.#books()
    this.shifts = this.#shiftService()
    ;({ mandates: this.mandates, debits: this.debits } = mandateServices(this.#files()))
    ;({ payments: this.payments, refunds: this.refunds } = moneyServices(this.#files()))
    this.payouts = payoutServices(this.#files())
    this.debits.resume()
    this.payments.resume()
    this.refunds.resume()
    await this.payouts.start()
  }

  online(): boolean {
    return this.day.now() >= this.offlineUntil
  }

  async newAccount(): Promise<Account> {
    const reference = `BK${this.index}${String(this.accounts.length + 1).padStart(5, '0')}S${this.day.seed}`
    const va = await this.day.client.virtualAccounts.create({
      account_reference: reference,
      customer_name: `Customer ${this.index}-${this.accounts.length + 1}`,
      customer_email: `c${this.index}.${this.accounts.length + 1}.s${this.day.seed}@example.com`,
      currency_code: 'NGN',
      bvn: `2${String(this.index)}${String(this.accounts.length + 1).padStart(9, '0')}`,
    })
    const account: Account = {
      accountReference: reference,
      account: {
        accountReference: va.account_reference,
        accountNumber: va.account_number,
        accountName: va.customer_name,
        bankName: va.bank_name,
        bankCode: va.bank_code ?? null,
        currency: 'NGN',
        customerEmail: va.customer_email,
        metadata: {},
        createdAt: va.created_at ?? null,
      } as ChargeRecord['account'],
    }
    this.accounts.push(account)
    return account
  }

  openCharge(account: Account, amountDue: Minor, cashier: number): ChargeRecord | null {
    if (this.ledger.openChargeOn(account.accountReference)) return null
    return this.ledger.open({
      id: `ch_${this.index}_${++this.#seq}`,
      state: 'open',
      account: account.account,
      currency: 'NGN',
      amountDue,
      saleReference: null,
      till: this.name,
      openedBy: person(cashier),
      openedAt: new Date(this.day.now()).toISOString(),
      closedAt: null,
      overpayment: null,
      cancellation: null,
    } as ChargeRecord)
  }

  /** One watcher sweep: every transfer into this till's accounts, every page. */
  async poll(): Promise<void> {
    if (!this.online()) return
    const nowIso = new Date(this.day.now()).toISOString()
    for (const a of this.accounts)
      for (const seen of await this.day.transfersInto(a.accountReference))
        this.ledger.observe(seen, nowIso)
  }

  async closeShift(cashier: number): Promise<ZReportView> {
    const who = { ...person(cashier), role: 'cashier' as const }
    const status = await this.shifts.status()
    const shift = status.current ?? (await this.shifts.open(who, {}))
    // The sender stops while the report is taken (its requests in flight answered and written
    // first), so what the report reads is what the outbox holds at its close.
    const { sender } = await this.payouts.runtime()
    await sender.stop()
    try {
      const open = (await this.#payoutItems()).filter(
        (p) => p.state === 'unknown' || p.state === 'needs_review',
      )
      const z = await this.shifts.close(who, shift.id)
      this.unknownAtClose.push(open.length)
      this.zs.push(z)
      return z
    } finally {
      sender.start()
    }
  }

  /** Every key each sealed Z-report counted, from the reports as stored on disk. */
  countedKeys(): string[][] {
    const store = new ShiftStore(join(this.dir, 'demo'), this.seal)
    const out: string[][] = []
    for (let n = 1; n <= store.lastNumber; n++) out.push(store.read(n)?.counted ?? [])
    return out
  }

  async dispose(): Promise<void> {
    this.shifts.stop()
    this.debits.stop()
    this.payments.stop()
    this.refunds.stop()
    await this.payouts.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

export class BooksDay {
  readonly tills: BooksTill[] = []
  /** Checkouts the customer finished at the gateway (paid, failed or abandoned). */
  readonly finished = new Set<string>()
  client!: GatewayClient
  sandbox!: RunningSandbox
  #references = 0

  private constructor(
    readonly seed: number,
    readonly rng: Rng,
  ) {}

  static async start(seed: number, tills: number): Promise<BooksDay> {
    const day = new BooksDay(seed, seeded(seed))
    day.sandbox = await startSandbox({ port: 0, settleDelayMs: 20 * 60_000 })
    const key = day.sandbox.keys[0]!
    day.client = createGatewayClient({
      baseUrl: day.sandbox.url,
      keyId: key.key_id,
      secret: key.secret,
      timeoutMs: 5_000,
      now: () => day.now(),
    })
    for (let i = 1; i <= tills; i++) day.tills.push(new BooksTill(`Till ${i}`, i, day))
    for (const till of day.tills) {
      await till.payouts.start()
      await till.payouts.refreshBanks()
    }
    return day
  }

  /** The business clock: the sandbox's, which stamps the transfers. */
  now(): number {
    return this.sandbox.clock.now().getTime()
  }

  advance(minutes: number): void {
    this.sandbox.clock.advance(minutes * 60)
  }

  reference(prefix: string): string {
    return `${prefix}-${this.seed}-${++this.#references}`
  }

  async transfer(
    account: string,
    amount: Minor,
    options: { processingFirst: boolean; failed: boolean },
  ): Promise<void> {
    await this.client.sandbox.setVariants({ va_processing_first: options.processingFirst })
    await this.client.sandbox.simulateTransfer(account, {
      amount,
      status: options.failed ? 'failed' : 'success',
    })
  }

  /** Money sent into an account no till watches: at the gateway, never seen by a till. */
  async strayTransfer(): Promise<string> {
    const reference = `BKSTRAY${this.seed}`
    await this.client.virtualAccounts.create({
      account_reference: reference,
      customer_name: 'Stray Sender',
      customer_email: `stray.s${this.seed}@example.com`,
      currency_code: 'NGN',
      bvn: '29999999999',
    })
    await this.client.sandbox.setVariants({ va_processing_first: false })
    const { data } = await this.client.sandbox.simulateTransfer(reference, {
      amount: 7_777_00 as Minor,
      status: 'success',
    })
    return data.reference
  }

  /** What the gateway settled (success) into each till's accounts, by transfer reference. */
  async settled(till: BooksTill): Promise<Map<string, Minor>> {
    const out = new Map<string, Minor>()
    for (const a of till.accounts)
      for (const seen of await this.transfersInto(a.accountReference))
        if (seen.status === 'success') out.set(seen.reference, seen.amount)
    return out
  }

  /** Every transfer the gateway lists into one account, every page, as the watcher reads it. */
  async transfersInto(accountReference: string): Promise<ObservedTransfer[]> {
    const out: ObservedTransfer[] = []
    for (let page = 1; ; page++) {
      const result = await this.client.virtualAccounts.transactions({
        account_reference: accountReference,
        page,
        page_size: 100,
      })
      for (const item of result.data) {
        const seen = observedFromGateway(item)
        if (seen) out.push(seen)
      }
      if (page >= result.pagination.total_pages) return out
    }
  }

  async stop(): Promise<void> {
    for (const till of this.tills) await till.dispose()
    await this.sandbox.close()
  }
}

const HOSTED_END = ['success', 'success', 'failed', 'abandoned'] as const

/** One random step at a random till. */
async function step(day: BooksDay, till: BooksTill): Promise<void> {
  const { rng } = day
  const cashier = rng.int(1, 2)
  const roll = rng.next()
  if (roll < 0.22) {
    // A sale, and what the customer sends: exact, part, over, nothing yet, or a failed try.
    const account =
      till.accounts.length > 0 && rng.chance(0.5)
        ? rng.pick(till.accounts)
        : await till.newAccount()
    const due = (rng.int(1, 400) * 100 * 25) as Minor
    const charge = till.openCharge(account, due, cashier)
    if (!charge) return
    const kind = rng.pick(['exact', 'exact', 'part', 'over', 'none', 'failed'] as const)
    if (kind === 'none') return
    const amount = (
      kind === 'part' ? Math.floor(due / 2) : kind === 'over' ? due + 500_00 : due
    ) as Minor
    await day.transfer(account.accountReference, amount, {
      processingFirst: rng.chance(0.3),
      failed: kind === 'failed',
    })
  } else if (roll < 0.3) {
    // The rest of a part payment, or money sent when no sale is open (late).
    if (till.accounts.length === 0) return
    const account = rng.pick(till.accounts)
    await day.transfer(account.accountReference, (rng.int(1, 50) * 1_000_00) as Minor, {
      processingFirst: rng.chance(0.4),
      failed: false,
    })
  } else if (roll < 0.45) {
    await till.poll()
  } else if (roll < 0.55) {
    day.advance(rng.int(1, 90))
  } else if (roll < 0.62) {
    await till.poll()
    await till.closeShift(cashier)
  } else if (roll < 0.66) {
    await till.restart()
  } else if (roll < 0.68) {
    // Offline for hours: the till does not hear the gateway.
    till.offlineUntil = day.now() + rng.int(2, 6) * 3_600_000
  } else if (roll < 0.74) {
    // A checkout started at the till, or a customer finishing one at the gateway (paid,
    // failed or abandoned); the till learns it when it checks.
    const open = till.paymentRefs.filter((r) => !day.finished.has(r))
    if (open.length > 0 && rng.chance(0.6)) {
      const reference = rng.pick(open)
      day.finished.add(reference)
      await day.client.sandbox.completePayment(reference, { outcome: rng.pick(HOSTED_END) })
    } else if (till.online()) await till.startPayment(`${rng.int(1, 200) * 500}`, cashier)
  } else if (roll < 0.8) {
    // A refund of a finished payment (it settles as the sandbox's clock moves), or the till
    // checking what it has not seen settle.
    const done = till.paymentRefs.filter((r) => day.finished.has(r))
    if (done.length > 0 && rng.chance(0.5) && till.online())
      await till.refund(rng.pick(done), rng.chance(0.5))
    else await till.checkMoney()
  } else if (roll < 0.88) {
    // A payout drafted, approved and sent (its answer lost, sometimes), or a supervisor's
    // decision on one whose outcome is unknown.
    await till.payout(rng, cashier)
  } else if (roll < 0.94) {
    // A direct debit charged (the sandbox settles it as its clock moves), or the till checking
    // the ones it has not seen settle.
    if (rng.chance(0.6) && till.online()) await till.debit(`${rng.int(1, 300) * 100}`)
    else await till.checkDebits()
  } else {
    day.advance(rng.int(1, 20))
    await till.poll()
  }
}

/** A random day: `steps` steps, then every till back online, settled, polled and closed. */
export async function randomDay(day: BooksDay, steps: number): Promise<void> {
  // Every till starts the day with a debit, a checkout the customer pays with part of it
  // refunded, and three payouts (one sent, one whose answer is lost, one whose answer is lost
  // and whose outcome a supervisor decides), so every day has each of them to settle and count.
  for (const till of day.tills) {
    await till.payout(day.rng, 1, 'sent')
    await till.payout(day.rng, 2, 'lost')
    await till.payout(day.rng, 1, 'decided')
    // A Z-report while the lost one's outcome is unknown: stated at its close.
    await till.closeShift(1)
    await till.debit(`${day.rng.int(1, 300) * 100}`)
    await till.startPayment(`${day.rng.int(10, 200) * 500}`, 1)
    const reference = till.paymentRefs.at(-1)!
    day.finished.add(reference)
    await day.client.sandbox.completePayment(reference, { outcome: 'success' })
    await till.refund(reference, true)
  }
  for (let i = 0; i < steps; i++) await step(day, day.rng.pick(day.tills))
  day.advance(24 * 60)
  for (const till of day.tills) {
    till.offlineUntil = 0
    await till.settlePayouts()
    await till.poll()
    await till.checkDebits()
    await till.checkMoney()
    await till.closeShift(1)
  }
}
