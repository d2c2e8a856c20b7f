// The amount a cashier types for a charge is read in the charge's own currency.
import { describe, expect, it } from 'vitest'
import { CollectionsError } from '../../../main/collections/errors'
import { actor, rig } from './rig'

async function refusal(p: Promise<unknown>): Promise<CollectionsError> {
  try {
    await p
  } catch (error) {
    if (error instanceof CollectionsError) return error
    throw error
  }
  throw new Error('expected a CollectionsError')
}

describe('charge amount', () => {
  it('refuses $5 for a naira account, beside the amount field, and opens nothing', async () => {
    const { charges, gateway } = rig()
    gateway.addAccount('ACC-1')
    const e = await refusal(charges.open({ accountReference: 'ACC-1', amount: '$5' }, actor))
    expect(e.code).toBe('validation')
    expect(e.fields?.amount).toMatch(/not an amount in NGN/)
    expect(charges.list('open')).toEqual([])
  })

  it('refuses grouping that is not thousands', async () => {
    const { charges, gateway } = rig()
    gateway.addAccount('ACC-1')
    const e = await refusal(charges.open({ accountReference: 'ACC-1', amount: '12,50' }, actor))
    expect(e.fields?.amount).toMatch(/12\.50/)
  })

  it('accepts the account currency’s own symbol and grouping', async () => {
    const { charges, gateway } = rig()
    const usd = gateway.addAccount('ACC-USD')
    usd.currency_code = 'USD'
    const c = await charges.open({ accountReference: 'ACC-USD', amount: 'US$1,234.56' }, actor)
    expect(c).toMatchObject({ currency: 'USD', amountDue: 123_456 })
  })
})
