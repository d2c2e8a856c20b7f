// What the journal holds for payouts, and the one function that applies it. The same reducer
// runs when a change is made and when the journal is replayed at start, so memory and disk
// can't disagree, and a replayed journal is held to the same rules as live changes.
import { approvalMatches } from './binding'
import { isUncertain, type ActorRef, type PayoutItem, type PayoutState } from './model'
import { ACTIONS, assertTransition, NOTES, type NoteKind, type PayoutAction } from './stateMachine'

const FIXED_FIELDS = ['reference', 'state', 'createdBy', 'createdAt', 'updatedAt'] as const
export type ItemPatch = Partial<Omit<PayoutItem, (typeof FIXED_FIELDS)[number]>>

export type OutboxRecord =
  | { type: 'created'; by: ActorRef; item: PayoutItem }
  | {
      type: 'action'
      action: PayoutAction
      ref: string
      by: ActorRef
      from: PayoutState
      to: PayoutState
      reason: string | null
      patch: ItemPatch
    }
  | {
      type: 'note'
      note: NoteKind
      ref: string
      by: ActorRef
      state: PayoutState
      text: string
      patch: ItemPatch
    }

/** A rule was broken by a record: a bug, or an altered journal. */
export class RecordRejectedError extends Error {
  override readonly name = 'RecordRejectedError'
}

function applyPatch(item: PayoutItem, patch: ItemPatch, at: number): PayoutItem {
  for (const key of FIXED_FIELDS) {
    if (key in patch) throw new RecordRejectedError(`A change may not alter ${key}.`)
  }
  return { ...item, ...patch, updatedAt: at }
}

const CHECKER_ROLES = new Set(['supervisor', 'admin'])

/**
 * Returns the item after `record` (never mutates). Throws RecordRejectedError when the record
 * breaks a rule the outbox enforces.
 */
export function applyRecord(
  current: PayoutItem | undefined,
  record: OutboxRecord,
  at: number,
): PayoutItem {
  if (record.type === 'created') {
    if (current) throw new RecordRejectedError(`Payout ${record.item.reference} already exists.`)
    if (record.item.state !== 'draft') throw new RecordRejectedError('A payout starts as a draft.')
    return { ...record.item, updatedAt: at }
  }
  if (!current) throw new RecordRejectedError(`Unknown payout ${record.ref}.`)
  if (record.type === 'note') {
    if (!(record.note in NOTES)) throw new RecordRejectedError(`Unknown note "${record.note}".`)
    if (current.state !== record.state) {
      throw new RecordRejectedError(
        `Note for ${record.ref} expected ${record.state}, it is ${current.state}.`,
      )
    }
    checkAlarmNote(current, record)
    return applyPatch(current, record.patch, at)
  }
  if (current.state !== record.from) {
    throw new RecordRejectedError(
      `Payout ${record.ref} is ${current.state}, not ${record.from}; "${record.action}" refused.`,
    )
  }
  assertTransition(record.action, record.from, record.to)
  const party = ACTIONS[record.action].by
  if (party === 'system' && record.by.role !== 'system') {
    throw new RecordRejectedError(`Only Tilldesk itself may "${record.action}".`)
  }
  if (party === 'checker') {
    if (!CHECKER_ROLES.has(record.by.role)) {
      throw new RecordRejectedError('Only a supervisor or admin may approve or reject.')
    }
    if (current.makers.includes(record.by.id)) {
      throw new RecordRejectedError(
        'The person who made or edited a payout may not approve or reject it.',
      )
    }
  }
  if (party === 'maker' && record.by.role === 'system') {
    throw new RecordRejectedError(`"${record.action}" needs a person.`)
  }
  checkOutcomeRules(current, record.action, record.patch)
  const next = applyPatch(current, record.patch, at)
  if (record.action === 'approve' && !approvalMatches(next)) {
    throw new RecordRejectedError('An approval must be bound to the payout as it stands.')
  }
  if (record.action === 'send') {
    if (!approvalMatches(next)) {
      throw new RecordRejectedError('Only a payout whose approval matches its details may be sent.')
    }
    if (next.approval && next.approval.expiresAt <= at) {
      throw new RecordRejectedError('The approval has expired; it may not be sent.')
    }
  }
  return { ...next, state: record.to }
}

/**
 * The alarm of an overruled decision is raised only with the overrule, and a note may change
 * it only to say which supervisor acknowledged it: the text and time stay as the till wrote them.
 */
function checkAlarmNote(current: PayoutItem, record: OutboxRecord & { type: 'note' }): void {
  if (record.note !== 'alarmAcknowledged') {
    if ('alarm' in record.patch)
      throw new RecordRejectedError('Only an acknowledgement may touch an alarm.')
    return
  }
  const alarm = current.alarm ?? null
  const next = record.patch.alarm ?? null
  const keys = Object.keys(record.patch)
  if (
    !alarm ||
    alarm.acknowledged ||
    !next?.acknowledged ||
    keys.length !== 1 ||
    next.text !== alarm.text ||
    next.at !== alarm.at ||
    next.acknowledged.byId !== record.by.id ||
    !CHECKER_ROLES.has(record.by.role)
  ) {
    throw new RecordRejectedError(
      'Only a supervisor may acknowledge an alarm, once, and only as the alarm stands.',
    )
  }
}

// Actions that would treat a payout that may have been paid as if it had not been sent.
const NOT_FOR_UNCERTAIN = new Set<PayoutAction>(['edit', 'withdraw', 'acceptBankName', 'reject'])

/**
 * A payout whose outcome was lost is closed only by the gateway's answer (accept) or by a
 * supervisor's decision with its evidence; never edited, withdrawn or rejected as unsent.
 */
function checkOutcomeRules(current: PayoutItem, action: PayoutAction, patch: ItemPatch): void {
  const uncertain = isUncertain(current)
  if (uncertain && NOT_FOR_UNCERTAIN.has(action)) {
    throw new RecordRejectedError(
      `Payout ${current.reference} may have been paid; only the gateway's answer or a supervisor's decision can close it.`,
    )
  }
  if (action === 'accept' && current.state === 'needs_review' && !uncertain) {
    throw new RecordRejectedError('A payout held before sending cannot be accepted by the gateway.')
  }
  if (action === 'overrule' && (!current.resolution || current.alarm || !patch.alarm)) {
    throw new RecordRejectedError(
      "Only a supervisor's decision can be overruled by the gateway, and only with an alarm.",
    )
  }
  if (action === 'resolvePaid' || action === 'resolveNotPaid') {
    if (!uncertain) {
      throw new RecordRejectedError('Only a payout whose outcome is unknown can be decided.')
    }
    const resolution = patch.resolution
    const outcome = action === 'resolvePaid' ? 'paid' : 'not_paid'
    if (!resolution || resolution.outcome !== outcome || resolution.reason.trim() === '') {
      throw new RecordRejectedError('A decision needs its outcome and a reason.')
    }
    if (outcome === 'paid' && !resolution.gatewayReference) {
      throw new RecordRejectedError("Marking a payout as paid needs the gateway's reference.")
    }
  }
}
