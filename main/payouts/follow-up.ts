// Following a payout up by our reference, paced by the sender and done by the exactly-once
// core (main/exactly-once/tracker.ts): after a lost answer, at the bank, in review and once
// decided (the gateway wins over a decision it contradicts). The reversal watch of a paid
// payout stays here: to the core a success is final.
import { explainGatewayFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { isDecided, type PayoutItem } from './model'
import { PayoutSenderBase } from './sender-base'

/** Lookups by reference, and what the gateway's answers do to a payout. */
export abstract class PayoutFollowUp extends PayoutSenderBase {
  /** One initialize (sending.ts). */
  protected abstract post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void>

  /**
   * One follow-up by the exactly-once core of a payout that was sent (lost answer, at the
   * bank, waiting for a supervisor, or decided): a lookup by our reference, no sooner than
   * `verifyAfterMs` after a lost request; the transfer adopted only when it carries our
   * reference; a resend only on a JSON "no such transfer" in an environment that earned it,
   * on disk before it leaves and never once decided; review past the window; the gateway
   * winning over a decision it contradicts. Then the sender paces the next look.
   */
  protected async followUp(item: PayoutItem): Promise<void> {
    const reference = item.reference
    this.readFailed.delete(reference)
    const after = await this.writes.check(reference)
    // A failed lookup was already paced (afterFailedRead, told by the payout kind).
    if (this.readFailed.delete(reference) || !after) return
    this.pace(after)
  }

  /** When to look at a payout again, from where the gateway's answers have left it. */
  protected pace(after: PayoutItem): void {
    const reference = after.reference
    const now = this.o.now()
    if (isDecided(after) || after.state === 'needs_review') {
      // Waiting for a supervisor, or decided: looked up now and then; never sent from here.
      this.dueAt.set(reference, now + this.o.reviewPollMs)
    } else if (after.state === 'unknown') {
      const said = after.uncertainty?.steps.at(-1)?.said
      if (said) this.problem(reference, 'outcome_unknown', said)
      const lostAt = after.uncertainty?.lastUnknownAt ?? null
      // The lost request may still be on its way: a "no such transfer" before then is a guess.
      if (lostAt !== null && now < lostAt + this.o.verifyAfterMs)
        this.dueAt.set(reference, lostAt + this.o.verifyAfterMs)
      else this.backoff(reference)
    } else if (after.state === 'submitted') {
      this.failures.delete(reference)
      this.setBlocked(null)
      // Still moving at the bank: look again later, less often the longer it takes.
      const polls = (this.polls.get(reference) ?? 0) + 1
      this.polls.set(reference, polls)
      this.dueAt.set(
        reference,
        now + Math.min(this.o.maxPollMs, this.o.pollMs * 1.5 ** (polls - 1)),
      )
    } else if (after.state === 'success') {
      this.failures.delete(reference)
      this.setBlocked(null)
      this.dueAt.set(reference, now + this.o.reversalPollMs)
    }
  }

  protected async watchReversal(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const now = this.o.now()
    try {
      const transfer = await this.writes.lookup(gateway, item.reference)
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

  protected afterFailedRead(reference: string, error: unknown): void {
    const failure = classifyFailure(error, 'lookup')
    const message = explainGatewayFailure(error, 'verify')
    this.problem(reference, failure, message)
    if (failure === 'auth') {
      this.setBlocked(message)
      this.pause(this.o.retryMaxMs)
    } else if (failure !== 'rate_limited') {
      // A Retry-After already holds this payout's next lookup (the core's pacing).
      this.backoff(reference)
    }
  }
}
