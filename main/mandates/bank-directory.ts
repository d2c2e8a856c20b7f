// The gateway's bank list, cached per gateway for an hour: the mandate form's bank picker and
// the bank names on mandates read it, and banks change rarely.
import type { BankOption } from '../../common/ipc/payouts'
import type { GatewayClient } from '../gateway'

export type BanksGateway = { banks: Pick<GatewayClient['banks'], 'list'> }

const TTL_MS = 60 * 60 * 1000

export class BankDirectory {
  #cache: { key: string; at: number; banks: BankOption[] } | null = null

  constructor(
    private readonly deps: {
      gateway: () => Promise<BanksGateway>
      /** Identifies the gateway (its base URL), so switching environment refetches. */
      gatewayKey: () => string | null
      now: () => number
    },
  ) {}

  async list(): Promise<BankOption[]> {
    const key = this.deps.gatewayKey() ?? ''
    const cached = this.#cache
    if (cached && cached.key === key && this.deps.now() - cached.at < TTL_MS) return cached.banks
    const gateway = await this.deps.gateway()
    const answer = await gateway.banks.list({ country_code: 'NG' })
    const banks = answer.data
      .map((b) => ({ code: b.code, name: b.name }))
      .sort((a, b) => a.name.localeCompare(b.name))
    this.#cache = { key, at: this.deps.now(), banks }
    return banks
  }

  /** The cached list only; never waits on the network (for labels). */
  nameOf(code: string): string | null {
    return this.#cache?.banks.find((b) => b.code === code)?.name ?? null
  }

  /** Codes of the cached list, or null when none is cached yet. */
  knownCodes(): ReadonlySet<string> | null {
    return this.#cache ? new Set(this.#cache.banks.map((b) => b.code)) : null
  }
}
