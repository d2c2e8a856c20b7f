// What to do names the screen where a record is looked at by the name the menu gives it, in
// both languages (a transfer's said "History", a screen the menu calls Transfers).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ReconcileSource } from '../../../common/ipc/reconcile'
import { explain } from '../../../common/words/reconcile'

const catalogue = (language: 'en' | 'fr') =>
  JSON.parse(readFileSync(`renderer/i18n/${language}.json`, 'utf8')) as {
    screens: Record<string, string>
  }
const SCREEN_OF: Record<ReconcileSource, string> = {
  transfer_in: 'history',
  payment: 'payments',
  payout: 'payouts',
  refund: 'refunds',
  debit: 'mandates',
}
const side = { reference: 'REF_1', amount: '100000', currency: 'NGN', status: 'success' }

describe('reconciliation words', () => {
  for (const source of Object.keys(SCREEN_OF) as ReconcileSource[]) {
    it(`a ${source} difference names its screen as the menu does`, () => {
      const { todo } = explain('till_only', source, null, side as never)
      for (const language of ['en', 'fr'] as const) {
        const name = catalogue(language).screens[SCREEN_OF[source]]!.replace(/\u00ad/g, '')
        expect(todo[language]).toContain(name)
      }
    })
  }
})
