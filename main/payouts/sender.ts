// The sender: takes approved payouts to the gateway, exactly once each, and follows them to a
// final state. The rules that make "exactly once" hold:
//   1. The merchant reference is fixed at creation; every attempt uses it.
//   2. `sending` is written (fsynced) before the first request leaves. A payout found in
//      `sending` after a restart, or after any answer we didn't get, is verified by reference
//      before anything is sent again; only "no such transfer" permits another initialize.
//   3. A 409 that says the reference is taken means it exists: verify and adopt that transfer.
//   4. A Retry-After on initialize (a rate limit on sending) holds back every send until it
//      has passed; one met on a payout's lookup holds back only that payout's next lookup.
//   5. Once any attempt's outcome was lost the payout is `unknown` until the gateway answers
//      for the reference. A refusal or a 404 that is not "no such record" settles nothing;
//      verify waits `verifyAfterMs` after the lost request (it may still be in flight), and
//      after `unknownWindowMs` of not knowing a supervisor decides (`needs_review`).
//   6. A resend needs the environment to have shown it keeps our reference, and a decided
//      payout is looked up for the reversal window: the gateway wins (main/exactly-once/).
//
// This file is the schedule (which payout is worked on next, at most `concurrency` requests
// at once: a payout waiting for its `send` record to reach the disk holds no request slot).
// The payout keeps its journal and reducer (maker-checker, bindings, the audit chain); every
// request and lookup is the exactly-once core's (main/exactly-once/), over that journal.
import { type PayoutsGateway } from './gatewayPort'
import { isDecided, isUncertain, type PayoutItem } from './model'
import { KICKABLE, type LiveStatus, SENDER_STATES } from './sender-base'
import { PayoutSending } from './sending'

export { COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
export { type LiveStatus, type SenderOptions } from './sender-base'
export { disbursementBody } from './payout-kind'

export class PayoutSender extends PayoutSending {
  readonly #active = new Set<string>()
  readonly #inFlight = new Map<string, Promise<void>>()
  /** Work holding a request slot, and work waiting to take one back after a journal write. */
  #slots = 0
  readonly #slotWaiters: (() => void)[] = []
  #timer: NodeJS.Timeout | null = null
  #timerAt = Infinity
  #running = false
  #unsubscribe: (() => void) | null = null

  start(): void {
    if (this.#running) return
    this.#running = true
    for (const item of this.o.outbox.items()) this.#track(item)
    this.#unsubscribe = this.o.outbox.onChange((items) => {
      for (const item of items) this.#track(item)
      this.#schedule(0)
    })
    this.#schedule(0)
  }

  /** Stops taking new work and waits for requests in flight (their outcome is journaled). */
  async stop(): Promise<void> {
    this.#running = false
    this.#unsubscribe?.()
    this.#unsubscribe = null
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#timerAt = Infinity
    await Promise.allSettled([...this.#inFlight.values()])
    await this.store.allWritten()
  }

  /**
   * Try the work in progress now (the connection came back, or someone pressed "Retry now").
   * Bounded: payouts on a slow watch (reversal, review, decided) keep their pace, so a kick
   * never looks up every recent payout at once.
   */
  kick(): void {
    this.pausedUntil = 0
    for (const reference of [...this.dueAt.keys()]) {
      const state = this.o.outbox.get(reference)?.state
      if (state !== undefined && KICKABLE.has(state)) {
        this.dueAt.delete(reference)
        this.failures.delete(reference)
      }
    }
    this.#schedule(0)
  }

  live(reference: string): LiveStatus | undefined {
    return this.liveStatus.get(reference)
  }

  get blocked(): string | null {
    return this.blockedReason
  }

  /** Items the sender still has work on (approved, sending, submitted, watched successes). */
  get pending(): number {
    return this.#active.size
  }

  /** Resolves once nothing is approved, sending or submitted and all is on disk (tests, bench). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const busy = [...this.o.outbox.items()].some((item) =>
        ['approved', 'sending', 'unknown', 'submitted'].includes(item.state),
      )
      if (!busy && this.#inFlight.size === 0 && !this.store.busy) return
      if (Date.now() > deadline) throw new Error('The outbox did not drain in time.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  #track(item: PayoutItem): void {
    const watchReversal =
      item.state === 'success' &&
      !item.resolution &&
      this.o.reversalWatchMs > 0 &&
      this.o.now() - item.updatedAt < this.o.reversalWatchMs
    // An outcome waiting for a supervisor is still looked up now and then: the gateway's
    // answer for the reference settles it before anyone has to guess.
    const inReview = item.state === 'needs_review' && isUncertain(item)
    // A decided payout is still looked up now and then: the gateway wins over a decision it
    // contradicts (docs/gateway-assumptions.md, the reversal window).
    const decided =
      isDecided(item) && this.o.now() - (item.resolution?.at ?? 0) < this.o.decidedWatchMs
    if (
      (SENDER_STATES.has(item.state) && (item.state !== 'success' || watchReversal)) ||
      inReview ||
      decided
    ) {
      if (!this.#active.has(item.reference) && item.state === 'success' && !decided) {
        this.dueAt.set(item.reference, item.updatedAt + this.o.reversalPollMs)
      }
      if (!this.#active.has(item.reference) && (inReview || decided)) {
        this.dueAt.set(item.reference, this.o.now() + this.o.reviewPollMs)
      }
      this.#active.add(item.reference)
    } else {
      this.#active.delete(item.reference)
      this.dueAt.delete(item.reference)
      this.failures.delete(item.reference)
      this.polls.delete(item.reference)
      this.mayPost.delete(item.reference)
    }
  }

  #schedule(delayMs: number): void {
    if (!this.#running) return
    const at = this.o.now() + Math.max(0, delayMs)
    if (this.#timer && at >= this.#timerAt) return
    if (this.#timer) clearTimeout(this.#timer)
    this.#timerAt = at
    this.#timer = setTimeout(
      () => {
        this.#timer = null
        this.#timerAt = Infinity
        this.#tick()
      },
      Math.max(0, delayMs),
    )
    this.#timer.unref?.()
  }

  #tick(): void {
    if (!this.#running) return
    const now = this.o.now()
    if (now < this.pausedUntil) {
      this.#schedule(this.pausedUntil - now)
      return
    }
    let nextDue = now + this.o.idleMs
    const ready: string[] = []
    for (const reference of this.#active) {
      if (this.#inFlight.has(reference)) continue
      const due = this.#dueOf(reference)
      if (due <= now) ready.push(reference)
      else nextDue = Math.min(nextDue, due)
    }
    // `#active` keeps the order items became due for sending, so a backlog drains oldest first.
    for (const reference of ready) {
      // Work coming back from a journal write goes before new work.
      if (this.#slots >= this.o.concurrency || this.#slotWaiters.length > 0) break
      this.#slots++
      const work = this.#work(reference)
        .catch((error: unknown) => {
          this.o.onError?.(error)
          this.backoff(reference)
        })
        .finally(() => {
          this.#inFlight.delete(reference)
          this.#releaseSlot()
        })
      this.#inFlight.set(reference, work)
    }
    this.#schedule(Math.max(0, nextDue - now))
  }

  /**
   * A journal write that gates the next request (`send`, a resend's attempt): the disk is no
   * gateway request, so the slot goes to other work meanwhile and is taken back afterwards.
   */
  protected override async offSlot<T>(write: Promise<T>): Promise<T> {
    this.#releaseSlot()
    try {
      return await write
    } finally {
      await new Promise<void>((resolve) => {
        if (this.#slots < this.o.concurrency && this.#slotWaiters.length === 0) {
          this.#slots++
          resolve()
        } else this.#slotWaiters.push(resolve)
      })
    }
  }

  #releaseSlot(): void {
    const waiter = this.#slotWaiters.shift()
    if (waiter) waiter()
    else {
      this.#slots--
      this.#schedule(0)
    }
  }

  /** When a payout may next be worked on: its own pace, and any Retry-After that holds it. */
  #dueOf(reference: string): number {
    const due = Math.max(this.dueAt.get(reference) ?? 0, this.pacing.lookupHeld(reference) ?? 0)
    const sendingHeld = this.pacing.sendingHeld() ?? 0
    if (due >= sendingHeld) return due
    // Work on these may send (the first request, or a resend after a lost answer).
    const state = this.o.outbox.get(reference)?.state
    return state === 'approved' || state === 'sending' || state === 'unknown' ? sendingHeld : due
  }

  async #work(reference: string): Promise<void> {
    const item = this.o.outbox.get(reference)
    if (!item) return
    // A failed journal write leaves memory ahead of the disk (e.g. `sending` that was never
    // saved): nothing may go to the gateway until a restart reloads what is really on disk.
    const storage = this.o.outbox.journal.failure
    if (storage) {
      this.setBlocked(storage.message)
      this.pause(this.o.retryMaxMs)
      return
    }
    let gateway: PayoutsGateway
    try {
      gateway = await this.o.gateway()
    } catch (error) {
      // No gateway configured (or no key): everyone waits; nothing was sent.
      this.setBlocked(error instanceof Error ? error.message : 'The gateway is not set up.')
      this.pause(this.o.retryMaxMs / 4)
      return
    }
    if (isDecided(item)) return this.followUp(item)
    switch (item.state) {
      case 'approved':
        return this.sendApproved(gateway, item)
      case 'sending':
        // With no clearance to post it was found so after a restart: the request may have
        // left before the stop, an unknown outcome like any other.
        return this.mayPost.has(reference) ? this.post(gateway, item) : this.followUp(item)
      case 'unknown':
      case 'needs_review':
      case 'submitted':
        return this.followUp(item)
      case 'success':
        return this.watchReversal(gateway, item)
      default:
        return
    }
  }
}
