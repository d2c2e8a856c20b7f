// Small schemas shared by several channel files.
import * as z from 'zod'
import { PIN_FEWEST_DIGITS, PIN_MAX_DIGITS } from '../rules/fields'

/** For channels that take nothing: `invoke('session.get')` with no second argument. */
export const NoInput = z.strictObject({}).optional()

export const ENVIRONMENTS = ['demo', 'sandbox', 'live'] as const
export type Environment = (typeof ENVIRONMENTS)[number]
export const EnvironmentSchema = z.enum(ENVIRONMENTS)
/** Environments whose key the admin enters; the demo key is generated. */
export const CONFIGURABLE_ENVIRONMENTS = ['sandbox', 'live'] as const
export type ConfigurableEnvironment = (typeof CONFIGURABLE_ENVIRONMENTS)[number]
export const ConfigurableEnvironmentSchema = z.enum(CONFIGURABLE_ENVIRONMENTS)

export const ENVIRONMENT_LABEL: Record<Environment, string> = {
  demo: 'Demo',
  sandbox: 'Sandbox',
  live: 'Live',
}

/** A PIN any role may have (common/rules); each role's own minimum is checked in main. */
export const PinSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{${PIN_FEWEST_DIGITS},${PIN_MAX_DIGITS}}$`),
    `PIN must be ${PIN_FEWEST_DIGITS} to ${PIN_MAX_DIGITS} digits.`,
  )
export const UserIdSchema = z.string().regex(/^u_[a-z0-9]{8,32}$/, 'Unknown user.')
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(40, 'Keep names to 40 characters.')
export const TillNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a till name.')
  .max(40, 'Keep the till name to 40 characters.')

/**
 * An address Tilldesk appends paths to: https, or http only to this computer (a local sandbox
 * or test feed). No credentials, query or fragment; a trailing slash is dropped.
 */
export const serviceUrlSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => {
      try {
        const url = new URL(text)
        const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
        return (
          (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) &&
          url.username === '' &&
          url.password === '' &&
          url.search === '' &&
          url.hash === ''
        )
      } catch {
        return false
      }
    }, 'Enter an https:// address (http:// only for this computer), without ?query or #fragment.')
    .transform((text) => text.replace(/\/+$/, ''))
