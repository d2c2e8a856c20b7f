// Debits against active mandates. Main checks the mandate is active and that the debit fits
// this month's limits, fixes the payment reference and journals it before sending, then
// follows the debit (pending → success | failed) until final.
import type { DebitView, MandateDebitInput } from '../../common/ipc/mandates'
import { compare } from '../../common/money'
import { refuse } from '../kernel/errors'
import type { Journal } from '../payments/journal'
import { newReference } from '../payments/references'
import { KindService, type KindServiceDeps, type Shared } from '../exactly-once/service'
import { debitKind, type DebitsGateway, type MandateRefresh } from './debit-kind'
import { FINAL_DEBIT, type DebitEntry } from './mandate-entries'
import { fieldRefusals, form, monthlyUsage } from './mandate-rules'
import { askGateway, isoFrom, nowFrom } from '../payments/service-basics'
import { ownRecord } from '../gateway/own-record'
import { noticeSay } from '../exactly-once/outcome-view'
import { checkingNoticeSaid } from '../payments/payment-notice'
import type { Said } from '../../common/ipc/contract'

export type { DebitsGateway } from './debit-kind'

export interface DebitsServiceDeps extends KindServiceDeps<DebitsGateway, DebitView> {
  debits: Journal<DebitEntry>
  mandates: MandateRefresh
}

export class DebitsService extends KindService<DebitEntry, DebitsGateway, DebitView> {
  constructor(private readonly deps: DebitsServiceDeps) {
    // A lost debit answer is followed up this long, then a supervisor checks it.
    super(debitKind(deps.mandates), deps.debits, deps, { defaultWindowMs: 10 * 60_000 })
  }

  async debit(input: MandateDebitInput): Promise<DebitView> {
    // One charge at a time per mandate, so the limit check can't be raced by a double click.
    const busy = () => refuse('debit_in_progress', { key: 'mandates.debitInProgress' })
    return this.oneAtATime(input.mandateReference, busy, () => this.#debit(input))
  }

  async #debit(input: MandateDebitInput): Promise<DebitView> {
    const mandate = await this.deps.mandates.refresh(input.mandateReference)
    if (mandate.status !== 'active')
      throw refuse(
        'mandate_not_active',
        mandate.status === 'pending_activation'
          ? { key: 'mandates.notActiveYet' }
          : {
              key: 'mandates.cannotCharge',
              params: { status: { key: `mandates.status.${mandate.status}` } },
            },
      )
    const { fields, fieldSay, refuseField, amount: typed } = fieldRefusals()
    const amount = typed('amount', input.amount, mandate.currency, 'debit')
    const narration = input.narration.trim()
    if (narration === '') refuseField('narration', form('narrationMissing'))
    const usage = monthlyUsage(mandate, this.deps.debits.list(), nowFrom(this.deps))
    if (usage.remainingCount <= 0)
      throw refuse('limit_exceeded', {
        key: 'mandates.allDebitsUsed',
        params: { count: usage.maxCount, month: usage.month },
      })
    if (fields.amount === undefined && compare(amount, usage.remainingAmount) > 0)
      refuseField(
        'amount',
        form('overMonthLeft', {
          leftAmount: `${usage.remainingAmount} ${mandate.currency}`,
          limitAmount: `${usage.maxAmount} ${mandate.currency}`,
        }),
      )
    if (Object.keys(fields).length > 0)
      throw refuse('invalid_input', { key: 'input.checkFields' }, { fields, fieldSay })

    const paymentReference = newReference('DD', nowFrom(this.deps))
    const submitted = await this.first(
      {
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
        // Must match the mandate's; taken from the gateway's own record, never typed.
        customerEmail: mandate.customerEmail,
      },
      {
        action: 'chargeMandate',
        fields: { debit_amount: 'amount', narration: 'narration' },
        codes: {
          limit_exceeded: { key: 'mandates.overMonthlyLimit' },
          mandate_not_active: { key: 'mandates.gatewayNotActive' },
        },
      },
    )
    return this.view(submitted.entry)
  }

  /** A journalled debit, with why its outcome is unknown (or how it was decided) in words. */
  protected show(entry: DebitEntry, shared: Shared): DebitView {
    return {
      paymentReference: entry.paymentReference,
      mandateReference: entry.mandateReference,
      amount: entry.amount,
      currency: entry.currency,
      narration: entry.narration,
      status: entry.status,
      final: FINAL_DEBIT.includes(entry.status),
      failureReason: entry.failureReason,
      createdAt: entry.createdAt,
      completedAt: entry.completedAt,
      notice: entry.notice,
      ...noticeSay(entry, 'debit', DEBIT_NOTICES, checkingNoticeSaid),
      ...shared,
    }
  }

  async status(paymentReference: string): Promise<DebitView> {
    const own = await this.checkOwn(paymentReference)
    if (own) return own
    const notFound = { key: 'mandates.noSuchDebit', params: { reference: paymentReference } }
    // Another debit's record is never shown as this one (a cashier would read its "charged").
    const record = await askGateway(this.deps, { action: 'lookUpDebit', notFound }, async (g) => {
      const record = await g.directDebits.status(paymentReference)
      const theirs = record.payment_reference
      return ownRecord(record, theirs, paymentReference, 'debitStatus', `debit ${theirs}`)
    })
    // The spec's status record has no currency: a debit is "in the mandate's currency", so it
    // is read from the mandate, never assumed.
    const currency =
      record.currency ??
      (await this.deps.mandates.refresh(record.mandate_reference).catch(() => null))?.currency
    if (!currency)
      throw refuse('gateway_record_incomplete', {
        key: 'mandates.debitNoCurrency',
        params: {
          reference: paymentReference,
          mandate: record.mandate_reference,
          status: record.status,
        },
      })
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
}

/** Our sentences a debit's journaled notice can be (debit-kind.ts words them from these keys). */
const DEBIT_NOTICES: readonly Said[] = [
  { key: 'mandates.debitNotice.waiting' },
  { key: 'mandates.debitNotice.gaveUp' },
]
