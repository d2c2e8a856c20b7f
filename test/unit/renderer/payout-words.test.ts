// Approval copy: the purpose said once, and "approved" worded for the till's connection.
import { describe, expect, it } from 'vitest'
import { meaningOf, purposeText } from '../../../renderer/screens/Payouts/words'

describe('what a payout is for', () => {
  it('says the purpose once when the narration is empty or only its default', () => {
    expect(purposeText({ purposeLabel: 'Supplier payment', narration: 'Supplier payment' })).toBe(
      'Supplier payment',
    )
    expect(purposeText({ purposeLabel: 'Supplier payment', narration: '' })).toBe(
      'Supplier payment',
    )
    expect(
      purposeText({ purposeLabel: 'Refund to bank account', narration: 'Customer refund' }),
    ).toBe('Refund to bank account')
  })

  it('adds what the cashier wrote', () => {
    expect(purposeText({ purposeLabel: 'Supplier payment', narration: 'Invoice 42, bread' })).toBe(
      'Supplier payment: Invoice 42, bread',
    )
  })
})

describe('what approved means', () => {
  const approved = {
    state: 'approved' as const,
    stateMeaning: 'Approved. It will be sent as soon as the gateway can be reached.',
  }
  it('does not speak of an unreachable gateway while online', () => {
    expect(meaningOf(approved, 'online')).not.toMatch(/can be reached/)
  })
  it('keeps main’s words while offline, and for every other state', () => {
    expect(meaningOf(approved, 'offline')).toBe(approved.stateMeaning)
    expect(meaningOf({ state: 'draft', stateMeaning: 'Not sent.' }, 'online')).toBe('Not sent.')
  })
})
