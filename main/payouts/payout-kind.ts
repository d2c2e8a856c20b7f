// What a payout is to the exactly-once core (main/exactly-once/tracker.ts): sent with
// `POST /disbursements/initialize` under our reference, looked up with
// `GET /disbursements/verify/:reference`, settled by the gateway's failed, success or reversed.
// The payout keeps its own journal (the outbox, its state machine and audit chain), whose
// times are numbers; the core's are text. This file converts between the two, so journals
// written before keep every item and its evidence as they are (payout-store.ts turns the
// core's changes into the state machine's records).
import type { Transfer } from '../../common/api/disbursements'
import type { Said } from '../../common/ipc/contract'
import type { WriteKind } from '../exactly-once/kind'
import type { Uncertainty as CoreUncertainty } from '../exactly-once/submit'
import { assertChecker } from './command-basics'
import { english } from '../kernel/errors'
import { explainTransferFailure } from './explain'
import type { DisbursementBody, PayoutsGateway } from './gatewayPort'
import type { LimitRole } from './limits'
import { isDecided } from './model'
import type { ActorRole, PayoutItem, TransferSnapshot, Uncertainty } from './model'

const iso = (ms: number): string => new Date(ms).toISOString()
const ms = (text: string): number => Date.parse(text)

/** Evidence with its times and calls converted (the payout's and the core's differ only so). */
function converted<T, U, C extends string, D extends string>(
  u: { since: T; lastUnknownAt: T | null; steps: { at: T; call: C; said: string }[] },
  time: (at: T) => U,
  call: (c: C) => D,
) {
  const { since, lastUnknownAt, steps } = u
  const at = lastUnknownAt === null ? null : time(lastUnknownAt)
  const calls = steps.map((s) => ({ at: time(s.at), call: call(s.call), said: s.said }))
  return { since: time(since), lastUnknownAt: at, steps: calls }
}

/** The payout's evidence (numbers, `verify`) as the core reads it (text, `lookup`). */
export function toCoreUncertainty(item: PayoutItem): CoreUncertainty | null {
  const u = item.uncertainty ?? null
  if (!u) return null
  const review = item.state === 'needs_review' ? item.reviewReason : null
  return { ...u, ...converted(u, iso, (c) => (c === 'verify' ? 'lookup' : 'send')), review }
}

/** The core's evidence as the payout journal keeps it (the review reason is the item's). */
export function fromCoreUncertainty({ review: _, ...u }: CoreUncertainty): Uncertainty {
  return { ...u, ...converted(u, ms, (c) => (c === 'lookup' ? 'verify' : 'send')) }
}

function snapshotOf(transfer: Transfer): TransferSnapshot {
  return {
    status: transfer.status,
    fee: transfer.fee ?? null,
    failureReason: transfer.failure_reason ?? null,
    updatedAt: transfer.updated_at ?? null,
  }
}

const FINAL = new Set(['failed', 'reversed', 'rejected', 'success', 'expired'])

/**
 * The gateway's transfer for our reference folded in: accepted (submitted) from any state a
 * request may be out in, and on as far as the gateway's own word goes: `failed` fails it,
 * `success` or `reversed` pays it; anything else is still on its way. A final state never
 * moves back; the gateway overruling a decision folds in from `submitted`.
 */
function fold(item: PayoutItem, transfer: Transfer, at: number): PayoutItem {
  const snapshot = snapshotOf(transfer)
  const mismatch = describeMismatch(item, transfer)
  let state = item.state
  const opened = state === 'sending' || state === 'unknown' || state === 'needs_review'
  if (opened) state = 'submitted'
  const reached = transfer.status
  let problem = opened && !mismatch ? null : item.problem
  if (state === 'submitted' && reached === 'failed') {
    const why = explainTransferFailure(snapshot.failureReason)
    state = 'failed'
    problem = { code: 'transfer_failed', message: why, at, transient: false }
  } else if (state === 'submitted' && (reached === 'success' || reached === 'reversed')) {
    state = 'success'
  }
  if (state === 'success' && reached === 'reversed') state = 'reversed'
  if (mismatch) problem = { code: 'transfer_mismatch', message: mismatch, at, transient: false }
  return {
    ...item,
    state,
    transfer: snapshot,
    problem,
    ...(opened && item.state === 'needs_review' ? { reviewReason: null } : {}),
  }
}

/** Why a supervisor must decide, in the payout's words. */
const reviewReason = (lastSaid: string): string =>
  english({ key: 'payouts.review.unknown', params: { latest: lastSaid } })

/** The payout kind, with the deadline of each gateway request. */
export function payoutKind(options: {
  requestTimeoutMs: number
  /** How long after success a payout is looked up for a reversal; absent or 0: not at all. */
  reversalWatchMs?: number
  /** Payouts whose first request is on its way: its answer counts as an attempt. */
  posting?: ReadonlySet<string>
  /** A lookup of a payout the gateway holds failed: the sender paces the next one. */
  lookupFailed?: (item: PayoutItem, error: unknown) => undefined
}): WriteKind<PayoutItem, PayoutsGateway, Transfer, Transfer> {
  const timeoutMs = options.requestTimeoutMs
  const counted = (item: PayoutItem): PayoutItem =>
    item.state === 'sending' && options.posting?.has(item.reference)
      ? { ...item, sendAttempts: item.sendAttempts + 1 }
      : item
  return {
    lookupFailed: options.lookupFailed,
    words: { noun: 'payout' },
    referenceOf: (item) => item.reference,
    // A payout found `sending` after a restart may have left at its last change.
    startedAt: (item) => iso(item.updatedAt),
    startedById: (item) => item.createdBy.id,
    // A supervisor or admin who neither made nor edited it (maker-checker, command-basics.ts).
    mayDecide: (item, actor) =>
      assertChecker({ ...actor, role: actor.role as LimitRole }, item, 'decide the outcome of'),
    open: (item) =>
      item.state === 'sending' ||
      item.state === 'unknown' ||
      (item.state === 'needs_review' && Boolean(item.uncertainty)),
    final: (item) => FINAL.has(item.state),
    // A paid payout can still be reversed by the receiving bank; not one a supervisor decided
    // paid (the core's decided watch looks at that), but one the gateway showed paid over a
    // decision (overruled) like any other.
    watched: (item, now) =>
      item.state === 'success' &&
      !isDecided(item) &&
      now - item.updatedAt < (options.reversalWatchMs ?? 0),
    uncertainty: toCoreUncertainty,
    resolution: ({ resolution: r }) =>
      r && {
        ...r,
        made: r.outcome === 'paid',
        byId: r.by.id,
        byName: r.by.name,
        at: iso(r.at),
      },
    send: (gateway, item) =>
      gateway.disbursements.initialize(disbursementBody(item), { timeoutMs }),
    lookup: (gateway, reference) => gateway.disbursements.verify(reference, { timeoutMs }),
    answerReference: (transfer) => transfer.reference,
    accepted: (item, transfer, at) => fold(counted(item), transfer, ms(at)),
    // Only its reversal changes a paid payout (its watch, above).
    found: (item, transfer, at) =>
      item.state === 'success' && transfer.status !== 'reversed'
        ? item
        : fold(counted(item), transfer, ms(at)),
    unknown: (item0, u) => {
      const item = counted(item0)
      const uncertainty = fromCoreUncertainty(u)
      const said = u.steps.at(-1)?.said ?? ''
      const toReview = Boolean(u.review) && item.state === 'unknown'
      const reason = toReview ? reviewReason(said) : null
      const was = item.uncertainty?.lastUnknownAt ?? null
      // The core journals a resend's time, after the lookup that cleared it, before it leaves.
      const resending =
        uncertainty.lastUnknownAt !== null &&
        (was === null || uncertainty.lastUnknownAt > was) &&
        u.steps.at(-1)?.call === 'lookup'
      return {
        ...item,
        state: item.state === 'sending' ? 'unknown' : toReview ? 'needs_review' : item.state,
        uncertainty,
        sendAttempts: item.sendAttempts + (resending ? 1 : 0),
        ...(reason ? { reviewReason: reason } : {}),
        problem: {
          code: reason ? 'needs_review' : 'outcome_unknown',
          message: reason ?? said,
          at: ms(u.steps.at(-1)?.at ?? u.since),
          transient: !reason,
        },
      }
    },
    // The journal keeps who decided as an actor (payout-store.ts makes it their resolve action).
    decided: (item, r) => {
      const by = { id: r.byId, name: r.byName, role: (r.byRole ?? 'supervisor') as ActorRole }
      const [at, reason] = [ms(r.at), r.reason]
      const outcome = r.made ? 'paid' : 'not_paid'
      return {
        ...item,
        state: r.made ? 'success' : 'rejected',
        resolution: { outcome, by, at, reason, gatewayReference: r.gatewayReference },
        decision: { by, at, reason },
        reviewReason: null,
        problem: null,
      }
    },
    // Paid while the gateway says failed or reversed (the money came back: nobody holds it
    // paid any more), or not paid while it holds a transfer that did not fail.
    contradicts: (transfer, made) =>
      made ? ['failed', 'reversed'].includes(transfer.status) : transfer.status !== 'failed',
    overruled: (item, transfer, alarm, at) => {
      const after = fold({ ...item, state: 'submitted' }, transfer, ms(at))
      const problem = after.problem?.code === 'transfer_failed' ? after.problem : null
      return {
        ...after,
        alarm,
        problem: problem ?? {
          code: 'decision_overruled',
          message: alarm.text,
          at: ms(at),
          transient: false,
        },
      }
    },
    statusWords: (transfer) => transfer.status,
  }
}

/** The request body of `POST /disbursements/initialize` for a payout, under our reference. */
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

/** What may differ, in the order said; each names itself and, before another, the rest. */
const DIFFERS = ['amount', 'accountNumber', 'bank', 'currency'] as const

/**
 * The gateway's transfer under our reference should be the one we asked for; where it is not,
 * why in English, keyed (`payouts.gw.mismatch`, its list of what differs keyed too) so the
 * stored problem reads back by key (explain.ts problemSaid).
 */
export function describeMismatch(item: PayoutItem, transfer: Transfer): string | null {
  // A field the gateway did not send (the spec shows none of them) can't differ.
  const differs = (theirs: unknown, ours: unknown) => theirs !== undefined && theirs !== ours
  const which = {
    amount: differs(transfer.amount, item.amount),
    accountNumber: differs(transfer.account_number, item.accountNumber),
    bank: differs(transfer.bank_code, item.bankCode),
    currency: differs(transfer.currency, item.currency),
  }
  const fields = DIFFERS.filter((f) => which[f]).reduceRight<Said | null>(
    (more, f) =>
      more
        ? { key: `payouts.gw.differs.${f}And`, params: { more } }
        : { key: `payouts.gw.differs.${f}` },
    null,
  )
  return (
    fields && english({ key: 'payouts.gw.mismatch', params: { reference: item.reference, fields } })
  )
}
