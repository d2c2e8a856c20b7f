import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  MoneyError,
  add,
  compare,
  formatMoney,
  fromWireNumber,
  minor,
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
    expect(parseUserAmount('NGN 3,000')).toBe(300_000)
  })
  it('still rejects nonsense', () => {
    expect(codeOf(() => parseUserAmount('₦'))).toBe('empty')
    expect(codeOf(() => parseUserAmount('12.3.4'))).toBe('not_a_number')
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
