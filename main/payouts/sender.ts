// The sender: takes approved payouts to the gateway, exactly once each, and follows them to a
// final state. The rules that make "exactly once" hold:
//   1. The merchant reference is fixed at creation; every attempt uses it.
//   2. `sending` is written (fsynced) before the first request leaves. A payout found in
//      `sending` after a restart, or after any answer we didn't get, is verified by reference
//      before anything is sent again; only "no such transfer" permits another initialize.
//   3. A 409 that says the reference is taken means it exists: verify and adopt that transfer.
//   4. Retry-After pauses every request, not just the one that got it.
//   5. Once any attempt's outcome was lost the payout is `unknown` until the gateway answers
//      for the reference. A refusal or a 404 that is not "no such record" settles nothing;
//      verify waits `verifyAfterMs` after the lost request (it may still be in flight), and
//      after `unknownWindowMs` of not knowing a supervisor decides (`needs_review`).
//   6. A resend needs the environment to have shown it keeps our reference, and a decided
//      payout is looked up for the reversal window: the gateway wins (main/exactly-once/).
//
// Why one file over 600 lines: the payout's own journal and reducer (maker-checker, bindings,
// the audit chain) make its sender a state machine over outbox records that the reference-
// journal core (main/exactly-once/tracker.ts) does not drive yet; its scheduling, sending and
// adopting share private state (due times, clearances to post, live problems). Moving it onto
// the tracker, which would split it, is the remaining step of that work.
import type { Transfer } from '../../common/api/disbursements'
import type { Sealer } from '../integrity/seal'
import { overruleAlarm } from '../exactly-once/alarm'
import { COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import { DECIDED_WATCH_MS } from '../exactly-once/tracker'
import type { ReferenceTrust } from '../exactly-once/trust'
import { keepEvidence, MAX_EVIDENCE_STEPS } from '../gateway/evidence'
import { approvalMatches, bindingHash } from './binding'
import { judgeName } from './commands'
import { explainGatewayFailure, explainTransferFailure } from './explain'
import {
  classifyFailure,
  retryAfterMs,
  type DisbursementBody,
  type GatewayProvider,
  type PayoutsGateway,
} from './gatewayPort'
import {
  isDecided,
  isUncertain,
  SYSTEM_ACTOR,
  type EvidenceStep,
  type PayoutItem,
  type Problem,
  type TransferSnapshot,
  type Uncertainty,
} from './model'
import type { NameEnquiryResult } from './nameEnquiry'
import type { Outbox } from './outbox'
import type { ItemPatch, OutboxRecord } from './records'

export interface SenderOptions {
  outbox: Outbox
  gateway: GatewayProvider
  resolveName: (bankCode: string, accountNumber: string) => Promise<NameEnquiryResult>
  now?: () => number
  /** Requests in flight at once. */
  concurrency?: number
  /** First status check after the gateway accepts a transfer. */
  pollMs?: number
  /** Longest gap between status checks of one transfer. */
  maxPollMs?: number
  /** First wait after a failure; doubles per consecutive failure. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Scan for new work at least this often (settings.pollIntervals.outboxMs). */
  idleMs?: number
  /** How long after success to keep checking for a reversal; 0 turns it off. */
  reversalWatchMs?: number
  reversalPollMs?: number
  /** Deadline of each gateway request. */
  requestTimeoutMs?: number
  /**
   * Least wait between a request whose answer was lost and the verify that may lead to a
   * resend: longer than the request's own deadline plus the gateway's commit lag, so the slow
   * request has landed (or died) before "no such transfer" is believed. Default
   * requestTimeoutMs + 15 s (docs/payouts.md).
   */
  verifyAfterMs?: number
  /** How long an unknown outcome is re-verified (with back-off) before a supervisor decides. */
  unknownWindowMs?: number
  /** How often a payout waiting for a supervisor's decision is still looked up. */
  reviewPollMs?: number
  /** Told whenever the live (unjournaled) status of an item changes, for the screens. */
  onProgress?: (reference: string) => void
  /** Told when the sender as a whole is blocked (bad key, no gateway) or unblocked. */
  onBlocked?: (reason: string | null) => void
  /** Errors the sender can't attribute to an item (logged by the caller). */
  onError?: (error: unknown) => void
  /** Verifies approval signatures (the environment's device key); null: not checked. */
  approvalSealer?: Sealer | null
  /** Whether this environment has shown it keeps our reference; null: taken as shown. */
  referenceTrust?: ReferenceTrust | null
  /** How long a decided payout is still looked up (the gateway's reversal window). */
  decidedWatchMs?: number
}

/** The sender's live view of an item: the latest problem and gateway status. */
export interface LiveStatus {
  problem: Problem | null
  transferStatus: Transfer['status'] | null
}

const SENDER_STATES = new Set(['approved', 'sending', 'unknown', 'submitted', 'success'])
/** What "Retry now" hurries: work in progress, not the slow watches. */
const KICKABLE = new Set<string>(['approved', 'sending', 'unknown', 'submitted'])
const WITHHELD =
  'Not sent again: this gateway has not yet shown that it keeps our reference (a second request could pay twice). Tilldesk keeps looking the reference up.'
export { COMMIT_LAG_MARGIN_MS }
/** Evidence kept per payout: the first step and the latest ones (the journal has them all). */
const MAX_STEPS = MAX_EVIDENCE_STEPS

export class PayoutSender {
  readonly #o: Required<Omit<SenderOptions, 'onProgress' | 'onBlocked' | 'onError'>> &
    Pick<SenderOptions, 'onProgress' | 'onBlocked' | 'onError'>
  readonly #active = new Set<string>()
  readonly #inFlight = new Map<string, Promise<void>>()
  readonly #dueAt = new Map<string, number>()
  readonly #failures = new Map<string, number>()
  readonly #polls = new Map<string, number>()
  /** References cleared for another initialize: `send` just committed, or verify said "none". */
  readonly #mayPost = new Set<string>()
  readonly #live = new Map<string, LiveStatus>()
  /** No requests before this (no gateway, bad key). */
  #pausedUntil = 0
  /** No requests before this either: the gateway's Retry-After, which a kick must not cut. */
  #retryAfterUntil = 0
  #blocked: string | null = null
  #timer: NodeJS.Timeout | null = null
  #timerAt = Infinity
  #running = false
  #unsubscribe: (() => void) | null = null

  constructor(options: SenderOptions) {
    const requestTimeoutMs = options.requestTimeoutMs ?? 15_000
    this.#o = {
      verifyAfterMs: requestTimeoutMs + COMMIT_LAG_MARGIN_MS,
      unknownWindowMs: 30 * 60_000,
      reviewPollMs: 15 * 60_000,
      now: Date.now,
      concurrency: 4,
      pollMs: 3_000,
      maxPollMs: 60_000,
      retryBaseMs: 1_000,
      retryMaxMs: 60_000,
      idleMs: 5_000,
      reversalWatchMs: 3 * 86_400_000,
      reversalPollMs: 3_600_000,
      requestTimeoutMs: 15_000,
      approvalSealer: null,
      referenceTrust: null,
      decidedWatchMs: DECIDED_WATCH_MS,
      ...options,
    }
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    for (const item of this.#o.outbox.items()) this.#track(item)
    this.#unsubscribe = this.#o.outbox.onChange((items) => {
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
  }

  /**
   * Try the work in progress now (the connection came back, or someone pressed "Retry now").
   * Bounded: payouts on a slow watch (reversal, review, decided) keep their pace, so a kick
   * never looks up every recent payout at once.
   */
  kick(): void {
    this.#pausedUntil = 0
    for (const reference of [...this.#dueAt.keys()]) {
      const state = this.#o.outbox.get(reference)?.state
      if (state !== undefined && KICKABLE.has(state)) {
        this.#dueAt.delete(reference)
        this.#failures.delete(reference)
      }
    }
    this.#schedule(0)
  }

  live(reference: string): LiveStatus | undefined {
    return this.#live.get(reference)
  }

  get blocked(): string | null {
    return this.#blocked
  }

  /** Items the sender still has work on (approved, sending, submitted, watched successes). */
  get pending(): number {
    return this.#active.size
  }

  /** Resolves once nothing is approved, sending or submitted (tests and the bench). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const busy = [...this.#o.outbox.items()].some((item) =>
        ['approved', 'sending', 'unknown', 'submitted'].includes(item.state),
      )
      if (!busy && this.#inFlight.size === 0) return
      if (Date.now() > deadline) throw new Error('The outbox did not drain in time.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  #track(item: PayoutItem): void {
    const watchReversal =
      item.state === 'success' &&
      !item.resolution &&
      this.#o.reversalWatchMs > 0 &&
      this.#o.now() - item.updatedAt < this.#o.reversalWatchMs
    // An outcome waiting for a supervisor is still looked up now and then: the gateway's
    // answer for the reference settles it before anyone has to guess.
    const inReview = item.state === 'needs_review' && isUncertain(item)
    // A decided payout is still looked up now and then: the gateway wins over a decision it
    // contradicts (docs/gateway-assumptions.md, the reversal window).
    const decided =
      isDecided(item) && this.#o.now() - (item.resolution?.at ?? 0) < this.#o.decidedWatchMs
    if (
      (SENDER_STATES.has(item.state) && (item.state !== 'success' || watchReversal)) ||
      inReview ||
      decided
    ) {
      if (!this.#active.has(item.reference) && item.state === 'success' && !decided) {
        this.#dueAt.set(item.reference, item.updatedAt + this.#o.reversalPollMs)
      }
      if (!this.#active.has(item.reference) && (inReview || decided)) {
        this.#dueAt.set(item.reference, this.#o.now() + this.#o.reviewPollMs)
      }
      this.#active.add(item.reference)
    } else {
      this.#active.delete(item.reference)
      this.#dueAt.delete(item.reference)
      this.#failures.delete(item.reference)
      this.#polls.delete(item.reference)
      this.#mayPost.delete(item.reference)
    }
  }

  #schedule(delayMs: number): void {
    if (!this.#running) return
    const at = this.#o.now() + Math.max(0, delayMs)
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
    const now = this.#o.now()
    const resumeAt = Math.max(this.#pausedUntil, this.#retryAfterUntil)
    if (now < resumeAt) {
      this.#schedule(resumeAt - now)
      return
    }
    let nextDue = now + this.#o.idleMs
    const ready: string[] = []
    for (const reference of this.#active) {
      if (this.#inFlight.has(reference)) continue
      const due = this.#dueAt.get(reference) ?? 0
      if (due <= now) ready.push(reference)
      else nextDue = Math.min(nextDue, due)
    }
    // `#active` keeps the order items became due for sending, so a backlog drains oldest first.
    for (const reference of ready) {
      if (this.#inFlight.size >= this.#o.concurrency) break
      const work = this.#work(reference)
        .catch((error: unknown) => {
          this.#o.onError?.(error)
          this.#backoff(reference)
        })
        .finally(() => {
          this.#inFlight.delete(reference)
          this.#schedule(0)
        })
      this.#inFlight.set(reference, work)
    }
    this.#schedule(Math.max(0, nextDue - now))
  }

  async #work(reference: string): Promise<void> {
    const item = this.#o.outbox.get(reference)
    if (!item) return
    // A failed journal write leaves memory ahead of the disk (e.g. `sending` that was never
    // saved): nothing may go to the gateway until a restart reloads what is really on disk.
    const storage = this.#o.outbox.journal.failure
    if (storage) {
      this.#setBlocked(storage.message)
      this.#pause(this.#o.retryMaxMs)
      return
    }
    let gateway: PayoutsGateway
    try {
      gateway = await this.#o.gateway()
    } catch (error) {
      // No gateway configured (or no key): everyone waits; nothing was sent.
      this.#setBlocked(error instanceof Error ? error.message : 'The gateway is not set up.')
      this.#pause(this.#o.retryMaxMs / 4)
      return
    }
    if (isDecided(item)) return this.#watchDecided(gateway, item)
    switch (item.state) {
      case 'approved':
        return this.#sendApproved(gateway, item)
      case 'sending':
        if (this.#mayPost.has(reference)) return this.#post(gateway, item)
        // `sending` with no clearance to post: found so after a restart, so the request may
        // have left before the stop. That is an unknown outcome like any other.
        await this.#becomeUnknown(item, {
          call: 'send',
          said: 'Tilldesk stopped while this payout was being sent, so the request may have reached the gateway.',
          lostRequestAt: item.updatedAt,
        })
        return
      case 'unknown':
        return this.#mayPost.has(reference)
          ? this.#post(gateway, item)
          : this.#verify(gateway, item)
      case 'needs_review':
        return this.#reviewCheck(gateway, item)
      case 'submitted':
        return this.#follow(gateway, item)
      case 'success':
        return this.#watchReversal(gateway, item)
      default:
        return
    }
  }

  async #sendApproved(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const now = this.#o.now()
    if (!item.approval || item.approval.expiresAt <= now) {
      await this.#commit([
        this.#action(item, 'expire', 'The approval expired before the payout could be sent.', {
          approval: null,
        }),
      ])
      return
    }
    if (!approvalMatches(item)) {
      await this.#commit([
        this.#action(item, 'hold', 'The details no longer match what the supervisor approved.', {
          approval: null,
          reviewReason:
            'The details no longer match what the supervisor approved; it must be approved again.',
        }),
      ])
      return
    }
    if (!approvalMatches(item, this.#o.approvalSealer)) {
      // The details match, but Tilldesk did not sign this approval after a PIN check: it was
      // copied from another payout or written into the files by hand.
      const why =
        'The approval is not signed by this till (it was copied or written outside Tilldesk); it must be approved again.'
      await this.#commit([this.#action(item, 'hold', why, { approval: null, reviewReason: why })])
      return
    }
    // Name enquiry before every disbursement.
    const result = await this.#o.resolveName(item.bankCode, item.accountNumber)
    if (result.kind === 'unavailable') {
      this.#problem(
        item.reference,
        'name_check_unavailable',
        `Waiting to check the name with the bank: ${result.message}`,
      )
      this.#backoff(item.reference)
      return
    }
    const judged = judgeName(item, result)
    // The enquiry took a while: go on only if the payout is still exactly what was judged.
    const current = this.#o.outbox.get(item.reference)
    if (!current || current.state !== 'approved' || bindingHash(current) !== bindingHash(item))
      return
    if (judged.hold) {
      await this.#commit([
        this.#action(current, 'hold', judged.hold, {
          approval: null,
          reviewReason: judged.hold,
          nameCheck: judged.nameCheck,
        }),
      ])
      return
    }
    await this.#commit([
      this.#action(current, 'send', null, { nameCheck: judged.nameCheck, problem: null }),
    ])
    // Durable now: a crash from here on is recovered by verifying first.
    this.#mayPost.add(current.reference)
    const sending = this.#o.outbox.get(current.reference)
    if (sending) await this.#post(gateway, sending)
  }

  async #post(gateway: PayoutsGateway, ready: PayoutItem): Promise<void> {
    if (!['sending', 'unknown'].includes(ready.state) || !this.#mayPost.delete(ready.reference))
      return
    const attempt = ready.sendAttempts + 1
    // Any send but the first (written as `send` just before it) is journaled before it leaves,
    // with its time: if Tilldesk stops while it is on its way, the restarted sender knows a
    // request may land until `verifyAfterMs` after this moment, and waits before a lookup that
    // could clear yet another send.
    const answeredLostAt = ready.uncertainty?.lastUnknownAt ?? null
    if (ready.state === 'unknown' || ready.sendAttempts > 0)
      await this.#journalResend(ready, attempt)
    const item = this.#o.outbox.get(ready.reference)
    if (!item || item.state !== ready.state) return
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.initialize(disbursementBody(item), {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch (error) {
      await this.#afterFailedPost(gateway, item, attempt, error, answeredLostAt)
      return
    }
    this.#failures.delete(item.reference)
    if (transfer.reference === item.reference) this.#o.referenceTrust?.learn('echo')
    if (transfer.reference !== item.reference) {
      // A 2xx to our initialize: the gateway took it, but its body describes another transfer.
      // Ours exists; only a lookup by reference tells what became of it. Never sent again.
      await this.#becomeUnknown(item, {
        call: 'send',
        said: `${notOurs(transfer)} The gateway did accept the request, so the transfer exists; Tilldesk looks it up by reference and never sends it again.`,
        lostRequestAt: null,
        answeredLostAt,
        sendAttempts: attempt,
        mark: { existsSaid: true },
      })
      this.#backoff(item.reference)
      return
    }
    await this.#adopt(item, transfer, { sendAttempts: attempt })
  }

  /** Records, durably, that attempt `attempt` is about to leave, and when. */
  async #journalResend(item: PayoutItem, attempt: number): Promise<void> {
    const now = this.#o.now()
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
    await this.#commit([this.#note(item, 'attempt', said, patch)])
  }

  async #afterFailedPost(
    gateway: PayoutsGateway,
    item: PayoutItem,
    attempt: number,
    error: unknown,
    answeredLostAt: number | null,
  ): Promise<void> {
    const uncertain = item.state === 'unknown'
    const failure = classifyFailure(error, 'write')
    const message = explainGatewayFailure(error, 'send', uncertain)
    const now = this.#o.now()
    if (failure === 'refused' && !uncertain) {
      // Nothing was ever unknown: this refusal is the gateway's word on the only request.
      await this.#commit([
        this.#action(item, 'refuse', message, {
          sendAttempts: attempt,
          problem: { code: 'refused', message, at: now, transient: false },
        }),
      ])
      return
    }
    if (failure === 'unknown') {
      await this.#becomeUnknown(item, {
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
      await this.#becomeUnknown(item, {
        call: 'send',
        said: message,
        lostRequestAt: null,
        answeredLostAt,
        sendAttempts: attempt,
        mark: failure === 'duplicate' ? { existsSaid: true } : { resendRefused: true },
      })
      const current = this.#o.outbox.get(item.reference)
      if (failure === 'duplicate' && current) await this.#verify(gateway, current)
      else this.#backoff(item.reference)
      return
    }
    // Not processed (bad key, Retry-After, or it never left): the same request may go again.
    // Nothing of this attempt can land later, so the wait is for the lost request before it.
    await this.#commit([
      this.#note(item, 'attempt', `Attempt ${attempt}: ${message}`, {
        sendAttempts: attempt,
        problem: { code: failure, message, at: now, transient: true },
        ...(uncertain && item.uncertainty
          ? { uncertainty: { ...item.uncertainty, lastUnknownAt: answeredLostAt } }
          : {}),
      }),
    ])
    this.#problem(item.reference, failure, message)
    // An unknown payout is looked up again first; a plain `sending` one may post again.
    if (!uncertain) this.#mayPost.add(item.reference)
    if (failure === 'auth') {
      this.#setBlocked(message)
      this.#pause(this.#o.retryMaxMs)
    } else if (failure === 'rate_limited') {
      this.#honourRetryAfter(error)
    } else {
      this.#backoff(item.reference)
    }
  }

  /**
   * Records that this payout's fate is not known (or adds to why), durably, and schedules the
   * next lookup: no sooner than `verifyAfterMs` after a request whose answer was lost.
   */
  async #becomeUnknown(
    item: PayoutItem,
    step: {
      call: EvidenceStep['call']
      said: string
      lostRequestAt: number | null
      /**
       * The request was answered: the lost request to wait for is the one before it (its
       * time was journaled over by #journalResend while this one was on its way).
       */
      answeredLostAt?: number | null
      sendAttempts?: number
      mark?: Partial<Pick<Uncertainty, 'resendRefused' | 'existsSaid'>>
    },
  ): Promise<void> {
    const now = this.#o.now()
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
    await this.#commit([
      item.state === 'sending'
        ? this.#action(item, 'lose', step.said, patch)
        : this.#note(item, 'attempt', step.said, patch),
    ])
    this.#problem(item.reference, 'outcome_unknown', step.said)
    if (uncertainty.lastUnknownAt !== null)
      this.#dueAt.set(item.reference, uncertainty.lastUnknownAt + this.#o.verifyAfterMs)
  }

  /**
   * Asks the gateway about our reference; adopts what it has. Only a JSON "no such transfer"
   * clears another initialize, and only while no resend was refused and no 409 said it exists.
   */
  async #verify(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    const uncertainty = item.uncertainty ?? null
    const lostAt = uncertainty?.lastUnknownAt ?? null
    if (lostAt !== null && this.#o.now() < lostAt + this.#o.verifyAfterMs) {
      // The lost request may still be on its way: a "no such transfer" now would be a guess.
      this.#dueAt.set(item.reference, lostAt + this.#o.verifyAfterMs)
      return
    }
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch (error) {
      const failure = classifyFailure(error, 'lookup')
      if (failure === 'auth' || failure === 'rate_limited') {
        this.#afterFailedRead(item.reference, error)
        return
      }
      this.#setBlocked(null)
      const said = explainGatewayFailure(error, 'verify')
      const absent =
        failure === 'not_found' && !uncertainty?.resendRefused && !uncertainty?.existsSaid
      // A resend needs this environment to have shown it keeps our reference (trust.ts).
      const mayResend = absent && (this.#o.referenceTrust?.honoured() ?? true)
      const withheld = absent && !mayResend
      const steps = withStep(uncertainty?.steps ?? [], { at: this.#o.now(), call: 'verify', said })
      await this.#commit([
        this.#note(item, 'statusSeen', `Checked by reference: ${said}`, {
          uncertainty: {
            ...(uncertainty ?? freshUncertainty(this.#o.now())),
            steps: withheld
              ? withStep(steps, { at: this.#o.now(), call: 'send', said: WITHHELD })
              : steps,
          },
        }),
      ])
      if (mayResend) {
        // The gateway says it has no transfer with this reference, long enough after the lost
        // request: send the same reference again. If the first lands late, that is a 409.
        this.#mayPost.add(item.reference)
        const current = this.#o.outbox.get(item.reference)
        if (current) await this.#post(gateway, current)
        return
      }
      this.#problem(item.reference, 'outcome_unknown', said)
      await this.#stillUnknown(item.reference, said)
      return
    }
    this.#failures.delete(item.reference)
    await this.#adopt(item, transfer, {})
  }

  /** Looks again later, or, past the window, hands the payout to a supervisor with why. */
  async #stillUnknown(reference: string, lastSaid: string): Promise<void> {
    const item = this.#o.outbox.get(reference)
    if (!item || item.state !== 'unknown') return
    const since = item.uncertainty?.since ?? item.updatedAt
    if (this.#o.now() - since < this.#o.unknownWindowMs) {
      this.#backoff(reference)
      return
    }
    const reason = `Tilldesk could not find out from the gateway whether this payout went out (last answer: ${lastSaid}) It may or may not have been paid. Do not pay it again: check this reference with the gateway, then a supervisor marks it as paid (with the gateway's reference) or not paid.`
    // From now on it is looked up only now and then, while it waits for a supervisor.
    this.#dueAt.set(reference, this.#o.now() + this.#o.reviewPollMs)
    await this.#commit([
      this.#action(item, 'escalate', reason, {
        reviewReason: reason,
        problem: { code: 'needs_review', message: reason, at: this.#o.now(), transient: false },
      }),
    ])
  }

  /** A payout waiting for a supervisor: the gateway's answer still settles it first. */
  async #reviewCheck(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    if (!isUncertain(item)) return
    try {
      const transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
      await this.#adopt(item, transfer, {})
    } catch {
      // Nothing new: it waits for the supervisor; never sent again from here.
      this.#dueAt.set(item.reference, this.#o.now() + this.#o.reviewPollMs)
    }
  }

  async #follow(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch (error) {
      this.#afterFailedRead(item.reference, error)
      return
    }
    this.#failures.delete(item.reference)
    await this.#adopt(item, transfer, {})
  }

  async #watchReversal(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    try {
      const transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
      if (transfer.status === 'reversed') await this.#adopt(item, transfer, {})
      else this.#dueAt.set(item.reference, this.#o.now() + this.#o.reversalPollMs)
    } catch (error) {
      this.#afterFailedRead(item.reference, error)
    }
  }

  /**
   * A payout a supervisor decided: the gateway's transfer for its reference, if it shows one
   * that contradicts the decision ("not paid" while it holds a transfer that did not fail,
   * "paid" while it says failed), wins: the payout is overruled, with an alarm a supervisor
   * must acknowledge, and followed as the gateway says. Nothing is ever sent from here.
   */
  async #watchDecided(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    this.#dueAt.set(item.reference, this.#o.now() + this.#o.reviewPollMs)
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch {
      return // No transfer, or no answer: the decision stands; looked up again later.
    }
    const resolution = item.resolution
    if (transfer.reference !== item.reference || !resolution) return
    const paid = resolution.outcome === 'paid'
    if (paid === (transfer.status !== 'failed')) return
    const current = this.#o.outbox.get(item.reference)
    if (!current || !isDecided(current)) return
    const at = this.#o.now()
    const alarm = overruleAlarm({
      noun: 'payout',
      reference: item.reference,
      decidedAs: paid ? 'paid' : 'not paid',
      byName: resolution.by.name,
      gatewaySays: transfer.status,
      at: new Date(at).toISOString(),
    })
    await this.#commit([
      this.#action(current, 'overrule', alarm.text, {
        alarm,
        problem: { code: 'decision_overruled', message: alarm.text, at, transient: false },
      }),
    ])
    const overruled = this.#o.outbox.get(item.reference)
    if (overruled) await this.#adopt(overruled, transfer, {})
  }

  #afterFailedRead(reference: string, error: unknown): void {
    const failure = classifyFailure(error, 'lookup')
    const message = explainGatewayFailure(error, 'verify')
    this.#problem(reference, failure, message)
    if (failure === 'auth') {
      this.#setBlocked(message)
      this.#pause(this.#o.retryMaxMs)
    } else if (failure === 'rate_limited') {
      this.#honourRetryAfter(error)
    } else {
      this.#backoff(reference)
    }
  }

  /**
   * Takes the gateway's transfer as the truth for this item: moves it to submitted and on to
   * a final state as far as the transfer has gone, in one durable commit.
   */
  async #adopt(item: PayoutItem, transfer: Transfer, extra: ItemPatch): Promise<void> {
    if (transfer.reference !== item.reference) {
      await this.#answerNotOurs(item, transfer)
      return
    }
    this.#o.referenceTrust?.learn('lookup')
    const snapshot: TransferSnapshot = {
      status: transfer.status,
      fee: transfer.fee ?? null,
      failureReason: transfer.failure_reason ?? null,
      updatedAt: transfer.updated_at ?? null,
    }
    // The gateway answered us properly: whatever blocked the sender is gone.
    this.#setBlocked(null)
    this.#setLive(item.reference, { problem: null, transferStatus: transfer.status })
    const records: OutboxRecord[] = []
    const mismatch = describeMismatch(item, transfer)
    if (mismatch) {
      records.push(
        this.#note(item, 'alert', mismatch, {
          problem: {
            code: 'transfer_mismatch',
            message: mismatch,
            at: this.#o.now(),
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
        this.#action(item, 'accept', settled, {
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
          this.#action(item, 'fail', why, {
            transfer: snapshot,
            problem: { code: 'transfer_failed', message: why, at: this.#o.now(), transient: false },
          }),
        )
        state = 'failed'
      } else {
        records.push(this.#action(item, 'succeed', null, { transfer: snapshot }))
        state = 'success'
      }
    }
    if (state === 'success' && reached === 'reversed') {
      records.push(
        this.#action(item, 'reverse', snapshot.failureReason ?? 'Returned by the receiving bank.', {
          transfer: snapshot,
        }),
      )
      state = 'reversed'
    }
    if (records.length > 0) await this.#commit(records.map((r) => withoutUndefined(r)))
    if (state === 'submitted') {
      // Still moving at the bank: look again later, less often the longer it takes.
      const polls = (this.#polls.get(item.reference) ?? 0) + 1
      this.#polls.set(item.reference, polls)
      const delay = Math.min(this.#o.maxPollMs, this.#o.pollMs * 1.5 ** (polls - 1))
      this.#dueAt.set(item.reference, this.#o.now() + delay)
    } else if (state === 'success') {
      this.#dueAt.set(item.reference, this.#o.now() + this.#o.reversalPollMs)
    }
  }

  /**
   * A lookup by our reference answered with a transfer whose own reference is another (how
   * the reference is passed is "not shown" in the spec, so a gateway may ignore ours). It is
   * not an answer about this payout: nothing is settled by it, and it is kept as evidence.
   */
  async #answerNotOurs(item: PayoutItem, transfer: Transfer): Promise<void> {
    const said = `${notOurs(transfer)} Tilldesk keeps checking this reference.`
    this.#problem(item.reference, 'outcome_unknown', said)
    switch (item.state) {
      case 'sending':
      case 'unknown':
        await this.#becomeUnknown(item, { call: 'verify', said, lostRequestAt: null })
        await this.#stillUnknown(item.reference, said)
        return
      case 'needs_review':
        this.#dueAt.set(item.reference, this.#o.now() + this.#o.reviewPollMs)
        return
      case 'success':
        this.#dueAt.set(item.reference, this.#o.now() + this.#o.reversalPollMs)
        return
      default:
        this.#backoff(item.reference)
    }
  }

  #action(
    item: PayoutItem,
    action:
      | 'expire'
      | 'hold'
      | 'send'
      | 'accept'
      | 'refuse'
      | 'succeed'
      | 'fail'
      | 'reverse'
      | 'lose'
      | 'escalate'
      | 'overrule',
    reason: string | null,
    patch: ItemPatch,
  ): OutboxRecord {
    const to = {
      expire: 'expired',
      hold: 'needs_review',
      send: 'sending',
      accept: 'submitted',
      refuse: 'failed',
      succeed: 'success',
      fail: 'failed',
      reverse: 'reversed',
      lose: 'unknown',
      escalate: 'needs_review',
      overrule: 'submitted',
    } as const
    const from = {
      succeed: 'submitted',
      fail: 'submitted',
      reverse: 'success',
    } as const
    return {
      type: 'action',
      action,
      ref: item.reference,
      by: SYSTEM_ACTOR,
      // Chained records (accept → succeed → reverse) start where the previous one ended.
      from: action in from ? from[action as keyof typeof from] : item.state,
      to: to[action],
      reason,
      patch,
    }
  }

  #note(
    item: PayoutItem,
    note: 'attempt' | 'alert' | 'statusSeen',
    text: string,
    patch: ItemPatch,
  ): OutboxRecord {
    return {
      type: 'note',
      note,
      ref: item.reference,
      by: SYSTEM_ACTOR,
      state: item.state,
      text,
      patch,
    }
  }

  async #commit(records: OutboxRecord[]): Promise<void> {
    await this.#o.outbox.commit(records)
  }

  #backoff(reference: string): void {
    const failures = (this.#failures.get(reference) ?? 0) + 1
    this.#failures.set(reference, failures)
    const base = Math.min(this.#o.retryMaxMs, this.#o.retryBaseMs * 2 ** (failures - 1))
    // Jitter so a batch that failed together doesn't retry in lockstep.
    const delay = base * (0.8 + Math.random() * 0.4)
    this.#dueAt.set(reference, this.#o.now() + delay)
  }

  #pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#o.now() + ms)
  }

  #honourRetryAfter(error: unknown): void {
    const wait = retryAfterMs(error) ?? this.#o.retryBaseMs
    this.#retryAfterUntil = Math.max(this.#retryAfterUntil, this.#o.now() + wait)
  }

  #problem(reference: string, code: string, message: string): void {
    this.#setLive(reference, {
      problem: { code, message, at: this.#o.now(), transient: true },
      transferStatus: this.#live.get(reference)?.transferStatus ?? null,
    })
  }

  #setLive(reference: string, status: LiveStatus): void {
    this.#live.set(reference, status)
    this.#o.onProgress?.(reference)
  }

  #setBlocked(reason: string | null): void {
    if (reason === this.#blocked) return
    this.#blocked = reason
    this.#o.onBlocked?.(reason)
  }
}

export function disbursementBody(item: PayoutItem): DisbursementBody {
  return {
    reference: item.reference,
    amount: item.amount,
    currency: item.currency,
    bank_code: item.bankCode,
    account_number: item.accountNumber,
    narration: item.narration,
    recipient_name: item.accountName,
    ...(item.recipientEmail ? { recipient_email: item.recipientEmail } : {}),
  }
}

/** Evidence for an answer that describes another transfer than the one asked about. */
const notOurs = (transfer: Transfer): string =>
  `The gateway answered with a transfer of another reference ("${transfer.reference}", ${transfer.status}), which says nothing about this payout.`

/** The gateway's transfer under our reference should be the one we asked for. */
function describeMismatch(item: PayoutItem, transfer: Transfer): string | null {
  const differences: string[] = []
  // A field the gateway did not send (the spec shows none of them) can't differ.
  const differs = (theirs: unknown, ours: unknown) => theirs !== undefined && theirs !== ours
  if (differs(transfer.amount, item.amount)) differences.push('amount')
  if (differs(transfer.account_number, item.accountNumber)) differences.push('account number')
  if (differs(transfer.bank_code, item.bankCode)) differences.push('bank')
  if (differs(transfer.currency, item.currency)) differences.push('currency')
  if (differences.length === 0) return null
  return `The gateway's transfer with reference ${item.reference} has a different ${differences.join(', ')} from this payout. Do not pay it again; ask the gateway's support to check this reference.`
}

function withoutUndefined(record: OutboxRecord): OutboxRecord {
  if (record.type === 'created') return record
  const patch = Object.fromEntries(Object.entries(record.patch).filter(([, v]) => v !== undefined))
  return { ...record, patch }
}

function freshUncertainty(now: number): Uncertainty {
  return { since: now, lastUnknownAt: null, resendRefused: false, existsSaid: false, steps: [] }
}

/** One more step of evidence (see keepEvidence: sends are never trimmed away). */
export const withStep = (steps: readonly EvidenceStep[], step: EvidenceStep): EvidenceStep[] =>
  keepEvidence(steps, step, MAX_STEPS)
