// The one exactly-once core of a till's payouts (main/exactly-once/), over the outbox: the
// payout kind and store, the core's followers on the sender's pace, its request slots and the
// environment's holds. The payouts service builds it once; the sender drives it and the
// supervisor's decisions go through it, so both see the same flights and the same follow-ups.
import type { Sealer } from '../integrity/seal'
import { silentLogger } from '../kernel/log'
import { COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import { Follower } from '../exactly-once/follower'
import { Slots, type Pacing } from '../exactly-once/pacing'
import { DECIDED_WATCH_MS, ReferencedWrites } from '../exactly-once/tracker'
import type { ReferenceTrust } from '../exactly-once/trust'
import type { GatewayProvider, PayoutsGateway } from './gatewayPort'
import type { PayoutItem } from './model'
import type { NameEnquiryResult } from './nameEnquiry'
import type { Outbox } from './outbox'
import { payoutKind } from './payout-kind'
import { PayoutStore } from './payout-store'

/** The sender's paces, each given or left at this default. */
const PACES = {
  now: Date.now as () => number,
  /** Requests in flight at once. */
  concurrency: 4,
  /** Status checks of a transfer: this often at first, then every `maxPollMs`. */
  pollMs: 3_000,
  maxPollMs: 60_000,
  /** First wait after a failed first send; doubles per consecutive failure. */
  retryBaseMs: 1_000,
  retryMaxMs: 60_000,
  /** Scan for new work at least this often (settings.pollIntervals.outboxMs). */
  idleMs: 5_000,
  /** How long after success to keep checking for a reversal; 0 turns it off. */
  reversalWatchMs: 3 * 86_400_000,
  reversalPollMs: 3_600_000,
  /** Deadline of each gateway request. */
  requestTimeoutMs: 15_000,
  /** How long an unknown outcome is looked up before a supervisor decides. */
  unknownWindowMs: 30 * 60_000,
  /** How often a payout waiting for a supervisor, or decided, is still looked up. */
  reviewPollMs: 15 * 60_000,
  /** How long a decided payout is still looked up (the gateway's reversal window). */
  decidedWatchMs: DECIDED_WATCH_MS,
}

export type SenderOptions = Partial<typeof PACES> & {
  outbox: Outbox
  gateway: GatewayProvider
  resolveName: (bankCode: string, accountNumber: string) => Promise<NameEnquiryResult>
  /**
   * Least wait between a request whose answer was lost and the verify that may lead to a
   * resend (and the fence on a decision): default requestTimeoutMs + 15 s (docs/payouts.md).
   */
  verifyAfterMs?: number
  /** Told whenever the live (unjournaled) status of an item changes, for the screens. */
  onProgress?: (reference: string) => void
  /** Told when the sender as a whole is blocked (bad key, no gateway) or unblocked. */
  onBlocked?: (reason: string | null) => void
  /** Errors the sender can't attribute to an item (logged by the caller). */
  onError?: (error: unknown) => void
  /** Verifies approval signatures (the environment's device key); null: not checked. */
  approvalSealer?: Sealer | null
  /** Whether this environment has shown it keeps our reference; absent: taken as shown. */
  referenceTrust?: ReferenceTrust
  /** The environment's Retry-After holds, shared with every other kind; absent: its own. */
  pacing?: Pacing
}

export type Settled = ReturnType<typeof settle>

/** The options with every default filled in. */
export function settle(options: SenderOptions) {
  const requestTimeoutMs = options.requestTimeoutMs ?? PACES.requestTimeoutMs
  return { ...PACES, verifyAfterMs: requestTimeoutMs + COMMIT_LAG_MARGIN_MS, ...options }
}

export type PayoutCore = ReturnType<typeof payoutCore>

/** What the core tells the sender (a payout moved, a lookup failed) and asks it (a pause). */
export interface SenderHooks {
  publish(item: PayoutItem): void
  lookupFailed(item: PayoutItem, error: unknown): undefined
  /** Why nothing may ask the gateway now (a bad key, no gateway), or null. */
  paused(): string | null
}

/** A follow-up not made: the sender is paused (it already says why). */
export class Paused extends Error {}

/** The core over the outbox, on the sender's pace; `told`: the sender (none for decisions alone). */
export function payoutCore(options: SenderOptions, told?: SenderHooks) {
  const o = settle(options)
  /** Payouts whose first request is on its way: its answer counts as an attempt. */
  const posting = new Set<string>()
  const gateway = async (): Promise<PayoutsGateway> => {
    const why = told?.paused()
    if (why) throw new Paused(why)
    return o.gateway()
  }
  const store = new PayoutStore(o.outbox, (error) => o.onError?.(error))
  const kind = payoutKind({
    requestTimeoutMs: o.requestTimeoutMs,
    reversalWatchMs: o.reversalWatchMs,
    posting,
    lookupFailed: (item, error) => told?.lookupFailed(item, error),
  })
  const slots = new Slots(o.concurrency)
  // Quick at first (a transfer is usually settled by then), then at the slower of the two
  // paces a payout had: status checks at the bank and lookups after a lost answer.
  const quick = { untilMs: 20 * o.pollMs, everyMs: o.pollMs }
  const later = { untilMs: Infinity, everyMs: Math.min(o.maxPollMs, o.retryMaxMs) }
  // Follows what the gateway holds or may hold; "Retry now" checks these now. A lost answer's
  // lookups back off as a failed first send does.
  const backOff = { baseMs: o.retryBaseMs, maxMs: o.retryMaxMs }
  const follower = new Follower({ steps: [quick, later], backOff })
  const writes = new ReferencedWrites(kind, {
    journal: store,
    gateway,
    follower,
    reviewFollower: new Follower({ steps: [{ untilMs: Infinity, everyMs: o.reviewPollMs }] }),
    watchFollower: new Follower({ steps: [{ untilMs: Infinity, everyMs: o.reversalPollMs }] }),
    publish: (item) => told?.publish(item),
    trust: o.referenceTrust,
    pacing: o.pacing,
    slots,
    log: silentLogger,
    now: o.now,
    verifyAfterMs: o.verifyAfterMs,
    windowMs: o.unknownWindowMs,
    decidedWatchMs: o.decidedWatchMs,
  })
  return { store, kind, writes, follower, slots, posting }
}
