// Typed keys: `t('collect.amount.title')` is checked against the English catalogue at compile
// time, so a misspelt or removed key fails `tsc`, not a cashier's screen.
import 'i18next'
import type en from './en.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
    returnNull: false
  }
}
