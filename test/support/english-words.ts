// The words of the English catalogue that French never uses: if one of them reaches a French
// screen, receipt or report, something was left in English. Built from the whole catalogue
// (the screens' JSON, main's document and error words): every word of an English text whose French
// text differs, less every word French uses somewhere (names, codes, "OK", "PIN", "BVN",
// "Tilldesk"), less placeholders, markup and numbers.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOCUMENT_WORDS } from '../../common/words'
import { ERROR_WORDS } from '../../common/words/errors'
import type { catalogue as Catalogue } from '../../renderer/i18n/catalogue'
import { withDocuments } from '../../renderer/i18n/withDocuments'

type Whole = (typeof Catalogue)['en']

/**
 * The renderer's whole catalogue for `language`, as renderer/i18n/catalogue.ts builds it; read
 * from the files, since Node (the e2e runner) imports no JSON module without an attribute.
 */
export function catalogueOf(language: 'en' | 'fr'): Whole {
  const screens = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../renderer/i18n/${language}.json`), 'utf8'),
  ) as Whole
  return withDocuments(screens, DOCUMENT_WORDS[language], ERROR_WORDS[language])
}

type Tree = { [key: string]: string | Tree }

function texts(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of texts(value, path)) out.set(k, v)
  }
  return out
}

/** The words of a text: letters only (placeholders, tags and numbers removed), lower case. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}’']+/u)
    .map((word) => word.replace(/^['’]+|['’]+$/g, '').replace(/['’]s$/, ''))
    .filter((word) => /^\p{L}{2,}$/u.test(word))
}

let cached: Set<string> | null = null

export function englishOnlyWords(): Set<string> {
  if (cached) return cached
  const en = texts(catalogueOf('en') as unknown as Tree)
  const fr = texts(catalogueOf('fr') as unknown as Tree)
  const french = new Set([...fr.values()].flatMap(wordsOf))
  const words = new Set<string>()
  for (const [key, text] of en) {
    if (fr.get(key) === text) continue
    for (const word of wordsOf(text)) if (!french.has(word)) words.add(word)
  }
  cached = words
  return words
}

/** The English-only words in `text`, each once, in the order met. */
export function englishIn(text: string): string[] {
  const english = englishOnlyWords()
  return [...new Set(wordsOf(text).filter((word) => english.has(word)))]
}
