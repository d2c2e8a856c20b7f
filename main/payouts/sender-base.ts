// The payout sender's shared ground: its options, the state its parts share (due times,
// clearances to post, live problems, pauses), the exactly-once core it drives over the outbox
// (payout-kind.ts, payout-store.ts) and the records it writes itself, plus the small pure
// pieces (the request body, evidence steps, "is this transfer the one we asked for"). The
// sender is split along its seams: sending.ts (the checks before the first request and what a
// refused one means), follow-up.ts (pacing the core's lookups, the reversal watch) and
// sender.ts (the schedule that picks the next piece of work).
import type { Transfer } from '../../common/api/disbursements'
import type { Sealer } from '../integrity/seal'
import { silentLogger } from '../kernel/log'
import { COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import { Follower } from '../exactly-once/follower'
import type { Pacing } from '../exactly-once/pacing'
import { DECIDED_WATCH_MS, ReferencedWrites, type WriteKind } from '../exactly-once/tracker'
import type { ReferenceTrust } from '../exactly-once/trust'
import { type GatewayProvider, type PayoutsGateway } from './gatewayPort'
import { SYSTEM_ACTOR, type PayoutItem, type Problem } from './model'
import type { NameEnquiryResult } from './nameEnquiry'
import type { Outbox } from './outbox'
import { payoutKind } from './payout-kind'
import { PayoutStore } from './payout-store'
import type { ItemPatch } from './records'
import { ACTIONS } from './stateMachine'

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
  /** The environment's Retry-After holds, shared with every other kind; absent: its own. */
  pacing?: Pacing
}

/** The sender's live view of an item: the latest problem and gateway status. */
export interface LiveStatus {
  problem: Problem | null
  transferStatus: Transfer['status'] | null
}

export const SENDER_STATES = new Set(['approved', 'sending', 'unknown', 'submitted', 'success'])
/** What "Retry now" hurries: work in progress, not the slow watches. */
export const KICKABLE = new Set<string>(['approved', 'sending', 'unknown', 'submitted'])
export { COMMIT_LAG_MARGIN_MS }

/** The sender paces every payout itself (sender.ts): the core's own timers stay idle. */
class SenderPaced extends Follower {
  override follow(): void {}
}

/** The state every part of the sender shares, and the records it writes. */
export abstract class PayoutSenderBase {
  protected readonly o: Required<
    Omit<SenderOptions, 'onProgress' | 'onBlocked' | 'onError' | 'pacing'>
  > &
    Pick<SenderOptions, 'onProgress' | 'onBlocked' | 'onError' | 'pacing'>
  protected readonly dueAt = new Map<string, number>()
  protected readonly failures = new Map<string, number>()
  protected readonly polls = new Map<string, number>()
  /** References cleared for another initialize: `send` just committed, or verify said "none". */
  protected readonly mayPost = new Set<string>()
  protected readonly liveStatus = new Map<string, LiveStatus>()
  /** No requests before this (no gateway, bad key). */
  protected pausedUntil = 0
  protected blockedReason: string | null = null
  /** References whose first request is on its way through the core (sending.ts). */
  protected readonly posting = new Set<string>()
  /** References whose latest lookup through the core failed (paced by afterFailedRead). */
  protected readonly readFailed = new Set<string>()
  /** The payout journal as the exactly-once core's store, and the core over it. */
  protected readonly store: PayoutStore
  protected readonly kind: WriteKind<PayoutItem, PayoutsGateway, Transfer, Transfer>
  protected readonly writes: ReferencedWrites<PayoutItem, PayoutsGateway, Transfer, Transfer>

  constructor(options: SenderOptions) {
    const requestTimeoutMs = options.requestTimeoutMs ?? 15_000
    this.o = {
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
    this.store = new PayoutStore(this.o.outbox, (error) => this.o.onError?.(error))
    this.kind = payoutKind({
      requestTimeoutMs: this.o.requestTimeoutMs,
      posting: this.posting,
      lookupFailed: (reference, error) => {
        this.readFailed.add(reference)
        this.afterFailedRead(reference, error)
      },
    })
    this.writes = new ReferencedWrites(this.kind, {
      journal: this.store,
      gateway: this.o.gateway,
      follower: new SenderPaced({ steps: [] }),
      publish: (item) =>
        this.setLive(item.reference, {
          problem: null,
          transferStatus: item.transfer?.status ?? null,
        }),
      trust: this.o.referenceTrust ?? undefined,
      log: silentLogger,
      now: this.o.now,
      verifyAfterMs: this.o.verifyAfterMs,
      windowMs: this.o.unknownWindowMs,
      decidedWatchMs: this.o.decidedWatchMs,
      pacing: this.o.pacing,
    })
  }

  /**
   * The core's holds: a Retry-After on any send holds back all sending (no kick cuts it);
   * one on a payout's lookup, that payout's next lookup. Lookups of others go on.
   */
  protected get pacing(): Pacing {
    return this.writes.pacing
  }

  /** Awaits a journal write without holding a request slot (sender.ts). */
  protected offSlot<T>(write: Promise<T>): Promise<T> {
    return write
  }

  /** A lookup failed: the problem in words, and when to look again (follow-up.ts). */
  protected abstract afterFailedRead(reference: string, error: unknown): void

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

  protected backoff(reference: string): void {
    const failures = (this.failures.get(reference) ?? 0) + 1
    this.failures.set(reference, failures)
    const base = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (failures - 1))
    // Jitter so a batch that failed together doesn't retry in lockstep.
    const delay = base * (0.8 + Math.random() * 0.4)
    this.dueAt.set(reference, this.o.now() + delay)
  }

  protected pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.o.now() + ms)
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
