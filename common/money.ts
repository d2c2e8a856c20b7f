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
 * Parses what a person typed: allows a currency sign, spaces and thousands separators
 * ("₦12,500.50"), then parses exactly.
 */
export function parseUserAmount(text: string): Minor {
  const cleaned = text.replace(/[\s,_]/g, '').replace(/^(?:₦|NGN|N|\$|USD)/i, '')
  return parseDecimal(cleaned)
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

/** Formats for people: 1250000 NGN -> "₦12,500.00". Intl is given the exact decimal string. */
export function formatMoney(
  amount: Minor,
  currency: Currency = DEFAULT_CURRENCY,
  locale = 'en-NG',
): string {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: MINOR_DIGITS,
      maximumFractionDigits: MINOR_DIGITS,
    })
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
