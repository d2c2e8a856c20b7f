// On the till that drafted a payout: applies the decisions supervisors made on other tills,
// pulled as signed `payout.decision` events. Only this till ever sends its payouts, so this is
// the one place a remote decision turns into a journal record:
//   1. the shop's rule (rules.ts settlePayout) settles all the decisions known for the payout,
//      against its current payload hash, its maker, this till's staff list and whether this
//      till has already started sending;
//   2. this till's payouts commands check each decision again and record it, signed with this
//      till's own key (payouts/commands.ts applyShopDecision), or keep it in the audit as
//      ignored or too late, with why.
// Decisions are applied once each by event id (kept on the payout in its journal), so applying
// the whole inbox again after a restart, or a pull handing an event twice, changes nothing. A
// decision answers one request for approval (the payout's `submittedAt`, told with its state):
// one not yet recorded when the same details are asked for again never settles the new request.
// An approval lives from when it was made (the server's receive time), not from when this till
// heard of it.
import * as z from 'zod'
import type {
  ShopDecision,
  ShopDecisionOutcome,
  ShopVerdict,
  StaffMember,
} from '../payouts/commands'
import { bindingHash } from '../payouts/binding'
import type { PayoutItem, PayoutState } from '../payouts/model'
import type { StoredEvent } from './events'
import { settlePayout, type PayoutDecision, type SettledPayout, type StaffChange } from './rules'

export const DECISION_KIND = 'payout.decision'

/**
 * What a decision event carries. A tolerant reader: fields it does not know pass by, and an
 * event without what a decision needs is not a decision (the sync already checked who sent it).
 */
export const decisionBodySchema = z.object({
  reference: z.string().min(1).max(64),
  /** The till that drafted the payout: the only one that applies (and sends) it. */
  tillId: z.string().min(1).max(64),
  decision: z.enum(['approved', 'rejected']),
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
  userId: z.string().min(1).max(64),
  userName: z.string().max(80).catch(''),
  role: z.string().max(20).catch(''),
  reason: z.string().max(300).catch(''),
  tillName: z.string().max(80).catch(''),
  at: z.string().max(40).catch(''),
  /** The request for approval it answers (the payout's submittedAt as its till told it). */
  request: z.string().max(40).catch(''),
})
export type DecisionBody = z.infer<typeof decisionBodySchema>

/**
 * When a decision was made, ms: the shop server's receive time, the one clock every till
 * shares; the deciding till's own signed time when that is earlier (it decided offline and
 * told the shop later). Never the applying till's clock. NaN when neither can be read.
 */
export function decidedAt(event: StoredEvent): number {
  const times = [event.receivedAt, event.createdAt]
    .map((t) => (t === undefined ? NaN : Date.parse(t)))
    .filter((t) => Number.isFinite(t))
  return times.length === 0 ? NaN : Math.min(...times)
}

/** The decision in an event, or null when it is not one. */
export function readDecision(event: StoredEvent): DecisionBody | null {
  if (event.kind !== DECISION_KIND) return null
  const parsed = decisionBodySchema.safeParse(event.body)
  return parsed.success ? parsed.data : null
}

/** This till's payouts, as the applier needs them (payouts/service.ts). */
export interface MakerPayouts {
  item(reference: string): Promise<PayoutItem | null>
  applyShopDecision(
    decision: ShopDecision,
    approver: StaffMember | null,
    verdict: ShopVerdict,
  ): Promise<ShopDecisionOutcome>
}

export interface ApprovalsApplierOptions {
  /** This till's id in the shop; null while it is not in one. */
  tillId: () => string | null
  /** Null while payouts are not running (the applier tries again at the next pull). */
  payouts: () => MakerPayouts | null
  /** This till's staff list: roles and who is disabled (same user ids on every till). */
  staff: () => readonly StaffMember[]
  /** Every event pulled from the other tills, in server order. */
  pulled: () => readonly StoredEvent[]
  onError: (error: unknown) => void
}

/** States in which this till has journaled `send`: an approval it acted on stands. */
const SENT: readonly PayoutState[] = [
  'sending',
  'unknown',
  'submitted',
  'success',
  'failed',
  'reversed',
]

const WHY: Record<SettledPayout['ignored'][number]['why'], string> = {
  other_payload: 'it was made on other details than the payout has now (it was edited since).',
  maker: 'they made this payout, so another supervisor must decide it.',
  not_supervisor: 'only a supervisor or admin can decide payouts.',
  disabled: 'that person is disabled in the staff list.',
}

/**
 * The staff list as the rules read it: each member as they are now. A profile that failed its
 * integrity check here counts as disabled: nothing it says about its role is believed.
 */
export function staffChanges(staff: readonly StaffMember[]): StaffChange[] {
  return staff.flatMap((member): StaffChange[] => [
    { userId: member.id, serverSeq: 0, change: 'upserted', role: member.role },
    ...(member.disabled || member.trusted === false
      ? [{ userId: member.id, serverSeq: 0, change: 'disabled' as const }]
      : []),
  ])
}

const UNTRUSTED: ShopVerdict = {
  kind: 'ignored',
  why: "that person's profile on this till failed its integrity check, so it does not count.",
}

const hasSent = (item: PayoutItem): boolean =>
  SENT.includes(item.state) ||
  (item.state === 'needs_review' && (item.uncertainty ?? null) !== null)

export class ShopApprovalsApplier {
  readonly #o: ApprovalsApplierOptions
  #queue: Promise<void> = Promise.resolve()

  constructor(options: ApprovalsApplierOptions) {
    this.#o = options
  }

  /**
   * Applies the decisions among `events` that are about this till's payouts. One batch at a
   * time: two pulls close together must not both approve from the same reading.
   */
  apply(events: readonly StoredEvent[]): Promise<void> {
    const next = this.#queue.then(() => this.#applyNow(events))
    this.#queue = next.catch((error: unknown) => this.#o.onError(error))
    return next
  }

  async #applyNow(events: readonly StoredEvent[]): Promise<void> {
    const own = this.#o.tillId()
    const payouts = this.#o.payouts()
    if (!own || !payouts) return
    const references = new Set<string>()
    for (const event of events) {
      const body = readDecision(event)
      if (body && body.tillId === own) references.add(body.reference)
    }
    for (const reference of references) {
      try {
        await this.#settle(own, payouts, reference)
      } catch (error) {
        // One payout's trouble does not hold up the others; the next pull tries it again.
        this.#o.onError(error)
      }
    }
  }

  async #settle(own: string, payouts: MakerPayouts, reference: string): Promise<void> {
    const item = await payouts.item(reference)
    // Not in this environment's journal (or not ours): nothing to apply it to here.
    if (!item) return
    const known: Array<{ event: StoredEvent; body: DecisionBody; decision: PayoutDecision }> = []
    for (const event of this.#o.pulled()) {
      const body = readDecision(event)
      if (!body || body.tillId !== own || body.reference !== reference) continue
      known.push({
        event,
        body,
        decision: {
          decision: body.decision,
          reference,
          payloadHash: body.payloadHash,
          userId: body.userId,
          tillId: event.tillId,
          serverSeq: event.serverSeq,
        },
      })
    }
    known.sort((a, b) => a.event.serverSeq - b.event.serverSeq)
    const staff = this.#o.staff()
    const payloadHash = bindingHash(item)
    // Only decisions on the payout's current request for approval settle it; one made on an
    // earlier request (the same details asked again) is noted as such by the payouts command.
    const request = item.submittedAt === null ? null : new Date(item.submittedAt).toISOString()
    const onRequest = (k: (typeof known)[number]) =>
      request === null ||
      (k.body.request ? k.body.request === request : decidedAt(k.event) >= (item.submittedAt ?? 0))
    let sentOn: PayoutDecision | null = null
    if (hasSent(item)) {
      // The approval it sent on: one of the decisions, or one given on this till.
      sentOn = known.find(
        (k) =>
          k.decision.decision === 'approved' &&
          item.shopDecisions?.includes(k.event.eventId) &&
          k.decision.userId === item.approval?.by.id,
      )?.decision ?? {
        decision: 'approved',
        reference,
        payloadHash,
        userId: item.approval?.by.id ?? 'this till',
        tillId: own,
        serverSeq: 0,
      }
    }
    const settled = settlePayout({
      reference,
      payloadHash,
      makerId: item.createdBy.id,
      sentOn,
      decisions: known.filter(onRequest).map((k) => k.decision),
      staff: staffChanges(staff),
    })
    for (const k of known) {
      if (item.shopDecisions?.includes(k.event.eventId)) continue
      const approver = staff.find((member) => member.id === k.body.userId) ?? null
      await payouts.applyShopDecision(
        {
          eventId: k.event.eventId,
          reference,
          decision: k.body.decision,
          payloadHash: k.body.payloadHash,
          userId: k.body.userId,
          userName: k.body.userName || k.body.userId,
          tillName: k.body.tillName || k.event.tillId,
          reason: k.body.reason,
          decidedAt: decidedAt(k.event),
          request: k.body.request || null,
        },
        approver,
        approver?.trusted === false
          ? UNTRUSTED
          : onRequest(k)
            ? verdictFor(settled, k.decision)
            : { kind: 'counts' },
      )
    }
  }
}

/** What the rule says about one decision, given how the payout was settled. */
export function verdictFor(settled: SettledPayout, decision: PayoutDecision): ShopVerdict {
  const ignored = settled.ignored.find((i) => i.decision === decision)
  if (ignored) return { kind: 'ignored', why: WHY[ignored.why] }
  if (settled.tooLate.includes(decision)) return { kind: 'too_late' }
  if (settled.outcome === 'rejected' && decision.decision === 'approved') {
    // Rule 1: until this till sends, a rejection wins over any approval.
    return {
      kind: 'ignored',
      why: 'another supervisor rejected the payout, and a rejection wins until it is sent.',
    }
  }
  return { kind: 'counts' }
}
