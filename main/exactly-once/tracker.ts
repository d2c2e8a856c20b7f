// The life of a request that moves money, for every kind: send it with our reference once its
// entry is on disk, follow an unknown outcome by lookups (a resend only where earned, after the
// wait, while nobody decided), hand it to a person when the window runs out, fence their
// decision off from any request that may still land, and keep looking a decided reference up
// so the gateway wins over a decision it contradicts (and a final one its kind still watches,
// a paid payout for its reversal). A kind says only what differs (WriteKind).
import { AppError, refuse } from '../kernel/errors'
import { decidedWatched } from './retention'
import { overruleAlarm, type Alarmed } from './alarm'
import { makerBlockSaid, resolutionOf, type Decider } from './decision'
import type { OutcomeDecisionInput } from '../../common/ipc/payments'
import { assertDecidable } from './fence'
import { flightsOver, type Flights } from './flights'
import type { CheckResult } from './follower'
import { Pacing } from './pacing'
import {
  foreignAnswer,
  pursueByReference,
  reviewOf,
  submitByReference,
  uncertaintyAfterRestart,
  type Uncertainty,
} from './submit'
import type { EntryStore, WriteKind } from './kind'
import type { TrustEvidence } from './trust'
import {
  DECIDED_WATCH_MS,
  DEFAULT_VERIFY_AFTER_MS,
  UNKNOWN_WINDOW_MS,
  type ServiceWriteDeps,
  type TrackerDeps,
} from './write-deps'

export { DECIDED_WATCH_MS, DEFAULT_VERIFY_AFTER_MS } from './write-deps'
export type { ServiceWriteDeps } from './write-deps'

/** The core for one kind, on a service's deps, with the core's defaults. */
export function writesFor<E extends Alarmed, G, A, R>(
  kind: WriteKind<E, G, A, R>,
  journal: EntryStore<E>,
  deps: ServiceWriteDeps<G>,
  options: { publish: (entry: E) => void; defaultWindowMs?: number },
): ReferencedWrites<E, G, A, R> {
  return new ReferencedWrites(kind, {
    ...deps,
    journal,
    publish: options.publish,
    now: deps.now ?? Date.now,
    verifyAfterMs: deps.verifyAfterMs ?? DEFAULT_VERIFY_AFTER_MS,
    windowMs: deps.unknownWindowMs ?? options.defaultWindowMs ?? UNKNOWN_WINDOW_MS,
    decidedWatchMs: DECIDED_WATCH_MS,
  })
}

/** Quick while the gateway settles it; slow in review or decided; `watch`: the kind's watch. */
type Pace = 'quick' | 'slow' | 'watch'

export type Submitted<E> = { kind: 'sent'; entry: E } | { kind: 'unknown'; entry: E }

export class ReferencedWrites<E extends Alarmed, G, A, R> {
  readonly #flights: Flights<E | undefined>
  /** Every request of this kind leaves through it: the environment's Retry-After holds. */
  readonly pacing: Pacing

  constructor(
    private readonly kind: WriteKind<E, G, A, R>,
    private readonly deps: TrackerDeps<E, G>,
  ) {
    this.#flights = flightsOver(deps.journal.over ?? deps.journal)
    this.pacing = deps.pacing ?? new Pacing(deps.now)
  }

  /**
   * A send whose 2xx names another reference: the gateway took a write, so ours exists; read
   * like a 2xx whose body could not be read (looked up, never sent again), and said so.
   */
  async #sendOurs(gateway: G, entry: E): Promise<A> {
    const answer = await this.pacing.send(() => this.kind.send(gateway, entry))
    if (!this.#ours(answer, this.kind.referenceOf(entry), 'echo')) throw foreignAnswer(this.#noun)
    return answer
  }

  /** A lookup of our reference, unless a Retry-After met by its last one still holds. */
  #lookup(gateway: G, reference: string): Promise<R> {
    return this.pacing.lookup(reference, () => this.kind.lookup(gateway, reference))
  }

  get #noun() {
    return this.kind.words.noun
  }

  #iso(): string {
    return new Date(this.deps.now()).toISOString()
  }

  /** Picks up every entry that was still being followed or watched when the till stopped. */
  resume(): void {
    for (const entry of this.deps.journal.list()) this.pickUp(entry)
  }

  /** Follows or watches one entry as its state asks (a no-op for one already followed). */
  pickUp(entry: E): void {
    const pace = this.#pace(entry)
    if (pace) this.#follow(this.kind.referenceOf(entry), pace)
  }

  /**
   * Waiting for a person, or decided within the reversal window: looked up slowly; final and
   * still watched by its kind: at the watch's pace.
   */
  #pace(entry: E): Pace | null {
    if (this.inReview(entry) || this.#watched(entry)) return 'slow'
    if (!this.kind.final(entry)) return 'quick'
    return this.kind.watched?.(entry, this.deps.now()) ? 'watch' : null
  }

  stop(): void {
    this.deps.follower.stopAll()
    this.deps.reviewFollower?.stopAll()
    this.deps.watchFollower?.stopAll()
  }

  inReview(entry: E): boolean {
    return this.kind.open(entry) && Boolean(this.kind.uncertainty(entry)?.review)
  }

  isFollowing(reference: string): boolean {
    return this.deps.follower.isFollowing(reference)
  }

  /**
   * The first send of an entry already on disk. A definite refusal of it is thrown (the
   * caller forgets its entry and explains); anything else leaves an entry to follow.
   */
  async submit(entry: E, gateway: G): Promise<Submitted<E>> {
    const reference = this.kind.referenceOf(entry)
    const outcome = await submitByReference({
      send: () => this.#sendOurs(gateway, entry),
      lookup: () => this.#lookUpOurs(gateway, reference),
      noun: this.#noun,
      now: this.deps.now,
    })
    if (outcome.outcome === 'unknown') {
      this.deps.log.warn(`${this.#noun} outcome unknown`, { reference, kind: outcome.error.kind })
      return { kind: 'unknown', entry: this.lost(reference, outcome.uncertainty) ?? entry }
    }
    const after = this.#fold(reference, outcome.value, outcome.outcome)
    this.follow(reference)
    return { kind: 'sent', entry: after ?? this.deps.journal.get(reference) ?? entry }
  }

  /** Keeps an entry whose send failed in a way that may have reached the gateway. */
  lost(reference: string, uncertainty: Uncertainty): E | undefined {
    const entry = this.deps.journal.update(reference, (e) => this.kind.unknown(e, uncertainty))
    // Screens that list what is not confirmed (a supervisor's) hear of it now, not at the
    // first lookup, which waits for the deadline and the commit lag.
    if (entry) this.deps.publish(entry)
    this.follow(reference)
    return entry
  }

  follow(reference: string): void {
    this.#follow(reference, 'quick')
  }

  /** Each check hands the entry on to the pace its state now asks for, or ends it. */
  #follow(reference: string, pace: Pace): void {
    const check = async (): Promise<CheckResult> => {
      const entry = await this.check(reference)
      const next = entry && this.#pace(entry)
      if (entry && next === pace) return this.#lookAgain(entry)
      if (next) this.#follow(reference, next)
      return 'final'
    }
    if (pace !== 'quick') {
      const slow = pace === 'slow' ? this.deps.reviewFollower : this.deps.watchFollower
      return slow?.follow(reference, check, () => undefined)
    }
    const { follower, journal } = this.deps
    const entry = journal.get(reference)
    follower.follow(
      reference,
      check,
      () => {
        const entry = journal.get(reference)
        if (!entry || this.kind.final(entry)) return
        let after: E | undefined = entry
        if (this.kind.open(entry)) {
          // The schedule ended before a lookup saw the window close: a person decides now.
          const u = reviewOf(this.kind.uncertainty(entry) ?? this.#afterRestart(entry), this.#noun)
          after = journal.update(reference, (e) => this.kind.unknown(e, u))
        } else if (this.kind.gaveUp) {
          after = journal.update(reference, (e) => this.kind.gaveUp?.(e) ?? e)
        }
        if (after) this.deps.publish(after)
        if (after && this.inReview(after)) this.#follow(reference, 'slow')
      },
      entry && this.#lookAgain(entry),
    )
  }

  /**
   * An entry still unknown backs off (where its follower's schedule does), not before its lost
   * request can have landed; anything else goes at the schedule's pace.
   */
  #lookAgain(entry: E): CheckResult {
    if (!this.kind.open(entry)) return 'continue'
    const lost = this.kind.uncertainty(entry)?.lastUnknownAt
    const landsBy = lost ? Date.parse(lost) + this.deps.verifyAfterMs : 0
    return { backOffMs: landsBy - this.deps.now() }
  }

  /**
   * One follow-up of one entry, now (the follower's tick or a person's "Check status"). One
   * at a time per reference: a second caller joins the first. Never throws for gateway trouble.
   */
  check(reference: string, options: { lookEarly?: boolean } = {}): Promise<E | undefined> {
    const once = () => this.#checkOnce(reference, options.lookEarly ?? false)
    const slots = this.deps.slots
    return this.#flights.run(reference, slots ? () => slots.run(once) : once)
  }

  /** An unknown outcome is pursued; anything else not final, and a decision, is looked up. */
  async #checkOnce(reference: string, lookEarly: boolean): Promise<E | undefined> {
    const before = this.deps.journal.get(reference)
    if (!before) return undefined
    const decided = this.#decided(before)
    if (!decided && this.kind.final(before) && this.#pace(before) !== 'watch') return before
    const pursued = !decided && this.kind.open(before) && !this.inReview(before)
    let gateway: G
    let record: R | undefined
    try {
      gateway = await this.deps.gateway()
      if (!pursued) record = await this.#lookup(gateway, reference)
    } catch (error) {
      // Only an entry the gateway is settling keeps a failed lookup (a notice).
      return decided || this.inReview(before) ? before : this.#lookupFailed(before, error)
    }
    if (pursued) return this.#pursue(before, gateway, lookEarly)
    return record && this.#ours(record, reference)
      ? this.#answered(before, record, 'found')
      : before
  }

  #lookupFailed(before: E, error: unknown): E | undefined {
    const reference = this.kind.referenceOf(before)
    const after = this.kind.lookupFailed
      ? this.deps.journal.update(reference, (e) => this.kind.lookupFailed?.(e, error) ?? e)
      : before
    return this.#publishIfChanged(before, after)
  }

  /** An answer is about this entry only when it carries our reference (or none at all). */
  #ours(answer: A | R, reference: string, shows: TrustEvidence = 'lookup'): boolean {
    const theirs = this.kind.answerReference(answer)
    if (theirs !== undefined && theirs !== reference) return false
    // A record found, or a 2xx echoing it, that carries our reference shows the environment
    // keys writes by it.
    if (theirs === reference) this.deps.trust?.learn(shows)
    return true
  }

  /** A lookup whose record is adopted: one of another reference says nothing about ours. */
  async #lookUpOurs(gateway: G, reference: string): Promise<R> {
    const record = await this.#lookup(gateway, reference)
    if (!this.#ours(record, reference)) throw foreignAnswer(this.#noun)
    return record
  }

  #afterRestart(entry: E): Uncertainty {
    return uncertaintyAfterRestart(this.kind.startedAt(entry))
  }

  /** An entry whose answer was lost: only the gateway's word about its reference settles it. */
  async #pursue(before: E, gateway: G, lookEarly: boolean): Promise<E | undefined> {
    const reference = this.kind.referenceOf(before)
    const step = await pursueByReference<A, R>({
      uncertainty: this.kind.uncertainty(before) ?? this.#afterRestart(before),
      lookup: () => this.#lookUpOurs(gateway, reference),
      resend: () => this.#sendOurs(gateway, before),
      beforeResend: async (inFlight) => {
        // Re-read: a person may have decided while the lookup was out, or a Retry-After met
        // by any kind's send holds sending back. Then nothing leaves.
        const sendable = (e: E | undefined): e is E =>
          e !== undefined &&
          this.kind.open(e) &&
          !this.kind.resolution(e) &&
          this.pacing.sendingHeld() === null
        const now = this.deps.journal.get(reference)
        if (!sendable(now)) return false
        this.deps.journal.put(this.kind.unknown(now, inFlight))
        // The resend's time is on disk before it leaves, or it does not leave.
        const written = this.deps.journal.written?.(reference)
        await (this.deps.slots && written ? this.deps.slots.off(written) : written)
        return sendable(this.deps.journal.get(reference))
      },
      mayResend: () => this.deps.trust?.honoured() ?? true,
      lookEarly,
      noun: this.#noun,
      now: this.deps.now,
      verifyAfterMs: this.deps.verifyAfterMs,
      windowMs: this.deps.windowMs,
    })
    if (step.kind === 'found' || step.kind === 'sent')
      return this.#answered(before, step.value, step.kind)
    const current = this.deps.journal.get(reference)
    if (!current || this.kind.resolution(current)) return current
    if (step.kind === 'review')
      this.deps.log.warn(`${this.#noun} outcome unknown; needs review`, { reference })
    const after = this.deps.journal.update(reference, (e) => this.kind.unknown(e, step.uncertainty))
    return this.#publishIfChanged(before, after)
  }

  /** The gateway's answer, checked against a decision that stands, or else folded in. */
  #answered(before: E, answer: A | R, how: 'sent' | 'found'): E | undefined {
    const reference = this.kind.referenceOf(before)
    const current = this.deps.journal.get(reference)
    if (!current) return undefined
    if (this.#decided(current)) {
      this.#overruleIfContradicted(current, answer)
      return this.deps.journal.get(reference)
    }
    if (this.inReview(current))
      this.deps.log.info(`${this.#noun} in review settled by the gateway`, { reference })
    return this.#publishIfChanged(before, this.#fold(reference, answer, how))
  }

  /** A 2xx or a record found, of our reference (#sendOurs, #lookUpOurs), folded in. */
  #fold(reference: string, answer: A | R, how: 'sent' | 'found'): E | undefined {
    const at = this.#iso()
    return this.deps.journal.update(reference, (e) =>
      how === 'found'
        ? this.kind.found(e, answer as R, at)
        : this.kind.accepted(e, answer as A, at),
    )
  }

  #decided(entry: E): boolean {
    return Boolean(this.kind.resolution(entry)) && !entry.alarm
  }

  /** Decided within the gateway's reversal window: still looked up, slowly. */
  #watched(entry: E): boolean {
    const { now, decidedWatchMs } = this.deps
    return decidedWatched(this.kind.resolution(entry), entry.alarm, now(), decidedWatchMs)
  }

  /** The gateway wins over a decision its record contradicts: in words, with an alarm. */
  #overruleIfContradicted(entry: E, answer: A | R): void {
    const reference = this.kind.referenceOf(entry)
    const resolution = this.kind.resolution(entry)
    if (!resolution) return
    const record = answer as R
    if (!this.kind.contradicts(record, resolution.made)) return
    const at = this.#iso()
    const alarm = overruleAlarm({
      noun: this.#noun,
      reference,
      // In the decision's own words, as its decided view says them (decisionOutcomeView).
      decidedAs: resolution.made
        ? (this.kind.words.made ?? 'paid')
        : (this.kind.notMade ?? 'not paid'),
      byName: resolution.byName,
      gatewaySays: this.kind.statusWords(record),
      at,
    })
    this.deps.log.error(`${this.#noun} decision contradicted by the gateway`, { reference })
    const after = this.deps.journal.update(reference, (e) =>
      this.kind.overruled(e, record, alarm, at),
    )
    if (after) {
      this.deps.publish(after)
      if (!this.kind.final(after)) this.follow(reference)
    }
  }

  /**
   * A person's decision on an unknown outcome: never its starter (nor whom the kind excludes),
   * with their PIN, never while a request for it may still land (the fence). Once written no
   * request for it leaves again; it is still looked up for the reversal window.
   */
  async decide(
    reference: string,
    input: OutcomeDecisionInput,
    { actor, verifyPin }: Pick<TrackerDeps<E, G>, 'verifyPin'> & { actor: Decider | null } = {
      actor: this.deps.actor?.() ?? null,
      verifyPin: this.deps.verifyPin,
    },
  ): Promise<E> {
    if (!actor) throw refuse('not_signed_in', { key: 'decision.signIn' })
    const check = (): E => {
      const entry = this.deps.journal.get(reference)
      const u = entry && this.kind.uncertainty(entry)
      if (!entry || !u || !this.kind.open(entry) || this.kind.resolution(entry))
        throw refuse('wrong_state', { key: `decision.onlyUnknown.${this.#noun}` })
      this.kind.mayDecide?.(entry, actor)
      const blocked = makerBlockSaid(this.kind.startedById(entry), actor, this.kind.words)
      if (blocked) throw refuse('maker_cannot_decide', blocked)
      assertDecidable({
        noun: this.#noun,
        now: this.deps.now(),
        lastUnknownAt: u.lastUnknownAt,
        outstandingMs: this.deps.verifyAfterMs,
        busy: this.#flights.busy(reference),
      })
      return entry
    }
    check()
    if (!verifyPin)
      throw new AppError('internal', 'PIN checks are not available here.', {
        say: { key: 'internal' },
      })
    await verifyPin(actor.id, input.pin)
    // Checked again after the PIN, with nothing awaited between the check and the write.
    const entry = check()
    const resolution = resolutionOf(actor, input, this.#iso())
    this.deps.follower.stop(reference)
    this.deps.reviewFollower?.stop(reference)
    const updated = this.deps.journal.put(this.kind.decided(entry, resolution))
    this.deps.log.info(`${this.#noun} outcome decided`, {
      reference,
      made: resolution.made,
    })
    this.#follow(reference, 'slow')
    this.deps.publish(updated)
    return updated
  }

  /** A supervisor has read the alarm: kept, marked acknowledged (by whom, when). */
  acknowledge(reference: string, actor = this.deps.actor?.() ?? null): E {
    if (!actor) throw refuse('not_signed_in', { key: 'decision.signInToAcknowledge' })
    const entry = this.deps.journal.get(reference)
    const alarm = entry?.alarm
    if (!entry || !alarm) throw refuse('wrong_state', { key: `decision.noAlarm.${this.#noun}` })
    if (alarm.acknowledged) return entry
    const acknowledged = { byId: actor.id, byName: actor.name, byRole: actor.role, at: this.#iso() }
    const updated = this.deps.journal.put({ ...entry, alarm: { ...alarm, acknowledged } })
    this.deps.publish(updated)
    return updated
  }

  #publishIfChanged(before: E, after: E | undefined): E | undefined {
    if (after && JSON.stringify(after) !== JSON.stringify(before)) this.deps.publish(after)
    return after
  }
}
