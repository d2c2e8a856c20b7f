// What one kind of money-moving request tells the exactly-once core (tracker.ts): how to send
// it and look it up, how to read and fold the gateway's record, which statuses are final, and
// the words for it. Refunds, payments and debits each give one (refund-kind.ts, ...), on
// entries that keep the core's fields under the core's names (OutcomeFields), so the core
// reads and writes those itself (outcomeKind); payouts give the whole of it.
import type { Alarm, Alarmed } from './alarm'
import type { Decider, DecisionWords, OutcomeFields, Resolution } from './decision'
import type { Uncertainty } from './submit'

/**
 * Where a kind's entries live, keyed by reference: only the calls the tracker makes, so the
 * exactly-once core stands below the features that own a file. A journal is on disk when put
 * returns; a store that writes later (the payout outbox) says when with `written`, and the
 * core waits for it before any request leaves.
 */
export interface EntryStore<E> {
  get(reference: string): E | undefined
  list(): E[]
  put(entry: E): E
  update(reference: string, change: (entry: E) => E): E | undefined
  /** Resolves once every change made so far to this reference is on disk. */
  written?(reference: string): Promise<void>
  /** The journal underneath when several stores stand over one (the outbox): one flight each. */
  readonly over?: object
}

export interface WriteKind<E extends Alarmed, G, A, R> {
  /** "refund", "payment", "debit" (in words), and who started it. */
  words: DecisionWords
  /** How a "not made" decision reads when not "not paid": "not refunded". */
  notMade?: string
  referenceOf(entry: E): string
  startedAt(entry: E): string
  startedById(entry: E): string | null | undefined
  /** Who else may not decide (beyond its starter): throws AppError in words (payouts' checker). */
  mayDecide?(entry: E, actor: Decider): void
  /** Sent and not confirmed by the gateway: its outcome is being found out. */
  open(entry: E): boolean
  /** Nothing more will change at the gateway (a decided entry is final too). */
  final(entry: E): boolean
  /** A final entry the gateway may still change (a paid payout reversed): still looked up. */
  watched?(entry: E, now: number): boolean
  uncertainty(entry: E): Uncertainty | null | undefined
  resolution(entry: E): Resolution | null | undefined
  /** The request, with the reference fixed in the entry (the first send and every resend). */
  send(gateway: G, entry: E): Promise<A>
  lookup(gateway: G, reference: string): Promise<R>
  /** The reference a gateway answer carries, when it carries one. */
  answerReference(answer: A | R): string | undefined
  /** Folds a 2xx to our write in: the record exists from here on, whatever it left out. */
  accepted(entry: E, answer: A, at: string): E
  /** Folds a record found by reference in; a final status never moves back. */
  found(entry: E, record: R, at: string): E
  /** Still not known: the new evidence (and, once `review` is set, waiting for a person). */
  unknown(entry: E, uncertainty: Uncertainty): E
  decided(entry: E, resolution: Resolution): E
  /** Whether the gateway's record contradicts a decision (made, or not made). */
  contradicts(record: R, made: boolean): boolean
  /** The gateway wins: the entry as the record says, the decision kept, the alarm raised. */
  overruled(entry: E, record: R, alarm: Alarm, at: string): E
  /** What the record's status is, in words, for the alarm. */
  statusWords(record: R): string
  /** A lookup of a settled-by-gateway entry failed: what to keep (a notice), if anything. */
  lookupFailed?(entry: E, error: unknown): E | undefined
  /** The follow-up schedule ended before the entry was final. */
  gaveUp?(entry: E): E | undefined
}

/** An entry on the core's fields, with the status its kind's fold moves. */
type Stated = OutcomeFields & { status: string }

/**
 * A kind on OutcomeFields entries: one fold of the gateway's record, for a record found and
 * for the gateway overruling a decision; what a lost answer and a decision change besides the
 * core's fields.
 */
export type OutcomeKind<E extends Stated, G, A, R> = Omit<
  WriteKind<E, G, A, R>,
  'startedAt' | 'uncertainty' | 'resolution' | 'found' | 'overruled' | 'unknown' | 'decided'
> & {
  fold(entry: E, record: R, at: string): E
  unknown?(entry: E, uncertainty: Uncertainty): Partial<E>
  decided(entry: E, resolution: Resolution): Partial<E>
}

/** The whole kind the core runs, its fields read and written under their own names. */
export function outcomeKind<E extends Stated, G, A, R>(
  kind: OutcomeKind<E, G, A, R>,
): WriteKind<E, G, A, R> {
  // A final status never moves back, so a slow, stale answer can't undo a newer one; the
  // rest of the record is still folded in. Only the gateway overruling a decision moves it.
  const kept = (e: E, after: E): E =>
    kind.final(e) && !kind.final(after) ? { ...after, status: e.status } : after
  return {
    ...kind,
    startedAt: (e) => e.createdAt,
    uncertainty: (e) => e.uncertainty,
    resolution: (e) => e.resolution,
    accepted: (e, answer, at) => kept(e, kind.accepted(e, answer, at)),
    found: (e, record, at) => kept(e, kind.fold(e, record, at)),
    overruled: (e, record, alarm, at) => ({ ...kind.fold(e, record, at), alarm }),
    unknown: (e, uncertainty) => ({ ...e, uncertainty, ...kind.unknown?.(e, uncertainty) }),
    decided: (e, resolution) => ({ ...e, ...kind.decided(e, resolution), resolution }),
  }
}
