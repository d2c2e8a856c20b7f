// Sending an approved payout: the binding and approval checks before anything leaves, the
// name check, `sending` journaled before the first request, one initialize per clearance, and
// what a failed initialize means (refused, retried later, or an unknown outcome to follow up).
import type { Transfer } from '../../common/api/disbursements'
import { approvalMatches, bindingHash } from './binding'
import { judgeName } from './name-check'
import { explainGatewayFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { type PayoutItem, type Problem, type Uncertainty } from './model'
import type { ItemPatch } from './records'
import { disbursementBody, freshUncertainty, notOurs, withStep, type LostStep } from './sender-base'
import { PayoutFollowUp } from './follow-up'

/** Sending an approved payout: checks, the one initialize, and what a failed one means. */
export abstract class PayoutSending extends PayoutFollowUp {
  protected async sendApproved(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const now = this.o.now()
    if (!item.approval || item.approval.expiresAt <= now) {
      await this.commit([
        this.action(item, 'expire', 'The approval expired before the payout could be sent.', {
          approval: null,
        }),
      ])
      return
    }
    if (!approvalMatches(item)) {
      await this.commit([
        this.action(item, 'hold', 'The details no longer match what the supervisor approved.', {
          approval: null,
          reviewReason:
            'The details no longer match what the supervisor approved; it must be approved again.',
        }),
      ])
      return
    }
    if (!approvalMatches(item, this.o.approvalSealer)) {
      // The details match, but Tilldesk did not sign this approval after a PIN check: it was
      // copied from another payout or written into the files by hand.
      const why =
        'The approval is not signed by this till (it was copied or written outside Tilldesk); it must be approved again.'
      await this.commit([this.action(item, 'hold', why, { approval: null, reviewReason: why })])
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
      await this.commit([
        this.action(current, 'hold', judged.hold, {
          approval: null,
          reviewReason: judged.hold,
          nameCheck: judged.nameCheck,
        }),
      ])
      return
    }
    await this.commit([
      this.action(current, 'send', null, { nameCheck: judged.nameCheck, problem: null }),
    ])
    // Durable now: a crash from here on is recovered by verifying first.
    this.mayPost.add(current.reference)
    const sending = this.o.outbox.get(current.reference)
    if (sending) await this.post(gateway, sending)
  }

  protected async post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void> {
    if (!['sending', 'unknown'].includes(ready.state) || !this.mayPost.delete(ready.reference))
      return
    const attempt = ready.sendAttempts + 1
    // Any send but the first (written as `send` just before it) is journaled before it leaves,
    // with its time: if Tilldesk stops while it is on its way, the restarted sender knows a
    // request may land until `verifyAfterMs` after this moment, and waits before a lookup that
    // could clear yet another send.
    const answeredLostAt = ready.uncertainty?.lastUnknownAt ?? null
    if (ready.state === 'unknown' || ready.sendAttempts > 0)
      await this.journalResend(ready, attempt)
    const item = this.o.outbox.get(ready.reference)
    if (!item || item.state !== ready.state) return
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.initialize(disbursementBody(item), {
        timeoutMs: this.o.requestTimeoutMs,
      })
    } catch (error) {
      await this.afterFailedPost(gateway, item, attempt, error, answeredLostAt)
      return
    }
    this.failures.delete(item.reference)
    if (transfer.reference === item.reference) this.o.referenceTrust?.learn('echo')
    if (transfer.reference !== item.reference) {
      // A 2xx to our initialize: the gateway took it, but its body describes another transfer.
      // Ours exists; only a lookup by reference tells what became of it. Never sent again.
      await this.becomeUnknown(item, {
        call: 'send',
        said: `${notOurs(transfer)} The gateway did accept the request, so the transfer exists; Tilldesk looks it up by reference and never sends it again.`,
        lostRequestAt: null,
        answeredLostAt,
        sendAttempts: attempt,
        mark: { existsSaid: true },
      })
      this.backoff(item.reference)
      return
    }
    await this.adopt(item, transfer, { sendAttempts: attempt })
  }

  /** Records, durably, that attempt `attempt` is about to leave, and when. */
  protected async journalResend(item: PayoutItem, attempt: number): Promise<void> {
    const now = this.o.now()
    const said = `Attempt ${attempt} is being sent with the same reference.`
    const patch: ItemPatch =
      item.state === 'unknown'
        ? {
            sendAttempts: attempt,
            uncertainty: {
              ...(item.uncertainty ?? freshUncertainty(now)),
              lastUnknownAt: now,
              steps: withStep(item.uncertainty?.steps ?? [], { at: now, call: 'send', said }),
            },
          }
        : { sendAttempts: attempt }
    await this.commit([this.note(item, 'attempt', said, patch)])
  }

  protected async afterFailedPost(
    gateway: PayoutsGateway,
    item: PayoutItem,
    attempt: number,
    error: unknown,
    answeredLostAt: number | null,
  ): Promise<void> {
    const uncertain = item.state === 'unknown'
    const failure = classifyFailure(error, 'write')
    const message = explainGatewayFailure(error, 'send', uncertain)
    const now = this.o.now()
    if (failure === 'refused' && !uncertain) {
      // Nothing was ever unknown: this refusal is the gateway's word on the only request.
      await this.commit([
        this.action(item, 'refuse', message, {
          sendAttempts: attempt,
          problem: { code: 'refused', message, at: now, transient: false },
        }),
      ])
      return
    }
    if (failure === 'unknown') {
      await this.becomeUnknown(item, {
        call: 'send',
        said: message,
        lostRequestAt: now,
        sendAttempts: attempt,
      })
      return
    }
    if (failure === 'duplicate' || failure === 'refused') {
      // 409 or a 2xx we could not read: a transfer with our reference exists. A refusal after
      // an unknown outcome: the first attempt may still have landed. Either way, only a lookup
      // can settle it now. This request was answered, so it is no longer one to wait for.
      await this.becomeUnknown(item, {
        call: 'send',
        said: message,
        lostRequestAt: null,
        answeredLostAt,
        sendAttempts: attempt,
        mark: failure === 'duplicate' ? { existsSaid: true } : { resendRefused: true },
      })
      const current = this.o.outbox.get(item.reference)
      if (failure === 'duplicate' && current) await this.verify(gateway, current)
      else this.backoff(item.reference)
      return
    }
    // Not processed (bad key, Retry-After, or it never left): the same request may go again.
    // Nothing of this attempt can land later, so the wait is for the lost request before it.
    await this.commit([
      this.note(item, 'attempt', `Attempt ${attempt}: ${message}`, {
        sendAttempts: attempt,
        problem: { code: failure, message, at: now, transient: true },
        ...(uncertain && item.uncertainty
          ? { uncertainty: { ...item.uncertainty, lastUnknownAt: answeredLostAt } }
          : {}),
      }),
    ])
    this.problem(item.reference, failure, message)
    // An unknown payout is looked up again first; a plain `sending` one may post again.
    if (!uncertain) this.mayPost.add(item.reference)
    if (failure === 'auth') {
      this.setBlocked(message)
      this.pause(this.o.retryMaxMs)
    } else if (failure === 'rate_limited') {
      this.honourRetryAfter(error)
    } else {
      this.backoff(item.reference)
    }
  }

  /**
   * Records that this payout's fate is not known (or adds to why), durably, and schedules the
   * next lookup: no sooner than `verifyAfterMs` after a request whose answer was lost.
   */
  protected async becomeUnknown(item: PayoutItem, step: LostStep): Promise<void> {
    const now = this.o.now()
    const before = item.uncertainty ?? null
    const earlier =
      step.answeredLostAt === undefined ? (before?.lastUnknownAt ?? null) : step.answeredLostAt
    const uncertainty: Uncertainty = {
      since: before?.since ?? now,
      lastUnknownAt: step.lostRequestAt ?? earlier,
      resendRefused: before?.resendRefused ?? false,
      existsSaid: before?.existsSaid ?? false,
      ...step.mark,
      steps: withStep(before?.steps ?? [], { at: now, call: step.call, said: step.said }),
    }
    const problem: Problem = {
      code: 'outcome_unknown',
      message: step.said,
      at: now,
      transient: true,
    }
    const patch: ItemPatch = {
      uncertainty,
      problem,
      ...(step.sendAttempts === undefined ? {} : { sendAttempts: step.sendAttempts }),
    }
    await this.commit([
      item.state === 'sending'
        ? this.action(item, 'lose', step.said, patch)
        : this.note(item, 'attempt', step.said, patch),
    ])
    this.problem(item.reference, 'outcome_unknown', step.said)
    if (uncertainty.lastUnknownAt !== null)
      this.dueAt.set(item.reference, uncertainty.lastUnknownAt + this.o.verifyAfterMs)
  }
}
