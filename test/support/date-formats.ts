// Counts the Intl date formatters made while `run` runs: each loads ICU's data outside the V8
// heap, so main makes one per locale and options (common/intl.ts; docs/perf.md, till-soak).
export function dateFormatsMadeBy(run: () => void): number {
  const Original = Intl.DateTimeFormat
  let made = 0
  const counting = function (...args: ConstructorParameters<typeof Original>) {
    made += 1
    return new Original(...args)
  }
  Object.defineProperty(Intl, 'DateTimeFormat', { value: counting, configurable: true })
  try {
    run()
  } finally {
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Original, configurable: true })
  }
  return made
}
