// The gateway screens' shared words (renderer/screens/Payments/parts.tsx) follow the till's
// language when they are drawn, not when the module loaded: Reports and Refunds borrow the
// status badges and method names, so a language switch must reach them without a reload.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { applyLanguage, i18n, t } from '../../../renderer/i18n'
import {
  METHOD_LABEL,
  StatusBadge,
  money,
  monthName,
} from '../../../renderer/screens/Payments/parts'

type Kind = Parameters<typeof StatusBadge>[0]['kind']

/** The badge's visible words. */
const badge = (kind: Kind, status: string) =>
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(StatusBadge, { kind, status })),
  )
    .replace(/<[^>]+>/g, '')
    .trim()

afterEach(() => applyLanguage('en'))

describe('gateway words in the till’s language', () => {
  it('status badges use the glossary’s French words, and English again after switching back', () => {
    applyLanguage('fr')
    expect(badge('payment', 'success')).toBe('Payé')
    expect(badge('payment', 'pending')).toBe('En attente du client')
    expect(badge('transferIn', 'success')).toBe('Reçu')
    expect(badge('transfer', 'reversed')).toBe('Retourné')
    expect(badge('refund', 'processing')).toBe('En cours')
    expect(badge('mandate', 'pending_activation')).toBe('À activer')
    expect(badge('debit', 'success')).toBe('Encaissé')
    applyLanguage('en')
    expect(badge('payment', 'success')).toBe('Paid')
    expect(badge('mandate', 'pending_activation')).toBe('Needs activation')
    expect(badge('debit', 'success')).toBe('Collected')
  })

  it('a status the till does not know is shown as it came, in either language', () => {
    applyLanguage('fr')
    expect(badge('payment', 'on_hold')).toBe('on hold')
    expect(badge('payment', 'failed')).not.toBe(badge('payment', 'unknown'))
  })

  it('payment methods are read when shown; an unknown method has no made-up name', () => {
    applyLanguage('fr')
    expect(METHOD_LABEL['card']).toBe('Carte')
    expect(METHOD_LABEL['bank_transfer']).toBe('Virement bancaire')
    applyLanguage('en')
    expect(METHOD_LABEL['card']).toBe('Card')
    expect(METHOD_LABEL['mobile_money']).toBeUndefined()
  })

  it('months and missing amounts are said in the till’s language', () => {
    applyLanguage('fr')
    expect(monthName('2026-01')).toBe('janvier 2026')
    expect(money(null, 'NGN')).toBe('non communiqué')
    applyLanguage('en')
    expect(monthName('2026-01')).toBe('January 2026')
    expect(monthName('not a month')).toBe('not a month')
    expect(money(null, 'NGN')).toBe('not given')
  })

  it('a mandate’s limits count by each language’s rules (French 0 and 1 are singular)', () => {
    const limit = (count: number) =>
      t('mandates.detail.limitValue', { amount: 'X', count }).replace(/[\u00a0\u202f]/g, ' ')
    applyLanguage('fr')
    expect(limit(0)).toBe('X en 0 prélèvement au plus')
    expect(limit(1)).toBe('X en 1 prélèvement au plus')
    expect(limit(2)).toBe('X en 2 prélèvements au plus')
    expect(t('mandates.new.lastHint', { count: 30 })).toBe(
      'Au moins 30 jours après le premier jour.',
    )
    applyLanguage('en')
    expect(limit(0)).toBe('X in up to 0 debits')
    expect(limit(1)).toBe('X in up to 1 debit')
  })
})
