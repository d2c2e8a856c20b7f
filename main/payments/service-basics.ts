// Small building blocks every gateway-backed service shares (payments, refunds, mandates,
// debits): the clock, with a test seam, and opening the gateway with cashier-worded errors.
import type { CashierAction } from '../../common/words/errors'
import { cashierError, type ErrorContext } from '../gateway/cashier-errors'

export interface ClockDeps {
  /** Milliseconds since the epoch; tests pass a fixed clock. Defaults to Date.now. */
  now?: () => number
}

/** The service's current time, in milliseconds. */
export function nowFrom(deps: ClockDeps): number {
  return (deps.now ?? Date.now)()
}

/** The service's current time, as an ISO 8601 string. */
export function isoFrom(deps: ClockDeps): string {
  return new Date(nowFrom(deps)).toISOString()
}

/** Opens the gateway, turning a failure into an error that says what the cashier was doing. */
export async function openGateway<G>(
  deps: { gateway: () => Promise<G> },
  action: CashierAction,
): Promise<G> {
  try {
    return await deps.gateway()
  } catch (error) {
    throw cashierError(error, { action })
  }
}

/** Asks the gateway; any failure, opening it included, says what the cashier was doing. */
export async function askGateway<G, T>(
  deps: { gateway: () => Promise<G> },
  context: ErrorContext,
  ask: (gateway: G) => Promise<T>,
): Promise<T> {
  try {
    return await ask(await deps.gateway())
  } catch (error) {
    throw cashierError(error, context)
  }
}
