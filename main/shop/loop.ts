// Keeps one till in step with the shop: a sync round when the database says another till wrote
// (LISTEN/NOTIFY), after this till records something, and on a slow timer as a safety net.
// A lost connection only means working alone until the next round reaches the server again;
// the listener reconnects with backoff.
import pg from 'pg'
import { clientConfig, type ShopLogin, type ShopServer } from './connection'
import type { ShopSync } from './sync'

export interface ShopLoopOptions {
  server: ShopServer
  login: ShopLogin
  sync: ShopSync
  /** The safety-net round, ms. */
  intervalMs?: number
  /** How long a notice waits for others to join it before the pull, ms. */
  coalesceMs?: number
  /** Longest wait between listener reconnects, ms. */
  maxBackoffMs?: number
  onError?: (error: unknown) => void
}

export class ShopSyncLoop {
  readonly #o: ShopLoopOptions
  #timer: NodeJS.Timeout | null = null
  #listener: pg.Client | null = null
  #reconnect: NodeJS.Timeout | null = null
  #pending: NodeJS.Timeout | null = null
  #backoff = 500
  #stopped = true

  constructor(options: ShopLoopOptions) {
    this.#o = options
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    this.#timer = setInterval(() => void this.#o.sync.syncOnce(), this.#o.intervalMs ?? 15_000)
    this.#timer.unref?.()
    void this.#listen()
    void this.#o.sync.syncOnce()
  }

  /**
   * Every insert by any till notifies every till; under load that is hundreds a second. One
   * round shortly after the first notice serves all that arrive meanwhile, which bounds each
   * till's pulls to a few a second at the cost of `coalesceMs` of latency.
   */
  #soon(): void {
    if (this.#pending) return
    this.#pending = setTimeout(() => {
      this.#pending = null
      void this.#o.sync.syncOnce()
    }, this.#o.coalesceMs ?? 50)
    this.#pending.unref?.()
  }

  /** After this till records an event: push it now rather than at the next timer. */
  nudge(): Promise<void> {
    return this.#o.sync.syncOnce()
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return
    const { server, login } = this.#o
    const client = new pg.Client({
      ...clientConfig(server, login, 'tilldesk-listen'),
      keepAlive: true,
    })
    const retry = (error: unknown) => {
      if (this.#listener === client) this.#listener = null
      client.removeAllListeners()
      void client.end().catch(() => undefined)
      if (this.#stopped) return
      this.#o.onError?.(error)
      // The listener's connection is the first to notice the server going away: a round now
      // turns that into the till's status at once, instead of at the next timer.
      void this.#o.sync.syncOnce()
      const wait = this.#backoff
      this.#backoff = Math.min(this.#backoff * 2, this.#o.maxBackoffMs ?? 30_000)
      this.#reconnect = setTimeout(() => void this.#listen(), wait)
      this.#reconnect.unref?.()
    }
    client.on('error', retry)
    client.on('end', () => retry(new Error('shop listener connection ended')))
    client.on('notification', () => this.#soon())
    try {
      await client.connect()
      await client.query('listen tilldesk_events')
      this.#listener = client
      this.#backoff = 500
      // Whatever was written while we weren't listening.
      void this.#o.sync.syncOnce()
    } catch (error) {
      retry(error)
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearInterval(this.#timer)
    if (this.#reconnect) clearTimeout(this.#reconnect)
    if (this.#pending) clearTimeout(this.#pending)
    this.#timer = null
    const listener = this.#listener
    this.#listener = null
    if (listener) {
      listener.removeAllListeners()
      listener.on('error', () => undefined)
      await listener.end().catch(() => undefined)
    }
  }
}
