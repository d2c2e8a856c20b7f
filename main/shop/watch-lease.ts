// One watcher per shop: which till polls the gateway for everyone. The lease is a PostgreSQL
// session-level advisory lock, held on a connection of its own: when the watching till dies
// or loses the server its session ends and the lock is free, and another till, trying once a
// second, takes it within seconds. No table and no new grant: any login may take an advisory
// lock, LISTEN and NOTIFY. The holder says it is alive on the `tilldesk_watch` channel once a
// second (its till's name, its till's gateway requests in the last minute); every other till
// says its own requests every few seconds, so each till knows the whole shop's rate; a till
// that needs a look now (the cashier pressed "Customer says it's sent") says so on the same
// channel.
// Notifications are not stored: they are hints; the transfers found travel as signed events.
import pg from 'pg'
import { clientConfig, type ShopLogin, type ShopServer } from './connection'

/** The lock's key: one per database (a chain runs one database or schema per shop). */
export const WATCH_LOCK_KEY = 7243100002
export const WATCH_CHANNEL = 'tilldesk_watch'

export interface WatcherHeard {
  tillId: string
  tillName: string
  /** When this till last heard it (its own clock, ms). */
  heardAt: number
  /** The watching till's own gateway requests in the last minute, as it said them. */
  requestsPerMin: number
  /** When the webhook relay was last heard from (the relay's own NOTIFY), ISO; null: never. */
  relayHeardAt: string | null
}

export interface WatchLeaseOptions {
  server: ShopServer
  login: ShopLogin
  tillId: string
  tillName: string
  /**
   * Which gateway this till confirms on (environment and address): a watcher on another
   * gateway (another till's own Demo) does not cover this till, which then polls for itself.
   */
  scope(): string
  /** This till's own gateway requests in the last minute (every request, not only polls). */
  requestsPerMin(): number
  onHolderChange(holding: boolean): void
  /** Another till asks the watcher to look at an account now. */
  onNudge(accountReference: string): void
  /** The relay woke the tills: a webhook about this account arrived (null: its heartbeat). */
  onRelay?(accountReference: string | null): void
  /** How often a till that doesn't hold the lease tries to take it, ms. */
  tryEveryMs?: number
  /** After how long without a heartbeat the watcher is taken for gone, ms. */
  staleAfterMs?: number
  onError?(error: unknown): void
  now?(): number
}

/** A till that is not watching says its own request rate this often (in lease ticks). */
const RATE_EVERY_TICKS = 5
/** What a till said of its rate counts this long (a few of its beats), ms. */
const RATE_HEARD_MS = 12_000

export class WatchLease {
  readonly #o: WatchLeaseOptions
  #client: pg.Client | null = null
  #holding = false
  #stopped = true
  #timer: NodeJS.Timeout | null = null
  #heard: (WatcherHeard & { scope: string }) | null = null
  #relayHeardAt: string | null = null
  #connecting: Promise<void> | null = null
  /** Each other till's own rate as it last said it, on this till's gateway only. */
  readonly #rates = new Map<string, { requestsPerMin: number; heardAt: number }>()
  #ticks = 0

  constructor(options: WatchLeaseOptions) {
    this.#o = options
  }

  #now(): number {
    return (this.#o.now ?? Date.now)()
  }

  get holding(): boolean {
    return this.#holding
  }

  /** The watching till as last heard (this till when it holds the lease); null when none is. */
  watcher(): WatcherHeard | null {
    if (this.#holding)
      return {
        tillId: this.#o.tillId,
        tillName: this.#o.tillName,
        heardAt: this.#now(),
        requestsPerMin: this.#o.requestsPerMin(),
        relayHeardAt: this.#relayHeardAt,
      }
    const h = this.#heard
    if (!h || this.#now() - h.heardAt > (this.#o.staleAfterMs ?? 3_000)) return null
    const { scope: _scope, ...heard } = h
    return { ...heard, relayHeardAt: this.#relayHeardAt }
  }

  /** When the webhook relay was last heard (by this till, watching or not); null: never. */
  get relayHeardAt(): string | null {
    return this.#relayHeardAt
  }

  /**
   * The whole shop's gateway requests in the last minute: this till's own and what each other
   * till on the same gateway said of its own within the last few seconds.
   */
  shopRequestsPerMin(): number {
    let total = this.#o.requestsPerMin()
    const since = this.#now() - RATE_HEARD_MS
    for (const [tillId, r] of this.#rates)
      if (r.heardAt < since) this.#rates.delete(tillId)
      else total += r.requestsPerMin
    return total
  }

  /** True when a watcher (this till or another) is live: this till need not poll itself. */
  delegated(): boolean {
    if (this.#holding) return true
    return this.watcher() !== null && this.#heard?.scope === this.#o.scope()
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    const every = this.#o.tryEveryMs ?? 1_000
    this.#timer = setInterval(() => void this.#tick(), every)
    this.#timer.unref?.()
    void this.#tick()
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      ...clientConfig(this.#o.server, this.#o.login, 'tilldesk-watch'),
      keepAlive: true,
      keepAliveInitialDelayMillis: 2_000,
      query_timeout: 5_000,
    })
    const lost = (error: unknown) => {
      if (this.#client !== client) return
      this.#client = null
      client.removeAllListeners()
      client.on('error', () => undefined)
      void client.end().catch(() => undefined)
      this.#setHolding(false)
      if (!this.#stopped) this.#o.onError?.(error)
    }
    client.on('error', lost)
    client.on('end', () => lost(new Error('shop watch connection ended')))
    client.on('notification', (n) => this.hear(n.payload ?? ''))
    await client.connect()
    // The server notices a till that vanished (power cut, cable) within seconds, not hours,
    // so its lock is freed for another till.
    await client.query(
      'set tcp_keepalives_idle = 3; set tcp_keepalives_interval = 1; set tcp_keepalives_count = 3',
    )
    await client.query(`listen ${WATCH_CHANNEL}`)
    this.#client = client
  }

  async #tick(): Promise<void> {
    if (this.#stopped) return
    try {
      if (!this.#client) {
        this.#connecting ??= this.#connect().finally(() => (this.#connecting = null))
        await this.#connecting
      }
      const client = this.#client
      if (!client) return
      if (!this.#holding && !this.delegated()) {
        const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          WATCH_LOCK_KEY,
        ])
        if (got.rows[0]?.ok === true) this.#setHolding(true)
      }
      if (this.#holding) await this.#say({ type: 'heartbeat' })
      else if (this.#ticks++ % RATE_EVERY_TICKS === 0) await this.#say({ type: 'rate' })
    } catch (error) {
      const client = this.#client
      this.#client = null
      if (client) {
        client.removeAllListeners()
        client.on('error', () => undefined)
        void client.end().catch(() => undefined)
      }
      this.#setHolding(false)
      this.#o.onError?.(error)
    }
  }

  #setHolding(holding: boolean): void {
    if (holding === this.#holding) return
    this.#holding = holding
    this.#o.onHolderChange(holding)
  }

  async #say(message: Record<string, unknown>): Promise<void> {
    const client = this.#client
    if (!client) return
    const payload = JSON.stringify({
      ...message,
      tillId: this.#o.tillId,
      tillName: this.#o.tillName,
      scope: this.#o.scope(),
      requestsPerMin: this.#o.requestsPerMin(),
    })
    await client.query('select pg_notify($1, $2)', [WATCH_CHANNEL, payload])
  }

  /** One notification on the shop's watch channel (public for the tests that feed it). */
  hear(payload: string): void {
    let m: Record<string, unknown>
    try {
      m = JSON.parse(payload) as Record<string, unknown>
    } catch {
      return
    }
    if (typeof m !== 'object' || m === null) return
    if (m.type === 'relay') {
      this.#relayHeardAt = new Date(this.#now()).toISOString()
      const account = typeof m.accountReference === 'string' ? m.accountReference : null
      // A reason to look now, never proof: only the watcher acts, by asking the gateway.
      if (this.#holding) this.#o.onRelay?.(account)
      return
    }
    if (m.tillId === this.#o.tillId || typeof m.tillId !== 'string') return
    const said = m.requestsPerMin
    const requestsPerMin =
      typeof said === 'number' && Number.isSafeInteger(said) && said >= 0 ? said : null
    const scope = typeof m.scope === 'string' ? m.scope : ''
    // Each till's own rate, on this till's gateway (another gateway is another budget).
    if ((m.type === 'heartbeat' || m.type === 'rate') && requestsPerMin !== null)
      if (scope === this.#o.scope())
        this.#rates.set(m.tillId, { requestsPerMin, heardAt: this.#now() })
    if (m.type === 'heartbeat') {
      this.#heard = {
        tillId: m.tillId,
        tillName: typeof m.tillName === 'string' ? m.tillName.slice(0, 80) : m.tillId,
        heardAt: this.#now(),
        requestsPerMin: requestsPerMin ?? 0,
        relayHeardAt: this.#relayHeardAt,
        scope,
      }
    } else if (m.type === 'nudge' && this.#holding && typeof m.accountReference === 'string')
      this.#o.onNudge(m.accountReference)
  }

  /** Asks the watching till to look at this account now (best effort: a hint). */
  nudge(accountReference: string): void {
    void this.#say({ type: 'nudge', accountReference }).catch(() => undefined)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    const client = this.#client
    this.#client = null
    this.#setHolding(false)
    if (client) {
      client.removeAllListeners()
      client.on('error', () => undefined)
      // Ending the session frees the lock at once for another till.
      await client.end().catch(() => undefined)
    }
  }
}
