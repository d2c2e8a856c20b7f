// Payouts, assembled: per environment an outbox (its own journal: Demo payouts can never be
// sent to Live), the bank list, name enquiry, commands and the sender. Plain Node: the shell
// module (module.ts), the chaos child and the bench all build on this.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  AuditExport,
  AuditView,
  BanksView,
  NameEnquiryView,
  PayoutPolicyView,
  PayoutView,
  PayoutsList,
  PayoutsStatus,
} from '../../common/ipc/payouts'
import { DEFAULT_CURRENCY } from '../../common/money'
import { AppError, refuse } from '../kernel/errors'
import { exportAudit, readAudit } from './audit'
import { BanksCache } from './banks'
import {
  PayoutCommands,
  type DraftInput,
  type EditInput,
  type OutcomeDecision,
  type Person,
  type ShopDecision,
  type ShopDecisionOutcome,
  type ShopVerdict,
  type StaffMember,
} from './commands'
import type { GatewayProvider } from './gatewayPort'
import { JournalCorruptError, JournalUnavailableError } from './journal'
import type { PayoutItem } from './model'
import { NameEnquiry } from './nameEnquiry'
import type { JournalSeal } from '../integrity'
import { Outbox } from './outbox'
import type { ShopLimitsPort } from './limits'
import { PolicyStore } from './policy'
import { RecordRejectedError } from './records'
import { COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import { PayoutSender, type SenderOptions } from './sender'
import { statusOf, toView, type Viewer } from './view'

export interface PayoutsServiceOptions {
  /** Root for payout data: <dataDir>/<environment>/ and policy.json. */
  dataDir: string
  /** The active environment's name; each gets its own outbox. */
  environment: () => string
  gateway: GatewayProvider
  verifyPin: (userId: string, pin: string) => Promise<unknown>
  /** Who is signed in, so views carry their buttons. */
  viewer: () => Viewer | null
  now?: () => number
  /** Told when payouts change (already durable) and when the counts change. */
  onChanged?: (views: PayoutView[]) => void
  onStatus?: (status: PayoutsStatus) => void
  onError?: (error: unknown) => void
  sender?: Partial<Omit<SenderOptions, 'outbox' | 'gateway' | 'resolveName'>>
  /**
   * The device key and journal head for an environment (main/integrity/). Throws, in words,
   * where payouts must not run (Sandbox or Live without a keychain). Absent: unsealed (tests).
   */
  integrity?: (environment: string) => JournalSeal | Promise<JournalSeal>
  /** The till's device key and head for policy.json (limits, approval lifetime). */
  policySeal?: () => JournalSeal
  /** Start the sender (false: drafting and approval only, e.g. a second window in tests). */
  send?: boolean
}

interface Runtime {
  environment: string
  outbox: Outbox
  commands: PayoutCommands
  sender: PayoutSender
  banks: BanksCache
  names: NameEnquiry
  unsubscribe: () => void
  sweep: NodeJS.Timeout
}

export class PayoutsService {
  #runtime: Promise<Runtime> | null = null
  #policy: PolicyStore | null = null
  /** Shop mode: the shop's payout limits (main/shop/payout-limits.ts); null alone. */
  #shopLimits: ShopLimitsPort | null = null
  #lastStatus = ''
  readonly #now: () => number

  constructor(private readonly options: PayoutsServiceOptions) {
    this.#now = options.now ?? Date.now
  }

  /** Shop mode on (or off, null): the limits count every till's payouts. */
  useShopLimits(port: ShopLimitsPort | null): void {
    this.#shopLimits = port
  }

  /** Opens the active environment's outbox and starts sending. */
  async start(): Promise<void> {
    this.#policy ??= await PolicyStore.open(
      join(this.options.dataDir, 'policy.json'),
      this.options.policySeal?.() ?? null,
    )
    await this.#current()
  }

  async stop(): Promise<void> {
    const runtime = this.#runtime
    this.#runtime = null
    if (runtime) await this.#close(await runtime.catch(() => null))
  }

  /** After an environment switch: finish with the old outbox, open the new one. */
  async environmentChanged(): Promise<void> {
    await this.#current()
  }

  /** The active environment's runtime; switching closes the old one first (serialized). */
  #current(): Promise<Runtime> {
    const environment = this.options.environment()
    const previous = this.#runtime
    this.#runtime = previous
      ? previous.then(
          (runtime) =>
            runtime.environment === environment
              ? runtime
              : this.#close(runtime).then(() => this.#open(environment)),
          () => this.#open(environment),
        )
      : this.#open(environment)
    return this.#runtime
  }

  async #open(environment: string): Promise<Runtime> {
    const dir = join(this.options.dataDir, environment)
    await mkdir(dir, { recursive: true })
    const seal = (await this.options.integrity?.(environment)) ?? null
    const outbox = await Outbox.open({ dir: join(dir, 'outbox'), now: this.#now, seal }).catch(
      (error: unknown) => {
        throw storageError(error)
      },
    )
    // The provider hands out the *active* environment's client. An environment switch updates
    // settings before it tells anyone, so this runtime's sender could otherwise pick up the
    // new environment's client (Demo payouts sent to Live) until it is stopped. Bind it.
    const gateway = this.#boundGateway(environment)
    const names = new NameEnquiry({
      gateway,
      currency: DEFAULT_CURRENCY,
      now: this.#now,
    })
    const banks = await BanksCache.open({
      file: join(dir, 'banks.json'),
      gateway,
      now: this.#now,
      sealer: seal?.sealer ?? null,
    })
    const policy = () =>
      this.#requirePolicy().current(this.#now(), this.#shopLimits?.context() ?? null)
    // The payouts' one exactly-once core: the sender drives it, decisions go through it.
    const senderOptions: SenderOptions = {
      ...this.options.sender,
      outbox,
      gateway,
      resolveName: (bank, account) => names.resolve(bank, account),
      now: this.#now,
      onProgress: (reference) => {
        const item = outbox.get(reference)
        if (item) this.options.onChanged?.([this.#view(item, sender)])
      },
      onBlocked: () => this.#publishStatus(outbox, sender, true),
      onError: (error) => this.options.onError?.(error),
      approvalSealer: seal?.sealer ?? null,
    }
    const sender = new PayoutSender(senderOptions)
    const commands = new PayoutCommands({
      outbox,
      now: this.#now,
      policy,
      shopHold: async (side, candidate, person) => {
        const port = this.#shopLimits
        if (!port) return
        const { limits, utcOffsetMinutes } = policy()
        const clock = { now: this.#now(), utcOffsetMinutes }
        await port.hold({ side, candidate, person, items: [...outbox.items()], limits, clock })
      },
      verifyPin: this.options.verifyPin,
      resolveName: senderOptions.resolveName,
      recentBankName: (bank, account) => names.recent(bank, account),
      bankName: (code) => banks.find(code)?.name,
      approvalSealer: seal?.sealer ?? null,
      // Through the sender's core: its flights fence the decision off from its requests.
      core: sender.core,
    })
    const unsubscribe = outbox.onChange((items) => {
      this.options.onChanged?.(items.map((item) => this.#view(item, sender)))
      this.#publishStatus(outbox, sender)
    })
    const sweep = setInterval(() => {
      void commands.expireDue().catch((error: unknown) => this.options.onError?.(error))
      void banks.refreshIfStale()
    }, 30_000)
    sweep.unref?.()
    void banks.refreshIfStale()
    if (this.options.send !== false) sender.start()
    this.#publishStatus(outbox, sender, true)
    return { environment, outbox, commands, sender, banks, names, unsubscribe, sweep }
  }

  /** The gateway for `environment` only: refuses while another environment is active. */
  #boundGateway(environment: string): GatewayProvider {
    return async () => {
      const switched = () =>
        refuse('environment_switched', {
          key: 'payouts.environmentSwitched',
          params: { environment: { key: `environment.${environment}` } },
        })
      if (this.options.environment() !== environment) throw switched()
      const client = await this.options.gateway()
      if (this.options.environment() !== environment) throw switched()
      return client
    }
  }

  async #close(runtime: Runtime | null): Promise<void> {
    if (!runtime) return
    clearInterval(runtime.sweep)
    runtime.unsubscribe()
    await runtime.sender.stop()
    await runtime.outbox.close()
    // A refresh started by this runtime must not write its file after stop() has returned.
    await runtime.banks.settled()
  }

  #requirePolicy(): PolicyStore {
    if (!this.#policy) throw refuse('payouts_starting', { key: 'payouts.starting' })
    return this.#policy
  }

  #view(item: PayoutItem, sender: PayoutSender): PayoutView {
    return toView(item, this.options.viewer(), sender.problem(item.reference) ?? null)
  }

  #publishStatus(outbox: Outbox, sender: PayoutSender, force = false): void {
    const status = statusOf(outbox.items(), sender.blocked)
    const key = JSON.stringify(status)
    if (!force && key === this.#lastStatus) return
    this.#lastStatus = key
    this.options.onStatus?.(status)
  }

  // ----- what the IPC handlers call -----

  async banks(): Promise<BanksView> {
    const runtime = await this.#current()
    void runtime.banks.refreshIfStale()
    return banksView(runtime.banks)
  }

  async refreshBanks(): Promise<BanksView> {
    const runtime = await this.#current()
    await runtime.banks.refresh()
    return banksView(runtime.banks)
  }

  async resolve(bankCode: string, accountNumber: string): Promise<NameEnquiryView> {
    const runtime = await this.#current()
    const result = await runtime.names.resolve(bankCode, accountNumber)
    return result.kind === 'resolved'
      ? { kind: 'resolved', accountName: result.accountName, bankName: result.bankName }
      : result
  }

  async list(): Promise<PayoutsList> {
    const runtime = await this.#current()
    const items = [...runtime.outbox.items()].sort((a, b) => b.createdAt - a.createdAt)
    return {
      items: items.map((item) => this.#view(item, runtime.sender)),
      status: statusOf(runtime.outbox.items(), runtime.sender.blocked),
    }
  }

  /**
   * Payouts with a request that may still be on its way: `sending`, and `unknown` ones whose
   * latest (re)send could still land (its deadline plus the commit lag not yet past).
   */
  async sendingCount(): Promise<number> {
    const runtime = await this.#current()
    const now = this.#now()
    const fence =
      this.options.sender?.verifyAfterMs ??
      (this.options.sender?.requestTimeoutMs ?? 15_000) + COMMIT_LAG_MARGIN_MS
    return [...runtime.outbox.items()].filter((item) => {
      if (item.state === 'sending') return true
      const lost = item.uncertainty?.lastUnknownAt ?? null
      return item.state === 'unknown' && lost !== null && now < lost + fence
    }).length
  }

  async status(): Promise<PayoutsStatus> {
    const runtime = await this.#current()
    return statusOf(runtime.outbox.items(), runtime.sender.blocked)
  }

  draft(person: Person, input: DraftInput & { submit: boolean }): Promise<PayoutView> {
    return this.#command((c) => c.draft(person, input))
  }

  edit(person: Person, reference: string, changes: EditInput): Promise<PayoutView> {
    return this.#command((c) => c.edit(person, reference, changes))
  }

  submit(person: Person, reference: string): Promise<PayoutView> {
    return this.#command((c) => c.submit(person, reference))
  }

  resubmit(person: Person, reference: string): Promise<PayoutView> {
    return this.#command((c) => c.resubmit(person, reference))
  }

  acceptBankName(person: Person, reference: string): Promise<PayoutView> {
    return this.#command((c) => c.acceptBankName(person, reference))
  }

  withdraw(person: Person, reference: string, reason: string): Promise<PayoutView> {
    return this.#command((c) => c.withdraw(person, reference, reason))
  }

  approve(person: Person, reference: string, pin: string, seenHash: string): Promise<PayoutView> {
    return this.#command((c) => c.approve(person, reference, pin, seenHash))
  }

  reject(person: Person, reference: string, pin: string, reason: string): Promise<PayoutView> {
    return this.#command((c) => c.reject(person, reference, pin, reason))
  }

  /** A supervisor closes a payout whose outcome is unknown (paid / not paid). */
  decideOutcome(
    person: Person,
    reference: string,
    pin: string,
    decision: OutcomeDecision,
  ): Promise<PayoutView> {
    return this.#command((c) => c.decideOutcome(person, reference, pin, decision))
  }

  /** A supervisor has read the alarm of a payout the gateway settled against a decision. */
  acknowledgeAlarm(person: Person, reference: string): Promise<PayoutView> {
    return this.#command((c) => c.acknowledgeAlarm(person, reference))
  }

  /** One of this till's payouts as journaled (null: none with that reference here). */
  async item(reference: string): Promise<PayoutItem | null> {
    const runtime = await this.#current()
    return runtime.outbox.get(reference) ?? null
  }

  /**
   * A decision on this till's payout made on another till of the shop (commands.ts). An
   * approval wakes the sender at once: this till, and only this till, sends it.
   */
  async applyShopDecision(
    decision: ShopDecision,
    approver: StaffMember | null,
    verdict: ShopVerdict,
  ): Promise<ShopDecisionOutcome> {
    const runtime = await this.#current()
    const outcome = await runtime.commands.applyShopDecision(decision, approver, verdict)
    if (outcome === 'approved') runtime.sender.kick()
    return outcome
  }

  async retryNow(): Promise<PayoutsStatus> {
    const runtime = await this.#current()
    runtime.sender.kick()
    return statusOf(runtime.outbox.items(), runtime.sender.blocked)
  }

  async audit(person: Person, reference?: string): Promise<AuditView> {
    if (reference === undefined && person.role === 'cashier') {
      throw refuse('forbidden_role', { key: 'payouts.wholeAuditLog' })
    }
    const runtime = await this.#current()
    return readAudit(runtime.outbox, reference)
  }

  async exportAudit(): Promise<AuditExport> {
    const runtime = await this.#current()
    return exportAudit(runtime.outbox, this.#now())
  }

  policy(): PayoutPolicyView {
    return this.#requirePolicy().view()
  }

  updatePolicy(input: Parameters<PolicyStore['update']>[0]): Promise<PayoutPolicyView> {
    return this.#requirePolicy().update(input)
  }

  /** The live outbox, for tests, the chaos child and the bench. */
  async runtime(): Promise<{ outbox: Outbox; sender: PayoutSender; commands: PayoutCommands }> {
    const runtime = await this.#current()
    return { outbox: runtime.outbox, sender: runtime.sender, commands: runtime.commands }
  }

  async #command(run: (commands: PayoutCommands) => Promise<PayoutItem>): Promise<PayoutView> {
    const runtime = await this.#current()
    try {
      return this.#view(await run(runtime.commands), runtime.sender)
    } catch (error) {
      throw storageError(error)
    }
  }
}

function banksView(cache: BanksCache): BanksView {
  const snapshot = cache.snapshot()
  return {
    banks: snapshot.banks,
    fetchedAt: snapshot.fetchedAt === null ? null : new Date(snapshot.fetchedAt).toISOString(),
    stale: snapshot.stale,
  }
}

/** Storage and rule failures become AppErrors a person can read; others pass through. */
function storageError(error: unknown): unknown {
  if (error instanceof JournalUnavailableError || error instanceof JournalCorruptError) {
    return new AppError('payouts_storage', error.message, {
      cause: error,
      say: { key: 'payouts.storage' },
    })
  }
  if (error instanceof RecordRejectedError) {
    return refuse('wrong_state', { key: 'payouts.changedMeanwhile' }, { cause: error })
  }
  return error
}
