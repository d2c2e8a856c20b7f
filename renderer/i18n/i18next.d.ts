// Typed keys: `t('collect.amount.title')` is checked against the English catalogue at compile
// time, so a misspelt or removed key fails `tsc`, not a cashier's screen. The catalogue is the
// screens' JSON plus main's document words (catalogue.ts).
import 'i18next'
import type { catalogue } from './catalogue'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: (typeof catalogue)['en'] }
    returnNull: false
  }
}
