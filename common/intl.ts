// One Intl formatter per locale and options, for main and the shared words. Making one loads
// ICU's data outside the V8 heap (about 100 KB for a date format, given back only when it is
// collected), and the reports, PDFs and keyed sentences place many dates: one formatter per
// call made each report a native peak the process kept (docs/perf.md, till-soak). The
// renderer keeps its own (renderer/lib/format.ts), tied to the language it shows.

const DATES = new Map<string, Intl.DateTimeFormat>()
const PLURALS = new Map<string, Intl.PluralRules>()

/** A till has one zone and two languages, a shop a few zones: never a list that grows. */
const LIMIT = 64

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    if (cache.size >= LIMIT) cache.clear()
    cache.set(key, value)
  }
  return value
}

/** The date format for `locale` and `options`, made once. */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return remember(DATES, `${locale ?? ''}|${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(locale, options)
  })
}

/** The plural rules of `locale`, made once. */
export function pluralRules(locale: string): Intl.PluralRules {
  return remember(PLURALS, locale, () => new Intl.PluralRules(locale))
}
