// A supervisor's decision on a payout whose outcome Tilldesk could not find out (paid, with
// the gateway's reference, or not paid), fenced off while a request for it may still land
// (main/exactly-once/fence.ts), and the acknowledgement of an alarm raised when the gateway
// later contradicted such a decision. Both go into the journal, which is the audit log.
import { AppError, refuse } from '../kernel/errors'
import { assertDecidable, COMMIT_LAG_MARGIN_MS } from '../exactly-once/fence'
import {
  asActor,
  assertChecker,
  isChecker,
  requireReason,
  type CommandContext,
  type Person,
} from './command-basics'
import { isUncertain, type PayoutItem } from './model'

/** The sender's default request deadline (15 s) plus the commit lag margin. */
const DEFAULT_DECISION_FENCE_MS = 15_000 + COMMIT_LAG_MARGIN_MS

/** A supervisor's decision on an unknown outcome. */
export type OutcomeDecision =
  | { outcome: 'paid'; gatewayReference: string; reason: string }
  | { outcome: 'not_paid'; reason: string }

/**
 * A supervisor (not its maker) closes a payout whose outcome Tilldesk could not find out:
 * paid, with the gateway's reference, or not paid, with a reason. The decision, who made it
 * and why go into the journal, which is the audit log.
 */
export async function decideOutcome(
  ctx: CommandContext,
  person: Person,
  reference: string,
  pin: string,
  decision: OutcomeDecision,
): Promise<PayoutItem> {
  const why = requireReason(decision.reason)
  const gatewayReference = decision.outcome === 'paid' ? decision.gatewayReference.trim() : null
  if (decision.outcome === 'paid' && !gatewayReference) {
    throw refuse(
      'invalid_input',
      { key: 'input.checkFields' },
      { fieldSay: { gatewayReference: { key: 'payouts.enterGatewayReference' } } },
    )
  }
  const check = (item: PayoutItem): void => {
    assertChecker(person, item, 'decide the outcome of')
    if (!isUncertain(item)) {
      throw new AppError(
        'wrong_state',
        'Only a payout whose outcome is unknown can be marked as paid or not paid.',
        { say: { key: 'onlyUnknown' } },
      )
    }
    // Never while a request for it may still land (main/exactly-once/fence.ts): the sender
    // journals each resend's time before it leaves, so this sees one on the wire.
    assertDecidable({
      noun: 'payout',
      now: ctx.deps.now(),
      lastUnknownAt: item.uncertainty?.lastUnknownAt ?? null,
      outstandingMs: ctx.deps.decisionFenceMs ?? DEFAULT_DECISION_FENCE_MS,
    })
  }
  check(ctx.get(reference))
  await ctx.deps.verifyPin(person.id, pin)
  const item = ctx.get(reference)
  check(item)
  const action = decision.outcome === 'paid' ? 'resolvePaid' : 'resolveNotPaid'
  const at = ctx.deps.now()
  const resolution = {
    outcome: decision.outcome,
    by: asActor(person),
    at,
    reason: why,
    gatewayReference,
  }
  return ctx.act(item, action, person, why, {
    resolution,
    decision: { by: asActor(person), at, reason: why },
    reviewReason: null,
    problem: null,
  })
}

/**
 * A supervisor has read the alarm of a decision the gateway overruled: the alarm stays on
 * the payout, marked with who acknowledged it and when, and the journal note is the audit.
 */
export async function acknowledgeAlarm(
  ctx: CommandContext,
  person: Person,
  reference: string,
): Promise<PayoutItem> {
  if (!isChecker(person)) {
    throw new AppError('forbidden_role', 'Only a supervisor can acknowledge an alarm.', {
      say: { key: 'alarmSupervisor' },
    })
  }
  const item = ctx.get(reference)
  const alarm = item.alarm ?? null
  if (!alarm)
    throw new AppError('wrong_state', 'This payout has no alarm to acknowledge.', {
      say: { key: 'noAlarm' },
    })
  if (alarm.acknowledged) return item
  const at = new Date(ctx.deps.now()).toISOString()
  const [changed] = await ctx.deps.outbox.commit([
    {
      type: 'note',
      note: 'alarmAcknowledged',
      ref: reference,
      by: asActor(person),
      state: item.state,
      text: alarm.text,
      patch: { alarm: { ...alarm, acknowledged: { byId: person.id, byName: person.name, at } } },
    },
  ])
  return changed!
}
