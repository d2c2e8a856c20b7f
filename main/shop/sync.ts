// Shop sync for one till: push this till's events, pull the others' by a cursor, and say
// whether the shop is reachable. The server is never needed to take a payment or draft a
// payout: `record` only writes the local log, and a sync that can't reach the server leaves
// the till working alone, as a single till does, with the status saying so.
//
// What the database guarantees and this code relies on (main/shop/migrations/0001-shop.ts):
//   - an event id is stored once (`on conflict do nothing` makes a re-push harmless);
//   - server_seq order is commit order, so a reader's cursor never skips a late commit;
//   - a till's login can insert only its own till's events, and nobody can change or delete one.
// What the readers check themselves: each event's Ed25519 signature against the public key
// pinned for its till in this till's keychain (pins.ts), never a key read from the table alone,
// and that each till's events arrive with no gap in till_seq.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { keyedFinding, type FindingInput } from '../integrity/findings'
import { signEvent, verifyEvent, type ShopEvent, type StoredEvent } from './events'
import type { LocalShopLog } from './local-log'
import { JOINED_KIND, PINNED_KIND, type SyncPins } from './pins'

export type ShopStatus =
  { state: 'online'; lastSyncAt: string } | { state: 'offline'; since: string; reason: string }

/** An event from another till that could not be accepted, kept for the admin to see. */
export interface RefusedEvent {
  serverSeq: number
  tillId: string
  eventId: string
  why: 'bad_signature' | 'unknown_till' | 'unpinned' | 'gap' | 'malformed' | 'not_admin'
}

/**
 * Settings' integrity finding for a refused event: what each refusal means, in words for the
 * admin, keyed (`shop.finding`) beside main's English; the English keeps the detail, which
 * only an engineer reads.
 */
export function refusedFinding(refused: RefusedEvent, detail?: string): FindingInput {
  return keyedFinding({
    area: 'shop',
    file: { key: 'shop.finding.file' },
    record: {
      key: 'shop.finding.record',
      params: { event: refused.eventId, till: refused.tillId },
    },
    problem: { key: `shop.finding.problem.${refused.why}` },
    consequence: { key: 'shop.finding.consequence' },
    detail: detail ?? null,
  })
}

export interface ShopSyncOptions {
  tillId: string
  privateKey: string
  log: LocalShopLog
  pool: pg.Pool
  /** Applies other tills' events, in server order. Throwing stops the pull at that event. */
  apply: (events: StoredEvent[]) => Promise<void> | void
  onStatus?: (status: ShopStatus) => void
  onRefused?: (refused: RefusedEvent) => void
  /** This till's own event as read back: its place in server order (for the audit log). */
  onOwn?: (eventId: string, serverSeq: number) => void
  /** Which keys to believe; absent: the table's (tests of sync alone, the bench). */
  pins?: SyncPins
  now?: () => number
  batch?: number
}

interface Row {
  server_seq: string
  event_id: string
  till_id: string
  till_seq: string
  kind: string
  body: unknown
  created_at: Date | string
  signature: string
  received_at: Date | string
}

export class ShopSync {
  readonly #o: ShopSyncOptions
  readonly #keys = new Map<string, string>()
  readonly #lastSeq = new Map<string, number>()
  /** Tills whose stream has a hole: nothing more of theirs is applied (the others go on). */
  readonly #stalled = new Set<string>()
  #resumed = false
  #status: ShopStatus
  #running: Promise<void> | null = null
  #followUp: Promise<void> | null = null

  constructor(options: ShopSyncOptions) {
    this.#o = options
    this.#status = { state: 'offline', since: this.#iso(), reason: 'not yet connected' }
  }

  #iso(): string {
    return new Date((this.#o.now ?? Date.now)()).toISOString()
  }

  get status(): ShopStatus {
    return this.#status
  }

  /**
   * Makes, signs and stores an event locally; it is pushed at the next sync once on disk.
   * Numbered and handed to the log at once, in the order of the calls (the log writes what
   * arrives during a flush together with the next one), so a burst waits for one fsync.
   */
  record(kind: string, body: Record<string, unknown>): Promise<ShopEvent> {
    const event = signEvent(
      {
        eventId: randomUUID(),
        tillId: this.#o.tillId,
        tillSeq: this.#o.log.nextSeq,
        kind,
        body,
        createdAt: this.#iso(),
      },
      this.#o.privateKey,
    )
    return this.#o.log.append(event).then(() => event)
  }

  /**
   * A push-then-pull round that starts after this call. A caller that arrives while a round is
   * running gets the one follow-up round (which sees whatever that caller recorded or was
   * told about), so triggers coalesce and none is lost. Never throws for the network.
   */
  syncOnce(): Promise<void> {
    if (!this.#running) {
      this.#running = this.#round().finally(() => {
        this.#running = null
      })
      return this.#running
    }
    this.#followUp ??= this.#running.then(() => {
      this.#followUp = null
      return this.syncOnce()
    })
    return this.#followUp
  }

  async #round(): Promise<void> {
    try {
      const confirmed = this.confirmed
      await this.#push()
      await this.#pull()
      // Confirmed in this pull: what waited for it goes now, not a round later, and the
      // status (which said it was waiting) is told again.
      const nowConfirmed = !confirmed && this.confirmed
      if (nowConfirmed) await this.#push()
      this.#setStatus({ state: 'online', lastSyncAt: this.#iso() }, nowConfirmed)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.#setStatus({
        state: 'offline',
        since: this.#status.state === 'offline' ? this.#status.since : this.#iso(),
        reason: reason.slice(0, 200),
      })
    }
  }

  #setStatus(next: ShopStatus, tell = false): void {
    const changed = next.state !== this.#status.state
    this.#status = next
    if (changed || tell) this.#o.onStatus?.(next)
  }

  /** False while this till waits for a till of the shop to pin it (it pushes only `till.joined`). */
  get confirmed(): boolean {
    return this.#o.pins?.confirmed(this.#o.tillId) ?? true
  }

  async #push(): Promise<void> {
    for (;;) {
      let pending = this.#o.log.pending(this.#o.batch ?? 200)
      if (!this.confirmed) {
        const held = pending.findIndex((e) => e.kind !== JOINED_KIND)
        if (held !== -1) pending = pending.slice(0, held)
      }
      if (pending.length === 0) return
      const values: unknown[] = []
      const rows = pending.map((e, i) => {
        values.push(
          e.eventId,
          e.tillId,
          e.tillSeq,
          e.kind,
          JSON.stringify(e.body),
          e.createdAt,
          e.signature,
        )
        const p = i * 7
        return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}::jsonb, $${p + 6}, $${p + 7})`
      })
      await this.#o.pool.query(
        `insert into events (event_id, till_id, till_seq, kind, body, created_at, signature)
         values ${rows.join(', ')} on conflict (event_id) do nothing`,
        values,
      )
      const last = pending.at(-1)?.tillSeq ?? 0
      await this.#o.log.saveCursor({ ...this.#o.log.cursor, pushedSeq: last })
    }
  }

  async #publicKey(tillId: string): Promise<string | null> {
    const known = this.#keys.get(tillId)
    if (known) return known
    const result = await this.#o.pool.query('select till_id, public_key from tills')
    for (const row of result.rows) this.#keys.set(String(row.till_id), String(row.public_key))
    const pins = this.#o.pins
    if (pins && pins.size === 0) await pins.adopt(this.#keys)
    for (const [id, key] of this.#keys) {
      const pinned = pins?.key(id)
      if (pinned && pinned !== key) pins?.keyChanged(id)
    }
    return this.#keys.get(tillId) ?? null
  }

  async #pull(): Promise<void> {
    if (!this.#resumed && this.#o.log.cursor.pulledSeq > 0) {
      // After a restart: where each till stood at our cursor, so the gap check holds across
      // it. till_seq starts at 1 and is unique per till, so fewer rows than the highest number
      // means a hole this reader already met: that till's stream stays stopped.
      const seen = await this.#o.pool.query(
        `select till_id, max(till_seq) as seq, count(*) as n
           from events where server_seq <= $1 group by till_id`,
        [this.#o.log.cursor.pulledSeq],
      )
      for (const row of seen.rows) {
        const tillId = String(row.till_id)
        this.#lastSeq.set(tillId, Number(row.seq))
        if (Number(row.n) !== Number(row.seq)) this.#stalled.add(tillId)
      }
    }
    this.#resumed = true
    for (;;) {
      const cursor = this.#o.log.cursor.pulledSeq
      const result = await this.#o.pool.query<Row>(
        `select server_seq, event_id, till_id, till_seq, kind, body, created_at, signature,
                received_at
           from events where server_seq > $1 order by server_seq limit $2`,
        [cursor, this.#o.batch ?? 500],
      )
      if (result.rows.length === 0) return
      const accepted: StoredEvent[] = []
      let through = cursor
      for (const row of result.rows) {
        const event = await this.#accept(row)
        through = Number(row.server_seq)
        if (event) accepted.push(event)
      }
      if (accepted.length > 0) await this.#o.apply(accepted)
      if (through === cursor) return
      await this.#o.log.saveCursor({ ...this.#o.log.cursor, pulledSeq: through })
      if (result.rows.length < (this.#o.batch ?? 500)) return
    }
  }

  /** An event to apply, or null to pass over (own, refused, or of a stopped stream). */
  async #accept(row: Row): Promise<StoredEvent | null> {
    const serverSeq = Number(row.server_seq)
    const tillId = String(row.till_id)
    if (tillId === this.#o.tillId) {
      this.#o.onOwn?.(String(row.event_id), serverSeq)
      return null
    }
    const refuse = (why: RefusedEvent['why']) => {
      this.#o.onRefused?.({ serverSeq, tillId, eventId: String(row.event_id), why })
      return null
    }
    const body = row.body
    const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at)
    const event: StoredEvent = {
      serverSeq,
      eventId: String(row.event_id),
      tillId,
      tillSeq: Number(row.till_seq),
      kind: String(row.kind),
      body: (body ?? {}) as Record<string, unknown>,
      createdAt: created.toISOString(),
      signature: String(row.signature),
      receivedAt: new Date(row.received_at).toISOString(),
    }
    const tableKey = await this.#publicKey(tillId)
    if (!tableKey) return refuse('unknown_till')
    const pins = this.#o.pins
    const key = pins ? pins.key(tillId) : tableKey
    // A stopped stream stays stopped: its events are passed over (and were reported once).
    if (this.#stalled.has(tillId)) return null
    const expected = (this.#lastSeq.get(tillId) ?? 0) + 1
    if (event.tillSeq !== expected) {
      // A till pushes in order from 1, and server order is commit order, so a hole means an
      // event was removed or withheld behind the database's back. Nothing after it from that
      // till is applied; the other tills' events go on being applied, and the cursor moves.
      this.#stalled.add(tillId)
      this.#o.onRefused?.({ serverSeq, tillId, eventId: event.eventId, why: 'gap' })
      return null
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      this.#lastSeq.set(tillId, expected)
      return refuse('malformed')
    }
    if (!key) {
      // Not pinned here: only its `till.joined` is looked at (the till that made its code
      // pins it). Its place in the stream is taken, so its events after a pin go on.
      this.#lastSeq.set(tillId, expected)
      if (pins && event.kind === JOINED_KIND && verifyEvent(event, tableKey)) {
        await pins.joined(event, tableKey)
        return null
      }
      return refuse('unpinned')
    }
    if (!verifyEvent(event, key)) {
      // Refused and reported, but its place in the till's sequence is taken: the database
      // stored it, so the till's next genuine event follows it, and the stream must go on.
      this.#lastSeq.set(tillId, expected)
      return refuse('bad_signature')
    }
    this.#lastSeq.set(tillId, event.tillSeq)
    if (pins && event.kind === PINNED_KIND) await pins.pinned(event)
    return event
  }
}
