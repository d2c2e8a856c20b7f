// A small model of a gateway that keys every write by our reference, for the exactly-once
// model test and the decision-race bench. Each write and lookup meets a fault chosen by a
// seeded random source: lost before or after the commit, held on the wire and answered (or
// lost) later, landing late (committed after the till gave up on it), commit lag (a committed
// record a lookup can't see yet), a record of another reference, an HTML page, a route 404.
// It remembers every write call with its time, so "nothing sent after a decision" is checked
// against what actually left the till. Given `reversals`, it also takes back some records it
// showed made, at a seeded moment within a window after it first showed them made (a transfer
// `success` → `reversed`, when the receiving bank returns the money).
import { GatewayError, type GatewayErrorKind } from '../../main/gateway/errors'
import { deferred, type Deferred } from './deferred'

export type Random = () => number

/** mulberry32: small, seeded, reproducible. */
export function seeded(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface ModelRecord {
  reference: string
  status: string
  /** Time the record became visible to lookups (commit lag). */
  visibleAt: number
  /** When the gateway takes back this made record (see Reversals); absent: never. */
  reversesAt?: number
}

/** The gateway taking back some records it showed made. */
export interface Reversals {
  /** The status a record taken back shows. */
  status: string
  /** Chance that a record, once made, is taken back later. */
  chance: number
  /** At most this long after the gateway first showed it made. */
  withinMs: number
}

interface Held {
  reference: string
  wire: Deferred<void>
  /** Whether the write commits when it is answered. */
  commits: boolean
}

export function gwError(
  kind: GatewayErrorKind,
  status: number | null,
  extra: { recordAbsent?: boolean; code?: string; method?: string } = {},
): GatewayError {
  return new GatewayError({
    kind,
    status,
    gatewayMessage: null,
    code: extra.code ?? null,
    endpoint: 'model',
    method: extra.method ?? 'POST',
    path: '/model',
    capability: null,
    retryPolicy: 'by_reference',
    outcomeUnknown: kind === 'timeout' || kind === 'server' || kind === 'network',
    retryable: false,
    recordAbsent: extra.recordAbsent ?? kind === 'not_found',
    detail: kind === 'bad_response' ? 'an HTML page' : null,
  })
}

export class ModelGateway {
  readonly records = new Map<string, ModelRecord>()
  /** Every write call that left the till: reference and time. */
  readonly writes: Array<{ reference: string; at: number }> = []
  readonly held: Held[] = []
  /** Writes lost after the gateway took them but committed only later (a late landing). */
  readonly late: Array<{ reference: string; landsAt: number }> = []
  /** References whose record the gateway took back, in the order it did. */
  readonly reversed: string[] = []
  faults = true

  constructor(
    private readonly random: Random,
    private readonly now: () => number,
    private readonly finals: { ok: string; failed: string; initial: string },
    private readonly reversals: Reversals | null = null,
  ) {}

  #chance(p: number): boolean {
    return this.faults && this.random() < p
  }

  #commit(reference: string): ModelRecord {
    const existing = this.records.get(reference)
    if (existing) return existing
    const lag = this.#chance(0.3) ? 1_000 + this.random() * 8_000 : 0
    const record = { reference, status: this.finals.initial, visibleAt: this.now() + lag }
    this.records.set(reference, record)
    return record
  }

  /** A write with our reference: a 409 if it exists, else committed (or a fault). */
  async write(reference: string): Promise<ModelRecord> {
    this.writes.push({ reference, at: this.now() })
    this.tick()
    if (this.records.has(reference)) throw gwError('conflict', 409, { code: 'duplicate_reference' })
    const roll = this.faults ? this.random() : 1
    if (roll < 0.1) throw gwError('timeout', null)
    if (roll < 0.2) {
      this.#commit(reference)
      throw gwError('timeout', null)
    }
    if (roll < 0.27) {
      this.late.push({ reference, landsAt: this.now() + 2_000 + this.random() * 20_000 })
      throw gwError('server', 502)
    }
    if (roll < 0.37) {
      const wire = deferred<void>()
      const commits = this.random() < 0.6
      this.held.push({ reference, wire, commits })
      await wire.promise
      if (!commits) throw gwError('timeout', null)
      if (this.records.has(reference))
        throw gwError('conflict', 409, { code: 'duplicate_reference' })
      return { ...this.#commit(reference) }
    }
    return { ...this.#commit(reference) }
  }

  /** A lookup by our reference (or one of the ways a gateway can fail to answer it). */
  async lookup(reference: string): Promise<ModelRecord> {
    this.tick()
    const roll = this.faults ? this.random() : 1
    if (roll < 0.05) throw gwError('not_found', 404, { recordAbsent: false, method: 'GET' })
    if (roll < 0.1) throw gwError('bad_response', 502, { method: 'GET' })
    if (roll < 0.15) throw gwError('server', 503, { method: 'GET' })
    const record = this.records.get(reference)
    if (roll < 0.2 && this.records.size > 0) {
      const other = [...this.records.values()].find((r) => r.reference !== reference)
      if (other) return { ...other, status: this.finals.ok }
    }
    if (!record || record.visibleAt > this.now())
      throw gwError('not_found', 404, { recordAbsent: true, method: 'GET' })
    // Records settle as time goes by: mostly made, some failed.
    if (record.status === this.finals.initial && this.random() < 0.4) {
      record.status = this.random() < 0.85 ? this.finals.ok : this.finals.failed
      const r = this.reversals
      if (r && record.status === this.finals.ok && this.random() < r.chance)
        record.reversesAt = this.now() + this.random() * r.withinMs
    }
    return { ...record }
  }

  /** Late landings that are due commit now; reversals that are due take their records back. */
  tick(): void {
    for (const landing of [...this.late]) {
      if (landing.landsAt <= this.now()) {
        this.late.splice(this.late.indexOf(landing), 1)
        this.#commit(landing.reference)
      }
    }
    if (!this.reversals) return
    for (const record of this.records.values()) {
      if (record.reversesAt === undefined || record.reversesAt > this.now()) continue
      delete record.reversesAt
      record.status = this.reversals.status
      this.reversed.push(record.reference)
    }
  }

  /** Whether a record is still to be taken back: the gateway has not answered everything. */
  reversing(): boolean {
    // The gateway's clock takes records back, whether or not anyone looks them up.
    this.tick()
    return [...this.records.values()].some((record) => record.reversesAt !== undefined)
  }

  /** Answers one held write (the driver picks which). */
  release(index: number): void {
    const [held] = this.held.splice(index, 1)
    held?.wire.resolve()
  }

  /**
   * Everything still on the wire answers, every late landing lands, every reversal planned
   * happens now (still within its window, which ran from a moment before), faults stop. A
   * record made after this may still be taken back (`reversing` says while one is planned).
   */
  drain(): void {
    this.faults = false
    for (const held of this.held.splice(0)) held.wire.resolve()
    for (const landing of this.late) landing.landsAt = 0
    for (const record of this.records.values())
      if (record.reversesAt !== undefined) record.reversesAt = 0
    this.tick()
  }
}
