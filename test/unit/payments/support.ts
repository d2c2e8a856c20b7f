// Shared by the payments, refunds, mandates and reports unit tests: gateway errors as the real
// client raises them, manual timers, a recording publisher, and a check of main's keyed words.
import { GatewayError, type GatewayErrorKind } from '../../../main/gateway/errors'
import type { Timers } from '../../../main/exactly-once/follower'
import { silentLogger } from '../../../main/kernel/log'
import type { FieldError } from '../../../common/api/errors'
import { expect } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'

export const log = silentLogger

export function gwError(
  kind: GatewayErrorKind,
  options: {
    status?: number | null
    code?: string | null
    message?: string | null
    outcomeUnknown?: boolean
    fieldErrors?: FieldError[]
    method?: string
    retryAfterMs?: number | null
    /** For a 404: the JSON answer said the record does not exist (the default for a 404). */
    recordAbsent?: boolean
  } = {},
): GatewayError {
  const status =
    options.status !== undefined
      ? options.status
      : ((
          {
            not_found: 404,
            conflict: 409,
            validation: 400,
            unprocessable: 422,
            server: 500,
            rate_limited: 429,
            invalid_api_key: 401,
            missing_capability: 403,
          } as Partial<Record<GatewayErrorKind, number>>
        )[kind] ?? null)
  return new GatewayError({
    kind,
    status,
    gatewayMessage: options.message ?? null,
    code: options.code ?? null,
    fieldErrors: options.fieldErrors ?? [],
    endpoint: 'test',
    method: options.method ?? 'POST',
    path: '/test',
    capability: null,
    retryPolicy: 'by_reference',
    outcomeUnknown: options.outcomeUnknown ?? (kind === 'server' || kind === 'timeout'),
    retryable: false,
    retryAfterMs: options.retryAfterMs ?? null,
    recordAbsent: options.recordAbsent ?? kind === 'not_found',
  })
}

/** Timers driven by the test: `advance(ms)` runs whatever falls due, awaiting each run. */
export class ManualTimers implements Timers {
  #now: number
  #next = 1
  readonly #due = new Map<number, { at: number; run: () => void }>()

  constructor(start = Date.UTC(2025, 0, 15, 10, 0, 0)) {
    this.#now = start
  }

  now(): number {
    return this.#now
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++
    this.#due.set(id, { at: this.#now + ms, run })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.#due.delete(handle as number)
  }

  get pending(): number {
    return this.#due.size
  }

  async advance(ms: number): Promise<void> {
    const end = this.#now + ms
    for (;;) {
      const next = [...this.#due.entries()].sort((a, b) => a[1].at - b[1].at)[0]
      if (!next || next[1].at > end) break
      this.#due.delete(next[0])
      this.#now = next[1].at
      next[1].run()
      await flush()
    }
    this.#now = end
  }
}

/** Lets pending promise chains settle. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export function recorder<T>(): { publish: (value: T) => void; seen: T[] } {
  const seen: T[] = []
  return { seen, publish: (value) => void seen.push(structuredClone(value)) }
}

/** A completed ₦100.00 payment as the gateway's verify answers it, for the refund suites. */
export function paidPayment(): Record<string, unknown> {
  return {
    reference: 'PAY_1',
    status: 'success',
    email: 'buyer@example.com',
    amount: 10_000,
    currency: 'NGN',
    amount_refunded: 0,
  }
}

/** An empty refunds list, paging block and all. */
export function noRefunds(): Record<string, unknown> {
  return {
    status: true,
    data: [],
    pagination: { page: 1, page_size: 100, total_items: 0, total_pages: 1 },
  }
}

/**
 * `say` makes main's English `message` and says it in French with no word of the English
 * catalogue (a host name is data).
 */
export function expectKeyed(message: string | null, say: Said | undefined) {
  expect(say, message ?? '').toBeDefined()
  expect(english(say!)).toBe(message)
  const french = sayIn(ERROR_WORDS.fr, say!, 'fr-CI')!
  expect(englishIn(french.replace(/[\w-]+(\.[\w-]+)+(:\d+)?/g, ' ')), french).toEqual([])
}
