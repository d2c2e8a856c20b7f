import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { searchBanks } from '../../../common/ipc/payouts'
import { BanksCache, DAY_MS } from '../../../main/payouts/banks'
import type { PayoutsGateway } from '../../../main/payouts/gatewayPort'
import { FakeGateway, gatewayError, tempDir } from './helpers'

const BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Kuda Microfinance Bank', code: '50211' },
]

describe('bank search', () => {
  it('finds by name, word starts, initials and code, best match first', () => {
    expect(searchBanks(BANKS, 'guar').map((b) => b.code)).toEqual(['058'])
    expect(searchBanks(BANKS, 'gtb').map((b) => b.code)).toEqual(['058'])
    expect(searchBanks(BANKS, 'first ci').map((b) => b.code)).toEqual(['214'])
    expect(searchBanks(BANKS, '058').map((b) => b.code)).toEqual(['058'])
    expect(searchBanks(BANKS, '50').map((b) => b.code)).toEqual(['50211'])
    expect(searchBanks(BANKS, 'first').map((b) => b.code)).toEqual(['011', '214'])
    expect(searchBanks(BANKS, 'zzz')).toEqual([])
    expect(searchBanks(BANKS, '')).toHaveLength(BANKS.length)
  })
})

describe('bank list cache', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c()
  })

  it('is saved, used offline after a restart, and refreshed once a day', async () => {
    const { dir, cleanup } = await tempDir()
    cleanups.push(cleanup)
    const file = join(dir, 'banks.json')
    let now = Date.parse('2025-03-10T08:00:00Z')
    const gateway = new FakeGateway()
    let lists = 0
    const online: PayoutsGateway = {
      ...gateway,
      banks: {
        ...gateway.banks,
        list: async () => {
          lists += 1
          return { data: BANKS }
        },
      },
    }
    const first = await BanksCache.open({ file, gateway: async () => online, now: () => now })
    expect(first.snapshot()).toMatchObject({ banks: [], stale: true })
    await first.refreshIfStale()
    expect(first.snapshot().banks).toHaveLength(5)
    await first.refreshIfStale()
    expect(lists).toBe(1)

    // Restart while offline: the saved list is there and searchable.
    const offline: PayoutsGateway = {
      ...gateway,
      banks: {
        ...gateway.banks,
        list: async () => {
          throw gatewayError('network')
        },
      },
    }
    now += DAY_MS + 1
    const second = await BanksCache.open({ file, gateway: async () => offline, now: () => now })
    expect(second.snapshot()).toMatchObject({ stale: true })
    expect(second.search('gtb')[0]?.name).toBe('Guaranty Trust Bank')
    await expect(second.refresh()).rejects.toMatchObject({
      code: 'banks_unavailable',
      message: expect.stringMatching(/The saved list is still used/),
    })
    expect(second.find('044')?.name).toBe('Access Bank')
  })
})
