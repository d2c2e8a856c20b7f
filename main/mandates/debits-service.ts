// Debits against active mandates. Main checks the mandate is active and that the debit fits
// this month's limits, fixes the payment reference and journals it before sending, then
// follows the debit (pending → success | failed) until final.
import type { DebitRecord } from '../../common/api/directDebits'
import type { ResponseOf } from '../gateway'

/** The debit's acceptance (fields not shown) or its status record. */
type DebitAnswer = ResponseOf<'debit'> | DebitRecord
import type { DebitView, MandateDebitInput } from '../../common/ipc/mandates'
import type { OutcomeDecisionInput } from '../../common/ipc/payments'
import {
  MoneyError,
  ZERO,
  compare,
  formatMoney,
  parseUserAmount,
  type Minor,
} from '../../common/money'
import { AppError } from '../app/errors'
import type { Logger } from '../app/log'
import type { GatewayClient } from '../gateway'
import { cashierError } from '../payments/cashier-errors'
import type { Follower } from '../exactly-once/follower'
import type { Journal } from '../payments/journal'
import { newReference } from '../payments/references'
import { decideResolution } from '../exactly-once/decision'
import { unconfirmedNotice } from '../exactly-once/outcome-view'
import {
  pursueByReference,
  submitByReference,
  uncertaintyAfterRestart,
} from '../exactly-once/submit'
import { DEBIT_WORDS, toDebitView } from './debit-view'
import { FINAL_DEBIT, type DebitEntry } from './mandate-entries'
import { monthlyUsage } from './mandate-rules'
import { statusWords, type MandatesService } from './mandates-service'
import { isoFrom, nowFrom } from '../payments/service-basics'

export interface DebitsGateway {
  directDebits: Pick<GatewayClient['directDebits'], 'debit' | 'status'>
}

export interface DebitsServiceDeps {
  gateway: () => Promise<DebitsGateway>
  debits: Journal<DebitEntry>
  mandates: Pick<MandatesService, 'refresh'>
  follower: Follower
  /**
   * Looks up debits in review at a slow pace (REVIEW_LOOKUP_SCHEDULE) until the gateway
   * answers for the reference or a supervisor decides. Absent: nobody looks them up.
   */
  reviewFollower?: Follower
  publish: (view: DebitView) => void
  actor: () => { id: string; name: string } | null
  log: Logger
  now?: () => number
  /** Least wait after a lost request before its reference is looked up (it may be in flight). */
  verifyAfterMs?: number
  /** How long a lost answer is followed up before a supervisor must decide. */
  unknownWindowMs?: number
  /** Checks a PIN (counting failures towards lockout); throws AppError when wrong. */
  verifyPin?: (userId: string, pin: string) => Promise<unknown>
}

/** The gateway client's deadline (10 s) plus the commit lag we allow a gateway (15 s). */
const DEFAULT_VERIFY_AFTER_MS = 25_000
/** A lost debit answer is followed up this long, then a supervisor checks it. */
const DEFAULT_UNKNOWN_WINDOW_MS = 10 * 60 * 1000

const UNCONFIRMED =
  "The gateway hasn't confirmed this debit yet. Don't charge again: the till keeps checking."

export class DebitsService {
  readonly #charging = new Set<string>()

  constructor(private readonly deps: DebitsServiceDeps) {}

  resume(): void {
    for (const entry of this.deps.debits.list()) {
      if (FINAL_DEBIT.includes(entry.status)) continue
      // Waiting for a supervisor: looked up now and then, never charged again.
      if (inReview(entry)) this.#watchReview(entry.paymentReference)
      else this.#follow(entry.paymentReference)
    }
  }

  stop(): void {
    this.deps.follower.stopAll()
    this.deps.reviewFollower?.stopAll()
  }

  async debit(input: MandateDebitInput): Promise<DebitView> {
    const ref = input.mandateReference
    // One charge at a time per mandate, so the limit check can't be raced by a double click.
    if (this.#charging.has(ref))
      throw new AppError(
        'debit_in_progress',
        'A debit on this mandate is being sent. Wait for it to finish.',
      )
    this.#charging.add(ref)
    try {
      return await this.#debit(input)
    } finally {
      this.#charging.delete(ref)
    }
  }

  async #debit(input: MandateDebitInput): Promise<DebitView> {
    const mandate = await this.deps.mandates.refresh(input.mandateReference)
    if (mandate.status !== 'active')
      throw new AppError(
        'mandate_not_active',
        mandate.status === 'pending_activation'
          ? 'This mandate is not active yet. Activate it with the customer first.'
          : `This mandate is ${statusWords(mandate.status)}, so it can't be charged. Set up a new mandate with the customer.`,
      )
    const fields: Record<string, string> = {}
    let amount: Minor = ZERO
    try {
      amount = parseUserAmount(input.amount, mandate.currency)
      if (amount <= 0) fields.amount = 'Enter an amount more than zero.'
    } catch (error) {
      fields.amount = error instanceof MoneyError ? error.message : 'Enter an amount, like 5000.'
    }
    const narration = input.narration.trim()
    if (narration === '')
      fields.narration = 'Enter what the customer will see on their bank statement.'
    const usage = monthlyUsage(
      { maxAmount: mandate.maxMonthlyAmount, maxCount: mandate.maxMonthlyDebitCount },
      this.deps.debits.list().filter((d) => d.mandateReference === mandate.mandateReference),
      nowFrom(this.deps),
    )
    if (usage.remainingCount <= 0)
      throw new AppError(
        'limit_exceeded',
        `This mandate has used all ${usage.maxCount} debits allowed for ${usage.month}. The next debit can be made next month.`,
      )
    if (fields.amount === undefined && compare(amount, usage.remainingAmount) > 0)
      fields.amount = `Only ${formatMoney(usage.remainingAmount, mandate.currency)} is left of this month's ${formatMoney(usage.maxAmount, mandate.currency)} limit.`
    if (Object.keys(fields).length > 0)
      throw new AppError('invalid_input', 'Check the highlighted fields.', { fields })

    const paymentReference = newReference('DD', nowFrom(this.deps))
    this.deps.debits.put({
      paymentReference,
      mandateReference: mandate.mandateReference,
      amount,
      currency: mandate.currency,
      narration,
      status: 'starting',
      failureReason: null,
      createdAt: isoFrom(this.deps),
      completedAt: null,
      notice: null,
      chargedBy: this.deps.actor()?.name ?? null,
      chargedById: this.deps.actor()?.id ?? null,
    })
    this.deps.log.info('debit sending', {
      paymentReference,
      mandateReference: mandate.mandateReference,
    })
    let gateway: DebitsGateway
    try {
      gateway = await this.deps.gateway()
    } catch (error) {
      this.deps.debits.remove(paymentReference)
      throw cashierError(error, { action: 'charge the mandate' })
    }
    const body = {
      mandate_reference: mandate.mandateReference,
      debit_amount: amount,
      narration,
      // Must match the mandate's; taken from the gateway's own record, never typed.
      customer_email: mandate.customerEmail,
      payment_reference: paymentReference,
    }
    let outcome
    try {
      outcome = await submitByReference({
        send: () => gateway.directDebits.debit(body),
        lookup: () => gateway.directDebits.status(paymentReference),
        noun: 'debit',
        now: () => nowFrom(this.deps),
      })
    } catch (error) {
      this.deps.debits.remove(paymentReference)
      throw cashierError(error, {
        action: 'charge the mandate',
        fields: { debit_amount: 'amount', narration: 'narration' },
        codes: {
          limit_exceeded:
            "The gateway refused: this debit would go over the mandate's monthly limit (debits made elsewhere count too).",
          mandate_not_active:
            "The gateway says this mandate is not active, so it can't be charged.",
        },
      })
    }
    const entry =
      outcome.outcome === 'unknown'
        ? this.deps.debits.update(paymentReference, (d) => ({
            ...d,
            uncertainty: outcome.uncertainty,
            notice: UNCONFIRMED,
          }))
        : this.#record(paymentReference, outcome.value)
    this.#follow(paymentReference)
    return this.#view(entry as DebitEntry, true)
  }

  /** This till's debits the gateway has not confirmed, for a supervisor to look at. */
  unsettled(): DebitView[] {
    return this.deps.debits
      .list()
      .filter((entry) => entry.status === 'starting' && entry.uncertainty)
      .map((entry) => this.#view(entry, this.#isFollowing(entry.paymentReference)))
  }

  /**
   * A supervisor who did not charge it closes a debit whose outcome is unknown: paid (with the
   * gateway's reference) or not paid (with a reason), re-entering their PIN. The decision is
   * written into the debit's journal entry, which is the record of it.
   */
  async decideOutcome(input: OutcomeDecisionInput): Promise<DebitView> {
    const check = (): DebitEntry => {
      const entry = this.deps.debits.get(input.reference)
      if (!entry || entry.status !== 'starting' || !entry.uncertainty)
        throw new AppError(
          'wrong_state',
          'Only a debit whose outcome is unknown can be marked as paid or not paid.',
        )
      return entry
    }
    const resolution = await decideResolution({
      actor: this.deps.actor(),
      verifyPin: this.deps.verifyPin,
      input,
      check: () => check().chargedById,
      words: DEBIT_WORDS,
      at: () => isoFrom(this.deps),
    })
    const entry = check()
    this.deps.follower.stop(entry.paymentReference)
    this.deps.reviewFollower?.stop(entry.paymentReference)
    const updated = this.deps.debits.put({
      ...entry,
      status: resolution.made ? 'success' : 'not_paid',
      completedAt: resolution.at,
      notice: null,
      resolution,
    })
    this.deps.log.info('debit outcome decided', {
      paymentReference: entry.paymentReference,
      made: resolution.made,
    })
    const view = this.#view(updated, false)
    this.deps.publish(view)
    return view
  }

  #view(entry: DebitEntry, following: boolean): DebitView {
    return toDebitView(entry, following, this.deps.actor())
  }

  async status(paymentReference: string): Promise<DebitView> {
    const known = this.deps.debits.get(paymentReference)
    if (known) {
      const entry = await this.#check(paymentReference)
      return this.#view(entry ?? known, this.#isFollowing(paymentReference))
    }
    let record: DebitRecord
    try {
      const gateway = await this.deps.gateway()
      record = await gateway.directDebits.status(paymentReference)
    } catch (error) {
      throw cashierError(error, {
        action: 'look up the debit',
        notFound: `No debit has the reference ${paymentReference}.`,
      })
    }
    // The spec's status record has no currency: a debit is "in the mandate's currency", so it
    // is read from the mandate, never assumed.
    const currency =
      record.currency ??
      (await this.deps.mandates.refresh(record.mandate_reference).catch(() => null))?.currency
    if (!currency)
      throw new AppError(
        'gateway_record_incomplete',
        `The gateway's record of debit ${paymentReference} does not give its currency, and its mandate ${record.mandate_reference} could not be looked up, so its amount can't be shown here. Its status at the gateway: ${record.status}.`,
      )
    return {
      paymentReference: record.payment_reference,
      mandateReference: record.mandate_reference,
      amount: record.amount,
      currency,
      narration: record.narration,
      status: record.status,
      // Only the gateway's own final words are final; an unknown status is followed.
      final: record.status === 'success' || record.status === 'failed',
      failureReason: record.failure_reason ?? null,
      createdAt: record.created_at ?? null,
      completedAt: record.completed_at ?? null,
      following: false,
      notice: null,
      outcome: null,
    }
  }

  #isFollowing(paymentReference: string): boolean {
    return this.deps.follower.isFollowing(paymentReference)
  }

  #follow(paymentReference: string): void {
    this.deps.follower.follow(
      paymentReference,
      async () => {
        const entry = await this.#check(paymentReference)
        // Waiting for a supervisor's check: from here only the slow review lookups.
        if (entry && inReview(entry)) this.#watchReview(paymentReference)
        return !entry || FINAL_DEBIT.includes(entry.status) || inReview(entry)
          ? 'final'
          : 'continue'
      },
      () => {
        const entry = this.deps.debits.update(paymentReference, (d) => ({
          ...d,
          notice: 'Still not settled after two hours. Press Check status later, or ask the bank.',
        }))
        if (entry) this.deps.publish(this.#view(entry, false))
      },
    )
  }

  /**
   * A debit waiting for a supervisor: its reference is still read on the slow review schedule,
   * because only the gateway's answer for it settles it, and that answer may come late. A "not
   * found", a refusal or silence settles nothing, and nothing is ever sent again from here.
   */
  #watchReview(paymentReference: string): void {
    this.deps.reviewFollower?.follow(
      paymentReference,
      async () => {
        const entry = this.deps.debits.get(paymentReference)
        if (!entry || !inReview(entry)) return 'final'
        const settled = await this.#lookUpInReview(entry)
        if (!settled) return 'continue'
        this.deps.log.info('debit in review settled by the gateway', { paymentReference })
        if (!FINAL_DEBIT.includes(settled.status)) this.#follow(paymentReference)
        return 'final'
      },
      () => undefined,
    )
  }

  /** One status read of a debit in review: the updated entry when the gateway answered for it. */
  async #lookUpInReview(entry: DebitEntry): Promise<DebitEntry | undefined> {
    let record: DebitRecord
    try {
      const gateway = await this.deps.gateway()
      record = await gateway.directDebits.status(entry.paymentReference)
    } catch {
      return undefined
    }
    // A record of another reference is not this debit's answer.
    if (record.payment_reference !== entry.paymentReference) return undefined
    // A supervisor may have decided while the lookup was out: theirs is then the record.
    const now = this.deps.debits.get(entry.paymentReference)
    if (!now || !inReview(now)) return undefined
    const updated = this.#record(entry.paymentReference, record)
    this.deps.publish(this.#view(updated, false))
    return updated
  }

  /** One status read; publishes when anything changed. Never throws for gateway trouble. */
  async #check(paymentReference: string): Promise<DebitEntry | undefined> {
    const before = this.deps.debits.get(paymentReference)
    if (!before) return undefined
    // In review: the gateway is asked, the debit is never sent again.
    if (inReview(before)) return (await this.#lookUpInReview(before)) ?? before
    let after: DebitEntry | undefined
    try {
      const gateway = await this.deps.gateway()
      after =
        before.status === 'starting'
          ? await this.#pursue(gateway, before)
          : this.#record(paymentReference, await gateway.directDebits.status(paymentReference))
    } catch (error) {
      after = this.deps.debits.update(paymentReference, (d) => ({
        ...d,
        notice: `${cashierError(error, { action: 'check the debit' }).message} The till keeps checking.`,
      }))
    }
    if (after && (after.status !== before.status || after.notice !== before.notice)) {
      this.deps.publish(
        this.#view(
          after,
          this.#isFollowing(paymentReference) && !FINAL_DEBIT.includes(after.status),
        ),
      )
    }
    return after
  }

  /**
   * A debit whose answer was lost: only the gateway's word about its reference settles it.
   * A JSON "no such debit", long enough after the lost request, allows the same request once
   * more; a refusal of that settles nothing. After the window a supervisor checks it; the till
   * never concludes that nothing was charged.
   */
  async #pursue(gateway: DebitsGateway, entry: DebitEntry): Promise<DebitEntry | undefined> {
    const step = await pursueByReference({
      uncertainty: entry.uncertainty ?? uncertaintyAfterRestart(entry.createdAt, entry.createdAt),
      lookup: () => gateway.directDebits.status(entry.paymentReference),
      resend: async () => {
        const mandate = await this.deps.mandates.refresh(entry.mandateReference)
        return gateway.directDebits.debit({
          mandate_reference: entry.mandateReference,
          debit_amount: entry.amount,
          narration: entry.narration,
          customer_email: mandate.customerEmail,
          payment_reference: entry.paymentReference,
        })
      },
      beforeResend: (uncertainty) =>
        this.deps.debits.update(entry.paymentReference, (d) => ({ ...d, uncertainty })) !==
        undefined,
      noun: 'debit',
      now: () => nowFrom(this.deps),
      verifyAfterMs: this.deps.verifyAfterMs ?? DEFAULT_VERIFY_AFTER_MS,
      windowMs: this.deps.unknownWindowMs ?? DEFAULT_UNKNOWN_WINDOW_MS,
    })
    if (step.kind === 'found' || step.kind === 'sent')
      return this.#record(entry.paymentReference, step.value)
    if (step.kind === 'review')
      this.deps.log.warn('debit outcome unknown; needs review', {
        paymentReference: entry.paymentReference,
      })
    return this.deps.debits.update(entry.paymentReference, (d) => ({
      ...d,
      uncertainty: step.uncertainty,
      notice: unconfirmedNotice(step.uncertainty, 'debit'),
    }))
  }

  /**
   * Folds the gateway's answer in; a final status never moves back. The acceptance answer of a
   * debit is not shown in the spec, so any field it leaves out keeps what this till recorded
   * when it sent the debit (what the gateway accepted); nothing is guessed.
   */
  #record(paymentReference: string, record: DebitAnswer): DebitEntry {
    const existing = this.deps.debits.get(paymentReference)
    const status = record.status ?? existing?.status ?? 'starting'
    const keepFinal =
      existing && FINAL_DEBIT.includes(existing.status) && !FINAL_DEBIT.includes(status)
    return this.deps.debits.put({
      paymentReference,
      mandateReference: record.mandate_reference ?? existing?.mandateReference ?? '',
      amount: record.amount ?? existing?.amount ?? ZERO,
      currency: record.currency ?? existing?.currency ?? 'NGN',
      narration: record.narration ?? existing?.narration ?? '',
      status: keepFinal ? existing.status : status,
      failureReason: record.failure_reason ?? null,
      createdAt: existing?.createdAt ?? record.created_at ?? isoFrom(this.deps),
      completedAt: record.completed_at ?? null,
      notice: null,
      chargedBy: existing?.chargedBy ?? null,
      chargedById: existing?.chargedById ?? null,
      uncertainty: existing?.uncertainty ?? null,
      resolution: existing?.resolution ?? null,
    })
  }
}

/** Its outcome stayed unknown through the window: a supervisor decides, unless the gateway does. */
function inReview(entry: DebitEntry): boolean {
  return entry.status === 'starting' && Boolean(entry.uncertainty?.review)
}
