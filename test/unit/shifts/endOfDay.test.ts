import { describe, expect, it } from 'vitest'
import { endOfDayAfter } from '../../../main/shifts/endOfDay'

const iso = (ms: number) => new Date(ms).toISOString()

describe('end of day', () => {
  it('is later the same local day for a day shift, in the till zone', () => {
    // 08:00 in Lagos (UTC+1): the day ends 22:00 Lagos = 21:00 UTC.
    const opened = Date.parse('2026-03-02T07:00:00Z')
    expect(iso(endOfDayAfter(opened, '22:00', 'Africa/Lagos'))).toBe('2026-03-02T21:00:00.000Z')
  })

  it('is the next day for a shift opened after the end of day (a night shift)', () => {
    const opened = Date.parse('2026-03-02T22:30:00Z') // 23:30 in Lagos
    expect(iso(endOfDayAfter(opened, '22:00', 'Africa/Lagos'))).toBe('2026-03-03T21:00:00.000Z')
  })

  it('follows daylight saving time where the zone has it', () => {
    // Europe/London moves to BST on 29 March 2026: 22:00 local is 22:00 UTC before, 21:00 after.
    const before = Date.parse('2026-03-28T09:00:00Z')
    const after = Date.parse('2026-03-29T09:00:00Z')
    expect(iso(endOfDayAfter(before, '22:00', 'Europe/London'))).toBe('2026-03-28T22:00:00.000Z')
    expect(iso(endOfDayAfter(after, '22:00', 'Europe/London'))).toBe('2026-03-29T21:00:00.000Z')
  })

  it('crosses month and year ends', () => {
    const opened = Date.parse('2026-12-31T23:30:00Z')
    expect(iso(endOfDayAfter(opened, '06:00', 'UTC'))).toBe('2027-01-01T06:00:00.000Z')
  })
})
