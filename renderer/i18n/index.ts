// The renderer's words come from one catalogue per language (en.json, fr.json), through
// i18next and react-i18next. The catalogues are bundled by Vite: the till works offline and
// the CSP allows no fetching of them. Choosing a language also switches the formatting locale
// (lib/format.ts), so dates, money, counts and words change together. See docs/i18n.md.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, type Language } from '../../common/ipc/appearance'
import { DOCUMENT_WORDS, FORMAT_LOCALE, type DocumentWords } from '../../common/words'
import { setLocale } from '../lib/format'
import { catalogue } from './catalogue'

export { FORMAT_LOCALE, LANGUAGES, type Language }

/** Each language named in itself, as the choice shows it whatever the current language. */
export const LANGUAGE_NAME: Record<Language, string> = { en: 'English', fr: 'Français' }

export const resources = {
  en: { translation: catalogue.en },
  fr: { translation: catalogue.fr },
} as const

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // The catalogues are in the bundle: ready before the first render, nothing to wait for.
  initAsync: false,
  // React escapes every string it renders; escaping here too would show "&amp;" on screen.
  // No catalogue text ever goes through dangerouslySetInnerHTML (Trans builds elements).
  interpolation: { escapeValue: false },
  returnNull: false,
})

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/** Switches the words and the formatting locale together; `lang` on <html> for screen readers. */
export function applyLanguage(language: Language | undefined): void {
  const next: Language = language ?? 'en'
  setLocale(FORMAT_LOCALE[next])
  if (i18n.language !== next) void i18n.changeLanguage(next)
  if (typeof document !== 'undefined') document.documentElement.lang = next
}

/** For code outside React (stores, helpers): the current language's words. */
export const t = i18n.t.bind(i18n)

/** Main's document words (common/words) in the current language, for helpers shared with main. */
export const documentWordsNow = (): DocumentWords =>
  DOCUMENT_WORDS[isLanguage(i18n.language) ? i18n.language : 'en']
