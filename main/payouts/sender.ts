// The sender: takes approved payouts to the gateway, exactly once each, and follows them to a
// final state. The rules that make "exactly once" hold:
//   1. The merchant reference is fixed at creation; every attempt uses it.
//   2. `sending` is written (fsynced) before the first request leaves. A payout found in
//      `sending` after a restart, or after any answer we didn't get, is verified by reference
//      before anything is sent again; only "no such transfer" permits another initialize.
//   3. A 409 for the reference means it exists: verify and adopt that transfer.
//   4. Retry-After pauses every request, not just the one that got it.
import type { Transfer } from '../../common/api/disbursements'
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
import { SYSTEM_ACTOR, type PayoutItem, type Problem, type TransferSnapshot } from './model'
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
  /** Told whenever the live (unjournaled) status of an item changes, for the screens. */
  onProgress?: (reference: string) => void
  /** Told when the sender as a whole is blocked (bad key, no gateway) or unblocked. */
  onBlocked?: (reason: string | null) => void
  /** Errors the sender can't attribute to an item (logged by the caller). */
  onError?: (error: unknown) => void
}

/** The sender's live view of an item: the latest problem and gateway status. */
export interface LiveStatus {
  problem: Problem | null
  transferStatus: Transfer['status'] | null
}

const SENDER_STATES = new Set(['approved', 'sending', 'submitted', 'success'])

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
    this.#o = {
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

  /** Try everything now (the connection came back, or someone pressed "Retry now"). */
  kick(): void {
    this.#pausedUntil = 0
    this.#dueAt.clear()
    this.#failures.clear()
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
        ['approved', 'sending', 'submitted'].includes(item.state),
      )
      if (!busy && this.#inFlight.size === 0) return
      if (Date.now() > deadline) throw new Error('The outbox did not drain in time.')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  #track(item: PayoutItem): void {
    const watchReversal =
      item.state === 'success' &&
      this.#o.reversalWatchMs > 0 &&
      this.#o.now() - item.updatedAt < this.#o.reversalWatchMs
    if (SENDER_STATES.has(item.state) && (item.state !== 'success' || watchReversal)) {
      if (!this.#active.has(item.reference) && item.state === 'success') {
        this.#dueAt.set(item.reference, item.updatedAt + this.#o.reversalPollMs)
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
    switch (item.state) {
      case 'approved':
        return this.#sendApproved(gateway, item)
      case 'sending':
        return this.#mayPost.has(reference)
          ? this.#post(gateway, item)
          : this.#verify(gateway, item)
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

  async #post(gateway: PayoutsGateway, item: PayoutItem): Promise<void> {
    if (item.state !== 'sending' || !this.#mayPost.delete(item.reference)) return
    const attempt = item.sendAttempts + 1
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.initialize(disbursementBody(item), {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch (error) {
      await this.#afterFailedPost(gateway, item, attempt, error)
      return
    }
    this.#failures.delete(item.reference)
    await this.#adopt(item, transfer, { sendAttempts: attempt })
  }

  async #afterFailedPost(
    gateway: PayoutsGateway,
    item: PayoutItem,
    attempt: number,
    error: unknown,
  ): Promise<void> {
    const failure = classifyFailure(error)
    const message = explainGatewayFailure(error, 'send')
    if (failure === 'refused') {
      await this.#commit([
        this.#action(item, 'refuse', message, {
          sendAttempts: attempt,
          problem: { code: 'refused', message, at: this.#o.now(), transient: false },
        }),
      ])
      return
    }
    await this.#commit([
      this.#note(item, 'attempt', `Attempt ${attempt}: ${message}`, {
        sendAttempts: attempt,
        problem: { code: failure, message, at: this.#o.now(), transient: true },
      }),
    ])
    this.#problem(item.reference, failure, message)
    if (failure === 'duplicate') {
      const current = this.#o.outbox.get(item.reference)
      // Not straight back to initialize if verify finds nothing: a 409 that isn't "it
      // exists" would otherwise loop; the next attempt waits for the back-off.
      if (current) await this.#verify(gateway, current, { postNow: false })
      return
    }
    if (failure === 'auth') {
      this.#setBlocked(message)
      this.#pause(this.#o.retryMaxMs)
      return
    }
    if (failure === 'rate_limited') {
      this.#honourRetryAfter(error)
      return
    }
    // Unknown outcome: next time round this item is verified (it is not in #mayPost).
    this.#backoff(item.reference)
  }

  /** Asks the gateway about our reference; adopts what it has, or clears another attempt. */
  async #verify(
    gateway: PayoutsGateway,
    item: PayoutItem,
    { postNow = true }: { postNow?: boolean } = {},
  ): Promise<void> {
    let transfer: Transfer
    try {
      transfer = await gateway.disbursements.verify(item.reference, {
        timeoutMs: this.#o.requestTimeoutMs,
      })
    } catch (error) {
      const failure = classifyFailure(error)
      if (failure === 'not_found') {
        this.#setBlocked(null)
        // The gateway has no transfer with this reference: sending (the same reference) is
        // safe. If an earlier attempt lands late, the gateway answers 409 and we adopt it.
        this.#mayPost.add(item.reference)
        const current = this.#o.outbox.get(item.reference)
        if (!postNow) this.#backoff(item.reference)
        else if (current) await this.#post(gateway, current)
        return
      }
      this.#afterFailedRead(item.reference, error)
      return
    }
    this.#failures.delete(item.reference)
    await this.#adopt(item, transfer, {})
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

  #afterFailedRead(reference: string, error: unknown): void {
    const failure = classifyFailure(error)
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
    const snapshot: TransferSnapshot = {
      status: transfer.status,
      fee: transfer.fee ?? null,
      failureReason: transfer.failure_reason ?? null,
      updatedAt: transfer.updated_at,
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
    if (state === 'sending') {
      records.push(
        this.#action(item, 'accept', null, { ...patch, problem: mismatch ? undefined : null }),
      )
      state = 'submitted'
    }
    const reached = transfer.status
    if (state === 'submitted' && reached !== 'pending' && reached !== 'processing') {
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

  #action(
    item: PayoutItem,
    action: 'expire' | 'hold' | 'send' | 'accept' | 'refuse' | 'succeed' | 'fail' | 'reverse',
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
    } as const
    const from = {
      accept: 'sending',
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

  #note(item: PayoutItem, note: 'attempt' | 'alert', text: string, patch: ItemPatch): OutboxRecord {
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

/** The gateway's transfer under our reference should be the one we asked for. */
function describeMismatch(item: PayoutItem, transfer: Transfer): string | null {
  const differences: string[] = []
  if (transfer.amount !== item.amount) differences.push('amount')
  if (transfer.account_number !== item.accountNumber) differences.push('account number')
  if (transfer.bank_code !== item.bankCode) differences.push('bank')
  if (transfer.currency !== item.currency) differences.push('currency')
  if (differences.length === 0) return null
  return `The gateway's transfer with reference ${item.reference} has a different ${differences.join(', ')} from this payout. Do not pay it again; ask the gateway's support to check this reference.`
}

function withoutUndefined(record: OutboxRecord): OutboxRecord {
  if (record.type === 'created') return record
  const patch = Object.fromEntries(Object.entries(record.patch).filter(([, v]) => v !== undefined))
  return { ...record, patch }
}
