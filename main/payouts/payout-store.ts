// The payout outbox as the exactly-once core's entry store (main/exactly-once/kind.ts): the
// core hands back a whole changed item; this turns the change into the state machine's
// records (an action per state it passes through, or a note when the state stays), so every
// rule of the reducer and every line of the audit chain hold as when the sender wrote them.
// Records are chained at once and reach disk in the outbox's group commit; `written` says when.
import type { EntryStore } from '../exactly-once/kind'
import { SYSTEM_ACTOR, type ActorRole, type PayoutItem, type PayoutState } from './model'
import type { Outbox } from './outbox'
import type { ItemPatch, OutboxRecord } from './records'
import { ACTIONS, type PayoutAction } from './stateMachine'

// The gateway's word moves a payout only by these; refuse, expire, hold and send are the
// sender's own, and overrule opens a decided payout again (recordsFor).
const FOLDS: readonly PayoutAction[] = ['lose', 'escalate', 'accept', 'succeed', 'fail', 'reverse']

/** The shortest run of those actions from one state to another (breadth first), if any. */
function pathOf(from: PayoutState, to: PayoutState): PayoutAction[] | undefined {
  const queue: [PayoutState, PayoutAction[]][] = [[from, []]]
  const seen = new Set<PayoutState>([from])
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [state, path] = next
    if (state === to) return path
    for (const action of FOLDS) {
      const rule = ACTIONS[action]
      if (!(rule.from as readonly PayoutState[]).includes(state) || seen.has(rule.to)) continue
      seen.add(rule.to)
      queue.push([rule.to, [...path, action]])
    }
  }
  return undefined
}

const FIXED = new Set(['reference', 'state', 'createdBy', 'createdAt', 'updatedAt'])

/** The fields that changed, as a patch (a field that went away is written as null). */
function patchOf(before: PayoutItem, after: PayoutItem): ItemPatch {
  const patch: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (FIXED.has(key)) continue
    const was = (before as unknown as Record<string, unknown>)[key]
    const now = (after as unknown as Record<string, unknown>)[key]
    if (JSON.stringify(was) !== JSON.stringify(now)) patch[key] = now ?? null
  }
  return patch as ItemPatch
}

/** Why, in words, for the audit line of each system action. */
const REASONS: Partial<Record<PayoutAction, (after: PayoutItem) => string | null>> = {
  lose: (a) => a.uncertainty?.steps.at(-1)?.said ?? null,
  escalate: (a) => a.reviewReason,
  accept: (a) =>
    a.uncertainty ? 'The gateway answered for this reference: it holds the transfer.' : null,
  fail: (a) => a.problem?.message ?? null,
  reverse: (a) => a.transfer?.failureReason ?? 'Returned by the receiving bank.',
  overrule: (a) => a.alarm?.text ?? null,
}

/** The records that take `before` to `after`; throws when no system path leads there. */
export function recordsFor(before: PayoutItem, after: PayoutItem): OutboxRecord[] {
  const patch = patchOf(before, after)
  if (before.state === after.state) {
    // A poll that only saw the transfer move on at the bank writes nothing (as before).
    if (Object.keys(patch).every((key) => key === 'transfer')) return []
    // A supervisor acknowledging an alarm (the core's acknowledge) is their note.
    const seen = before.alarm?.acknowledged ? null : (after.alarm?.acknowledged ?? null)
    const mismatch = patch.problem?.code === 'transfer_mismatch'
    const note = mismatch ? 'alert' : 'uncertainty' in patch ? 'attempt' : 'statusSeen'
    const text =
      patch.problem?.message ?? after.uncertainty?.steps.at(-1)?.said ?? 'Status from the gateway'
    const by = seen && { id: seen.byId, name: seen.byName, role: seen.byRole as ActorRole }
    return [
      {
        type: 'note',
        note: seen ? 'alarmAcknowledged' : note,
        ref: after.reference,
        by: by || SYSTEM_ACTOR,
        state: after.state,
        text: seen ? (after.alarm?.text ?? text) : text,
        patch,
      },
    ]
  }
  // A person's decision (the core's decide) is their resolve action; the reducer checks them.
  const decided = before.resolution ? null : (after.resolution ?? null)
  // An overrule opens the decided payout again only where no step leads on from its state:
  // a "paid" the gateway reversed is one reversal, not a second success on the way to it
  // (a report counts each step as money moving).
  const direct = pathOf(before.state, after.state)
  const overruled = !before.alarm && Boolean(after.alarm) && !direct
  const rest = overruled ? pathOf('submitted', after.state) : direct
  const path: PayoutAction[] | undefined = decided
    ? [decided.outcome === 'paid' ? 'resolvePaid' : 'resolveNotPaid']
    : overruled && rest
      ? ['overrule', ...rest]
      : rest
  if (!path)
    throw new Error(`No system action takes a payout from ${before.state} to ${after.state}.`)
  let from = before.state
  return path.map((action, i) => {
    const to = ACTIONS[action].to as PayoutState
    // The whole change rides on the first record (an overrule needs its alarm there); the
    // chained ones carry what the gateway said, so each audit line reads on its own.
    const record: OutboxRecord = {
      type: 'action',
      action,
      ref: after.reference,
      by: decided?.by ?? SYSTEM_ACTOR,
      from,
      to,
      reason: decided?.reason ?? REASONS[action]?.(after) ?? null,
      patch: i === 0 ? patch : after.transfer ? { transfer: after.transfer } : {},
    }
    from = to
    return record
  })
}

/** The outbox as the core's store of payouts. */
export class PayoutStore implements EntryStore<PayoutItem> {
  readonly #written = new Map<string, Promise<unknown>>()
  /** Every store over this outbox (the sender's, the decision's) shares the core's flights. */
  readonly over: object

  constructor(
    private readonly outbox: Outbox,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.over = outbox
  }

  get(reference: string): PayoutItem | undefined {
    return this.outbox.get(reference)
  }

  list(): PayoutItem[] {
    return [...this.outbox.items()]
  }

  put(entry: PayoutItem): PayoutItem {
    return this.update(entry.reference, () => entry) ?? entry
  }

  update(reference: string, change: (entry: PayoutItem) => PayoutItem): PayoutItem | undefined {
    const before = this.outbox.get(reference)
    if (!before) return undefined
    const records = recordsFor(before, change(before))
    if (records.length === 0) return before
    const { durable } = this.outbox.apply(records)
    // Waits for this write and every earlier one of the payout (group commits may overlap).
    const settled = Promise.all([
      this.#written.get(reference),
      durable.catch((error: unknown) => this.onError(error)),
    ])
    this.#written.set(reference, settled)
    void settled.finally(() => {
      if (this.#written.get(reference) === settled) this.#written.delete(reference)
    })
    return this.outbox.get(reference)
  }

  /** Every change so far to this payout on disk (a failed write throws here). */
  async written(reference: string): Promise<void> {
    await this.#written.get(reference)
    const failure = this.outbox.journal.failure
    if (failure) throw new Error(failure.message)
  }

  /** Some change is still on its way to disk. */
  get busy(): boolean {
    return this.#written.size > 0
  }

  /** Every change so far, to every payout, on disk (stop()). */
  async allWritten(): Promise<void> {
    await Promise.allSettled([...this.#written.values()])
  }
}
