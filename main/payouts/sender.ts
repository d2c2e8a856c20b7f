// The sender: takes approved payouts to the gateway, exactly once each. What makes "exactly
// once" hold is the exactly-once core's (main/exactly-once/, over the outbox: payout-core.ts):
// the reference fixed at creation, `sending` on disk before the first request, an unknown
// outcome followed only by our reference, a resend only where earned and never once decided,
// review, the fence on a decision, the environment's Retry-After holds and the request slots.
// An approved payout is followed like any of the core's entries, by a follower through the
// core's slots, until its first request has left (sending.ts: the checks before it leaves and
// what a refusal means). This file is the payout's part: the pause while the gateway or the
// disk cannot be used, and the reversal watch of a paid payout (to the core, a success is final).
import { Follower, type CheckResult } from '../exactly-once/follower'
import { isDecided, isUncertain, type PayoutItem } from './model'
import { settle, type SenderOptions } from './payout-core'
import { PayoutSending, type LiveStatus, type Turn } from './sending'

export { type SenderOptions } from './payout-core'

/** What the core follows: the gateway holds, or may hold, these. */
const followed = (item: PayoutItem): boolean =>
  ['sending', 'unknown', 'submitted'].includes(item.state) ||
  (item.state === 'needs_review' && isUncertain(item)) ||
  isDecided(item)

export class PayoutSender extends PayoutSending {
  readonly #reversal: Follower
  #running = false
  #unsubscribe: (() => void) | null = null

  constructor(options: SenderOptions) {
    const o = settle(options)
    super(o)
    this.#reversal = new Follower({
      steps: [{ untilMs: o.reversalWatchMs, everyMs: o.reversalPollMs }],
    })
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    // A `sending` payout found at a start may have left before the stop: the core looks it up.
    for (const item of this.o.outbox.items()) this.#track(item)
    this.#unsubscribe = this.o.outbox.onChange((items) => {
      for (const item of items) this.#track(item)
    })
  }

  /** Stops taking new work and waits for requests in flight (their outcome is journaled). */
  async stop(): Promise<void> {
    this.#running = false
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.sends.stopAll()
    this.core.writes.stop()
    this.#reversal.stopAll()
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
    this.pausedUntil = 0
    this.retries.clear()
    this.sends.checkNow()
    this.core.follower.checkNow()
  }

  live(reference: string): LiveStatus | undefined {
    return this.liveStatus.get(reference)
  }

  get blocked(): string | null {
    return this.blockedReason
  }

  /** Resolves once nothing is approved, sending or submitted and all is on disk (tests, bench). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const busy = [...this.o.outbox.items()].some((item) =>
        ['approved', 'sending', 'unknown', 'submitted'].includes(item.state),
      )
      // A first send's follow ends only after its last record is on disk.
      if (!busy && this.sends.size === 0 && !this.core.store.busy) return
      if (Date.now() > deadline) throw new Error('The outbox did not drain in time.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  #track(item: PayoutItem): void {
    const reference = item.reference
    // An approved payout is sent; one `sending` stays with its first send while that may go
    // again (it was not processed). Anything else is the core's, or done.
    if (item.state === 'approved')
      this.sends.follow(
        reference,
        () => this.#due(reference),
        () => undefined,
        0,
      )
    else if (item.state !== 'sending') {
      this.sends.stop(reference)
      this.retries.forget(reference)
    }
    // The core follows what the gateway holds or may hold: at a start, and a decision made
    // through another core over this outbox too. Not a `sending` payout this sender posts.
    const posting = this.sends.isFollowing(reference)
    if (this.#running && followed(item) && !(item.state === 'sending' && posting))
      this.core.writes.pickUp(item)
    const watch = this.o.reversalWatchMs > 0 && item.state === 'success' && !item.resolution
    if (watch && this.o.now() - item.updatedAt < this.o.reversalWatchMs)
      this.#watchReversal(reference)
    else if (item.state !== 'success') this.#reversal.stop(reference)
  }

  /** A payout's first send, when nothing holds it back, through a request slot. */
  async #due(reference: string): Promise<CheckResult> {
    // Done once it left approved or `sending` (listeners hear of that only once it is on disk).
    const ours = () => ['approved', 'sending'].includes(this.o.outbox.get(reference)?.state ?? '')
    if (!ours()) return 'final'
    const now = this.o.now()
    const held = Math.max(this.pausedUntil, this.core.writes.pacing.sendingHeld() ?? 0)
    // Looked at again at least every `idleMs`: a kick or a clock moved on may end a hold.
    if (held > now) return { afterMs: Math.min(held - now, this.o.idleMs) }
    const turn = await this.core.slots
      .run(() => this.#work(reference))
      .catch((error: unknown) => {
        this.o.onError?.(error)
        return this.backoff(reference)
      })
    return turn ?? (ours() ? 'continue' : 'final')
  }

  async #work(reference: string): Promise<Turn> {
    const item = this.o.outbox.get(reference)
    const now = this.o.now()
    if (!item || !this.#running || now < this.pausedUntil) return
    // A failed journal write leaves memory ahead of the disk (e.g. `sending` that was never
    // saved): nothing may go to the gateway until a restart reloads what is really on disk.
    const storage = this.o.outbox.journal.failure
    if (storage) return this.pause(storage.message, this.o.retryMaxMs)
    if (item.state === 'approved' && this.core.writes.pacing.sendingHeld() !== null) return
    let gateway
    try {
      gateway = await this.o.gateway()
    } catch (error) {
      // No gateway configured (or no key): everyone waits; nothing was sent.
      const why = error instanceof Error ? error.message : 'The gateway is not set up.'
      return this.pause(why, this.o.retryMaxMs / 4)
    }
    if (item.state === 'approved') return this.sendApproved(gateway, item)
    if (item.state === 'sending') return this.post(gateway, item)
  }

  /** Only our reference's transfer, and only its reversal, changes a paid payout. */
  #watchReversal(reference: string): void {
    const { slots, writes, store, kind } = this.core
    const look = async () => {
      const item = this.o.outbox.get(reference)
      if (!item || item.state !== 'success' || !this.#running) return 'final'
      if (this.o.now() < this.pausedUntil) return 'continue'
      try {
        const gateway = await this.o.gateway()
        const transfer = await slots.run(() => writes.lookup(gateway, reference))
        if (transfer.reference !== reference || transfer.status !== 'reversed') return 'continue'
        const at = new Date(this.o.now()).toISOString()
        store.update(reference, (e) => kind.found(e, transfer, at))
        return 'final'
      } catch (error) {
        this.failedRead(reference, error)
        return 'continue'
      }
    }
    this.#reversal.follow(reference, look, () => undefined)
  }
}
