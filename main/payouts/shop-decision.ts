// A payout decision made on another till of the shop (approve or reject), applied here only
// after this till's own checks. The shop's rule (main/shop/rules.ts) says whether it counts
// in time; this file says whether it counts here, and keeps every decision that does not in
// the audit with why.
import { bindingHash, signApproval } from './binding'
import { asActor, isChecker, type CommandContext, type Person } from './command-basics'
import { STATE_LABEL } from './explain'
import { checkApproverLimits, type LimitRole } from './limits'
import { isUncertain, SYSTEM_ACTOR } from './model'
import { RecordRejectedError } from './records'
import { canAct } from './stateMachine'

/** A decision on one of this till's payouts, made on another till of the shop. */
export interface ShopDecision {
  /** The shop event's id: a decision is applied once, however often it is pulled. */
  eventId: string
  reference: string
  decision: 'approved' | 'rejected'
  /** The binding hash of the details the supervisor saw. */
  payloadHash: string
  userId: string
  userName: string
  /** The name of the till it was made on. */
  tillName: string
  reason: string
  /**
   * When it was made, ms: the shop server's receive time of its event, or the deciding till's
   * own signed time when that is earlier (a till that decided offline). Never this till's clock.
   */
  decidedAt: number
  /**
   * The request for approval it was made on: the payout's `submittedAt` (ISO) as this till told
   * it to the shop; null from a till that did not say (then `decidedAt` must be after it).
   */
  request: string | null
}

/** A member of this till's staff list, as the users service knows them. */
export interface StaffMember {
  id: string
  name: string
  role: LimitRole
  disabled: boolean
  /** False when the profile failed its integrity check on this till: it never approves. */
  trusted?: boolean
}

/** What the shop's rule settled for one decision (main/shop/rules.ts). */
export type ShopVerdict =
  { kind: 'counts' } | { kind: 'too_late' } | { kind: 'ignored'; why: string }

export type ShopDecisionOutcome = 'approved' | 'rejected' | 'ignored' | 'too_late' | 'already'

/**
 * A supervisor's decision made on another till of the shop, pulled as a signed shop event
 * (its till's signature was verified by the shop sync). `verdict` is what the shop's rule
 * settled for it (main/shop/rules.ts settlePayout); this till checks again, against its own
 * journal and staff list, before anything changes: the payload hash must be the payout's
 * details as they stand, the approver an enabled supervisor or admin here who neither made
 * nor edited it, within their limits. The approval is then signed by this till's own key, so
 * the sender's rule "only what this till signed is sent" holds for remote approvals too.
 * Anything that does not count is kept in the audit with why. Idempotent by event id.
 */
export async function applyShopDecision(
  ctx: CommandContext,
  decision: ShopDecision,
  approver: StaffMember | null,
  verdict: ShopVerdict,
): Promise<ShopDecisionOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyOnce(ctx, decision, approver, verdict)
    } catch (error) {
      // The sender moved the payout on (e.g. started sending) between the read and the
      // commit: decide again on what the journal now says.
      if (!(error instanceof RecordRejectedError) || attempt > 0) throw error
    }
  }
}

async function applyOnce(
  ctx: CommandContext,
  d: ShopDecision,
  approver: StaffMember | null,
  verdict: ShopVerdict,
): Promise<ShopDecisionOutcome> {
  const item = ctx.get(d.reference)
  if (item.shopDecisions?.includes(d.eventId)) return 'already'
  const shopDecisions = [...(item.shopDecisions ?? []), d.eventId]
  const who = `${d.userName} on ${d.tillName}`
  const verb = d.decision === 'approved' ? 'Approval' : 'Rejection'
  const note = async (why: string, outcome: ShopDecisionOutcome): Promise<ShopDecisionOutcome> => {
    await ctx.deps.outbox.commit([
      {
        type: 'note',
        note: 'shopDecision',
        ref: item.reference,
        by: SYSTEM_ACTOR,
        state: item.state,
        text: `${verb} by ${who}: ${why}`,
        patch: { shopDecisions },
      },
    ])
    return outcome
  }
  if (verdict.kind === 'ignored') return note(verdict.why, 'ignored')
  if (verdict.kind === 'too_late') {
    return note(
      'it came after this till had started sending on an approval; kept as too late.',
      'too_late',
    )
  }
  if (d.payloadHash !== bindingHash(item)) {
    return note('it was made on other details than the payout has now.', 'ignored')
  }
  const request = item.submittedAt === null ? null : new Date(item.submittedAt).toISOString()
  if (
    request !== null &&
    (d.request !== null ? d.request !== request : d.decidedAt < (item.submittedAt ?? 0))
  ) {
    // The same details asked again are a new request: a decision answers only its own.
    return note(
      `it was made on an earlier request for approval of this payout, not the one of ${request}; decide it again.`,
      'ignored',
    )
  }
  if (!approver || approver.disabled) {
    return note('that person is not an enabled member of staff on this till.', 'ignored')
  }
  if (approver.trusted === false) {
    return note(
      "that person's profile on this till failed its integrity check, so it does not count.",
      'ignored',
    )
  }
  if (!isChecker(approver)) return note('only a supervisor or admin can decide payouts.', 'ignored')
  if (item.makers.includes(approver.id)) {
    return note('they made or edited this payout, so another supervisor must decide it.', 'ignored')
  }
  const person: Person = { id: approver.id, name: approver.name, role: approver.role }
  const where = `on ${d.tillName} by ${approver.name}`
  if (d.decision === 'rejected') {
    if (!canAct('reject', item.state) || isUncertain(item)) {
      return note(`the payout was already ${STATE_LABEL[item.state].toLowerCase()}.`, 'ignored')
    }
    const reason = d.reason.trim() ? `Rejected ${where}: ${d.reason.trim()}` : `Rejected ${where}.`
    await ctx.act(item, 'reject', person, reason.slice(0, 400), {
      approval: null,
      decision: {
        by: asActor(person),
        at: ctx.deps.now(),
        reason: d.reason.trim() || 'Rejected on another till.',
      },
      shopDecisions,
    })
    return 'rejected'
  }
  const policy = ctx.deps.policy()
  const now = ctx.deps.now()
  // An approval lives from when it was made, not from when this till heard of it: one that
  // reached this till after days offline has had its lifetime already.
  const expiresAt = Math.min(d.decidedAt, now) + policy.approvalTtlMs
  if (!Number.isFinite(expiresAt) || expiresAt <= now) {
    const made = Number.isFinite(d.decidedAt)
      ? new Date(d.decidedAt).toISOString()
      : "a time that can't be read"
    return note(
      `it is too old: it was made at ${made} or earlier, longer ago than the approval lifetime (${lifetimeWords(policy.approvalTtlMs)}), so it no longer counts; approve it again.`,
      'ignored',
    )
  }
  if (!canAct('approve', item.state)) {
    return note(`the payout was already ${STATE_LABEL[item.state].toLowerCase()}.`, 'ignored')
  }
  const violation = checkApproverLimits(person, item, ctx.deps.outbox.items(), policy.limits, {
    now,
    utcOffsetMinutes: policy.utcOffsetMinutes,
  })
  if (violation) return note(violation.message, 'ignored')
  const approval = {
    by: asActor(person),
    at: now,
    expiresAt,
    bindingHash: d.payloadHash,
  }
  await ctx.act(item, 'approve', person, `Approved ${where}.`, {
    approval: ctx.deps.approvalSealer
      ? signApproval(ctx.deps.approvalSealer, item.reference, approval)
      : approval,
    decision: null,
    problem: null,
    shopDecisions,
  })
  return 'approved'
}

/** "8 hours", "90 minutes": the approval lifetime as the policy screen states it. */
function lifetimeWords(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
