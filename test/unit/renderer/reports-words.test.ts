// The reports' totals lines in both languages: money by status in the glossary's words, each
// count agreeing with its noun by the language's own rules, rows without an amount counted
// apart (never guessed), and the amounts in the language's own money format.
import { afterEach, describe, expect, it, vi } from 'vitest'
// The navigation store reads the window's address when it loads.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { hash: '' } } })
})
import type { Minor } from '../../../common/money'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { totalsByStatus } from '../../../renderer/screens/Reports'

const row = (status: string, amount: number | null) => ({
  status,
  amount: amount as Minor | null,
  currency: amount === null ? null : 'NGN',
})
const ROWS = [row('success', 1_200_000), row('success', 50), row('failed', 10_000), row('x', null)]
const words = (language: 'en' | 'fr') =>
  language === 'en'
    ? { success: 'Received', failed: 'Failed' }
    : { success: 'Reçu', failed: 'Échoué' }

afterEach(() => applyLanguage('en'))

describe('report totals', () => {
  it('English: one transfer, two transfers, and the rows without an amount', () => {
    applyLanguage('en')
    expect(totalsByStatus(ROWS, words('en'), 'transfersIn', i18n.t)).toEqual([
      'Received ₦12,000.50 in 2 transfers',
      'Failed ₦100.00 in 1 transfer',
      '1 transfer without an amount',
    ])
  })

  it('French: the same totals in French words, French plurals and French money', () => {
    applyLanguage('fr')
    const lines = totalsByStatus(ROWS, words('fr'), 'disbursements', i18n.t).map((line) =>
      line.replace(/[\u00a0\u202f]/g, ' '),
    )
    expect(lines).toEqual([
      'Reçu : 12 000,50 NGN en 2 versements',
      'Échoué : 100,00 NGN en 1 versement',
      '1 versement sans montant',
    ])
  })

  it('a status the words do not know is shown as it came, not as failed', () => {
    applyLanguage('en')
    expect(totalsByStatus([row('on_hold', 100)], {}, 'disbursements', i18n.t)).toEqual([
      'on_hold ₦1.00 in 1 payout',
    ])
  })
})
