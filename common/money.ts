// Money is integer minor units (kobo for NGN), never a float. Every currency Tilldesk supports
// has two minor digits, so one exponent serves all of them. Conversions to and from the wire's
// decimal strings and JSON numbers go through decimal *strings*, so no float arithmetic ever
// touches an amount.

/** Integer minor units (e.g. kobo). Branded so a bare number can't pass for money by accident. */
export type Minor = number & { readonly __minor: unique symbol }

export const CURRENCIES = ['NGN', 'USD', 'GHS', 'KES', 'ZAR', 'GBP', 'EUR'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'NGN'
export const MINOR_DIGITS = 2
const SCALE = 100

/** Largest amount representable exactly: 90,071,992,547,409.91 in major units. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER as Minor

export type MoneyErrorCode =
  | 'empty'
  | 'not_a_number'
  | 'negative'
  | 'too_precise'
  | 'too_large'
  | 'not_finite'
  | 'not_integer'
  | 'unknown_currency'
  | 'bad_grouping'
  | 'wrong_currency'
  | 'ambiguous_group'

/** A bad amount, with a message a cashier can act on. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError'
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)

/** Wraps an integer count of minor units, checking it is a safe integer. */
export function minor(value: number): Minor {
  if (!Number.isFinite(value)) throw new MoneyError('not_finite', 'Amount must be a finite number.')
  if (!Number.isInteger(value))
    throw new MoneyError('not_integer', 'Minor units must be a whole number.')
  if (!Number.isSafeInteger(value))
    throw new MoneyError('too_large', 'Amount is too large to handle exactly.')
  return value as Minor
}

export const ZERO = 0 as Minor

/**
 * Integer minor units written as text (how shop events carry amounts: "350000"), or null when
 * the text is anything else: a sign, a decimal point, an exponent, or more than fits exactly.
 */
export function minorFromText(text: unknown): Minor | null {
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? (value as Minor) : null
}

const DECIMAL = /^(\d+)(?:\.(\d*))?$/

/**
 * Parses a non-negative decimal string ("12500", "12500.5", "12500.50") exactly.
 * This is the wire form and the canonical form; it accepts no symbols or separators.
 */
export function parseDecimal(text: string): Minor {
  const trimmed = text.trim()
  if (trimmed === '') throw new MoneyError('empty', 'Enter an amount.')
  if (trimmed.startsWith('-')) throw new MoneyError('negative', 'Amount cannot be negative.')
  const match = DECIMAL.exec(trimmed.startsWith('.') ? `0${trimmed}` : trimmed)
  if (!match)
    throw new MoneyError('not_a_number', `"${text}" is not an amount. Use digits, like 12500.50.`)
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > MINOR_DIGITS)
    throw new MoneyError(
      'too_precise',
      `Amount has more than ${MINOR_DIGITS} decimal places: ${text.trim()}.`,
    )
  const digits = (whole + fraction.padEnd(MINOR_DIGITS, '0')).replace(/^0+(?=\d)/, '')
  const value = Number(digits)
  if (!Number.isSafeInteger(value) || digits.length > 16)
    throw new MoneyError('too_large', 'Amount is too large to handle exactly.')
  return value as Minor
}

/**
 * How each currency may be written by the cashier, beside the ISO code and whatever Intl
 * prints for it (added at run time, since Chromium's and Node's ICU data may differ). The
 * list is explicit on purpose: "$5" typed for a naira charge is a mistake to point out, not a
 * number to read. "N" is how Nigerian shops commonly write the naira without a ₦ key.
 */
const TYPED_SYMBOLS: Record<Currency, readonly string[]> = {
  NGN: ['₦', 'N'],
  USD: ['$', 'US$'],
  GHS: ['₵', 'GH₵'],
  KES: ['Ksh', 'KSh'],
  ZAR: ['R'],
  GBP: ['£'],
  EUR: ['€'],
}

const symbolCache = new Map<string, readonly string[]>()

/** Every symbol accepted for `currency`, longest first so "US$" wins over "$". */
function symbolsOf(currency: Currency): readonly string[] {
  const cached = symbolCache.get(currency)
  if (cached) return cached
  const found = new Set<string>([currency, ...TYPED_SYMBOLS[currency]])
  for (const locale of ['en-NG', 'en'])
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
        .formatToParts(1)
        .find((p) => p.type === 'currency')
      if (part) found.add(part.value)
    }
  const list = [...found].sort((a, b) => b.length - a.length)
  symbolCache.set(currency, list)
  return list
}

/** Spaces people and Intl put between symbol and digits, or between groups. */
const SPACES = /[\s\u00a0\u202f]+/g
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/
const SPACE_GROUPED = /^\d{1,3}(?: \d{3})+(?:\.\d*)?$/
/** One dot or comma before three digits: "12.500", "12,500". Thousands or decimals? */
const ONE_GROUP = /^(\d{1,3})[.,](\d{3})$/

/** Why "12.500" is refused, with both ways of typing what may have been meant. */
function ambiguous(typed: string, head: string, group: string): MoneyError {
  const thousands = String(Number(head + group))
  const grouped = `${Number(head)},${group}`
  const decimal = group.endsWith('0') ? `${head}.${group.slice(0, 2)}` : null
  return new MoneyError(
    'ambiguous_group',
    decimal
      ? `"${typed}" could be ${thousands} or ${decimal}: type ${thousands} (or ${grouped}.00), or ${decimal} with a point and two decimals.`
      : `"${typed}": one separator before three digits can mean thousands or decimals; type ${thousands} (or ${grouped}.00).`,
  )
}

/**
 * Parses what a person typed for an amount in `currency`: the currency's own symbol or code
 * (before or after), spaces, and thousands separators in groups of three ("₦12,500.50",
 * "12 500"), then parses exactly. Refuses another currency's symbol ("$5" for naira) and
 * grouping that isn't thousands ("12,50" is a decimal comma, "1,2,3" is a typo): guessing
 * either would charge the customer a different amount from the one meant. For the same reason
 * a single dot or comma before exactly three digits ("12.500", "12,500") is refused: one
 * person writes twelve thousand five hundred so, another twelve and a half.
 */
export function parseUserAmount(text: string, currency: Currency = DEFAULT_CURRENCY): Minor {
  let rest = text.replace(SPACES, ' ').trim()
  const symbols = symbolsOf(currency)
  const strip = (): boolean => {
    for (const sym of symbols) {
      const upper = sym.toUpperCase()
      if (rest.toUpperCase().startsWith(upper)) {
        rest = rest.slice(sym.length).trim()
        return true
      }
      if (rest.toUpperCase().endsWith(upper) && /[\d.]$/.test(rest.slice(0, -sym.length).trim())) {
        rest = rest.slice(0, -sym.length).trim()
        return true
      }
    }
    return false
  }
  // A minus sign may come before the symbol ("-₦5"); it is refused below with its own words.
  const negative = rest.startsWith('-')
  if (negative) rest = rest.slice(1).trim()
  strip()
  if (rest.startsWith('-')) throw new MoneyError('negative', 'Amount cannot be negative.')
  if (negative) throw new MoneyError('negative', 'Amount cannot be negative.')
  if (rest === '') throw new MoneyError('empty', 'Enter an amount.')
  if (/[^\d., ]/.test(rest)) {
    // Something that is not part of a number: another currency's sign, or letters.
    const mark = formatMoney(ZERO, currency).replace(/[\d.,\s]/g, '') || currency
    if (/^[^\d]/.test(rest) || /[^\d.,\s]+$/.test(rest))
      throw new MoneyError(
        'wrong_currency',
        `"${text.trim()}" is not an amount in ${currency}. Type digits only, or use ${mark}.`,
      )
    throw new MoneyError(
      'not_a_number',
      `"${text.trim()}" is not an amount. Use digits, like 12500.50.`,
    )
  }
  const oneGroup = ONE_GROUP.exec(rest)
  if (oneGroup) throw ambiguous(text.trim(), oneGroup[1] ?? '', oneGroup[2] ?? '')
  if (rest.includes(',')) {
    if (!GROUPED.test(rest)) {
      const decimalComma = /^\d+,\d{1,2}$/.test(rest)
      throw new MoneyError(
        'bad_grouping',
        decimalComma
          ? `"${text.trim()}": use a point for decimals, like ${rest.replace(',', '.')}.`
          : `"${text.trim()}": commas separate thousands, in groups of three, like 1,234.56.`,
      )
    }
    rest = rest.replace(/,/g, '')
  } else if (rest.includes(' ')) {
    if (!SPACE_GROUPED.test(rest))
      throw new MoneyError(
        'bad_grouping',
        `"${text.trim()}": spaces separate thousands, in groups of three, like 12 500.`,
      )
    rest = rest.replace(/ /g, '')
  }
  return parseDecimal(rest)
}

/**
 * Reads a JSON number from the gateway. JSON numbers arrive as doubles; their shortest
 * round-trip text (String(n)) is exactly the decimal the gateway wrote when it has at most
 * 15 significant digits, so we parse that text rather than multiplying a float.
 */
export function fromWireNumber(value: number): Minor {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new MoneyError('not_finite', 'Amount must be a finite number.')
  if (value < 0) throw new MoneyError('negative', 'Amount cannot be negative.')
  const text = String(value)
  if (/e/i.test(text)) {
    // Exponent notation only appears for < 1e-6 (too precise) or >= 1e21 (too large).
    throw new MoneyError(
      value < 1 ? 'too_precise' : 'too_large',
      value < 1
        ? `Amount has more than ${MINOR_DIGITS} decimal places.`
        : 'Amount is too large to handle exactly.',
    )
  }
  return parseDecimal(text)
}

/** Canonical decimal string with exactly two decimals: 1250050 -> "12500.50". */
export function toDecimalString(amount: Minor): string {
  const negative = amount < 0
  const digits = String(Math.abs(amount)).padStart(MINOR_DIGITS + 1, '0')
  const whole = digits.slice(0, -MINOR_DIGITS)
  const fraction = digits.slice(-MINOR_DIGITS)
  return `${negative ? '-' : ''}${whole}.${fraction}`
}

/** The JSON number the gateway expects. Number() of an exact decimal string, no arithmetic. */
export function toWireNumber(amount: Minor): number {
  return Number(toDecimalString(amount))
}

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Formats for people: 1250000 NGN -> "₦12,500.00". Intl is given the exact decimal string.
 * Accepts any currency code the gateway reports (a transfer may come in one Tilldesk does not
 * support); a code Intl cannot format is written before the plain decimal.
 */
export function formatMoney(
  amount: Minor,
  currency: Currency | (string & {}) = DEFAULT_CURRENCY,
  locale = 'en-NG',
): string {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: MINOR_DIGITS,
        maximumFractionDigits: MINOR_DIGITS,
      })
    } catch {
      return `${currency} ${toDecimalString(amount)}`
    }
    formatters.set(key, formatter)
  }
  // Intl.NumberFormat formats decimal strings exactly (no conversion to double).
  return formatter.format(toDecimalString(amount) as unknown as number)
}

function checked(value: number): Minor {
  if (!Number.isSafeInteger(value))
    throw new MoneyError('too_large', 'Amount is too large to handle exactly.')
  return value as Minor
}

/** Integer addition, checked to stay exact. */
export const add = (a: Minor, b: Minor): Minor => checked(a + b)
export const subtract = (a: Minor, b: Minor): Minor => checked(a - b)
export const sum = (amounts: Iterable<Minor>): Minor => {
  let total = 0
  for (const amount of amounts) total = checked(total + amount)
  return total as Minor
}
export const compare = (a: Minor, b: Minor): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0)
export const isPositive = (a: Minor): boolean => a > 0

/** Minor units per major unit, for the rare caller that must state it (e.g. docs, limits). */
export const MINOR_PER_MAJOR = SCALE
