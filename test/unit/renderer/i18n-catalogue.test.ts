// The message catalogues: English and French say the same things (same keys, same
// placeholders, same markup), every key the renderer asks for exists, and French counts follow
// French rules (0 and 1 are singular), not English ones.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../../renderer/i18n/catalogue'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { screens } from '../../../renderer/screens/registry'

type Tree = { [key: string]: string | Tree }

/** "a.b.c" → text, for every leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

/** The placeholders ({{name}} or {{name, format}}) and the markup tags (<strong>) of a text. */
function slots(text: string): string[] {
  const vars = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => `{{${m[1]}}}`)
  const tags = [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => `<${m[1]}>`)
  return [...new Set([...vars, ...tags])].sort()
}

// The whole catalogue: the screens' JSON and main's document words (common/words).
const EN = flatten(catalogue.en as Tree)
const FR = flatten(catalogue.fr as Tree)
/** A plural key's base: "a.b_one" → "a.b". */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')

describe('the catalogues', () => {
  it('English and French have exactly the same keys', () => {
    const onlyEn = [...EN.keys()].filter((key) => !FR.has(key))
    const onlyFr = [...FR.keys()].filter((key) => !EN.has(key))
    expect({ onlyEn, onlyFr }).toEqual({ onlyEn: [], onlyFr: [] })
    expect(EN.size).toBeGreaterThan(300)
  })

  it('each key has the same placeholders and markup in both languages', () => {
    const differ = [...EN.keys()]
      .filter((key) => FR.has(key))
      .filter((key) => slots(EN.get(key)!).join() !== slots(FR.get(key)!).join())
      .map((key) => ({ key, en: slots(EN.get(key)!), fr: slots(FR.get(key)!) }))
    expect(differ).toEqual([])
  })

  it('no text is empty, and French is not left in English by mistake', () => {
    expect([...EN].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
    expect([...FR].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
    // Words that read the same in both (names, codes, "Total") are few; a block of identical
    // sentences means a copy that was never translated.
    // A text of placeholders only ("{{problem}} {{action}}": two sentences said in a row) has
    // no words to translate.
    const worded = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''))
    const same = [...EN].filter(
      ([key, text]) => FR.get(key) === text && text.includes(' ') && worded(text),
    )
    expect(same.map(([key]) => key)).toEqual([])
  })

  it('every plural has its "one" and "other" forms', () => {
    for (const map of [EN, FR]) {
      const plurals = new Set([...map.keys()].filter((key) => key !== base(key)).map(base))
      for (const key of plurals) {
        expect(map.has(`${key}_one`), `${key}_one`).toBe(true)
        expect(map.has(`${key}_other`), `${key}_other`).toBe(true)
      }
    }
  })

  it('every screen of the registry has a name in the catalogue', () => {
    const missing = screens.map((screen) => screen.id).filter((id) => !EN.has(`screens.${id}`))
    expect(missing).toEqual([])
  })
})

/** Every .ts/.tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('keys used in the renderer', () => {
  const files = sources(join(__dirname, '../../../renderer'))
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n')
  // t('a.b'), t("a.b"), i18nKey="a.b", and the keys kept in tables ({ key: 'status.received' }
  // or PHASE_WORD = { paid: 'status.paid' }) that are passed to t() later.
  const literal = [
    ...text.matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g),
    ...text.matchAll(/i18nKey=["']([\w.-]+)["']/g),
  ].map((m) => m[1]!)
  const templated = [...text.matchAll(/\bt\(\s*`([\w.-]+)\.\$\{/g)].map((m) => m[1]!)

  it('finds the keys it is meant to check (the scan itself works)', () => {
    expect(literal.length).toBeGreaterThan(250)
    expect(literal).toContain('collect.amount.title')
    expect(templated).toContain('roles')
  })

  it('every literal key exists in English (as itself or as a plural)', () => {
    const missing = [...new Set(literal)].filter(
      (key) => !EN.has(key) && !EN.has(`${key}_one`) && !EN.has(`${key}_other`),
    )
    expect(missing).toEqual([])
  })

  it('every `prefix.${…}` key points at a group of the catalogue', () => {
    const groups = new Set(
      [...EN.keys()].flatMap((key) => {
        const parts = key.split('.')
        return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'))
      }),
    )
    expect([...new Set(templated)].filter((prefix) => !groups.has(prefix))).toEqual([])
  })

  it('no catalogue text reaches dangerouslySetInnerHTML', () => {
    const offenders = files.filter((file) =>
      /dangerouslySetInnerHTML\s*=/.test(readFileSync(file, 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})

describe('plurals and formats follow the language', () => {
  it('French: 0 and 1 take the singular, 2 the plural (English: only 1 is singular)', async () => {
    applyLanguage('fr')
    const fr = (count: number) => i18n.t('collect.offline.caughtUp', { count })
    expect(fr(0)).toBe('0 virement arrivé hors ligne a été rattrapé.')
    expect(fr(1)).toBe('1 virement arrivé hors ligne a été rattrapé.')
    expect(fr(2)).toBe('2 virements arrivés hors ligne ont été rattrapés.')
    // CLDR gives French a "many" form for millions; without its own text it takes "other".
    expect(fr(1_000_000)).toBe(
      '1\u202f000\u202f000 virements arrivés hors ligne ont été rattrapés.',
    )
    expect(i18n.t('app.status.approvalsWaiting', { count: 0 })).toBe('0 approbation en attente')

    applyLanguage('en')
    const en = (count: number) => i18n.t('collect.offline.caughtUp', { count })
    expect(en(0)).toBe('Caught up on 0 transfers that arrived while offline.')
    expect(en(1)).toBe('Caught up on 1 transfer that arrived while offline.')
    expect(en(2)).toBe('Caught up on 2 transfers that arrived while offline.')
    expect(en(1204)).toBe('Caught up on 1,204 transfers that arrived while offline.')
  })

  it('switching the language switches the formatting locale with it', async () => {
    const { formatMoney, formatDate, locale } = await import('../../../renderer/lib/format')
    const day = new Date(2026, 10, 24, 14, 5)
    const amount = 1_250_050 as Parameters<typeof formatMoney>[0]
    applyLanguage('fr')
    expect(locale()).toBe('fr-CI')
    expect(formatDate(day)).toBe('24 nov. 2026')
    expect(formatMoney(amount, 'NGN')).toMatch(/^12\s500,50\sNGN$/)
    applyLanguage('en')
    expect(locale()).toBe('en-NG')
    expect(formatDate(day)).toBe('24 Nov 2026')
    expect(formatMoney(amount, 'NGN')).toBe('₦12,500.50')
  })

  it('values are not HTML-escaped by i18next (React escapes what it renders)', () => {
    applyLanguage('en')
    expect(i18n.t('collect.customer.none', { query: 'A & B <x>' })).toBe(
      'Nobody known matches “A & B <x>”. Add them as a new customer.',
    )
  })
})
