// The bank list, cached on disk: refreshed once a day when the gateway is reachable, and used
// as is when it is not, so a cashier can pick a bank offline. Search matches names, word
// starts, initials ("gtb") and codes. The list decides which bank a payout goes to, so the
// file is sealed with the environment's device key; an unsealed or edited one is only a cache
// that failed: it is ignored and fetched again (an older sealed copy is an older answer of
// the gateway, and is refreshed when a day old).
import { readFile } from 'node:fs/promises'
import * as z from 'zod'
import { Bank } from '../../common/api/banks'
import type { Said } from '../../common/ipc/contract'
import { AppError } from '../kernel/errors'
import { writeFileAtomic } from '../kernel/atomicFile'
import { explainGatewayFailure, gatewayFailureSaid } from './explain'
import type { GatewayProvider } from './gatewayPort'
import { searchBanks } from '../../common/ipc/payouts'
import type { Sealer } from '../integrity'

const CacheFile = z.object({
  country: z.string(),
  fetchedAt: z.number().int(),
  banks: z.array(Bank),
})
type CacheFile = z.infer<typeof CacheFile>

export interface BanksSnapshot {
  banks: Bank[]
  /** When the list was last fetched from the gateway (ms), or null if never. */
  fetchedAt: number | null
  /** Older than a day: a refresh is due when the gateway is reachable. */
  stale: boolean
}

export interface BanksCacheOptions {
  file: string
  gateway: GatewayProvider
  now: () => number
  country?: string
  maxAgeMs?: number
  /** The environment's device key (main/integrity); null or absent: not sealed (tests). */
  sealer?: Sealer | null
}

const CACHE_DOMAIN = 'payouts.banks.v1'

export const DAY_MS = 86_400_000

export class BanksCache {
  #data: CacheFile | null = null
  #refreshing: Promise<BanksSnapshot> | null = null
  readonly #country: string
  readonly #maxAgeMs: number

  private constructor(private readonly options: BanksCacheOptions) {
    this.#country = options.country ?? 'NG'
    this.#maxAgeMs = options.maxAgeMs ?? DAY_MS
  }

  static async open(options: BanksCacheOptions): Promise<BanksCache> {
    const cache = new BanksCache(options)
    try {
      const raw = JSON.parse(await readFile(options.file, 'utf8')) as { seal?: unknown }
      const parsed = CacheFile.safeParse(raw)
      // A damaged or unsealed cache is only a cache: ignore it and fetch again.
      const sealed =
        !options.sealer?.enforced ||
        (parsed.success && options.sealer.check(CACHE_DOMAIN, parsed.data, raw.seal))
      if (parsed.success && sealed && parsed.data.country === cache.#country)
        cache.#data = parsed.data
    } catch {
      cache.#data = null
    }
    return cache
  }

  snapshot(): BanksSnapshot {
    const fetchedAt = this.#data?.fetchedAt ?? null
    return {
      banks: this.#data?.banks ?? [],
      fetchedAt,
      stale: fetchedAt === null || this.options.now() - fetchedAt > this.#maxAgeMs,
    }
  }

  search(query: string, limit?: number): Bank[] {
    return searchBanks(this.#data?.banks ?? [], query, limit)
  }

  find(code: string): Bank | undefined {
    return this.#data?.banks.find((bank) => bank.code === code)
  }

  /** Refreshes when the list is a day old (or missing); keeps the old list if that fails. */
  async refreshIfStale(): Promise<BanksSnapshot> {
    if (!this.snapshot().stale) return this.snapshot()
    return this.refresh().catch(() => this.snapshot())
  }

  /** Resolves once no refresh is under way (its file written or given up): for stop(). */
  async settled(): Promise<void> {
    await this.#refreshing?.catch(() => undefined)
  }

  /** Fetches now. Throws an AppError in words when the gateway can't be asked. */
  refresh(): Promise<BanksSnapshot> {
    this.#refreshing ??= this.#fetch().finally(() => {
      this.#refreshing = null
    })
    return this.#refreshing
  }

  async #fetch(): Promise<BanksSnapshot> {
    let banks: Bank[]
    try {
      const gateway = await this.options.gateway()
      banks = (await gateway.banks.list({ country_code: this.#country })).data
    } catch (error) {
      const cached = this.#data ? ' The saved list is still used.' : ''
      const why: Said =
        error instanceof AppError && error.say ? error.say : gatewayFailureSaid(error, 'resolve')
      throw new AppError(
        'banks_unavailable',
        error instanceof AppError
          ? `${error.message}${cached}`
          : `${explainGatewayFailure(error, 'resolve')}${cached}`,
        {
          cause: error,
          say: this.#data ? { key: 'payouts.banksCached', params: { why } } : why,
        },
      )
    }
    if (banks.length === 0 && this.#data) return this.snapshot()
    const data: CacheFile = {
      country: this.#country,
      fetchedAt: this.options.now(),
      banks: [...banks].sort((a, b) => a.name.localeCompare(b.name)),
    }
    const seal = this.options.sealer?.seal(CACHE_DOMAIN, data)
    await writeFileAtomic(this.options.file, JSON.stringify(seal ? { ...data, seal } : data))
    this.#data = data
    return this.snapshot()
  }
}
