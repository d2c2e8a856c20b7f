// The Approvals screen's decision on another till's payout, drawn in English and in French:
// the till's name in every sentence, the details with their fallbacks, the decision already
// sent told by its outcome (approved or rejected, never main's raw word pasted in), and the
// English the e2e suites find elements by kept as it was.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import { applyLanguage, i18n, t } from '../../../renderer/i18n'
import { RemoteDecision } from '../../../renderer/screens/Approvals/OtherTills'

const ITEM: ShopApprovalView = {
  tillId: 'till-1',
  tillName: 'Front counter',
  reference: 'TDP-ABC123',
  amountMinor: '350000',
  amountText: '₦3,500.00',
  currency: 'NGN',
  purpose: 'supplier',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '',
  accountName: 'BELLO EMEKA',
  narration: '',
  maker: 'Kemi Adebayo',
  bindingHash: 'ab12cd34'.padEnd(64, '0'),
  at: '2026-11-24T13:05:00.000Z',
  decided: null,
  blocked: null,
}

const draw = (item: ShopApprovalView) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(RemoteDecision, { item, onDecided: () => undefined }),
    ),
  )

/** Visible words only: tags out, entities and spaces as a person reads them. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')

afterEach(() => applyLanguage('en'))

describe('a decision on another till’s payout', () => {
  it('keeps the English the e2e suites read', () => {
    const shown = words(draw(ITEM))
    expect(shown).toContain('Drafted on Front counter: check every detail')
    expect(shown).toContain('Your PIN, to sign this decision')
    expect(shown).toContain('Approve ₦3,500.00')
    expect(shown).toContain('Reject…')
    expect(shown).toContain('Account number Not told')
    expect(shown).toContain('For No narration')
    expect(shown).toContain('Approval code AB12-CD34')
  })

  it('is all French on a French till, with the fallbacks in French', () => {
    applyLanguage('fr')
    const shown = words(draw(ITEM))
    expect(shown).toContain('Préparé sur Front counter : vérifiez chaque détail')
    expect(shown).toContain('part vers Front counter, la seule caisse qui envoie le versement')
    expect(shown).toContain('Votre code PIN, pour signer cette décision')
    // The amount in the French till's own format, not main's en-NG text.
    expect(shown).toMatch(/Approuver 3\s500,00\sNGN/)
    expect(shown).toContain('Numéro de compte Non communiqué')
    expect(shown).toContain('Objet Sans libellé')
    expect(shown).toContain('Code d’approbation AB12-CD34')
    expect(shown).not.toMatch(/Drafted on|Your PIN|Not told|No narration|Approve /)
  })

  it('tells a decision already sent by its outcome, in each language', () => {
    const decided = (decision: 'approved' | 'rejected'): ShopApprovalView => ({
      ...ITEM,
      decided: { decision, byName: 'Grace Eze', tillName: 'Back office', at: ITEM.at },
    })
    expect(words(draw(decided('rejected')))).toContain(
      'Grace Eze rejected it on Back office; Front counter has not applied it yet.',
    )
    applyLanguage('fr')
    expect(words(draw(decided('approved')))).toContain(
      'Grace Eze l’a approuvé sur Back office ; Front counter ne l’a pas encore appliqué.',
    )
    expect(words(draw(decided('rejected')))).toContain(
      'Grace Eze l’a refusé sur Back office ; Front counter ne l’a pas encore appliqué.',
    )
  })

  it('counts the payouts waiting by each language’s plural rules', () => {
    expect(t('approvals.others.count', { count: 1 })).toBe('1 payout drafted on other tills')
    expect(t('approvals.others.count', { count: 2 })).toBe('2 payouts drafted on other tills')
    expect(t('approvals.queue.count', { count: 0 })).toBe('0 payouts')
    applyLanguage('fr')
    expect(t('approvals.others.count', { count: 1 })).toBe(
      '1 versement préparé sur d’autres caisses',
    )
    expect(t('approvals.queue.count', { count: 0 })).toBe('0 versement')
    expect(t('approvals.queue.count', { count: 3 })).toBe('3 versements')
  })
})
