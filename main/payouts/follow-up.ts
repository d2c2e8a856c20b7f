// Following a payout up by our reference, paced by the sender and done by the exactly-once
// core (main/exactly-once/tracker.ts): after a lost answer, at the bank, in review and once
// decided (the gateway wins over a decision it contradicts). The reversal watch of a paid
// payout stays here: to the core a success is final.
import type { Transfer } from '../../common/api/disbursements'
import { explainGatewayFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { isDecided, isUncertain, type PayoutItem } from './model'
import { PayoutSenderBase } from './sender-base'

/** Lookups by reference, and what the gateway's answers do to a payout. */
export abstract class PayoutFollowUp extends PayoutSenderBase {
  /** One initialize (sending.ts). */
  protected abstract post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void>

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
    const now = this.o.now()
    try {
      const transfer = await this.lookUp(gateway, item)
      // Only our reference's transfer, and only its reversal, changes a paid payout.
      if (transfer.reference === item.reference && transfer.status === 'reversed')
        this.store.update(item.reference, (e) =>
          this.kind.found(e, transfer, new Date(now).toISOString()),
        )
      else this.dueAt.set(item.reference, now + this.o.reversalPollMs)
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
}
