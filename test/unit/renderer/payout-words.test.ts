// Approval copy: the purpose said once, and "approved" worded for the till's connection.
import { describe, expect, it } from 'vitest'
import { applyLanguage } from '../../../renderer/i18n'
import { meaningOf, purposeText, stateLabelOf } from '../../../renderer/screens/Payouts/words'

describe('what a payout is for', () => {
  it('says the purpose once when the narration is empty or only its default', () => {
    expect(
      purposeText({
        purpose: 'supplier',
        purposeLabel: 'Supplier payment',
        narration: 'Supplier payment',
      }),
    ).toBe('Supplier payment')
    expect(
      purposeText({ purpose: 'supplier', purposeLabel: 'Supplier payment', narration: '' }),
    ).toBe('Supplier payment')
    expect(
      purposeText({
        purpose: 'refund',
        purposeLabel: 'Refund to bank account',
        narration: 'Customer refund',
      }),
    ).toBe('Refund to bank account')
  })

  it('adds what the cashier wrote', () => {
    expect(
      purposeText({
        purpose: 'supplier',
        purposeLabel: 'Supplier payment',
        narration: 'Invoice 42, bread',
      }),
    ).toBe('Supplier payment: Invoice 42, bread')
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

describe('a payout’s words in French', () => {
  it('its state, purpose and meaning in the screen’s language; main’s own sentence as written', () => {
    applyLanguage('fr')
    try {
      const view = {
        state: 'awaiting_approval' as const,
        stateLabel: 'Waiting for approval',
        stateMeaning: 'A supervisor must approve it with their PIN. Nothing has been paid.',
      }
      expect(stateLabelOf(view)).toBe('En attente d’approbation')
      expect(meaningOf(view, 'online')).toBe(
        'Un superviseur doit l’approuver avec son code PIN. Rien n’a été payé.',
      )
      expect(
        meaningOf({ ...view, stateMeaning: 'Held: the bank gave another name.' }, 'online'),
      ).toBe('Held: the bank gave another name.')
      expect(
        purposeText({ purpose: 'supplier', purposeLabel: 'Supplier payment', narration: 'Pain' }),
      ).toBe('Paiement fournisseur : Pain')
    } finally {
      applyLanguage('en')
    }
  })
})
