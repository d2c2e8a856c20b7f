// Does the bank's holder name match the name the cashier typed? Conservative on purpose: the
// same words in any order, ignoring case, punctuation and titles. Anything else goes to a
// person (needs_review); paying the wrong person is worse than a short delay.

const TITLES = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'CHIEF',
  'ALHAJI',
  'ALHAJA',
  'PROF',
  'ENGR',
])

/** Upper-case words, without punctuation, accents or titles, sorted. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !TITLES.has(word))
    .sort()
}

export function namesMatch(typed: string, fromBank: string): boolean {
  const a = nameWords(typed)
  const b = nameWords(fromBank)
  return a.length > 0 && a.length === b.length && a.every((word, index) => word === b[index])
}
