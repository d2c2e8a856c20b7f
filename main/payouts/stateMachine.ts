// Every way a payout can change state, and who may make it. The outbox checks each change
// here when it is made and again when the journal is replayed, so a bug or an edited journal
// can't put an item somewhere the rules don't allow.
import type { PayoutState } from './model'

/** Who performs an action: the maker side, the checker side (supervisor), or the till itself. */
export type ActionParty = 'maker' | 'checker' | 'system'

export interface ActionRule {
  readonly from: readonly PayoutState[]
  readonly to: PayoutState
  readonly by: ActionParty
  /** One line for the audit log. */
  readonly label: string
}

export const ACTIONS = {
  submit: { from: ['draft'], to: 'awaiting_approval', by: 'maker', label: 'Sent for approval' },
  resubmit: {
    from: ['expired'],
    to: 'awaiting_approval',
    by: 'maker',
    label: 'Sent for approval again after the approval expired',
  },
  edit: {
    from: ['draft', 'awaiting_approval', 'approved', 'needs_review', 'expired'],
    to: 'draft',
    by: 'maker',
    label: 'Edited (any approval is cancelled)',
  },
  acceptBankName: {
    from: ['needs_review'],
    to: 'awaiting_approval',
    by: 'maker',
    label: "Accepted the bank's holder name and sent for approval",
  },
  withdraw: {
    from: ['draft', 'awaiting_approval', 'approved', 'needs_review', 'expired'],
    to: 'rejected',
    by: 'maker',
    label: 'Withdrawn by the cashier',
  },
  approve: { from: ['awaiting_approval'], to: 'approved', by: 'checker', label: 'Approved' },
  reject: {
    from: ['awaiting_approval', 'approved', 'needs_review'],
    to: 'rejected',
    by: 'checker',
    label: 'Rejected',
  },
  hold: {
    from: ['draft', 'awaiting_approval', 'approved'],
    to: 'needs_review',
    by: 'system',
    label: 'Held for review',
  },
  expire: { from: ['approved'], to: 'expired', by: 'system', label: 'Approval expired' },
  send: { from: ['approved'], to: 'sending', by: 'system', label: 'Sending to the gateway' },
  accept: {
    // From unknown or an outcome review too: the gateway's answer for the reference settles it.
    from: ['sending', 'unknown', 'needs_review'],
    to: 'submitted',
    by: 'system',
    label: 'Accepted by the gateway',
  },
  lose: {
    from: ['sending'],
    to: 'unknown',
    by: 'system',
    label: 'Outcome unknown: checking with the gateway by reference',
  },
  escalate: {
    from: ['unknown'],
    to: 'needs_review',
    by: 'system',
    label: 'Outcome still unknown: a supervisor must decide',
  },
  resolvePaid: {
    from: ['unknown', 'needs_review'],
    to: 'success',
    by: 'checker',
    label: 'Marked as paid by a supervisor',
  },
  resolveNotPaid: {
    from: ['unknown', 'needs_review'],
    to: 'rejected',
    by: 'checker',
    label: 'Marked as not paid by a supervisor',
  },
  overrule: {
    from: ['rejected', 'success'],
    to: 'submitted',
    by: 'system',
    label: "The gateway's record contradicts the supervisor's decision: the gateway wins",
  },
  refuse: {
    from: ['sending'],
    to: 'failed',
    by: 'system',
    label: 'Refused by the gateway (no transfer was made)',
  },
  succeed: { from: ['submitted'], to: 'success', by: 'system', label: 'Paid' },
  fail: { from: ['submitted'], to: 'failed', by: 'system', label: 'Transfer failed' },
  reverse: {
    from: ['success'],
    to: 'reversed',
    by: 'system',
    label: 'Reversed by the receiving bank',
  },
} as const satisfies Record<string, ActionRule>

export type PayoutAction = keyof typeof ACTIONS

/**
 * Records that change no state: a name enquiry, a gateway attempt, a status poll result.
 * They are in the journal so the audit log tells the whole story.
 */
export const NOTES = {
  nameChecked: 'Name checked with the bank',
  attempt: 'Gateway call',
  statusSeen: 'Status from the gateway',
  alert: 'Needs attention',
  // A supervisor's decision made on another till of the shop that changed nothing here (too
  // late, on other details, not from a supervisor of this till's staff list): kept for audit.
  shopDecision: 'Decision from another till not applied',
  // A supervisor has read the alarm of a decision the gateway overruled (the alarm is kept).
  alarmAcknowledged:
    'Alarm acknowledged: a supervisor has seen that the gateway overruled the decision',
} as const
export type NoteKind = keyof typeof NOTES

export const PAYOUT_ACTIONS = Object.keys(ACTIONS) as PayoutAction[]

export function canAct(action: PayoutAction, from: PayoutState): boolean {
  return (ACTIONS[action].from as readonly PayoutState[]).includes(from)
}

/** Every (from, to) pair some action allows: the graph the docs draw. */
export function allowedTransitions(): ReadonlyMap<PayoutState, ReadonlySet<PayoutState>> {
  const graph = new Map<PayoutState, Set<PayoutState>>()
  for (const rule of Object.values(ACTIONS) as ActionRule[]) {
    for (const from of rule.from) {
      const targets = graph.get(from) ?? new Set<PayoutState>()
      targets.add(rule.to)
      graph.set(from, targets)
    }
  }
  return graph
}

export class TransitionError extends Error {
  override readonly name = 'TransitionError'
  constructor(
    readonly action: string,
    readonly from: PayoutState,
    readonly to: PayoutState,
  ) {
    super(`"${action}" cannot move a payout from ${from} to ${to}.`)
  }
}

/** Throws unless `action` moves `from` to exactly `to`. */
export function assertTransition(action: PayoutAction, from: PayoutState, to: PayoutState): void {
  const rule = ACTIONS[action] as ActionRule | undefined
  if (!rule || rule.to !== to || !rule.from.includes(from)) {
    throw new TransitionError(action, from, to)
  }
}
