// Sending an approved payout: the binding and approval checks before anything leaves, the
// name check, `sending` journaled before the first request, one initialize per clearance, and
// what a failed initialize means (refused, retried later, or an unknown outcome to follow up).
import { approvalMatches, bindingHash } from './binding'
import { judgeName } from './name-check'
import { explainGatewayFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import type { PayoutItem } from './model'
import { PayoutFollowUp } from './follow-up'
import { english } from '../kernel/errors'

/** The words of a send held back by a rate limit: the catalogue's, so the screens key them. */
const HELD = english({ key: 'payouts.gw.held' })

/** Sending an approved payout: checks, the one initialize, and what a failed one means. */
export abstract class PayoutSending extends PayoutFollowUp {
  protected async sendApproved(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const now = this.o.now()
    if (!item.approval || item.approval.expiresAt <= now) {
      await this.act(item, 'expire', 'The approval expired before the payout could be sent.', {
        approval: null,
      })
      return
    }
    if (!approvalMatches(item)) {
      await this.act(item, 'hold', 'The details no longer match what the supervisor approved.', {
        approval: null,
        reviewReason: english({ key: 'payouts.review.changed' }),
      })
      return
    }
    if (!approvalMatches(item, this.o.approvalSealer)) {
      // The details match, but Tilldesk did not sign this approval after a PIN check: it was
      // copied from another payout or written into the files by hand.
      const why = english({ key: 'payouts.review.unsigned' })
      await this.act(item, 'hold', why, { approval: null, reviewReason: why })
      return
    }
    // Name enquiry before every disbursement.
    const result = await this.o.resolveName(item.bankCode, item.accountNumber)
    if (result.kind === 'unavailable') {
      this.problem(
        item.reference,
        'name_check_unavailable',
        `Waiting to check the name with the bank: ${result.message}`,
      )
      this.backoff(item.reference)
      return
    }
    const judged = judgeName(item, result)
    // The enquiry took a while: go on only if the payout is still exactly what was judged.
    const current = this.o.outbox.get(item.reference)
    if (!current || current.state !== 'approved' || bindingHash(current) !== bindingHash(item))
      return
    if (judged.hold) {
      await this.act(current, 'hold', judged.hold, {
        approval: null,
        reviewReason: judged.hold,
        nameCheck: judged.nameCheck,
      })
      return
    }
    await this.offSlot(
      this.act(current, 'send', null, { nameCheck: judged.nameCheck, problem: null }),
    )
    // Durable now: a crash from here on is recovered by verifying first.
    this.mayPost.add(current.reference)
    const sending = this.o.outbox.get(current.reference)
    if (sending) await this.post(gateway, sending)
  }

  /**
   * The request for a payout in `sending` (journaled before it leaves), through the
   * exactly-once core: a 2xx is "exists" (adopted, or looked up by reference when its body is
   * about another transfer), a lost answer makes the payout `unknown` for the core to follow,
   * and only a definite refusal of this only request fails it.
   */
  protected async post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void> {
    const reference = ready.reference
    if (ready.state !== 'sending' || !this.mayPost.has(reference) || this.#heldBack(reference))
      return
    this.mayPost.delete(reference)
    const attempt = ready.sendAttempts + 1
    // A send after one the gateway did not process is journaled before it leaves, with its
    // time (the first send's record is `send` itself).
    if (ready.sendAttempts > 0)
      await this.offSlot(
        this.noteAttempt(ready, `Attempt ${attempt} is being sent with the same reference.`, {
          sendAttempts: attempt,
        }),
      )
    const item = this.o.outbox.get(reference)
    if (!item || item.state !== 'sending') return
    // The slot was given away for that write: a Retry-After met by another send meanwhile
    // holds this one back too.
    if (ready.sendAttempts > 0 && this.#heldBack(reference)) {
      this.mayPost.add(reference)
      await this.noteAttempt(item, `Attempt ${attempt} was not sent. ${HELD}`, {})
      return
    }
    this.posting.add(item.reference)
    try {
      const submitted = await this.writes.submit(item, gateway)
      this.failures.delete(item.reference)
      this.pace(submitted.entry)
    } catch (error) {
      await this.refusedOrNotSent(item, attempt, error)
    } finally {
      this.posting.delete(item.reference)
    }
  }

  /**
   * A Retry-After on any send holds back every send (the core's pacing), also one
   * already past the schedule's check (sender.ts) that gave its slot away for the disk. It
   * stays `sending` and cleared to go (its record is on disk): the schedule brings it back
   * once the hold has passed, and a restart looks it up first, like any `sending` payout.
   */
  #heldBack(reference: string): boolean {
    if (this.pacing.sendingHeld() === null) return false
    this.problem(reference, 'rate_limited', HELD)
    return true
  }

  /** The only request was refused, or not processed at all (it may go again). */
  protected async refusedOrNotSent(
    item: PayoutItem,
    attempt: number,
    error: unknown,
  ): Promise<void> {
    const failure = classifyFailure(error, 'write')
    const message = explainGatewayFailure(error, 'send', false)
    const now = this.o.now()
    if (failure === 'refused') {
      // Nothing was ever unknown: this refusal is the gateway's word on the only request.
      await this.act(item, 'refuse', message, {
        sendAttempts: attempt,
        problem: { code: 'refused', message, at: now, transient: false },
      })
      return
    }
    // Not processed (bad key, Retry-After, or it never left): the same request may go again.
    await this.noteAttempt(item, `Attempt ${attempt}: ${message}`, {
      sendAttempts: attempt,
      problem: { code: failure, message, at: now, transient: true },
    })
    this.problem(item.reference, failure, message)
    this.mayPost.add(item.reference)
    if (failure === 'auth') {
      this.setBlocked(message)
      this.pause(this.o.retryMaxMs)
    } else if (failure !== 'rate_limited') {
      // A Retry-After already holds back sending (the core's pacing).
      this.backoff(item.reference)
    }
  }
}
