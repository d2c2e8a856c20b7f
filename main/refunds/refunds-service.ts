// Refunds of completed checkout payments. Main works out the refundable balance from the
// gateway's records, fixes the refund reference and journals it before sending, and follows
// the refund (pending → processing → success | failed) until final.
// Role rule (enforced by the IPC table, common/ipc/refunds.ts): issuing needs a supervisor.
import type { Refund } from '../../common/api/refunds'
import type {
  RefundCountsView,
  RefundHistoryFilter,
  RefundIssueInput,
  RefundPage,
  RefundView,
  RefundablePayment,
} from '../../common/ipc/refunds'
import { ZERO } from '../../common/money'
import { english, refuse } from '../kernel/errors'
import type { Journal } from '../payments/journal'
import { newReference } from '../payments/references'
import { KindService, type KindServiceDeps, type Shared } from '../exactly-once/service'
import { refundKind } from './refund-kind'
import { FINAL, type RefundEntry, type RefundsGateway } from './refund-entry'
import { blockedSaid, refundAmount, unconfirmed } from './refund-rules'
import { ownRefund } from './own-record'
import { ownPayment } from '../payments/payment-entry'
import { refundBalance } from './refund-balance'
import { askGateway, isoFrom, nowFrom } from '../payments/service-basics'

export { RefundEntry, type RefundsGateway } from './refund-entry'

export interface RefundsServiceDeps extends KindServiceDeps<RefundsGateway, RefundView> {
  journal: Journal<RefundEntry>
}

export class RefundsService extends KindService<RefundEntry, RefundsGateway, RefundView> {
  constructor(private readonly deps: RefundsServiceDeps) {
    super(refundKind, deps.journal, deps, { listsInFlight: true })
  }

  async prepare(paymentReference: string): Promise<RefundablePayment> {
    const notFound = { key: 'payments.noSuchCheckReceipt', params: { reference: paymentReference } }
    const [payment, refunds] = await askGateway(
      this.deps,
      { action: 'lookUpPayment', notFound },
      async (gateway) =>
        [
          ownPayment(await gateway.payments.verify(paymentReference), paymentReference),
          await this.#allRefundsOf(gateway, paymentReference),
        ] as const,
    )
    // The spec shows only `status` in a payment record: without its amount and currency the
    // refundable balance can't be worked out, and is never guessed.
    if (payment.amount === undefined || payment.currency === undefined)
      throw refuse('gateway_record_incomplete', {
        key: 'refunds.recordIncomplete',
        params: { reference: paymentReference },
      })
    // `amount_refunded` (not shown) is only a floor beside the refunds listed. This till's own
    // refunds of the payment that the list does not show (yet) are counted too: one whose
    // outcome is unknown may have moved money, and a second refund gets a new reference, so
    // the gateway's reference check could not stop it paying the customer back twice.
    const balance = refundBalance(payment.amount, payment.amount_refunded ?? ZERO, [
      ...refunds,
      ...this.#unlistedOwnRefunds([paymentReference, payment.reference], refunds),
    ])
    const blocked = blockedSaid(payment, balance.refundable, balance.inProgress)
    return {
      paymentReference: payment.reference ?? paymentReference,
      email: payment.email ?? null,
      customerName: payment.customer_name ?? null,
      paymentStatus: payment.status,
      currency: payment.currency,
      paid: payment.amount,
      ...balance,
      blockedReason: blocked && english(blocked),
      ...(blocked ? { blockedSay: blocked } : {}),
      refunds: refunds.map((r) => this.#viewOfRecord(r)),
    }
  }

  async issue(input: RefundIssueInput): Promise<RefundView> {
    // A payment with a refund on its way out: a double click must not send two.
    const busy = () => refuse('refund_in_progress', { key: 'refunds.inProgress' })
    return this.oneAtATime(input.paymentReference, busy, () => this.#issue(input))
  }

  async #issue(input: RefundIssueInput): Promise<RefundView> {
    const payment = await this.prepare(input.paymentReference)
    if (payment.blockedSay) throw refuse('not_refundable', payment.blockedSay)
    const amount = refundAmount(input, payment)
    const actor = this.deps.actor()
    const reference = newReference('RF', nowFrom(this.deps))
    const now = isoFrom(this.deps)
    const outcome = await this.first(
      {
        reference,
        paymentReference: payment.paymentReference,
        amount,
        currency: payment.currency,
        status: 'starting',
        reason: input.reason.trim(),
        failureReason: null,
        createdAt: now,
        updatedAt: now,
        issuedBy: actor?.name ?? null,
        issuedById: actor?.id ?? null,
      },
      {
        action: 'issueRefund',
        fields: { amount: 'amount', reason: 'reason', payment_reference: 'paymentReference' },
        codes: { unprocessable: { key: 'refunds.amountRefused' } },
      },
    )
    if (outcome.kind === 'unknown') throw unconfirmed(reference)
    return this.view(outcome.entry)
  }

  async get(reference: string): Promise<RefundView> {
    const notFound = { key: 'refunds.noSuch', params: { reference } }
    return askGateway(this.deps, { action: 'lookUpRefund', notFound }, async (gateway) => {
      const record = ownRefund(await gateway.refunds.get(reference), reference, 'getRefund')
      // One of ours: folded in through its own follow-up (one at a time per reference).
      if (this.deps.journal.has(reference)) await this.writes.check(reference, { lookEarly: true })
      return this.#viewOfRecord({ ...record, reference: record.reference ?? reference })
    })
  }

  async history(filter: RefundHistoryFilter): Promise<RefundPage> {
    if (filter.from && filter.to && filter.from > filter.to)
      throw refuse(
        'invalid_input',
        { key: 'input.checkFields' },
        { fieldSay: { to: { key: 'input.endBeforeStart' } } },
      )
    const fields = { start_date: 'from', end_date: 'to', payment_reference: 'paymentReference' }
    const answer = await askGateway(this.deps, { action: 'loadRefundHistory', fields }, (gateway) =>
      gateway.refunds.history({
        page: filter.page,
        page_size: filter.pageSize,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.paymentReference ? { payment_reference: filter.paymentReference } : {}),
        ...(filter.from ? { start_date: filter.from } : {}),
        ...(filter.to ? { end_date: filter.to } : {}),
      }),
    )
    return {
      items: answer.data.map((r) => this.#viewOfRecord(r)),
      page: answer.pagination.page,
      pageSize: answer.pagination.page_size,
      totalItems: answer.pagination.total_items,
      totalPages: answer.pagination.total_pages,
    }
  }

  async counts(): Promise<RefundCountsView> {
    const { data } = await askGateway(this.deps, { action: 'countRefunds' }, (gateway) =>
      gateway.refunds.counts(),
    )
    return data
  }

  /**
   * Refunds of the payment this till journaled and the gateway's list leaves out, as they
   * count against it: a refund still unsettled is reserved (pending), one confirmed is
   * refunded. Only a refund the gateway said failed, or a supervisor decided was not made,
   * frees its amount.
   */
  #unlistedOwnRefunds(
    paymentReferences: ReadonlyArray<string | undefined>,
    listed: readonly Refund[],
  ): Array<Pick<Refund, 'amount' | 'status'>> {
    const shown = new Set(listed.map((r) => r.reference))
    return this.deps.journal
      .list()
      .filter(
        (e) =>
          paymentReferences.includes(e.paymentReference) &&
          !shown.has(e.reference) &&
          e.status !== 'failed' &&
          e.status !== 'not_refunded',
      )
      .map((e) => ({ amount: e.amount, status: e.status === 'success' ? 'success' : 'pending' }))
  }

  async #allRefundsOf(gateway: RefundsGateway, paymentReference: string): Promise<Refund[]> {
    const all: Refund[] = []
    // Refunds of one payment are few; 20 pages bound the walk if a gateway misbehaves.
    for (let page = 1; page <= 20; page++) {
      const answer = await gateway.refunds.ofPayment(paymentReference, { page, page_size: 100 })
      all.push(...answer.data)
      if (page >= answer.pagination.total_pages) break
    }
    return all
  }

  /** A refund as the gateway listed it; what it left out is shown as not given (null). */
  #viewOfRecord(record: Refund): RefundView {
    return {
      reference: record.reference ?? null,
      paymentReference: record.payment_reference ?? null,
      amount: record.amount ?? null,
      currency: record.currency ?? null,
      status: record.status,
      final: FINAL.includes(record.status),
      reason: record.reason ?? null,
      failureReason: record.failure_reason ?? null,
      createdAt: record.created_at ?? null,
      updatedAt: record.updated_at ?? null,
      following:
        !FINAL.includes(record.status) &&
        record.reference !== undefined &&
        this.writes.isFollowing(record.reference),
      outcome: null,
    }
  }

  protected show(entry: RefundEntry, shared: Shared): RefundView {
    // Not confirmed yet: shown as pending, with why in `outcome`; never as failed.
    const status: RefundView['status'] = refundKind.open(entry)
      ? 'pending'
      : (entry.status as RefundView['status'])
    return {
      reference: entry.reference,
      paymentReference: entry.paymentReference,
      amount: entry.amount,
      currency: entry.currency,
      status,
      final: FINAL.includes(status),
      reason: entry.reason,
      failureReason: entry.failureReason,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      ...shared,
    }
  }
}
