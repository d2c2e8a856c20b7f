// The error body and every message the spec fixes verbatim. Client and sandbox both read
// these, so a message can never drift between the two.
import * as z from 'zod'

export const ERROR_MESSAGES = {
  invalidApiKey: 'Invalid or missing API key',
  invalidTimestamp: 'Invalid request timestamp',
  timestampTooOld: 'Request timestamp is too old',
  invalidSignature: 'Invalid auth header',
  invalidToken: 'Invalid or expired token',
  missingCapability: 'Missing required capability',
  activationNotInitiated: 'Mandate activation needs to be initiated first',
  duplicateDebitReference: 'Direct debit payment already exists for the given reference',
  // Not shown in the spec; our choices (docs/gateway-assumptions.md).
  mandateNotActive: 'Mandate is not active',
  duplicateReference: 'A record already exists for the given reference',
  validation: 'Validation failed',
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  notFound: 'Resource not found',
  accountNotFound: 'Account not found',
  routeNotFound: 'Route not found',
  rateLimited: 'Too many requests',
  internal: 'Internal server error',
  badGateway: 'Bad gateway',
} as const

/** Machine codes, stable across messages. */
export const ERROR_CODES = [
  'invalid_api_key',
  'invalid_timestamp',
  'timestamp_too_old',
  'invalid_signature',
  'invalid_token',
  'missing_capability',
  'activation_not_initiated',
  'duplicate_payment_reference',
  'mandate_not_active',
  'duplicate_reference',
  'invalid_state',
  'validation_error',
  'malformed_json',
  'payload_too_large',
  'not_found',
  'route_not_found',
  'unprocessable',
  'limit_exceeded',
  'insufficient_funds',
  'rate_limited',
  'internal_error',
  'bad_gateway',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const FieldError = z.object({ field: z.string(), message: z.string() })
export type FieldError = z.infer<typeof FieldError>

/**
 * Every error response: `{status: false, message, code, errors?}`. Only `message` is relied on
 * by the client (the spec fixes messages, not field names); the rest is read when present.
 */
export const ErrorBody = z.object({
  status: z.literal(false).optional(),
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(FieldError).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>
