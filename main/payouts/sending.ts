// Sending an approved payout: the binding and approval checks before anything leaves, the
// name check, `sending` journaled before the first request, one initialize per turn of its
// follower, and what a failed initialize means (refused, tried again later, or an unknown
// outcome that the exactly-once core follows). Also the sender's live view and its pauses.
import type { Transfer } from '../../common/api/disbursements'
import { english } from '../kernel/errors'
import { Follower, type CheckResult } from '../exactly-once/follower'
import { Backoff } from '../exactly-once/pacing'
import { approvalMatches, bindingHash } from './binding'
import { explainGatewayFailure } from './explain'
import { GatewayError } from '../gateway/errors'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { SYSTEM_ACTOR, type PayoutItem, type Problem } from './model'
import { judgeName } from './name-check'
import { Paused, payoutCore, type PayoutCore, type Settled } from './payout-core'
import type { ItemPatch } from './records'
import { ACTIONS } from './stateMachine'

/** The words of a send held back by a rate limit: the catalogue's, so the screens key them. */
const HELD = english({ key: 'payouts.gw.held' })

/** How a turn of a payout's first send ended: when to try again, or void at the usual pace. */
export type Turn = CheckResult | void

/** The sender's live view of an item: the latest problem and gateway status. */
export interface LiveStatus {
  problem: Problem | null
  transferStatus: Transfer['status'] | null
}

/** The checks before the first request, the request, and what its failure means. */
export abstract class PayoutSending {
  /** The payouts' one core: the sender drives it, the decisions take it too (service.ts). */
  readonly core: PayoutCore
  /**
   * The payouts whose first send is to be made: approved, or `sending` and cleared for another
   * initialize (it was not processed). Each is tried at once, then every `idleMs`.
   */
  protected readonly sends: Follower
  /** The wait before a first send that failed is tried again. */
  protected readonly retries: Backoff
  protected readonly liveStatus = new Map<string, LiveStatus>()
  protected blockedReason: string | null = null
  /** No first sends before this (no gateway, bad key). */
  protected pausedUntil = 0

  constructor(protected readonly o: Settled) {
    this.core = payoutCore(o, {
      publish: (item) => {
        const transferStatus = item.transfer?.status ?? null
        this.setLive(item.reference, { problem: null, transferStatus })
        if (item.state === 'submitted' || item.state === 'success') this.setBlocked(null)
      },
      lookupFailed: (reference, error) => this.failedRead(reference, error),
      // A bad key or no gateway stops the core's follow-ups too, not only the sends.
      paused: () => (o.now() < this.pausedUntil ? (this.blockedReason ?? 'Paused.') : null),
    })
    this.retries = new Backoff({ baseMs: o.retryBaseMs, maxMs: o.retryMaxMs, now: o.now })
    this.sends = new Follower({ steps: [{ untilMs: Infinity, everyMs: o.idleMs }] })
  }

  /** Void: this turn is over; its follower looks again at its pace, or stops once it moved on. */
  protected async sendApproved(gateway: PayoutsGateway, item: PayoutItem): Promise<Turn> {
    if (!item.approval || item.approval.expiresAt <= this.o.now()) {
      return this.act(item, 'expire', 'The approval expired before the payout could be sent.', {
        approval: null,
      })
    }
    if (!approvalMatches(item)) {
      return this.act(item, 'hold', 'The details no longer match what the supervisor approved.', {
        approval: null,
        reviewReason: english({ key: 'payouts.review.changed' }),
      })
    }
    if (!approvalMatches(item, this.o.approvalSealer)) {
      // The details match, but Tilldesk did not sign this approval after a PIN check: it was
      // copied from another payout or written into the files by hand.
      const why = english({ key: 'payouts.review.unsigned' })
      return this.act(item, 'hold', why, { approval: null, reviewReason: why })
    }
    // Name enquiry before every disbursement.
    const result = await this.o.resolveName(item.bankCode, item.accountNumber)
    if (result.kind === 'unavailable') {
      const message = `Waiting to check the name with the bank: ${result.message}`
      this.problem(item.reference, 'name_check_unavailable', message)
      return this.backoff(item.reference)
    }
    const judged = judgeName(item, result)
    // The enquiry took a while: go on only if the payout is still exactly what was judged.
    const current = this.o.outbox.get(item.reference)
    if (!current || current.state !== 'approved' || bindingHash(current) !== bindingHash(item))
      return
    if (judged.hold) {
      const patch = { approval: null, reviewReason: judged.hold, nameCheck: judged.nameCheck }
      return this.act(current, 'hold', judged.hold, patch)
    }
    // The disk is no gateway request: the slot goes to other work while `send` is written.
    await this.core.slots.off(
      this.act(current, 'send', null, { nameCheck: judged.nameCheck, problem: null }),
    )
    // Durable now: a crash from here on is recovered by verifying first.
    const sending = this.o.outbox.get(current.reference)
    if (sending) return this.post(gateway, sending)
  }

  /**
   * The request for a payout in `sending` (journaled before it leaves), through the
   * exactly-once core: a 2xx is "exists", a lost answer makes the payout `unknown` for the core
   * to follow, and only a definite refusal of this only request fails it.
   */
  protected async post(gateway: PayoutsGateway, ready: PayoutItem): Promise<Turn> {
    const reference = ready.reference
    if (ready.state !== 'sending' || this.#heldBack(reference)) return
    const attempt = ready.sendAttempts + 1
    // A send after one the gateway did not process is journaled before it leaves, with its
    // time (the first send's record is `send` itself).
    if (ready.sendAttempts > 0) {
      const text = `Attempt ${attempt} is being sent with the same reference.`
      await this.core.slots.off(this.noteAttempt(ready, text, { sendAttempts: attempt }))
    }
    const item = this.o.outbox.get(reference)
    if (!item || item.state !== 'sending') return
    // The slot was given away for that write: a Retry-After met by another send meanwhile
    // holds this one back too.
    if (ready.sendAttempts > 0 && this.#heldBack(reference))
      return this.noteAttempt(item, `Attempt ${attempt} was not sent. ${HELD}`, {})
    this.core.posting.add(reference)
    try {
      await this.core.writes.submit(item, gateway)
    } catch (error) {
      return await this.#refusedOrNotSent(item, attempt, error)
    } finally {
      this.core.posting.delete(reference)
    }
  }

  /**
   * A Retry-After on any send holds back every send (the core's pacing), also one that gave
   * its slot away for the disk. It stays `sending` and followed for its first send (its record
   * is on disk): tried again once the hold has passed; a restart looks it up first.
   */
  #heldBack(reference: string): boolean {
    if (this.core.writes.pacing.sendingHeld() === null) return false
    this.problem(reference, 'rate_limited', HELD)
    return true
  }

  /** The only request was refused, or not processed at all (it may go again). */
  async #refusedOrNotSent(item: PayoutItem, attempt: number, error: unknown): Promise<Turn> {
    const failure = classifyFailure(error, 'write')
    const message = explainGatewayFailure(error, 'send', false)
    const problem = { code: failure, message, at: this.o.now() }
    if (failure === 'refused') {
      // Nothing was ever unknown: this refusal is the gateway's word on the only request.
      const patch = { sendAttempts: attempt, problem: { ...problem, transient: false } }
      return this.act(item, 'refuse', message, patch)
    }
    // Not processed (bad key, Retry-After, or it never left): the same request may go again.
    await this.noteAttempt(item, `Attempt ${attempt}: ${message}`, {
      sendAttempts: attempt,
      problem: { ...problem, transient: true },
    })
    this.problem(item.reference, failure, message)
    if (failure === 'auth') return this.pause(message, this.o.retryMaxMs)
    // A Retry-After already holds back sending (the core's pacing).
    if (failure !== 'rate_limited') return this.backoff(item.reference)
  }

  /** A lookup failed: the problem in words; a bad key or no gateway blocks every send. */
  protected failedRead(reference: string, error: unknown): void {
    if (error instanceof Paused) return
    const failure = classifyFailure(error, 'lookup')
    const message = explainGatewayFailure(error, 'verify')
    this.problem(reference, failure, message)
    if (failure === 'auth') this.pause(message, this.o.retryMaxMs)
    else if (!(error instanceof GatewayError) && error instanceof Error)
      this.pause(error.message, this.o.retryMaxMs / 4)
  }

  /** No first sends for `ms` (a bad key, no gateway, a failed disk), and why in words. */
  protected pause(why: string, ms: number): void {
    this.setBlocked(why)
    this.pausedUntil = Math.max(this.pausedUntil, this.o.now() + ms)
  }

  /** A system action, journaled and on disk before this returns (it gates a request). */
  protected async act(
    item: PayoutItem,
    action: 'expire' | 'hold' | 'send' | 'refuse',
    reason: string | null,
    patch: ItemPatch,
  ): Promise<void> {
    const { reference: ref, state: from } = item
    const to = ACTIONS[action].to
    await this.o.outbox.commit([
      { type: 'action', action, ref, by: SYSTEM_ACTOR, from, to, reason, patch },
    ])
  }

  /** A gateway call noted in the audit, on disk before this returns. */
  protected async noteAttempt(item: PayoutItem, text: string, patch: ItemPatch): Promise<void> {
    const { reference: ref, state } = item
    await this.o.outbox.commit([
      { type: 'note', note: 'attempt', ref, by: SYSTEM_ACTOR, state, text, patch },
    ])
  }

  /** The next first send of `reference` after a failure, backing off. */
  protected backoff(reference: string): CheckResult {
    return { afterMs: this.retries.next(reference, null) }
  }

  protected problem(reference: string, code: string, message: string): void {
    this.setLive(reference, {
      problem: { code, message, at: this.o.now(), transient: true },
      transferStatus: this.liveStatus.get(reference)?.transferStatus ?? null,
    })
  }

  protected setLive(reference: string, status: LiveStatus): void {
    this.liveStatus.set(reference, status)
    this.o.onProgress?.(reference)
  }

  protected setBlocked(reason: string | null): void {
    if (reason === this.blockedReason) return
    this.blockedReason = reason
    this.o.onBlocked?.(reason)
  }
}
