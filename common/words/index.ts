// Main's words in the till's language (documents.ts), the locale that formats its dates and
// money, and the one way a template's {{placeholders}} are filled.
import type { Language } from '../ipc/appearance'
import { DOCUMENT_WORDS, type DocumentWords } from './documents'

export { DOCUMENT_WORDS, type DocumentWords }

/**
 * The formatting locale for each language. French follows Côte d'Ivoire (fr-CI): the largest
 * economy of francophone West Africa; its dates, times and numbers read as in Senegal, Mali
 * or Burkina Faso (CLDR gives them the same French forms).
 */
export const FORMAT_LOCALE: Readonly<Record<Language, string>> = { en: 'en-NG', fr: 'fr-CI' }

/** The words of `language`; English for a till that never chose (settings from before). */
export const documentWords = (language: Language | undefined): DocumentWords =>
  DOCUMENT_WORDS[language ?? 'en']

/** `{{name}}` replaced by its value; a placeholder without a value is left as written. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
