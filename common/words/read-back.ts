// Main keeps some sentences as their English (a payout row's problem, a payment's or debit's
// notice: the journal holds them as written). This names such a sentence by key again from
// that English, each sentence of a words group read back as a pattern, so a screen can say it
// in its language. A sentence these words do not make (an older till's) reads back as nothing
// and stays as written.
import type { Said } from '../ipc/contract'

type Tree = { readonly [key: string]: string | Tree }

/** One sentence of a group: its key, the pattern of its English, its placeholders' names. */
export interface Sentence {
  key: string
  pattern: RegExp
  names: readonly string[]
}

/**
 * Every sentence of `group` (whose keys start `prefix`), longest first so a sentence is found
 * before a shorter one it contains. A plural form (`_one`, `_other`) keeps its key without the
 * ending: `count` picks the form again.
 */
export function sentencesOf(group: Tree, prefix: string): readonly Sentence[] {
  const out: Sentence[] = []
  const walk = (tree: Tree, path: string) => {
    for (const [name, value] of Object.entries(tree)) {
      if (typeof value !== 'string') {
        walk(value, `${path}.${name}`)
        continue
      }
      const names: string[] = []
      const source = value
        .split(/\{\{\s*(\w+)\s*\}\}/)
        .map((part, i) => {
          if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          names.push(part)
          return '(.*?)'
        })
        .join('')
      const key = `${path}.${names.includes('count') ? name.replace(/_(one|other)$/, '') : name}`
      out.push({ key, pattern: new RegExp(`^${source}$`, 's'), names })
    }
  }
  walk(group, prefix)
  return out.sort((a, b) => b.pattern.source.length - a.pattern.source.length)
}

/**
 * The keyed sentence of `text` among `sentences`, or undefined. `value` gives each placeholder
 * its value from the text found there: a sentence inside the sentence (a Said), or the text.
 * A `count` or `status` of digits is a number, as main gave it.
 */
export function readBack(
  sentences: readonly Sentence[],
  text: string,
  value: (name: string, found: string) => Said | undefined = () => undefined,
): Said | undefined {
  for (const { key, pattern, names } of sentences) {
    const m = pattern.exec(text)
    if (!m) continue
    if (names.length === 0) return { key }
    const params: Record<string, string | number | Said> = {}
    names.forEach((name, i) => {
      const found = m[i + 1]!
      const number = (name === 'count' || name === 'status') && /^\d+$/.test(found)
      params[name] = (found && value(name, found)) ?? (number ? Number(found) : found)
    })
    return { key, params }
  }
  return undefined
}
