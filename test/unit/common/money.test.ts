import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CURRENCIES,
  MoneyError,
  add,
  compare,
  formatMoney,
  fromWireNumber,
  minor,
  minorFromText,
  parseDecimal,
  parseUserAmount,
  subtract,
  sum,
  toDecimalString,
  toWireNumber,
  type Minor,
} from '../../../common/money'

const amount = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map((n) => n as Minor)
// Amounts a gateway sends as JSON numbers: up to 15 significant digits survive a double exactly.
const wireAmount = fc.integer({ min: 0, max: 999_999_999_999_999 }).map((n) => n as Minor)

/** The symbols each currency is written with in en-NG (first is what formatMoney prints). */
const SYMBOL: Record<string, string[]> = {
  NGN: ['₦', 'NGN', 'N'],
  USD: ['US$', '$', 'USD'],
  GHS: ['GHS', 'GH₵', '₵'],
  KES: ['KES', 'Ksh'],
  ZAR: ['ZAR', 'R'],
  GBP: ['£', 'GBP'],
  EUR: ['€', 'EUR'],
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    return error instanceof MoneyError ? error.code : 'other'
  }
  return undefined
}

describe('parseDecimal', () => {
  it.each([
    ['12500', 1_250_000],
    ['12500.5', 1_250_050],
    ['12500.50', 1_250_050],
    ['0.01', 1],
    ['.5', 50],
    ['007.10', 710],
    ['12500.500', 1_250_050],
    ['0', 0],
  ])('parses %s exactly', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected)
  })

  it.each([
    ['', 'empty'],
    ['-1', 'negative'],
    ['abc', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['NaN', 'not_a_number'],
    ['Infinity', 'not_a_number'],
    ['1.234', 'too_precise'],
    ['1,000', 'not_a_number'],
    ['99999999999999999', 'too_large'],
  ])('rejects %j with %s', (text, code) => {
    expect(codeOf(() => parseDecimal(text))).toBe(code)
  })

  it('explains the problem in words', () => {
    expect(() => parseDecimal('1.234')).toThrow(/more than 2 decimal places/)
    expect(() => parseDecimal('-5')).toThrow(/cannot be negative/)
  })
})

describe('parseUserAmount', () => {
  it('accepts what cashiers type', () => {
    expect(parseUserAmount('₦12,500.50')).toBe(1_250_050)
    expect(parseUserAmount(' 12 500 ')).toBe(1_250_000)
    expect(parseUserAmount('NGN 3,000.00')).toBe(300_000)
  })
  it('still rejects nonsense', () => {
    expect(codeOf(() => parseUserAmount('₦'))).toBe('empty')
    expect(codeOf(() => parseUserAmount('12.3.4'))).toBe('not_a_number')
  })
  it('checks thousands grouping: 1,234.56 yes; 12,50 and 1,2,3 no', () => {
    expect(parseUserAmount('1,234.56')).toBe(123_456)
    expect(parseUserAmount('1,234,567')).toBe(123_456_700)
    expect(codeOf(() => parseUserAmount('12,50'))).toBe('bad_grouping')
    expect(codeOf(() => parseUserAmount('1,2,3'))).toBe('bad_grouping')
    expect(codeOf(() => parseUserAmount('1234,567'))).toBe('bad_grouping')
    expect(codeOf(() => parseUserAmount(',123'))).toBe('bad_grouping')
    expect(codeOf(() => parseUserAmount('1,234.5,6'))).toBe('bad_grouping')
    expect(codeOf(() => parseUserAmount('1_000'))).toBe('not_a_number')
    // A decimal comma is the likely intent; say so.
    expect(() => parseUserAmount('12,50')).toThrow(/12\.50/)
  })
  it("refuses a single dot or comma before three digits: thousands or decimals can't be told apart", () => {
    // "12.500" was read as ₦12.50 and "€1.500" as €1.50: a dot used for thousands.
    for (const [text, currency] of [
      ['12.500', 'NGN'],
      ['₦12.500', 'NGN'],
      ['€1.500', 'EUR'],
      ['12,500', 'NGN'],
      ['NGN 3,000', 'NGN'],
      ['€1,234', 'EUR'],
      ['0.500', 'NGN'],
      ['999,999', 'NGN'],
    ] as const) {
      expect([text, codeOf(() => parseUserAmount(text, currency))]).toEqual([
        text,
        'ambiguous_group',
      ])
    }
    expect(() => parseUserAmount('12.500')).toThrow(/12500.*12\.50/)
    expect(() => parseUserAmount('12,505')).toThrow(/12505 \(or 12,505\.00\)/)
    // Unambiguous forms still read: decimals after grouping, more groups, no group, spaces.
    expect(parseUserAmount('12,500.00')).toBe(1_250_000)
    expect(parseUserAmount('1,234,567')).toBe(123_456_700)
    expect(parseUserAmount('12.50')).toBe(1250)
    expect(parseUserAmount('12500')).toBe(1_250_000)
    expect(parseUserAmount('12 500')).toBe(1_250_000)
    expect(parseUserAmount('1234.5')).toBe(123_450)
    expect(parseUserAmount('NGN 3,000.00')).toBe(300_000)
  })
  it("accepts only the active currency's symbol", () => {
    expect(parseUserAmount('₦5')).toBe(500)
    expect(parseUserAmount('5 NGN', 'NGN')).toBe(500)
    expect(parseUserAmount('$5', 'USD')).toBe(500)
    expect(parseUserAmount('US$5', 'USD')).toBe(500)
    expect(parseUserAmount('€1,234.00', 'EUR')).toBe(123_400)
    expect(codeOf(() => parseUserAmount('$5'))).toBe('wrong_currency')
    expect(codeOf(() => parseUserAmount('$5', 'NGN'))).toBe('wrong_currency')
    expect(codeOf(() => parseUserAmount('USD 5', 'NGN'))).toBe('wrong_currency')
    expect(codeOf(() => parseUserAmount('₦5', 'USD'))).toBe('wrong_currency')
    expect(codeOf(() => parseUserAmount('£5', 'NGN'))).toBe('wrong_currency')
    expect(codeOf(() => parseUserAmount('₦₦5'))).toBe('wrong_currency')
    expect(() => parseUserAmount('$5', 'NGN')).toThrow(/₦/)
  })
})

describe('parseUserAmount properties', () => {
  const currency = fc.constantFrom(...CURRENCIES)
  it('every amount formatted for its currency parses back', () => {
    fc.assert(fc.property(amount, currency, (m, c) => parseUserAmount(formatMoney(m, c), c) === m))
  })
  it('correct grouping of any whole part is accepted, with or without the symbol', () => {
    const whole = fc.bigInt({ min: 0n, max: 10n ** 13n })
    fc.assert(
      fc.property(whole, fc.integer({ min: 0, max: 99 }), fc.boolean(), (w, cents, sign) => {
        const grouped = w.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
        const text = `${sign ? '₦' : ''}${grouped}.${String(cents).padStart(2, '0')}`
        return parseUserAmount(text) === Number(w) * 100 + cents
      }),
    )
  })
  it('a comma group that is not three digits is always refused', () => {
    const bad = fc
      .tuple(
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^\d{1,5}$/).filter((g) => g.length !== 3),
      )
      .map(([head, group]) => `${head},${group}`)
    fc.assert(fc.property(bad, (text) => codeOf(() => parseUserAmount(text)) === 'bad_grouping'))
  })
  it('a single dot or comma before a group of three digits is always refused', () => {
    const text = fc
      .tuple(
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('.', ','),
        fc.stringMatching(/^\d{3}$/),
        fc.constantFrom('', '₦', 'NGN '),
      )
      .map(([head, mark, group, sign]) => `${sign}${head}${mark}${group}`)
    fc.assert(fc.property(text, (t) => codeOf(() => parseUserAmount(t)) === 'ambiguous_group'))
  })
  it("another currency's symbol is always refused", () => {
    const pair = fc
      .tuple(currency, currency)
      .filter(([a, b]) => a !== b && !(SYMBOL[a] ?? []).includes(SYMBOL[b]![0]!))
    fc.assert(
      fc.property(pair, amount, ([active, other], m) => {
        const text = formatMoney(m, other)
        return codeOf(() => parseUserAmount(text, active)) === 'wrong_currency'
      }),
    )
  })
  it('never returns anything but a safe integer or a MoneyError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), currency, (text, c) => {
        const code = codeOf(() => parseUserAmount(text, c))
        if (code === undefined) return Number.isSafeInteger(parseUserAmount(text, c))
        return code !== 'other'
      }),
    )
  })
})

describe('fromWireNumber', () => {
  it('reads JSON numbers exactly', () => {
    expect(fromWireNumber(12500.5)).toBe(1_250_050)
    expect(fromWireNumber(1.1)).toBe(110)
  })
  it.each([
    [Number.NaN, 'not_finite'],
    [Number.POSITIVE_INFINITY, 'not_finite'],
    [-1, 'negative'],
    [0.001, 'too_precise'],
    [1e-7, 'too_precise'],
    [1e21, 'too_large'],
    [0.1 + 0.2, 'too_precise'],
  ])('rejects %d with %s', (value, code) => {
    expect(codeOf(() => fromWireNumber(value))).toBe(code)
  })
})

describe('format', () => {
  it('formats naira the way Nigerian tills print it', () => {
    expect(formatMoney(1_250_000 as Minor)).toBe('₦12,500.00')
    expect(formatMoney(5 as Minor)).toBe('₦0.05')
    expect(formatMoney(Number.MAX_SAFE_INTEGER as Minor)).toBe('₦90,071,992,547,409.91')
  })
  it('formats negative balances', () => {
    expect(toDecimalString(-150 as Minor)).toBe('-1.50')
  })
})

describe('minor()', () => {
  it('accepts only safe integers', () => {
    expect(minor(42)).toBe(42)
    expect(codeOf(() => minor(1.5))).toBe('not_integer')
    expect(codeOf(() => minor(Number.NaN))).toBe('not_finite')
    expect(codeOf(() => minor(2 ** 60))).toBe('too_large')
  })
})

describe('properties', () => {
  it('decimal string round-trips', () => {
    fc.assert(fc.property(amount, (m) => parseDecimal(toDecimalString(m)) === m))
  })
  it('wire number round-trips for gateway-sized amounts', () => {
    fc.assert(fc.property(wireAmount, (m) => fromWireNumber(toWireNumber(m)) === m))
  })
  it('JSON serialization round-trips through the wire form', () => {
    fc.assert(
      fc.property(wireAmount, (m) => {
        const json = JSON.stringify({ amount: toWireNumber(m) })
        return fromWireNumber((JSON.parse(json) as { amount: number }).amount) === m
      }),
    )
  })
  it('formatted amounts parse back (user form)', () => {
    fc.assert(fc.property(amount, (m) => parseUserAmount(formatMoney(m)) === m))
  })
  it('sum equals the exact decimal sum, in any order', () => {
    const small = fc.integer({ min: 0, max: 10_000_000_000 }).map((n) => n as Minor)
    fc.assert(
      fc.property(fc.array(small, { maxLength: 50 }), (list) => {
        const total = sum(list)
        const bigTotal = list.reduce((acc, m) => acc + BigInt(m), 0n)
        return BigInt(total) === bigTotal && sum([...list].reverse()) === total
      }),
    )
  })
  it('add and subtract are inverse and compare is consistent', () => {
    const half = fc.integer({ min: 0, max: 2 ** 51 }).map((n) => n as Minor)
    fc.assert(
      fc.property(half, half, (a, b) => {
        const s = add(a, b)
        return subtract(s, b) === a && compare(s, a) >= 0 && compare(a, a) === 0
      }),
    )
  })
  it('refuses sums that would lose exactness', () => {
    expect(codeOf(() => add(Number.MAX_SAFE_INTEGER as Minor, 1 as Minor))).toBe('too_large')
  })
})

describe('minorFromText (amounts as shop events carry them)', () => {
  it('reads whole minor units written as digits, exactly', () => {
    fc.assert(fc.property(amount, (a) => minorFromText(String(a)) === a))
    expect(minorFromText('350000')).toBe(350000)
  })

  it('refuses anything else rather than guess', () => {
    for (const text of [
      '',
      '-5',
      '12.5',
      '1e3',
      ' 12',
      '0x10',
      '9007199254740993',
      '12345678901234567',
    ])
      expect(minorFromText(text), text).toBeNull()
    expect(minorFromText(350000)).toBeNull()
    expect(minorFromText(null)).toBeNull()
  })
})
