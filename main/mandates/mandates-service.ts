// Direct-debit mandates: create (reference fixed and journalled first), activate with the
// customer's OTP and PIN, view, cancel. The OTP and PIN go from the IPC input straight into
// the gateway request and nowhere else: not the journal, not a log line, not an error.
import type { CreateMandateRequest } from '../../common/api/directDebits'
import type {
  DebitView,
  MandateCreateInput,
  MandateSummary,
  MandateView,
  ResolvedAccount,
} from '../../common/ipc/mandates'
import type { Currency } from '../../common/money'
import type { BankOption } from '../../common/ipc/payouts'
import { AppError, refuse } from '../kernel/errors'
import type { GatewayClient } from '../gateway'
import { GatewayError } from '../gateway/errors'
import { ownRecord } from '../gateway/own-record'
import { cashierError } from '../gateway/cashier-errors'
import type { Follower } from '../exactly-once/follower'
import type { Journal } from '../payments/journal'
import { newReference } from '../payments/references'
import {
  pursueByReference,
  submitByReference,
  uncertaintyAfterRestart,
} from '../exactly-once/submit'
import { DEFAULT_VERIFY_AFTER_MS, type ServiceWriteDeps } from '../exactly-once/tracker'
import type { BankDirectory, BanksGateway } from './bank-directory'
import { applyMandate, type DebitEntry, type MandateEntry } from './mandate-entries'
import { localDay, validateMandateForm } from './mandate-rules'
import { toMandateView } from './mandate-view'
import { askGateway, isoFrom, nowFrom, openGateway } from '../payments/service-basics'

/** The part of the gateway client this service uses. */
export type MandatesGateway = BanksGateway & {
  banks: Pick<GatewayClient['banks'], 'resolve'>
  directDebits: Pick<
    GatewayClient['directDebits'],
    'createMandate' | 'initiateActivation' | 'validateActivation' | 'getMandate' | 'cancelMandate'
  >
}

/** The core's deps a mandate's create needs (exactly-once/tracker.ts says what each is). */
export interface MandatesServiceDeps extends Pick<
  ServiceWriteDeps<MandatesGateway>,
  'gateway' | 'actor' | 'log' | 'now' | 'verifyAfterMs' | 'unknownWindowMs' | 'trust'
> {
  mandates: Journal<MandateEntry>
  /** Read only here: debits are written by DebitsService. */
  debits: Journal<DebitEntry>
  banks: BankDirectory
  /** Follows an unconfirmed create on the debits' schedule. */
  debitFollower: Follower
  /** A debit as its screens show it (DebitsService, built after this service). */
  debitView: (debit: DebitEntry) => DebitView
  publish: (view: MandateView) => void
}

const DEFAULT_UNKNOWN_WINDOW_MS = 30 * 60_000

const FIELD_NAMES = {
  customer_name: 'customerName',
  customer_email: 'customerEmail',
  account_number: 'accountNumber',
  bank_code: 'bankCode',
  start_date: 'startDate',
  end_date: 'endDate',
  max_monthly_amount: 'maxMonthlyAmount',
  max_monthly_debit_count: 'maxMonthlyDebitCount',
  currency: 'currency',
}

export { statusWords } from './mandate-view'

export class MandatesService {
  /** Mandates with an action on its way: one at a time per mandate. */
  readonly #busy = new Set<string>()

  constructor(private readonly deps: MandatesServiceDeps) {}

  /** Follows up the creates that were still unconfirmed when the till last stopped. */
  resume(): void {
    for (const entry of this.deps.mandates.list())
      if (!entry.confirmed && !entry.uncertainty?.review) this.#followCreate(entry.mandateReference)
  }

  /**
   * Asks about an unconfirmed create on the debits' schedule (quick at first, then sparse),
   * so it is settled, or put to a supervisor when the window ends, without anyone opening it.
   */
  #followCreate(mandateReference: string): void {
    this.deps.debitFollower.follow(
      mandateReference,
      async () => {
        const before = this.deps.mandates.get(mandateReference)
        if (!before || before.confirmed) return 'final'
        await this.refresh(mandateReference).catch(() => undefined)
        const after = this.deps.mandates.get(mandateReference)
        if (after) this.#publish(mandateReference)
        return !after || after.confirmed || after.uncertainty?.review ? 'final' : 'continue'
      },
      () => this.deps.log.warn('mandate create still unconfirmed; stopped', { mandateReference }),
    )
  }

  list(): MandateSummary[] {
    return this.deps.mandates.list().map((m) => ({
      mandateReference: m.mandateReference,
      status: m.status,
      customerName: m.customerName,
      customerEmail: m.customerEmail,
      currency: m.currency,
      maxMonthlyAmount: m.maxMonthlyAmount,
      endDate: m.endDate,
      checkedAt: m.checkedAt,
    }))
  }

  /** Banks that can hold a mandate: the spec gives mandates a "Three-digit bank code". */
  async banks(): Promise<BankOption[]> {
    try {
      return (await this.deps.banks.list()).filter((b) => /^\d{3}$/.test(b.code))
    } catch (error) {
      throw cashierError(error, { action: 'loadBanks' })
    }
  }

  async resolveAccount(input: {
    bankCode: string
    accountNumber: string
    currency: Currency
  }): Promise<ResolvedAccount> {
    const fields = { account: 'accountNumber', bank: 'bankCode' }
    const notFound = { key: 'mandates.noSuchAccount' }
    const { data } = await askGateway(
      this.deps,
      { action: 'checkAccount', fields, notFound },
      (g) =>
        g.banks.resolve({
          bank: input.bankCode,
          account: input.accountNumber,
          currency: input.currency,
        }),
    )
    return {
      accountNumber: data.account_number,
      accountName: data.account_name,
      bankName: data.bank_name,
    }
  }

  async create(input: MandateCreateInput): Promise<MandateView> {
    // Best effort: a bank list lets the form say "choose from the list"; without one the
    // gateway still checks the code.
    await this.deps.banks.list().catch(() => undefined)
    const form = validateMandateForm(
      input,
      localDay(nowFrom(this.deps)),
      this.deps.banks.knownCodes(),
    )
    if (!form.ok)
      throw refuse(
        'invalid_input',
        { key: 'input.checkFields' },
        { fields: form.fields, fieldSay: form.fieldSay },
      )
    const v = form.value
    const reference = newReference('MD', nowFrom(this.deps))
    const body: CreateMandateRequest = {
      customer_name: v.customerName,
      customer_email: v.customerEmail,
      account_number: v.accountNumber,
      bank_code: v.bankCode,
      mandate_reference: reference,
      start_date: v.startDate,
      end_date: v.endDate,
      max_monthly_amount: v.maxMonthlyAmount,
      max_monthly_debit_count: v.maxMonthlyDebitCount,
      currency: v.currency,
      metadata: { created_by: this.deps.actor()?.name ?? null },
    }
    this.deps.mandates.put({
      mandateReference: reference,
      confirmed: false,
      status: 'pending_activation',
      customerName: v.customerName,
      customerEmail: v.customerEmail,
      accountNumber: v.accountNumber,
      bankCode: v.bankCode,
      startDate: v.startDate,
      endDate: v.endDate,
      currency: v.currency,
      maxMonthlyAmount: v.maxMonthlyAmount,
      maxMonthlyDebitCount: v.maxMonthlyDebitCount,
      activationInitiated: false,
      createdAt: isoFrom(this.deps),
      activatedAt: null,
      cancelledAt: null,
      checkedAt: null,
      createdBy: this.deps.actor()?.name ?? null,
    })
    this.deps.log.info('mandate creating', { mandateReference: reference })
    let gateway: MandatesGateway
    try {
      gateway = await openGateway(this.deps, 'createMandate')
    } catch (error) {
      // Nothing was sent: forget it rather than leave an unconfirmed mandate behind.
      this.deps.mandates.remove(reference)
      throw error
    }
    let outcome
    try {
      outcome = await submitByReference({
        send: () => gateway.directDebits.createMandate(body),
        lookup: () => lookUpOurs(gateway, reference),
        noun: 'mandate',
        now: () => nowFrom(this.deps),
      })
    } catch (error) {
      this.deps.mandates.remove(reference)
      throw cashierError(error, { action: 'createMandate', fields: FIELD_NAMES })
    }
    if (outcome.outcome === 'unknown') {
      const { uncertainty } = outcome
      this.deps.mandates.update(reference, (m) => ({ ...m, uncertainty }))
      this.deps.log.warn('mandate create outcome unknown', {
        mandateReference: reference,
        kind: outcome.error.kind,
      })
      this.#followCreate(reference)
      throw refuse('mandate_unconfirmed', {
        key: 'mandates.unconfirmedInList',
        params: { reference },
      })
    }
    if (outcome.outcome === 'found') {
      this.deps.mandates.put(
        applyMandate(this.deps.mandates.get(reference), outcome.value, isoFrom(this.deps)),
      )
    } else {
      this.deps.mandates.update(reference, (m) => ({
        ...m,
        confirmed: true,
        status: outcome.value.status,
        checkedAt: isoFrom(this.deps),
      }))
    }
    return this.#publish(reference)
  }

  /** Fresh from the gateway; remembers mandates looked up from elsewhere too. */
  async get(mandateReference: string): Promise<MandateView> {
    try {
      await this.refresh(mandateReference)
    } catch (error) {
      // Not confirmed yet: the view says why, in words, with what was tried.
      if (!(error instanceof AppError && error.code === 'mandate_unconfirmed')) throw error
    }
    return this.#publish(mandateReference)
  }

  /** Reads the gateway's record into the journal and returns it (for debits). */
  async refresh(mandateReference: string): Promise<MandateEntry> {
    const gateway = await openGateway(this.deps, 'lookUpMandate')
    const known = this.deps.mandates.get(mandateReference)
    if (known && !known.confirmed) return this.#pursue(gateway, known)
    try {
      const record = await lookUpOurs(gateway, mandateReference)
      return this.deps.mandates.put(applyMandate(known, record, isoFrom(this.deps)))
    } catch (error) {
      throw cashierError(error, {
        action: 'lookUpMandate',
        notFound: { key: 'mandates.noSuch', params: { reference: mandateReference } },
      })
    }
  }

  /**
   * A mandate whose create was never confirmed: only the gateway's word about its reference
   * settles it (exactly-once/submit.ts). The entry is never dropped; "no such
   * mandate" allows the same create again only `verifyAfterMs` after the lost request, a
   * refusal of that settles nothing, and past the window a supervisor checks it.
   */
  async #pursue(gateway: MandatesGateway, known: MandateEntry): Promise<MandateEntry> {
    const reference = known.mandateReference
    const step = await pursueByReference({
      uncertainty: known.uncertainty ?? uncertaintyAfterRestart(known.createdAt),
      lookup: () => lookUpOurs(gateway, reference),
      resend: () => gateway.directDebits.createMandate(this.#bodyOf(known)),
      beforeResend: (uncertainty) =>
        this.deps.mandates.update(reference, (m) => ({ ...m, uncertainty })) !== undefined,
      mayResend: () => this.deps.trust?.honoured() ?? true,
      noun: 'mandate',
      now: () => nowFrom(this.deps),
      verifyAfterMs: this.deps.verifyAfterMs ?? DEFAULT_VERIFY_AFTER_MS,
      windowMs: this.deps.unknownWindowMs ?? DEFAULT_UNKNOWN_WINDOW_MS,
      // Someone is looking at it now: a mandate the gateway already shows is adopted at once.
      lookEarly: true,
    })
    if (step.kind === 'found')
      return this.deps.mandates.put(applyMandate(known, step.value, isoFrom(this.deps)))
    if (step.kind === 'sent')
      return this.deps.mandates.put({
        ...known,
        confirmed: true,
        status: step.value.status,
        checkedAt: isoFrom(this.deps),
      })
    this.deps.mandates.update(reference, (m) => ({ ...m, uncertainty: step.uncertainty }))
    if (step.kind === 'review')
      this.deps.log.warn('mandate create outcome unknown; needs review', {
        mandateReference: reference,
      })
    throw refuse('mandate_unconfirmed', {
      key: step.kind === 'review' ? 'mandates.neverConfirmed' : 'mandates.unconfirmed',
      params: { reference },
    })
  }

  /** The create request of a journalled mandate, as first sent (same reference). */
  #bodyOf(entry: MandateEntry): CreateMandateRequest {
    return {
      customer_name: entry.customerName,
      customer_email: entry.customerEmail,
      account_number: entry.accountNumber,
      bank_code: entry.bankCode,
      mandate_reference: entry.mandateReference,
      start_date: entry.startDate,
      end_date: entry.endDate,
      max_monthly_amount: entry.maxMonthlyAmount,
      max_monthly_debit_count: entry.maxMonthlyDebitCount,
      currency: entry.currency,
      metadata: { created_by: entry.createdBy },
    }
  }

  async initiateActivation(mandateReference: string): Promise<MandateView> {
    return this.#exclusive(mandateReference, async () => {
      const entry = await this.refresh(mandateReference)
      if (entry.status !== 'pending_activation')
        throw refuse('invalid_state', {
          key: 'mandates.noActivation',
          params: { status: { key: `mandates.status.${entry.status}` } },
        })
      const gateway = await openGateway(this.deps, 'sendActivationCode')
      try {
        await gateway.directDebits.initiateActivation(mandateReference)
      } catch (error) {
        throw cashierError(error, { action: 'askForCode' })
      }
      this.deps.mandates.update(mandateReference, (m) => ({ ...m, activationInitiated: true }))
      await this.refresh(mandateReference).catch(() => undefined)
      return this.#publish(mandateReference)
    })
  }

  /** otp and pin are used for this one request and dropped. */
  async validateActivation(
    mandateReference: string,
    otp: string,
    pin: string,
  ): Promise<MandateView> {
    return this.#exclusive(mandateReference, async () => {
      const gateway = await openGateway(this.deps, 'activateMandate')
      try {
        await gateway.directDebits.validateActivation({
          mandate_reference: mandateReference,
          param1: 'otp',
          value1: otp,
          param2: 'pin',
          value2: pin,
        })
      } catch (error) {
        if (!(error instanceof GatewayError && error.outcomeUnknown)) {
          throw cashierError(error, {
            action: 'activateMandate',
            fields: { value1: 'otp', value2: 'pin' },
            codes: {
              activation_not_initiated: { key: 'mandates.sendCodeFirst' },
              validation_error: { key: 'mandates.codeRefused' },
            },
            notFound: { key: 'mandates.noSuch', params: { reference: mandateReference } },
          })
        }
        // The answer was lost: the mandate's state says whether it worked.
      }
      const entry = await this.refresh(mandateReference)
      if (entry.status !== 'active')
        throw refuse('activation_unconfirmed', { key: 'mandates.activationUnconfirmed' })
      this.deps.log.info('mandate activated', { mandateReference })
      return this.#publish(mandateReference)
    })
  }

  async cancel(mandateReference: string): Promise<MandateView> {
    return this.#exclusive(mandateReference, async () => {
      const entry = await this.refresh(mandateReference)
      if (entry.status !== 'active' && entry.status !== 'pending_activation')
        throw refuse('invalid_state', {
          key: 'mandates.already',
          params: { status: { key: `mandates.status.${entry.status}` } },
        })
      const gateway = await openGateway(this.deps, 'cancelMandate')
      try {
        await gateway.directDebits.cancelMandate(mandateReference)
      } catch (error) {
        if (!(error instanceof GatewayError && error.outcomeUnknown))
          throw cashierError(error, { action: 'cancelMandate' })
      }
      const after = await this.refresh(mandateReference)
      if (after.status !== 'cancelled')
        throw refuse('cancel_unconfirmed', { key: 'mandates.cancelUnconfirmed' })
      this.deps.log.info('mandate cancelled', { mandateReference })
      return this.#publish(mandateReference)
    })
  }

  /** The view of a remembered mandate, as it stands locally (no gateway call). */
  view(mandateReference: string): MandateView {
    const entry = this.deps.mandates.get(mandateReference)
    if (!entry)
      throw refuse('not_found', { key: 'mandates.noSuch', params: { reference: mandateReference } })
    const debits = this.deps.debits.list().filter((d) => d.mandateReference === mandateReference)
    return toMandateView(entry, debits, {
      bankName: (code) => this.deps.banks.nameOf(code),
      debitView: this.deps.debitView,
      now: nowFrom(this.deps),
    })
  }

  #publish(mandateReference: string): MandateView {
    const view = this.view(mandateReference)
    this.deps.publish(view)
    return view
  }

  async #exclusive<T>(mandateReference: string, task: () => Promise<T>): Promise<T> {
    if (this.#busy.has(mandateReference)) throw refuse('mandate_busy', { key: 'mandates.busy' })
    this.#busy.add(mandateReference)
    try {
      return await task()
    } finally {
      this.#busy.delete(mandateReference)
    }
  }
}

/** Our mandate, looked up by its reference: another mandate's record is never adopted. */
async function lookUpOurs(gateway: MandatesGateway, reference: string) {
  const record = await gateway.directDebits.getMandate(reference)
  const theirs = record.mandate_reference
  return ownRecord(record, theirs, reference, 'getMandate', `mandate ${theirs}`)
}
