// Screens never show only a `TD-…` reference: every transfer main hands out carries the
// customer's name when the till knows it (their charges, or the customer directory).
import { describe, expect, it } from 'vitest'
import { createHistory } from '../../../main/collections/history'
import { NGN } from './fakes'
import { actor, rig, WAITING } from './rig'

describe('customer names on transfers', () => {
  it('on a charge’s transfers, on late transfers, and in history', async () => {
    const { charges, gateway, clock, late } = rig()
    gateway.addAccount('TD-MWT1-AAAA').customer_name = 'Ada Obi'
    const c = await charges.open({ accountReference: 'TD-MWT1-AAAA', amount: '5000' }, actor)
    charges.watch(c.id, true)
    gateway.pay('TD-MWT1-AAAA', NGN(5_000))
    await clock.advance(WAITING)
    expect(charges.get(c.id).transfers[0]?.customerName).toBe('Ada Obi')

    gateway.pay('TD-MWT1-AAAA', NGN(100)) // after the charge closed: late
    await clock.advance(15_000)
    expect(late.at(-1)?.customerName).toBe('Ada Obi')
    expect(charges.late(false)[0]?.customerName).toBe('Ada Obi')

    gateway.addAccount('TD-OTHER-BBBB')
    gateway.pay('TD-OTHER-BBBB', NGN(1))
    const history = createHistory({
      gateway: () => gateway,
      ledger: () => charges.ledger,
      nameOf: (ref) => (ref === 'TD-OTHER-BBBB' ? 'Emeka Nwosu' : null),
    })
    const page = await history.list({}, 1, 10)
    const byRef = (ref: string) => page.rows.find((r) => r.accountReference === ref)
    expect(byRef('TD-MWT1-AAAA')?.customerName).toBe('Ada Obi')
    expect(byRef('TD-OTHER-BBBB')?.customerName).toBe('Emeka Nwosu')
  })
})
