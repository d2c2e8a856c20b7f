// The one formatting module: one time format, day-first date fields, plurals that agree.
import { afterEach, describe, expect, it } from 'vitest'
import {
  countOf,
  dayToInput,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  formatWhen,
  groupDigits,
  inputToDay,
  plural,
  setLocale,
} from '../../../renderer/lib/format'

afterEach(() => setLocale('en-NG'))

describe('times', () => {
  const late = new Date(2026, 10, 24, 0, 53, 43)
  const afternoon = new Date(2026, 10, 24, 14, 5, 0)

  it('has one time format: 24-hour hours and minutes, no seconds, no am/pm', () => {
    expect(formatTime(late)).toBe('00:53')
    expect(formatTime(afternoon)).toBe('14:05')
    expect(formatTime(afternoon.toISOString())).toBe('14:05')
  })

  it('writes dates day first with the short month, and date-times with the same time', () => {
    expect(formatDate(late)).toBe('24 Nov 2026')
    expect(formatDateTime(late)).toBe('24 Nov 2026, 00:53')
  })

  it('names the day with every time: today, yesterday, else the date (issue 23, item 7)', () => {
    expect(formatWhen(afternoon, new Date(2026, 10, 24, 18, 0))).toBe('Today, 14:05')
    expect(formatWhen(afternoon, new Date(2026, 10, 25, 9, 0))).toBe('Yesterday, 14:05')
    expect(formatWhen(afternoon, new Date(2026, 10, 26, 9, 0))).toBe('24 Nov 2026, 14:05')
  })

  it('says today and yesterday in French too', () => {
    setLocale('fr-CI')
    expect(formatWhen(afternoon, new Date(2026, 10, 24, 18, 0))).toBe('Aujourd’hui, 14:05')
    expect(formatWhen(afternoon, new Date(2026, 10, 25, 9, 0))).toBe('Hier, 14:05')
    expect(formatWhen(afternoon, new Date(2026, 10, 26, 9, 0)).replace(/\u202f|\u00a0/g, ' ')).toBe(
      '24 nov. 2026, 14:05',
    )
  })
})

describe('plurals', () => {
  it('agrees with the count', () => {
    expect(countOf(1, 'more digit')).toBe('1 more digit')
    expect(countOf(2, 'more digit')).toBe('2 more digits')
    expect(countOf(1, 'row')).toBe('1 row')
    expect(countOf(0, 'row')).toBe('0 rows')
    expect(countOf(1204, 'transfer')).toBe('1,204 transfers')
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries')
  })

  it('follows the locale’s rules (French says "0 ligne")', () => {
    setLocale('fr')
    expect(plural(0, 'ligne')).toBe('ligne')
    expect(plural(2, 'ligne')).toBe('lignes')
  })
})

describe('date fields', () => {
  it('read what people type day first', () => {
    expect(inputToDay('24/11/2026')).toBe('2026-11-24')
    expect(inputToDay('1-2-2026')).toBe('2026-02-01')
    expect(inputToDay('24.11.26')).toBe('2026-11-24')
    expect(inputToDay('  ')).toBe('')
  })

  it('refuse days that do not exist and the browser’s month-first order', () => {
    expect(inputToDay('31/02/2026')).toBeNull()
    expect(inputToDay('11/24/2026')).toBeNull()
    expect(inputToDay('2026-11-24')).toBeNull()
    expect(inputToDay('yesterday')).toBeNull()
  })

  it('show a stored day the same way', () => {
    expect(dayToInput('2026-11-24')).toBe('24/11/2026')
  })
})

describe('money and account numbers', () => {
  it('formats exact minor units in naira', () => {
    expect(formatMoney(1_250_050 as never, 'NGN')).toBe('₦12,500.50')
  })

  it('groups a NUBAN 3-3-4', () => {
    expect(groupDigits('9012345678')).toBe('901 234 5678')
  })
})
