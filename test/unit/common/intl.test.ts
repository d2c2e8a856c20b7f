// Main's dates are formatted by one formatter per locale and options (common/intl.ts): making
// one loads ICU's data outside the V8 heap, and a report places many dates, so one per call
// made each evening's reports a native peak the process kept (docs/perf.md, till-soak).
import { describe, expect, it } from 'vitest'
import { sayIn } from '../../../common/words/said'
import { dateFormatsMadeBy } from '../../support/date-formats'

const WORDS = { shift: { line: 'Opened {{openedAt}}; the day ends {{endDay}}.' } }

describe('one date formatter per locale and options', () => {
  it('a keyed sentence with a moment and a day, said 300 times in each language', () => {
    // A fresh pair of options, so a formatter another test made does not hide a new one here.
    const made = dateFormatsMadeBy(() => {
      for (let i = 0; i < 300; i++)
        for (const language of ['en', 'fr'] as const) {
          const said = sayIn(
            WORDS,
            {
              key: 'shift.line',
              params: {
                openedAt: new Date(Date.UTC(2026, 10, 26, 8, i % 60)).toISOString(),
                endDay: '2026-11-26',
              },
            },
            language === 'fr' ? 'fr-FR' : 'en-NG',
          )
          expect(said).toMatch(/2026/)
        }
    })
    expect(made).toBeLessThanOrEqual(4)
  })
})
