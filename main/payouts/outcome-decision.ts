// A supervisor's decision on a payout whose outcome Tilldesk could not find out (paid, with
// the gateway's reference, or not paid), on the exactly-once core's one decision path
// (main/exactly-once/tracker.ts decide): refused while a request for the reference is out or
// may still land, never by its maker, with the PIN; the payout store makes it the supervisor's
// resolve action in the journal, which is the audit log. Also the acknowledgement of an alarm
// raised when the gateway later contradicted such a decision.
import { AppError, refuse } from '../kernel/errors'
import {
  isChecker,
  requireReason,
  type CommandContext,
  type CommandDeps,
  type Person,
} from './command-basics'
import type { PayoutItem } from './model'
import { payoutCore, type PayoutCore } from './payout-core'

/** A supervisor's decision on an unknown outcome. */
export type OutcomeDecision =
  | { outcome: 'paid'; gatewayReference: string; reason: string }
  | { outcome: 'not_paid'; reason: string }

/** The decisions' own core over the outbox, where no sender hands its own: the same flights. */
export const decisionCore = (deps: CommandDeps): PayoutCore =>
  payoutCore({
    outbox: deps.outbox,
    gateway: () => Promise.reject(new Error('A decision sends nothing.')),
    resolveName: deps.resolveName,
    now: deps.now,
    ...(deps.verifyAfterMs === undefined ? {} : { verifyAfterMs: deps.verifyAfterMs }),
  })

/**
 * A supervisor (not its maker) closes a payout whose outcome Tilldesk could not find out:
 * paid, with the gateway's reference, or not paid, with a reason. Resolves once it is on disk.
 */
export async function decideOutcome(
  ctx: CommandContext,
  person: Person,
  reference: string,
  pin: string,
  decision: OutcomeDecision,
): Promise<PayoutItem> {
  const reason = requireReason(decision.reason)
  const gatewayReference = decision.outcome === 'paid' ? decision.gatewayReference.trim() : ''
  if (decision.outcome === 'paid' && !gatewayReference) {
    throw refuse(
      'invalid_input',
      { key: 'input.checkFields' },
      { fieldSay: { gatewayReference: { key: 'payouts.enterGatewayReference' } } },
    )
  }
  const input =
    decision.outcome === 'paid'
      ? { reference, pin, reason, outcome: 'paid' as const, gatewayReference }
      : { reference, pin, reason, outcome: 'not_paid' as const }
  await ctx.core.writes.decide(reference, input, { actor: person, verifyPin: ctx.deps.verifyPin })
  await ctx.core.store.written(reference)
  return ctx.get(reference)
}

/**
 * A supervisor has read the alarm of a decision the gateway overruled: the alarm stays on
 * the payout, marked with who acknowledged it and when (the core's acknowledge); the journal
 * note is the audit, which the reducer takes only from a supervisor or admin, once.
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
  ctx.get(reference)
  ctx.core.writes.acknowledge(reference, person)
  await ctx.core.store.written(reference)
  return ctx.get(reference)
}
