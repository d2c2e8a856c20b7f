import { afterEach, describe, expect, it } from 'vitest'
import type { PayoutLimits } from '../../../main/payouts/limits'
import { checkMakerLimits, dayKey } from '../../../main/payouts/limits'
import {
  admin,
  cashier,
  cashier2,
  draftInput,
  GOOD_PIN,
  itemFixture,
  naira,
  supervisor,
  supervisor2,
  world,
  type World,
} from './helpers'

const LIMITS: PayoutLimits = {
  cashier: { perItem: naira(100_000), perDay: naira(250_000) },
  supervisor: { perItem: naira(300_000), perDay: naira(500_000) },
  admin: { perItem: naira(1_000_000), perDay: naira(5_000_000) },
}

let w: World
afterEach(async () => w?.cleanup())

async function submitted(
  amount: string,
  account = '0123456789',
  maker = cashier,
  name = 'Okafor Adaeze Ngozi',
) {
  const accountName =
    { '0123456789': name, '1111111111': 'Bello Musa', '2222222222': 'Eze Chinedu' }[account] ?? name
  return w.commands.draft(
    maker,
    draftInput({ amount, accountNumber: account, accountName, submit: true }),
  )
}

async function approved(amount: string, account = '0123456789', approver = supervisor) {
  const item = await submitted(amount, account)
  const { bindingHash } = await import('../../../main/payouts/binding')
  return w.commands.approve(approver, item.reference, GOOD_PIN, bindingHash(item))
}

describe('maker limits (checked when a payout goes for approval)', () => {
  it('refuses a single payout above the per-item limit, in words', async () => {
    w = await world({ policy: { limits: LIMITS } })
    await expect(submitted('100,000.01')).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringMatching(/above the cashier limit of ₦100,000\.00 per payout/),
    })
    await expect(submitted('100,000.00')).resolves.toMatchObject({ state: 'awaiting_approval' })
  })

  it('adds up payouts to one account, so splitting is caught', async () => {
    w = await world({ policy: { limits: LIMITS } })
    await submitted('60000')
    const error = await submitted('50000').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'limit_exceeded' })
    expect((error as Error).message).toMatch(
      /1 other payout to this account today.*₦110,000\.00.*splitting/,
    )
    // A different account is a different payee.
    await expect(submitted('50000', '1111111111')).resolves.toMatchObject({
      state: 'awaiting_approval',
    })
  })

  it('adds up everything one cashier sends for approval in a day, across accounts', async () => {
    w = await world({ policy: { limits: LIMITS } })
    await submitted('90000', '0123456789')
    await submitted('90000', '1111111111')
    await expect(submitted('90000', '2222222222')).rejects.toThrow(
      /₦270,000\.00 of payouts today, above the daily limit of ₦250,000\.00/,
    )
    // Another cashier has their own day.
    await expect(submitted('90000', '2222222222', cashier2)).resolves.toMatchObject({
      state: 'awaiting_approval',
    })
  })

  it('starts a new day at local midnight, and lets withdrawn payouts go', async () => {
    w = await world({ policy: { limits: LIMITS, utcOffsetMinutes: 60 } })
    w.clock.now = Date.parse('2025-03-10T22:30:00Z') // 23:30 local
    const first = await submitted('90000', '0123456789')
    await submitted('90000', '1111111111')
    await expect(submitted('90000', '2222222222')).rejects.toThrow(/daily limit/)
    await w.commands.withdraw(cashier, first.reference, 'wrong supplier')
    await expect(submitted('90000', '2222222222')).resolves.toBeDefined()
    w.clock.now = Date.parse('2025-03-10T23:30:00Z') // 00:30 next local day
    await expect(submitted('90000', '0123456789')).resolves.toBeDefined()
  })

  it('uses the creator’s role limits', () => {
    const big = itemFixture('draft', { createdBy: { ...admin }, amount: naira(900_000) })
    expect(checkMakerLimits(big, [], LIMITS, { now: 0, utcOffsetMinutes: 0 })).toBeNull()
    const asCashier = { ...big, createdBy: { ...cashier } }
    expect(checkMakerLimits(asCashier, [], LIMITS, { now: 0, utcOffsetMinutes: 0 })?.kind).toBe(
      'item_limit',
    )
  })
})

describe('approver limits (checked when a supervisor approves)', () => {
  const generousMaker: PayoutLimits = {
    ...LIMITS,
    cashier: { perItem: naira(1_000_000), perDay: naira(9_000_000) },
  }

  it('refuses an approval above the approver’s per-item limit; a higher role may approve', async () => {
    w = await world({ policy: { limits: generousMaker } })
    const item = await submitted('400000')
    const { bindingHash } = await import('../../../main/payouts/binding')
    await expect(
      w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item)),
    ).rejects.toThrow(/above Sade Supervisor's approval limit of ₦300,000\.00 per payout/)
    await expect(
      w.commands.approve(admin, item.reference, GOOD_PIN, bindingHash(item)),
    ).resolves.toMatchObject({ state: 'approved' })
  })

  it('catches a split across approvals to one account', async () => {
    w = await world({ policy: { limits: generousMaker } })
    await approved('200000', '0123456789')
    await expect(approved('150000', '0123456789')).rejects.toThrow(
      /this account today.*₦350,000\.00/,
    )
  })

  it('caps what one supervisor approves per day; another supervisor has their own', async () => {
    w = await world({ policy: { limits: generousMaker } })
    await approved('250000', '0123456789')
    await approved('200000', '1111111111')
    await expect(approved('100000', '2222222222')).rejects.toThrow(
      /would have approved ₦550,000\.00 today, above the daily approval limit of ₦500,000\.00/,
    )
    await expect(approved('100000', '2222222222', supervisor2)).resolves.toMatchObject({
      state: 'approved',
    })
  })
})

describe('dayKey', () => {
  it('uses the till’s offset', () => {
    expect(dayKey(Date.parse('2025-03-10T23:30:00Z'), 60)).toBe('2025-03-11')
    expect(dayKey(Date.parse('2025-03-10T23:30:00Z'), 0)).toBe('2025-03-10')
    expect(dayKey(Date.parse('2025-03-11T00:30:00Z'), -120)).toBe('2025-03-10')
  })
})

describe('dayBounds', () => {
  it('agrees with dayKey at and around midnight', async () => {
    const { dayBounds } = await import('../../../main/payouts/limits')
    for (const offset of [-300, 0, 60, 330]) {
      for (const iso of [
        '2025-03-10T00:00:00Z',
        '2025-03-10T23:59:59.999Z',
        '2025-03-10T12:34:56Z',
      ]) {
        const ms = Date.parse(iso)
        const { start, end } = dayBounds(ms, offset)
        expect(dayKey(start, offset)).toBe(dayKey(ms, offset))
        expect(dayKey(end - 1, offset)).toBe(dayKey(ms, offset))
        expect(dayKey(end, offset)).not.toBe(dayKey(ms, offset))
      }
    }
  })
})
