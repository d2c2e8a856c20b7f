// Payout items as the screens show them: money formatted, states and problems in words, and
// the buttons the signed-in user may press. The renderer decides nothing of this.
import { alarmView } from '../exactly-once/decision'
import { markedSaid } from '../exactly-once/outcome-view'
import type {
  PayoutActionName,
  PayoutOutcomeView,
  PayoutProgress,
  PayoutView,
  PayoutsStatus,
} from '../../common/ipc/payouts'
import type { Said } from '../../common/ipc/contract'
import { formatMoney } from '../../common/money'
import { stepSaid } from '../../common/words/steps'
import { english } from '../kernel/errors'
import { approvalMatches, bindingHash } from './binding'
import { PURPOSE_LABEL } from './draft-fields'
import { problemSaid, reviewReasonSaid, STATE_LABEL, STATE_MEANING } from './explain'
import { isUncertain, type PayoutItem, type PayoutState, type Problem } from './model'
import { canAct } from './stateMachine'

/** The signed-in user, as far as views care. */
export interface Viewer {
  id: string
  role: 'cashier' | 'supervisor' | 'admin'
}

const iso = (ms: number): string => new Date(ms).toISOString()
const isChecker = (viewer: Viewer | null): boolean =>
  viewer?.role === 'supervisor' || viewer?.role === 'admin'

const STEP: Record<PayoutState, PayoutProgress> = {
  draft: { step: 1, of: 6, tone: 'neutral' },
  awaiting_approval: { step: 2, of: 6, tone: 'attention' },
  needs_review: { step: 2, of: 6, tone: 'attention' },
  approved: { step: 3, of: 6, tone: 'busy' },
  expired: { step: 3, of: 6, tone: 'attention' },
  sending: { step: 4, of: 6, tone: 'busy' },
  unknown: { step: 4, of: 6, tone: 'attention' },
  submitted: { step: 5, of: 6, tone: 'busy' },
  success: { step: 6, of: 6, tone: 'good' },
  failed: { step: 5, of: 6, tone: 'bad' },
  reversed: { step: 6, of: 6, tone: 'bad' },
  rejected: { step: 2, of: 6, tone: 'bad' },
}

function nameCheckText(item: PayoutItem): string {
  const check = item.nameCheck
  if (!check) {
    return item.nameSource === 'typed'
      ? 'Typed by the cashier; not yet checked with the bank. It is checked before sending.'
      : 'Not checked with the bank yet.'
  }
  if (check.status === 'mismatch') return `The bank's name for this account is "${check.bankName}".`
  return item.nameSource === 'bank'
    ? `The bank's name, confirmed by ${item.createdBy.name}.`
    : `Matches the bank's name "${check.bankName}".`
}

function actionsFor(item: PayoutItem, viewer: Viewer | null): PayoutActionName[] {
  if (!viewer) return []
  // It may have been paid: nothing but a supervisor's decision (or the gateway) closes it.
  if (isUncertain(item)) return decideBlocked(item, viewer) === null ? ['decideOutcome'] : []
  const makerSide = item.createdBy.id === viewer.id || isChecker(viewer)
  const checker = isChecker(viewer) && !item.makers.includes(viewer.id)
  const actions: PayoutActionName[] = []
  if (isChecker(viewer) && item.alarm && !item.alarm.acknowledged) actions.push('acknowledgeAlarm')
  if (makerSide) {
    if (canAct('edit', item.state)) actions.push('edit')
    if (canAct('submit', item.state)) actions.push('submit')
    if (canAct('resubmit', item.state)) actions.push('resubmit')
    if (canAct('acceptBankName', item.state) && item.nameCheck?.bankName)
      actions.push('acceptBankName')
  }
  if (checker && canAct('approve', item.state)) actions.push('approve')
  if (checker && canAct('reject', item.state)) actions.push('reject')
  else if (makerSide && canAct('withdraw', item.state)) actions.push('withdraw')
  return actions
}

/** Why the viewer may not approve it, keyed (common/words/errors.ts), or null. */
function approveBlockedSay(item: PayoutItem, viewer: Viewer | null): Said | null {
  if (item.state !== 'awaiting_approval' || !viewer) return null
  if (!isChecker(viewer)) return { key: 'payouts.approveBlocked.onlySupervisor' }
  if (item.makers.includes(viewer.id)) {
    return item.createdBy.id === viewer.id
      ? { key: 'payouts.approveBlocked.created' }
      : { key: 'payouts.approveBlocked.edited' }
  }
  return null
}

/** The same as main's English, with the key beside it for the screen's language. */
function approveBlocked(
  item: PayoutItem,
  viewer: Viewer | null,
): Pick<PayoutView, 'approveBlocked' | 'approveBlockedSay'> {
  const say = approveBlockedSay(item, viewer)
  return say ? { approveBlocked: english(say), approveBlockedSay: say } : { approveBlocked: null }
}

/** Why the viewer may not decide whether it was paid, keyed (common/words/errors.ts), or null. */
function decideBlockedSay(item: PayoutItem, viewer: Viewer | null): Said | null {
  if (!isUncertain(item)) return null
  if (!isChecker(viewer)) return { key: 'outcome.onlySupervisor' }
  if (viewer && item.makers.includes(viewer.id)) return { key: 'outcome.madePayout' }
  return null
}

const decideBlocked = (item: PayoutItem, viewer: Viewer | null): string | null => {
  const say = decideBlockedSay(item, viewer)
  return say && english(say)
}

/**
 * Why its outcome is (or was) not known, keyed; the review reason is shown as written. The
 * latest answer is the core's journaled English step, keyed again when these words made it.
 */
function whySay(item: PayoutItem, latest: string | undefined): Said | null {
  if (item.state === 'needs_review')
    return item.reviewReason
      ? (reviewReasonSaid(item.reviewReason) ?? null)
      : { key: 'doc.payout.meanings.needs_review' }
  if (item.state !== 'unknown') return { key: 'outcome.settled' }
  return {
    key: 'outcome.latest',
    params: {
      why: { key: 'doc.payout.meanings.unknown' },
      latest: latest === undefined ? { key: 'outcome.noAnswerYet' } : (stepSaid(latest) ?? latest),
    },
  }
}

function outcomeView(item: PayoutItem, viewer: Viewer | null): PayoutOutcomeView | null {
  const uncertainty = item.uncertainty ?? null
  if (!uncertainty) return null
  const resolution = item.resolution ?? null
  const why = whySay(item, uncertainty.steps.at(-1)?.said)
  const blocked = decideBlockedSay(item, viewer)
  return {
    why: why ? english(why) : (item.reviewReason ?? STATE_MEANING.needs_review),
    ...(why ? { whySay: why } : {}),
    since: iso(uncertainty.since),
    steps: uncertainty.steps.map((step) => ({
      at: iso(step.at),
      call: step.call,
      said: step.said,
    })),
    decided: resolution
      ? {
          outcome: resolution.outcome,
          byName: resolution.by.name,
          at: iso(resolution.at),
          reason: resolution.reason,
          gatewayReference: resolution.gatewayReference,
        }
      : null,
    decideBlocked: blocked && english(blocked),
    ...(blocked ? { decideBlockedSay: blocked } : {}),
    ...alarmView(item.alarm),
  }
}

/**
 * The row's problem: main's English as stored, and its key when these words made it (the
 * sender's, or while unknown the core's latest step: payout-kind.ts `unknown`).
 */
function problemView(problem: Problem, stillWorking: boolean): NonNullable<PayoutView['problem']> {
  const say = problemSaid(problem.message) ?? stepSaid(problem.message)
  return {
    message: problem.message,
    transient: problem.transient && stillWorking,
    ...(say ? { say } : {}),
  }
}

function reviewReasonView(reason: string | null): Pick<PayoutView, 'reviewReasonSay'> {
  const say = reason ? reviewReasonSaid(reason) : undefined
  return say ? { reviewReasonSay: say } : {}
}

function meaningOf(item: PayoutItem): Pick<PayoutView, 'stateMeaning' | 'stateMeaningSay'> {
  if (item.alarm) return { stateMeaning: item.alarm.text }
  if (item.state === 'needs_review' && item.reviewReason) {
    const say = reviewReasonSaid(item.reviewReason)
    return { stateMeaning: item.reviewReason, ...(say ? { stateMeaningSay: say } : {}) }
  }
  const resolution = item.resolution ?? null
  const said =
    resolution &&
    markedSaid(
      {
        made: resolution.outcome === 'paid',
        byName: resolution.by.name,
        gatewayReference: resolution.gatewayReference,
        reason: resolution.reason,
      },
      'paid',
    )
  if (said) return { stateMeaning: english(said), stateMeaningSay: said }
  return { stateMeaning: STATE_MEANING[item.state] }
}

export function toView(item: PayoutItem, viewer: Viewer | null, live?: Problem | null): PayoutView {
  // The sender's live problem is newer than the journaled one while it is still working.
  const problem = live && (!item.problem || live.at >= item.problem.at) ? live : item.problem
  return {
    reference: item.reference,
    state: item.state,
    stateLabel: STATE_LABEL[item.state],
    ...meaningOf(item),
    progress: STEP[item.state],
    purpose: item.purpose,
    purposeLabel: PURPOSE_LABEL[item.purpose],
    amount: item.amount,
    amountText: formatMoney(item.amount, item.currency),
    currency: item.currency,
    bankCode: item.bankCode,
    bankName: item.bankName,
    accountNumber: item.accountNumber,
    accountName: item.accountName,
    nameSource: item.nameSource,
    nameCheckText: nameCheckText(item),
    nameCheck: item.nameCheck
      ? {
          status: item.nameCheck.status,
          bankName: item.nameCheck.bankName,
          at: iso(item.nameCheck.at),
        }
      : null,
    narration: item.narration,
    recipientEmail: item.recipientEmail,
    createdBy: { ...item.createdBy },
    createdAt: iso(item.createdAt),
    submittedAt: item.submittedAt === null ? null : iso(item.submittedAt),
    approval: item.approval
      ? {
          byName: item.approval.by.name,
          at: iso(item.approval.at),
          expiresAt: iso(item.approval.expiresAt),
          current: approvalMatches(item),
        }
      : null,
    decision: item.decision
      ? { byName: item.decision.by.name, at: iso(item.decision.at), reason: item.decision.reason }
      : null,
    reviewReason: item.reviewReason,
    ...reviewReasonView(item.reviewReason),
    transferStatus: item.transfer?.status ?? null,
    sendAttempts: item.sendAttempts,
    problem:
      problem && !(item.state === 'success' && problem.transient)
        ? problemView(problem, !['failed', 'rejected'].includes(item.state))
        : null,
    bindingHash: bindingHash(item),
    actions: actionsFor(item, viewer),
    ...approveBlocked(item, viewer),
    outcome: outcomeView(item, viewer),
    updatedAt: iso(item.updatedAt),
  }
}

const PENDING: readonly PayoutState[] = [
  'draft',
  'awaiting_approval',
  'approved',
  'sending',
  'unknown',
  'submitted',
  'needs_review',
  'expired',
]

export function statusOf(items: Iterable<PayoutItem>, blocked: string | null): PayoutsStatus {
  const status: PayoutsStatus = {
    pending: 0,
    awaitingApproval: 0,
    needsReview: 0,
    failed: 0,
    blocked,
  }
  for (const item of items) {
    if (PENDING.includes(item.state) && item.state !== 'draft') status.pending += 1
    if (item.state === 'awaiting_approval') status.awaitingApproval += 1
    if (item.state === 'needs_review') status.needsReview += 1
    if (item.state === 'failed' || item.state === 'reversed') status.failed += 1
  }
  return status
}
