// What every money feature's service does the same way around the core (refunds, payments,
// debits): the core for its kind over its journal, the first send written before it leaves,
// each entry shown with whether it is followed and why its outcome is unknown, the list a
// supervisor looks at, their decision and the acknowledgement of an alarm. A service extends
// it and says only what differs: its own requests, reads and how an entry is shown.
import type { CheckoutView, OutcomeDecisionInput } from '../../common/ipc/payments'
import type { RefundDecisionInput } from '../../common/ipc/refunds'
import { awaitsAcknowledgement } from './alarm'
import { decisionOutcomeView, type OutcomeFields } from './decision'
import { Flights } from './flights'
import { cashierError, type ErrorContext } from '../gateway/cashier-errors'
import { lostToTheTill } from './submit'
import { writesFor, type ReferencedWrites, type ServiceWriteDeps, type Submitted } from './tracker'
import type { EntryStore, WriteKind } from './kind'

export interface KindServiceDeps<G, V> extends ServiceWriteDeps<G> {
  publish: (view: V) => void
}

export interface KindServiceOptions {
  /** How long a lost answer is followed up before a person decides, unless the deps say. */
  defaultWindowMs?: number
  /** An entry sent and not answered yet is on the supervisor's list too (refunds). */
  listsInFlight?: boolean
}

/**
 * What every entry's view shows alike (a refund's, a payment's and a debit's): whether the
 * till is asking about it now, and why its outcome is unknown, or how it was decided, for
 * whoever is signed in.
 */
export type Shared = Pick<CheckoutView, 'following' | 'outcome'>

export abstract class KindService<E extends OutcomeFields, G, V> {
  protected readonly writes: ReferencedWrites<E, G, unknown, unknown>
  readonly #starting = new Flights<V>()

  constructor(
    protected readonly kind: WriteKind<E, G, unknown, unknown>,
    // The core's calls, and forgetting a first send that never left.
    protected readonly journal: EntryStore<E> & { remove(reference: string): void },
    private readonly base: KindServiceDeps<G, V>,
    private readonly options: KindServiceOptions = {},
  ) {
    this.writes = writesFor(kind, journal, base, {
      publish: (entry) => base.publish(this.view(entry)),
      defaultWindowMs: options.defaultWindowMs,
    })
  }

  /** An entry as the feature's screens show it, with what every kind shows alike (`shared`). */
  protected abstract show(entry: E, shared: Shared): V

  view(entry: E): V {
    const { kind } = this
    const following = !kind.final(entry) && this.writes.isFollowing(kind.referenceOf(entry))
    const of = { ...entry, startedById: kind.startedById(entry), open: kind.open(entry) }
    const outcome = decisionOutcomeView(of, this.base.actor(), kind.words)
    return this.show(entry, { following, outcome })
  }

  /** Picks up every entry that was still open when the till last stopped. */
  resume(): void {
    this.writes.resume()
  }

  stop(): void {
    this.writes.stop()
  }

  /** One new request at a time per `key` (a payment's refund, a mandate's debit): one click, one. */
  protected oneAtATime(key: string, busy: () => Error, start: () => Promise<V>): Promise<V> {
    if (this.#starting.busy(key)) throw busy()
    return this.#starting.run(key, start)
  }

  /**
   * The first send of a new entry, journal first: from the moment it is on disk a crash or a
   * lost answer is settled by its reference. When nothing can have reached the gateway (no
   * gateway, or its definite refusal) the entry is forgotten and the refusal thrown in words.
   */
  protected async first(entry: E, failure: ErrorContext): Promise<Submitted<E>> {
    const reference = this.kind.referenceOf(entry)
    this.base.log.info(`${this.kind.words.noun} sending`, { reference })
    this.journal.put(entry)
    let gateway: G | undefined
    try {
      gateway = await this.base.gateway()
      return await this.writes.submit(this.journal.get(reference) as E, gateway)
    } catch (error) {
      // No gateway was opened: nothing can have left. Once one was, only the gateway's
      // definite refusal of the only request shows nothing exists there.
      const lost = gateway !== undefined && lostToTheTill((this.base.now ?? Date.now)(), error)
      if (!lost) {
        this.journal.remove(reference)
        throw cashierError(error, failure)
      }
      this.base.log.warn(`${this.kind.words.noun} outcome unknown`, { reference, kind: 'internal' })
      return { kind: 'unknown', entry: this.writes.lost(reference, lost) ?? entry }
    }
  }

  /**
   * "Check status" of an entry of this till: one follow-up now (joining one already out);
   * `refollow` follows it afresh when its follow-ups had stopped. Undefined: not this till's.
   */
  protected async checkOwn(reference: string, refollow = false): Promise<V | undefined> {
    const known = this.journal.get(reference)
    if (!known) return undefined
    const { writes } = this
    const entry = await writes.check(reference)
    if (refollow && entry && !this.kind.final(entry) && !writes.inReview(entry))
      if (!writes.isFollowing(reference)) writes.follow(reference)
    return this.view(entry ?? known)
  }

  /** This till's entries the gateway has not confirmed, or whose alarm waits, for a supervisor. */
  unsettled(): V[] {
    const { kind } = this
    const listed = (e: E) => kind.open(e) && (this.options.listsInFlight || Boolean(e.uncertainty))
    return this.journal
      .list()
      .filter((e) => listed(e) || awaitsAcknowledgement(e.alarm))
      .map((e) => this.view(e))
  }

  /**
   * A supervisor who did not start it closes an entry whose outcome is unknown: made (with the
   * gateway's reference) or not (with a reason), re-entering their PIN; never while a request
   * for it may still land (fence.ts). The decision is kept in the entry, the record of it.
   */
  async decideOutcome(input: OutcomeDecisionInput | RefundDecisionInput): Promise<V> {
    const made = input.outcome === 'paid' || input.outcome === 'refunded'
    const decision = { ...input, outcome: made ? 'paid' : 'not_paid' } as OutcomeDecisionInput
    return this.view(await this.writes.decide(input.reference, decision))
  }

  /** A supervisor has read the alarm of an entry the gateway settled against a decision. */
  acknowledgeAlarm(reference: string): V {
    return this.view(this.writes.acknowledge(reference))
  }
}
