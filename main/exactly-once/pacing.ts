// The pace the gateway asks of every money-moving request on one environment. A Retry-After met
// by a send holds back every send and resend of every kind until it has passed; one met by a
// lookup, the next lookup of that reference only. The hold is checked just before a request
// leaves (so one that waited for its journal record does not go either) and refuses it as the
// gateway would have (429): "not processed, try again later". Kept in memory per running till
// and environment (the key names the base URL and key, like trust.ts).
import { GatewayError } from '../gateway/errors'
import { concluded } from './submit'
import { tillTrust, type TrustScope } from './trust'

/** A 429 that named no wait: this long before the next try. */
const DEFAULT_HOLD_MS = 1_000

/** A request the till did not let leave: the gateway's wait still holds. */
const held = (waitMs: number, method: string): GatewayError =>
  new GatewayError({
    ...concluded,
    kind: 'rate_limited',
    endpoint: 'held',
    method,
    retryable: true,
    retryAfterMs: Math.max(0, waitMs),
    detail: 'held back by an earlier Retry-After; not sent',
  })

/** The holds of each environment the till talks to, under its key (`key()` at each call). */
export class Pacing {
  /** Until when (epoch ms) the sends of an environment, or the lookups of a reference, wait. */
  readonly #holds = new Map<string, number>()

  constructor(
    private readonly now: () => number = Date.now,
    private readonly key: () => string | null = () => null,
  ) {}

  /** Until when sending is held back (epoch ms), or null when a send may leave now. */
  sendingHeld(): number | null {
    return this.#held(`${this.key()} send`)
  }

  /** A first send or a resend: refused while held; a 429 met holds every send. */
  send<T>(request: () => Promise<T>): Promise<T> {
    return this.#through(`${this.key()} send`, 'POST', request)
  }

  /** A lookup of `reference`: refused while held; a 429 met holds this reference's lookups. */
  lookup<T>(reference: string, request: () => Promise<T>): Promise<T> {
    return this.#through(`${this.key()} lookup ${reference}`, 'GET', request)
  }

  #held(key: string): number | null {
    const until = this.#holds.get(key) ?? 0
    if (this.now() < until) return until
    this.#holds.delete(key)
    return null
  }

  async #through<T>(key: string, method: string, request: () => Promise<T>): Promise<T> {
    const until = this.#held(key)
    if (until !== null) throw held(until - this.now(), method)
    try {
      return await request()
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'rate_limited') {
        const wait = error.retryAfterMs ?? DEFAULT_HOLD_MS
        this.#holds.set(key, Math.max(this.#holds.get(key) ?? 0, this.now() + wait))
      }
      throw error
    }
  }
}

const paces = new WeakMap<object, Pacing>()

/** The pacing of this till, shared by every kind, keyed by the environment of the moment. */
export function pacingOf(scope: TrustScope): Pacing {
  let pace = paces.get(scope)
  if (!pace) paces.set(scope, (pace = new Pacing(scope.now, tillTrust(scope).key)))
  return pace
}

/**
 * At most `size` pieces of work asking the gateway at once. A journal write that gates the
 * next request is no gateway request: `off` gives the slot to other work meanwhile and takes
 * one back afterwards, before any new work.
 */
export class Slots {
  #free: number
  readonly #back: (() => void)[] = []
  readonly #waiting: (() => void)[] = []
  readonly #running = new Set<Promise<unknown>>()

  constructor(size: number) {
    this.#free = Math.max(1, size)
  }

  /** Runs `work` once a slot is free (`idle` waits for it from now on). */
  run<T>(work: () => Promise<T>): Promise<T> {
    const running = this.#take(this.#waiting).then(() => work().finally(() => this.#give()))
    this.#running.add(running)
    void running.catch(() => undefined).then(() => this.#running.delete(running))
    return running
  }

  async off<T>(write: Promise<T>): Promise<T> {
    this.#give()
    try {
      return await write
    } finally {
      await this.#take(this.#back)
    }
  }

  /** Every piece of work started so far has ended. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running])
  }

  #take(queue: (() => void)[]): Promise<void> {
    if (this.#free === 0) return new Promise((resolve) => queue.push(resolve))
    this.#free--
    return Promise.resolve()
  }

  #give(): void {
    const next = this.#back.shift() ?? this.#waiting.shift()
    if (next) next()
    else this.#free++
  }
}
