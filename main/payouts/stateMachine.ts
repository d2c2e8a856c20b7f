// Every way a payout can change state, and who may make it. The outbox checks each change
// here when it is made and again when the journal is replayed, so a bug or an edited journal
// can't put an item somewhere the rules don't allow.
import { DOCUMENT_WORDS } from '../../common/words'
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

// Each step's line for the audit log, in main's English; screens say it from the same words in
// the till's language (common/words).
const LABEL = DOCUMENT_WORDS.en.payout.actions

export const ACTIONS = {
  submit: { from: ['draft'], to: 'awaiting_approval', by: 'maker', label: LABEL.submit },
  resubmit: {
    from: ['expired'],
    to: 'awaiting_approval',
    by: 'maker',
    label: LABEL.resubmit,
  },
  edit: {
    from: ['draft', 'awaiting_approval', 'approved', 'needs_review', 'expired'],
    to: 'draft',
    by: 'maker',
    label: LABEL.edit,
  },
  acceptBankName: {
    from: ['needs_review'],
    to: 'awaiting_approval',
    by: 'maker',
    label: LABEL.acceptBankName,
  },
  withdraw: {
    from: ['draft', 'awaiting_approval', 'approved', 'needs_review', 'expired'],
    to: 'rejected',
    by: 'maker',
    label: LABEL.withdraw,
  },
  approve: { from: ['awaiting_approval'], to: 'approved', by: 'checker', label: LABEL.approve },
  reject: {
    from: ['awaiting_approval', 'approved', 'needs_review'],
    to: 'rejected',
    by: 'checker',
    label: LABEL.reject,
  },
  hold: {
    from: ['draft', 'awaiting_approval', 'approved'],
    to: 'needs_review',
    by: 'system',
    label: LABEL.hold,
  },
  expire: { from: ['approved'], to: 'expired', by: 'system', label: LABEL.expire },
  send: { from: ['approved'], to: 'sending', by: 'system', label: LABEL.send },
  accept: {
    // From unknown or an outcome review too: the gateway's answer for the reference settles it.
    from: ['sending', 'unknown', 'needs_review'],
    to: 'submitted',
    by: 'system',
    label: LABEL.accept,
  },
  lose: {
    from: ['sending'],
    to: 'unknown',
    by: 'system',
    label: LABEL.lose,
  },
  escalate: {
    from: ['unknown'],
    to: 'needs_review',
    by: 'system',
    label: LABEL.escalate,
  },
  resolvePaid: {
    from: ['unknown', 'needs_review'],
    to: 'success',
    by: 'checker',
    label: LABEL.resolvePaid,
  },
  resolveNotPaid: {
    from: ['unknown', 'needs_review'],
    to: 'rejected',
    by: 'checker',
    label: LABEL.resolveNotPaid,
  },
  overrule: {
    from: ['rejected', 'success'],
    to: 'submitted',
    by: 'system',
    label: LABEL.overrule,
  },
  refuse: {
    from: ['sending'],
    to: 'failed',
    by: 'system',
    label: LABEL.refuse,
  },
  succeed: { from: ['submitted'], to: 'success', by: 'system', label: LABEL.succeed },
  fail: { from: ['submitted'], to: 'failed', by: 'system', label: LABEL.fail },
  reverse: {
    from: ['success'],
    to: 'reversed',
    by: 'system',
    label: LABEL.reverse,
  },
} as const satisfies Record<string, ActionRule>

export type PayoutAction = keyof typeof ACTIONS

/**
 * Records that change no state: a name enquiry, a gateway attempt, a status poll result.
 * They are in the journal so the audit log tells the whole story.
 */
export const NOTES = DOCUMENT_WORDS.en.payout.notes
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
