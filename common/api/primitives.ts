// Field-level schemas shared by every resource. Amount codecs turn the wire's decimals into
// integer minor units on decode and back on encode, so both the client and the sandbox work
// in minor units and only the edge ever sees a decimal.
import * as z from 'zod'
import {
  CURRENCIES,
  MoneyError,
  fromWireNumber,
  parseDecimal,
  toDecimalString,
  toWireNumber,
  type Minor,
} from '../money'

const MinorSchema = z.custom<Minor>((v) => typeof v === 'number' && Number.isSafeInteger(v))

function decodeWith<T>(parse: (v: T) => Minor) {
  return (value: T, ctx: z.core.ParsePayload<T>): Minor => {
    try {
      return parse(value)
    } catch (error) {
      const message = error instanceof MoneyError ? error.message : 'Invalid amount.'
      ctx.issues.push({ code: 'custom', message, input: value })
      return z.NEVER
    }
  }
}

/**
 * Largest amount carried as a JSON number. A double holds every decimal of at most 15
 * significant digits exactly; above 9,999,999,999,999.99 a number read back may not be the
 * decimal that was written (73508131856248.91 reads as 73508131856248.9), so refuse instead.
 */
export const MAX_WIRE_NUMBER_MINOR = 999_999_999_999_999
const WireNumberMinor = MinorSchema.refine(
  (m) => m <= MAX_WIRE_NUMBER_MINOR,
  'Amount is too large to carry exactly as a JSON number.',
)

/** A JSON number on the wire (mandate, debit, virtual-account, refund, transfer records). */
export const AmountNumber = z.codec(z.number(), WireNumberMinor, {
  decode: decodeWith(fromWireNumber),
  encode: (m) => toWireNumber(m),
})

/** A decimal string on the wire (payment initialize). */
export const AmountString = z.codec(z.string(), MinorSchema, {
  decode: decodeWith(parseDecimal),
  encode: (m) => toDecimalString(m),
})

/** A positive amount: most requests may not move zero. */
export const PositiveAmountNumber = AmountNumber.refine(
  (m) => m > 0,
  'Amount must be more than zero.',
)
export const PositiveAmountString = AmountString.refine(
  (m) => m > 0,
  'Amount must be more than zero.',
)

export const Currency = z.enum(CURRENCIES, { message: 'Unsupported currency code.' })
export const Email = z.email({ message: 'Enter a valid e-mail address.' }).max(254)
export const IsoDate = z.iso.date({ message: 'Use an ISO 8601 date, YYYY-MM-DD.' })
export const IsoDateTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date-time.' })
/** Query date bounds: a whole day (YYYY-MM-DD, UTC) or an exact date-time. */
export const DateOrDateTime = z.union([IsoDate, IsoDateTime], {
  message: 'Use an ISO 8601 date or date-time.',
})
export const AccountNumber = z.string().regex(/^\d{10}$/, 'Account number must be ten digits.')
export const Bvn = z.string().regex(/^\d{11}$/, 'BVN must be 11 digits.')
export const BankCode = z.string().regex(/^\d{3,6}$/, 'Bank code must be 3 to 6 digits.')
/** The spec's mandate table: `bank_code` is a "Three-digit bank code". */
export const MandateBankCode = z.string().regex(/^\d{3}$/, 'A mandate bank code is three digits.')
/**
 * Merchant references: URL-safe, at most 64 characters, starting with a letter or digit. A
 * reference becomes a path segment (`/direct-debits/mandates/{ref}/cancel`), and URL
 * normalisation turns `.` and `..` into "this folder" and "the folder above": `../cancel`
 * would cancel something else and `..` would sign a GET of the base URL. Requiring a letter or
 * digit first refuses every dot segment (and a leading dash or underscore) in one rule, here,
 * where the client, the IPC contracts and the sandbox all read it.
 */
export const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
export const REFERENCE_RULE =
  'A reference starts with a letter or digit and uses only letters, digits, dot, dash and underscore.'
export const isMerchantReference = (value: string): boolean =>
  value.length <= 64 && REFERENCE_PATTERN.test(value)
export const Reference = z
  .string()
  .min(1, 'Reference is required.')
  .max(64, 'Reference must be at most 64 characters.')
  .regex(REFERENCE_PATTERN, REFERENCE_RULE)
export const Name = z.string().trim().min(1, 'Name is required.').max(120)
export const Narration = z.string().trim().max(100, 'Narration must be at most 100 characters.')
export const Metadata = z.record(
  z.string().max(64),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
)
export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Country code must be two uppercase letters.')
export const Url = z.url({ protocol: /^https?$/, message: 'Use an http(s) URL.' })
