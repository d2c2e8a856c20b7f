// A shift report's warnings (a source left out, a Z-report missing) in the catalogue's words.
// Main keeps each warning in English inside the sealed report, so a report reads the same
// whenever it is checked; this names the same sentence by key (common/words/errors.ts
// `report`) from that English, for the screen and the printed page in the till's language. A
// warning these patterns do not know (a newer till's) gets a keyed sentence that says a
// source was left out, and its English stays beside it in the log and the CSV.
import type { Language } from '../ipc/appearance'
import type { Said } from '../ipc/contract'
import { ERROR_WORDS } from './errors'
import { FORMAT_LOCALE } from './index'
import { sayIn } from './said'

/** The sources the report reads, by the English name main gives them. */
const SOURCES: Readonly<Record<string, string>> = {
  Collections: 'report.source.collections',
  'Hosted payments': 'report.source.hosted',
  Refunds: 'report.source.refunds',
  Payouts: 'report.source.payouts',
  'Direct debits': 'report.source.debits',
}

const PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Said]> = [
  [
    /^Charge (\S+) could not be reconciled and is left out\.$/,
    (m) => ({ key: 'report.chargeLeftOut', params: { id: m[1]! } }),
  ],
  [
    /^The payout journal could not be read in full \(.*\); payouts after record (\d+) are left out\.$/,
    (m) => ({ key: 'report.payoutJournal', params: { seq: m[1]! } }),
  ],
  [
    /^(.+?) could not be read or did not pass their check(?: \(.*\))?; they are left out of this report\.$/,
    (m) => ({
      key: 'report.sourceLeftOut',
      params: { source: SOURCES[m[1]!] ? { key: SOURCES[m[1]!]! } : m[1]! },
    }),
  ],
  [
    /^Z-report (\d+) is missing or unreadable: /,
    (m) => ({ key: 'report.zMissing', params: { number: m[1]! } }),
  ],
  [
    /^The books kept for reports \((.+?)\) did not pass their check /,
    (m) => ({ key: 'report.books', params: { file: m[1]! } }),
  ],
]

/** The keyed sentence of one warning of a shift report. */
export function warningSaid(warning: string): Said {
  for (const [pattern, said] of PATTERNS) {
    const m = pattern.exec(warning)
    if (m) return said(m)
  }
  return { key: 'report.leftOut' }
}

/**
 * A report's warning in `language`, for what main words itself (the printed page, the CSV);
 * its English as main kept it when the words lack it.
 */
export const warningIn = (warning: string, language: Language): string =>
  sayIn(ERROR_WORDS[language], warningSaid(warning), FORMAT_LOCALE[language]) ?? warning
