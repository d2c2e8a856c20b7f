// Following a payout up by our reference: verify after a lost answer (a resend only where
// "no such transfer" is believed and the environment has earned it), the review and decided
// watches (the gateway wins over a decision it contradicts: main/exactly-once/alarm.ts), the
// reversal watch, and adopting what the gateway holds for the reference.
import type { Transfer } from '../../common/api/disbursements'
import { explainGatewayFailure, explainTransferFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { isDecided, isUncertain, type PayoutItem, type TransferSnapshot } from './model'
import type { ItemPatch, OutboxRecord } from './records'
import {
  PayoutSenderBase,
  describeMismatch,
  notOurs,
  withoutUndefined,
  type LostStep,
} from './sender-base'

/** Lookups by reference, and what the gateway's answers do to a payout. */
export abstract class PayoutFollowUp extends PayoutSenderBase {
  /** One initialize (sending.ts). */
  protected abstract post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void>
  /** The answer to a request was lost (sending.ts). */
  protected abstract becomeUnknown(item: PayoutItem, step: LostStep): Promise<void>

  /**
   * A payout whose outcome was lost, followed by the exactly-once core: a lookup by our
   * reference no sooner than `verifyAfterMs` after the lost request, the transfer adopted when
   * the gateway holds one of ours, a resend only on a JSON "no such transfer" in an environment
   * that has earned it (journaled and on disk before it leaves, never once decided), and past
   * the window a supervisor decides. The sender paces the next look.
   */
  protected async verify(_gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const reference = item.reference
    this.readFailed.delete(reference)
    const after = await this.writes.check(reference)
    if (this.readFailed.delete(reference) || !after) return
    if (after.state !== 'unknown') {
      this.failures.delete(reference)
      if (after.state === 'needs_review')
        this.dueAt.set(reference, this.o.now() + this.o.reviewPollMs)
      else this.paceAfter(after)
      return
    }
    const said = after.uncertainty?.steps.at(-1)?.said
    if (said) this.problem(reference, 'outcome_unknown', said)
    const lostAt = after.uncertainty?.lastUnknownAt ?? null
    // The lost request may still be on its way: a "no such transfer" before then is a guess.
    if (lostAt !== null && this.o.now() < lostAt + this.o.verifyAfterMs)
      this.dueAt.set(reference, lostAt + this.o.verifyAfterMs)
    else this.backoff(reference)
  }

  /** Looks again later, or, past the window, hands the payout to a supervisor with why. */
  protected async stillUnknown(reference: string, lastSaid: string): Promise<void> {
    const item = this.o.outbox.get(reference)
    if (!item || item.state !== 'unknown') return
    const since = item.uncertainty?.since ?? item.updatedAt
    if (this.o.now() - since < this.o.unknownWindowMs) {
      this.backoff(reference)
      return
    }
    const reason = `Tilldesk could not find out from the gateway whether this payout went out (last answer: ${lastSaid}) It may or may not have been paid. Do not pay it again: check this reference with the gateway, then a supervisor marks it as paid (with the gateway's reference) or not paid.`
    // From now on it is looked up only now and then, while it waits for a supervisor.
    this.dueAt.set(reference, this.o.now() + this.o.reviewPollMs)
    await this.commit([
      this.action(item, 'escalate', reason, {
        reviewReason: reason,
        problem: { code: 'needs_review', message: reason, at: this.o.now(), transient: false },
      }),
    ])
  }

  /** A payout waiting for a supervisor: the gateway's answer still settles it first. */
  protected async reviewCheck(_gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    if (!isUncertain(item)) return
    // Nothing new: it waits for the supervisor; never sent again from here.
    this.dueAt.set(item.reference, this.o.now() + this.o.reviewPollMs)
    this.paceAfter(await this.writes.check(item.reference))
  }

  /** A transfer at the bank: the core looks it up and folds in what the gateway says. */
  protected async follow(_gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    this.readFailed.delete(item.reference)
    const after = await this.writes.check(item.reference)
    // A failed lookup was already paced (afterFailedRead, told by the payout kind).
    if (this.readFailed.delete(item.reference)) return
    this.failures.delete(item.reference)
    this.setBlocked(null)
    this.paceAfter(after)
  }

  /** The next look at a payout the gateway just answered for, at the pace of its state. */
  protected paceAfter(after: PayoutItem | undefined): void {
    if (!after) return
    const now = this.o.now()
    if (after.state === 'submitted') {
      // Still moving at the bank: look again later, less often the longer it takes.
      const polls = (this.polls.get(after.reference) ?? 0) + 1
      this.polls.set(after.reference, polls)
      const delay = Math.min(this.o.maxPollMs, this.o.pollMs * 1.5 ** (polls - 1))
      this.dueAt.set(after.reference, now + delay)
    } else if (after.state === 'success') {
      this.dueAt.set(after.reference, now + this.o.reversalPollMs)
    }
  }

  protected async watchReversal(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    try {
      const transfer = await this.lookUp(gateway, item)
      if (transfer.status === 'reversed') await this.adopt(item, transfer, {})
      else this.dueAt.set(item.reference, this.o.now() + this.o.reversalPollMs)
    } catch (error) {
      this.afterFailedRead(item.reference, error)
    }
  }

  /**
   * A payout a supervisor decided: the core looks its reference up and, where the gateway's
   * transfer contradicts the decision, the gateway wins (an overrule with an alarm a supervisor
   * must acknowledge, then the payout as the gateway says). Nothing is ever sent from here.
   */
  protected async watchDecided(_gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const now = this.o.now()
    this.dueAt.set(item.reference, now + this.o.reviewPollMs)
    const after = await this.writes.check(item.reference)
    // Overruled: followed as the gateway says, at the pace of its new state.
    if (after && !isDecided(after))
      this.dueAt.set(item.reference, after.state === 'success' ? now + this.o.reversalPollMs : now)
  }

  /** The gateway's transfer for this payout's reference (GET /disbursements/verify). */
  protected lookUp(gateway: PayoutsGateway, item: PayoutItem): Promise<Transfer> {
    return gateway.disbursements.verify(item.reference, { timeoutMs: this.o.requestTimeoutMs })
  }

  protected afterFailedRead(reference: string, error: unknown): void {
    const failure = classifyFailure(error, 'lookup')
    const message = explainGatewayFailure(error, 'verify')
    this.problem(reference, failure, message)
    if (failure === 'auth') {
      this.setBlocked(message)
      this.pause(this.o.retryMaxMs)
    } else if (failure === 'rate_limited') {
      this.honourRetryAfter(error)
    } else {
      this.backoff(reference)
    }
  }

  /**
   * Takes the gateway's transfer as the truth for this item: moves it to submitted and on to
   * a final state as far as the transfer has gone, in one durable commit.
   */
  protected async adopt(item: PayoutItem, transfer: Transfer, extra: ItemPatch): Promise<void> {
    if (transfer.reference !== item.reference) {
      await this.answerNotOurs(item, transfer)
      return
    }
    this.o.referenceTrust?.learn('lookup')
    const snapshot: TransferSnapshot = {
      status: transfer.status,
      fee: transfer.fee ?? null,
      failureReason: transfer.failure_reason ?? null,
      updatedAt: transfer.updated_at ?? null,
    }
    // The gateway answered us properly: whatever blocked the sender is gone.
    this.setBlocked(null)
    this.setLive(item.reference, { problem: null, transferStatus: transfer.status })
    const records: OutboxRecord[] = []
    const mismatch = describeMismatch(item, transfer)
    if (mismatch) {
      records.push(
        this.note(item, 'alert', mismatch, {
          problem: {
            code: 'transfer_mismatch',
            message: mismatch,
            at: this.o.now(),
            transient: false,
          },
        }),
      )
    }
    let state = item.state
    const patch: ItemPatch = { ...extra, transfer: snapshot }
    if (state === 'sending' || state === 'unknown' || state === 'needs_review') {
      const settled = item.uncertainty
        ? 'The gateway answered for this reference: it holds the transfer.'
        : null
      records.push(
        this.action(item, 'accept', settled, {
          ...patch,
          problem: mismatch ? undefined : null,
          ...(state === 'needs_review' ? { reviewReason: null } : {}),
        }),
      )
      state = 'submitted'
    }
    const reached = transfer.status
    // Only the gateway's own words settle a payout: `failed` fails it, `success` or
    // `reversed` pays it. Anything else (pending, processing, a status we don't know) is
    // still on its way and is looked at again.
    const settled = reached === 'failed' || reached === 'success' || reached === 'reversed'
    if (state === 'submitted' && settled) {
      if (reached === 'failed') {
        const why = explainTransferFailure(snapshot.failureReason)
        records.push(
          this.action(item, 'fail', why, {
            transfer: snapshot,
            problem: { code: 'transfer_failed', message: why, at: this.o.now(), transient: false },
          }),
        )
        state = 'failed'
      } else {
        records.push(this.action(item, 'succeed', null, { transfer: snapshot }))
        state = 'success'
      }
    }
    if (state === 'success' && reached === 'reversed') {
      records.push(
        this.action(item, 'reverse', snapshot.failureReason ?? 'Returned by the receiving bank.', {
          transfer: snapshot,
        }),
      )
      state = 'reversed'
    }
    if (records.length > 0) this.record(records.map((r) => withoutUndefined(r)))
    if (state === 'submitted') {
      // Still moving at the bank: look again later, less often the longer it takes.
      const polls = (this.polls.get(item.reference) ?? 0) + 1
      this.polls.set(item.reference, polls)
      const delay = Math.min(this.o.maxPollMs, this.o.pollMs * 1.5 ** (polls - 1))
      this.dueAt.set(item.reference, this.o.now() + delay)
    } else if (state === 'success') {
      this.dueAt.set(item.reference, this.o.now() + this.o.reversalPollMs)
    }
  }

  /**
   * A lookup by our reference answered with a transfer whose own reference is another (how
   * the reference is passed is "not shown" in the spec, so a gateway may ignore ours). It is
   * not an answer about this payout: nothing is settled by it, and it is kept as evidence.
   */
  protected async answerNotOurs(item: PayoutItem, transfer: Transfer): Promise<void> {
    const said = `${notOurs(transfer)} Tilldesk keeps checking this reference.`
    this.problem(item.reference, 'outcome_unknown', said)
    switch (item.state) {
      case 'sending':
      case 'unknown':
        await this.becomeUnknown(item, { call: 'verify', said, lostRequestAt: null })
        await this.stillUnknown(item.reference, said)
        return
      case 'needs_review':
        this.dueAt.set(item.reference, this.o.now() + this.o.reviewPollMs)
        return
      case 'success':
        this.dueAt.set(item.reference, this.o.now() + this.o.reversalPollMs)
        return
      default:
        this.backoff(item.reference)
    }
  }
}
