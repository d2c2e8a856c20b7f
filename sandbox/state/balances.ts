// The merchant's money in the sandbox: the payout balance (large by default so payout benches
// never run dry) and the pool of collected direct-debit funds that /direct-debits/disburse
// draws from. Debited when a transfer is accepted, credited back if it fails or is reversed.
import { CURRENCIES, add, subtract, type Currency, type Minor } from '../../common/money'
import type { Persistable } from './context'

export type Pool = 'merchant' | 'direct_debit'

/** ₦100 billion (and the same number of units in every currency), in minor units. */
export const DEFAULT_MERCHANT_BALANCE = 10_000_000_000_000 as Minor

export class Balances implements Persistable {
  private pools: Record<Pool, Map<Currency, Minor>>

  constructor(
    private readonly initial: Minor = DEFAULT_MERCHANT_BALANCE,
    private readonly changed: () => void = () => {},
  ) {
    this.pools = Balances.fresh(initial)
  }

  private static fresh(initial: Minor): Record<Pool, Map<Currency, Minor>> {
    return {
      merchant: new Map(CURRENCIES.map((c) => [c, initial])),
      direct_debit: new Map(CURRENCIES.map((c) => [c, 0 as Minor])),
    }
  }

  available(pool: Pool, currency: Currency): Minor {
    return this.pools[pool].get(currency) ?? (0 as Minor)
  }

  /** Takes money out; false (and nothing changes) when there is not enough. */
  take(pool: Pool, currency: Currency, amount: Minor): boolean {
    const current = this.available(pool, currency)
    if (amount > current) return false
    this.pools[pool].set(currency, subtract(current, amount))
    this.changed()
    return true
  }

  put(pool: Pool, currency: Currency, amount: Minor): void {
    this.pools[pool].set(currency, add(this.available(pool, currency), amount))
    this.changed()
  }

  snapshot(): unknown {
    return {
      merchant: Object.fromEntries(this.pools.merchant),
      direct_debit: Object.fromEntries(this.pools.direct_debit),
    }
  }

  restore(data: unknown): void {
    this.pools = Balances.fresh(this.initial)
    const saved = data as Partial<Record<Pool, Record<string, number>>> | undefined
    for (const pool of ['merchant', 'direct_debit'] as const)
      for (const [currency, value] of Object.entries(saved?.[pool] ?? {}))
        if ((CURRENCIES as readonly string[]).includes(currency) && Number.isSafeInteger(value))
          this.pools[pool].set(currency as Currency, value as Minor)
  }
}
