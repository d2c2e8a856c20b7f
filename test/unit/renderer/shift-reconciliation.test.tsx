// The Z-report's reconciliation line on the Shift screen, as sealed with the report: reconciled;
// N differences with the way to the Reconcile screen for that day (a supervisor's screen: a
// cashier is told to ask one); or not complete, with main's reason, in the till's language.
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { ZReconciliation } from '../../../common/ipc/reconcile'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { ReconciliationLine } from '../../../renderer/screens/Shift/Reconciliation'

const line = (over: Partial<ZReconciliation>): ZReconciliation => ({
  status: 'reconciled',
  from: '2026-03-02T08:00:00.000Z',
  to: '2026-03-02T16:00:00.000Z',
  checkedAt: '2026-03-02T16:00:05.000Z',
  matched: 12,
  differences: 0,
  summary: {
    en: 'Reconciled with the gateway: 12 records match.',
    fr: 'Rapproché avec la passerelle : 12 opérations concordent.',
  },
  ...over,
})

let canOpen = false
const as = (role: 'cashier' | 'supervisor') => {
  canOpen = role === 'supervisor'
}

const draw = (r: ZReconciliation) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ReconciliationLine reconciliation={r} canOpen={canOpen} />
    </I18nextProvider>,
  )
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')

afterEach(() => applyLanguage('en'))

const differences = line({
  status: 'differences',
  matched: 10,
  differences: 2,
  summary: {
    en: 'Not reconciled: 2 differences with the gateway. Open Reconcile for this day.',
    fr: 'Non rapproché : 2 écarts avec la passerelle. Ouvrez Rapprochement pour ce jour.',
  },
})
const notChecked = line({
  status: 'not_checked',
  matched: 0,
  summary: {
    en: 'Not reconciled with the gateway at closing (the gateway took too long). Open Reconcile for this day when the gateway answers.',
    fr: 'Non rapproché avec la passerelle à la clôture (the gateway took too long). Ouvrez Rapprochement pour ce jour quand la passerelle répond.',
  },
})

describe('the Z-report reconciliation line', () => {
  it('says reconciled, with no way to a screen there is no need for', () => {
    as('supervisor')
    const html = draw(line({}))
    expect(html).toContain('Reconciled</span>')
    expect(html).toContain('12 records match')
    expect(html).not.toContain('#/reconcile')
  })

  it('counts the differences and opens Reconcile on the report’s day for a supervisor', () => {
    as('supervisor')
    const html = draw(differences)
    expect(html).toContain('2 differences</span>')
    expect(html).toContain('href="#/reconcile/2026-03-02"')
    expect(html).toContain('Open Reconcile for')
  })

  it('tells a cashier a supervisor can look at it, with no link to a screen they cannot open', () => {
    as('cashier')
    const html = draw(differences)
    expect(html).not.toContain('#/reconcile')
    expect(html).toContain('A supervisor can look at it on the Reconcile screen.')
  })

  it('says not complete and why, in French too', () => {
    as('supervisor')
    expect(draw(notChecked)).toContain('Not checked</span>')
    expect(draw(notChecked)).toContain('the gateway took too long')
    applyLanguage('fr')
    const fr = draw(notChecked)
    expect(fr).toContain('Non vérifié</span>')
    expect(fr).toContain('Non rapproché avec la passerelle à la clôture')
    expect(fr).toContain('Ouvrir Rapprochement pour le')
    expect(draw(differences)).toContain('2 écarts</span>')
    expect(draw(line({ status: 'incomplete' }))).toContain('Incomplet</span>')
  })
})
