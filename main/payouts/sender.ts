// The sender: takes approved payouts to the gateway, exactly once each. What makes "exactly
// once" hold is the exactly-once core's (main/exactly-once/, over the outbox: payout-core.ts):
// the reference fixed at creation, `sending` on disk before the first request, an unknown
// outcome followed only by our reference, a resend only where earned and never once decided,
// review, the fence on a decision, the environment's Retry-After holds and the request slots.
// An approved payout is followed like any of the core's entries, by a follower through the
// core's slots, until its first request has left. This file is the payout's part: the binding
// and approval checks and the name check before anything leaves, what a refusal of the first
// request means, the pause while the gateway or the disk cannot be used, and the live problems
// for the screens.
import { english } from '../kernel/errors'
import { Follower, type CheckResult } from '../exactly-once/follower'
import { GatewayError } from '../gateway/errors'
import { approvalMatches, bindingHash } from './binding'
import { explainGatewayFailure } from './explain'
import { classifyFailure, type PayoutsGateway } from './gatewayPort'
import { SYSTEM_ACTOR, type PayoutItem, type Problem } from './model'
import { judgeName } from './name-check'
import {
  Paused,
  payoutCore,
  settle,
  type PayoutCore,
  type SenderOptions,
  type Settled,
} from './payout-core'
import type { ItemPatch } from './records'
import { ACTIONS } from './stateMachine'

export { type SenderOptions } from './payout-core'

/** The words of a send held back by a rate limit: the catalogue's, so the screens key them. */
const HELD = english({ key: 'payouts.gw.held' })

/** How a turn of a payout's first send ended: when to try again, or void at the usual pace. */
type Turn = CheckResult | void

/** A first send that failed: tried again backing off (the sends' schedule). */
const BACK_OFF: CheckResult = { backOffMs: 0 }

export class PayoutSender {
  /** The payouts' one core: the sender drives it, the decisions take it too (service.ts). */
  readonly core: PayoutCore
  readonly #o: Settled
  /**
   * The payouts whose first send is to be made: approved, or `sending` and cleared for another
   * initialize (it was not processed). Each is tried at once, then every `idleMs`, or backing
   * off after a failure.
   */
  readonly #sends: Follower
  /** The latest problem of each payout, for the screens (not journaled). */
  readonly #problems = new Map<string, Problem | null>()
  #blocked: string | null = null
  /** No first sends before this (no gateway, bad key). */
  #pausedUntil = 0
  #running = false
  #unsubscribe: (() => void) | null = null

  constructor(options: SenderOptions) {
    const o = (this.#o = settle(options))
    this.core = payoutCore(o, {
      publish: (item) => {
        this.#say(item.reference, null)
        if (item.state === 'submitted' || item.state === 'success') this.#setBlocked(null)
      },
      lookupFailed: (item, error) => void this.#failedRead(item.reference, error),
      // A bad key or no gateway stops the core's follow-ups too, not only the sends.
      paused: () => (o.now() < this.#pausedUntil ? (this.#blocked ?? 'Paused.') : null),
    })
    this.#sends = new Follower({
      steps: [{ untilMs: Infinity, everyMs: o.idleMs }],
      backOff: { baseMs: o.retryBaseMs, maxMs: o.retryMaxMs },
    })
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    // A `sending` payout found at a start may have left before the stop: the core looks it up.
    for (const item of this.#o.outbox.items()) this.#track(item)
    this.#unsubscribe = this.#o.outbox.onChange((items) => {
      for (const item of items) this.#track(item)
    })
  }

  /** Stops taking new work and waits for requests in flight (their outcome is journaled). */
  async stop(): Promise<void> {
    this.#running = false
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#sends.stopAll()
    this.core.writes.stop()
    await this.core.slots.idle()
    await this.core.store.allWritten()
  }

  /**
   * Try the work in progress now (the connection came back, or someone pressed "Retry now"):
   * through the request slots and the Retry-After holds, and only what the core follows
   * quickly, so payouts on a slow watch (review, decided, reversal) keep their pace and a kick
   * never asks about all at once.
   */
  kick(): void {
    this.#pausedUntil = 0
    this.#sends.checkNow()
    this.core.follower.checkNow()
  }

  /** The sender's latest problem with a payout, if it had one. */
  problem(reference: string): Problem | null | undefined {
    return this.#problems.get(reference)
  }

  get blocked(): string | null {
    return this.#blocked
  }

  /** Resolves once nothing is approved, sending or submitted and all is on disk (tests, bench). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const busy = [...this.#o.outbox.items()].some((item) =>
        ['approved', 'sending', 'unknown', 'submitted'].includes(item.state),
      )
      // A first send's follow ends only after its last record is on disk.
      if (!busy && this.#sends.size === 0 && !this.core.store.busy) return
      if (Date.now() > deadline) throw new Error('The outbox did not drain in time.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  #track(item: PayoutItem): void {
    const reference = item.reference
    // An approved payout is sent; one `sending` stays with its first send while that may go
    // again (it was not processed). Anything else is the core's, or done.
    if (item.state === 'approved')
      this.#sends.follow(
        reference,
        () => this.#due(reference),
        () => undefined,
        { afterMs: 0 },
      )
    else if (item.state !== 'sending') this.#sends.stop(reference)
    // The core follows or watches what the gateway holds or may hold (pickUp leaves what is
    // done): at a start, and a decision made through another core over this outbox too. Not a
    // `sending` payout this sender posts.
    const posting = this.#sends.isFollowing(reference)
    const { open, final } = this.core.kind
    const followed = item.state === 'submitted' || open(item) || final(item)
    if (this.#running && followed && !(item.state === 'sending' && posting))
      this.core.writes.pickUp(item)
  }

  /** A payout's first send, when nothing holds it back, through a request slot. */
  async #due(reference: string): Promise<CheckResult> {
    // Done once it left approved or `sending` (listeners hear of that only once it is on disk).
    const ours = () => ['approved', 'sending'].includes(this.#o.outbox.get(reference)?.state ?? '')
    if (!ours()) return 'final'
    const now = this.#o.now()
    const held = Math.max(this.#pausedUntil, this.core.writes.pacing.sendingHeld() ?? 0)
    // Looked at again at least every `idleMs`: a kick or a clock moved on may end a hold.
    if (held > now) return { afterMs: Math.min(held - now, this.#o.idleMs) }
    const turn = await this.core.slots
      .run(() => this.#work(reference))
      .catch((error: unknown) => {
        this.#o.onError?.(error)
        return BACK_OFF
      })
    return turn ?? (ours() ? 'continue' : 'final')
  }

  async #work(reference: string): Promise<Turn> {
    const item = this.#o.outbox.get(reference)
    if (!item || !this.#running || this.#o.now() < this.#pausedUntil) return
    // A failed journal write leaves memory ahead of the disk (e.g. `sending` that was never
    // saved): nothing may go to the gateway until a restart reloads what is really on disk.
    const storage = this.#o.outbox.journal.failure
    if (storage) return this.#pause(storage.message, this.#o.retryMaxMs)
    if (item.state === 'approved' && this.core.writes.pacing.sendingHeld() !== null) return
    let gateway
    try {
      gateway = await this.#o.gateway()
    } catch (error) {
      // No gateway configured (or no key): everyone waits; nothing was sent.
      const why = error instanceof Error ? error.message : 'The gateway is not set up.'
      return this.#pause(why, this.#o.retryMaxMs / 4)
    }
    // #post sends only a payout in `sending`.
    return item.state === 'approved' ? this.#sendApproved(gateway, item) : this.#post(gateway, item)
  }

  /** Void: this turn is over; its follower looks again at its pace, or stops once it moved on. */
  async #sendApproved(gateway: PayoutsGateway, item: PayoutItem): Promise<Turn> {
    if (!item.approval || item.approval.expiresAt <= this.#o.now()) {
      return this.#act(item, 'expire', 'The approval expired before the payout could be sent.', {
        approval: null,
      })
    }
    if (!approvalMatches(item)) {
      return this.#act(item, 'hold', 'The details no longer match what the supervisor approved.', {
        approval: null,
        reviewReason: english({ key: 'payouts.review.changed' }),
      })
    }
    if (!approvalMatches(item, this.#o.approvalSealer)) {
      // The details match, but Tilldesk did not sign this approval after a PIN check: it was
      // copied from another payout or written into the files by hand.
      const why = english({ key: 'payouts.review.unsigned' })
      return this.#act(item, 'hold', why, { approval: null, reviewReason: why })
    }
    // Name enquiry before every disbursement.
    const result = await this.#o.resolveName(item.bankCode, item.accountNumber)
    if (result.kind === 'unavailable') {
      const message = `Waiting to check the name with the bank: ${result.message}`
      this.#say(item.reference, 'name_check_unavailable', message)
      return BACK_OFF
    }
    const judged = judgeName(item, result)
    // The enquiry took a while: go on only if the payout is still exactly what was judged.
    const current = this.#o.outbox.get(item.reference)
    if (!current || current.state !== 'approved' || bindingHash(current) !== bindingHash(item))
      return
    if (judged.hold) {
      const patch = { approval: null, reviewReason: judged.hold, nameCheck: judged.nameCheck }
      return this.#act(current, 'hold', judged.hold, patch)
    }
    // The disk is no gateway request: the slot goes to other work while `send` is written.
    await this.core.slots.off(
      this.#act(current, 'send', null, { nameCheck: judged.nameCheck, problem: null }),
    )
    // Durable now: a crash from here on is recovered by verifying first.
    const sending = this.#o.outbox.get(current.reference)
    if (sending) return this.#post(gateway, sending)
  }

  /**
   * The request for a payout in `sending` (journaled before it leaves), through the
   * exactly-once core: a 2xx is "exists", a lost answer makes the payout `unknown` for the core
   * to follow, and only a definite refusal of this only request fails it.
   */
  async #post(gateway: PayoutsGateway, ready: PayoutItem): Promise<Turn> {
    const reference = ready.reference
    if (ready.state !== 'sending' || this.#heldBack(reference)) return
    const attempt = ready.sendAttempts + 1
    // A send after one the gateway did not process is journaled before it leaves, with its
    // time and count. The first send's record is `send` itself; its answer counts it (posting).
    const resend = ready.sendAttempts > 0
    if (resend) {
      const text = `Attempt ${attempt} is being sent with the same reference.`
      await this.core.slots.off(this.#act(ready, 'attempt', text, { sendAttempts: attempt }))
    }
    const item = this.#o.outbox.get(reference)
    if (!item || item.state !== 'sending') return
    // The slot was given away for that write: a Retry-After met by another send meanwhile
    // holds this one back too. It did not leave, so it is not counted (sendAttempts counts
    // the initialize calls made).
    if (resend && this.#heldBack(reference)) {
      const text = `Attempt ${attempt} was not sent. ${HELD}`
      return this.#act(item, 'attempt', text, { sendAttempts: ready.sendAttempts })
    }
    if (!resend) this.core.posting.add(reference)
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
    this.#say(reference, 'rate_limited', HELD)
    return true
  }

  /** The only request was refused, or not processed at all (it may go again). */
  async #refusedOrNotSent(item: PayoutItem, attempt: number, error: unknown): Promise<Turn> {
    const failure = classifyFailure(error, 'write')
    const message = explainGatewayFailure(error, 'send', false)
    const problem = { code: failure, message, at: this.#o.now() }
    if (failure === 'refused') {
      // Nothing was ever unknown: this refusal is the gateway's word on the only request.
      const patch = { sendAttempts: attempt, problem: { ...problem, transient: false } }
      return this.#act(item, 'refuse', message, patch)
    }
    // Not processed (bad key, Retry-After, or it never left): the same request may go again.
    await this.#act(item, 'attempt', `Attempt ${attempt}: ${message}`, {
      sendAttempts: attempt,
      problem: { ...problem, transient: true },
    })
    this.#say(item.reference, failure, message)
    if (failure === 'auth') return this.#pause(message, this.#o.retryMaxMs)
    // A Retry-After already holds back sending (the core's pacing).
    if (failure !== 'rate_limited') return BACK_OFF
  }

  /** A lookup failed: the problem in words; a bad key or no gateway blocks every send. */
  #failedRead(reference: string, error: unknown): void {
    if (error instanceof Paused) return
    const failure = classifyFailure(error, 'lookup')
    const message = explainGatewayFailure(error, 'verify')
    this.#say(reference, failure, message)
    if (failure === 'auth') this.#pause(message, this.#o.retryMaxMs)
    else if (!(error instanceof GatewayError) && error instanceof Error)
      this.#pause(error.message, this.#o.retryMaxMs / 4)
  }

  /** No first sends for `ms` (a bad key, no gateway, a failed disk), and why in words. */
  #pause(why: string, ms: number): void {
    this.#setBlocked(why)
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#o.now() + ms)
  }

  /**
   * A system action, or a gateway call noted in the audit (`attempt`): journaled and on disk
   * before this returns (it gates a request).
   */
  async #act(
    item: PayoutItem,
    action: 'expire' | 'hold' | 'send' | 'refuse' | 'attempt',
    reason: string | null,
    patch: ItemPatch,
  ): Promise<void> {
    const { reference: ref, state: from } = item
    const by = SYSTEM_ACTOR
    await this.#o.outbox.commit([
      action === 'attempt'
        ? { type: 'note', note: action, ref, by, state: from, text: reason ?? '', patch }
        : { type: 'action', action, ref, by, from, to: ACTIONS[action].to, reason, patch },
    ])
  }

  /** The payout's live problem for the screens, or none (`code` null). */
  #say(reference: string, code: string | null, message = ''): void {
    const problem = code === null ? null : { code, message, at: this.#o.now(), transient: true }
    this.#problems.set(reference, problem)
    this.#o.onProgress?.(reference)
  }

  #setBlocked(reason: string | null): void {
    if (reason === this.#blocked) return
    this.#blocked = reason
    this.#o.onBlocked?.(reason)
  }
}
