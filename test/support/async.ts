// Shared by the unit and integration tests: waiting on something that arrives later, and
// catching the AppError a promise is expected to reject with.
import { AppError } from '../../main/kernel/errors'

/** Polls `read` every 20 ms until it gives a value, or fails after `ms`. */
export async function waitFor<T>(
  what: string,
  read: () => T | undefined | null | false,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = read()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Like waitFor, for a read that is itself asynchronous (an IPC call, a query between tills);
 * every 100 ms, 30 s at most by default (tills syncing through PostgreSQL on a busy machine).
 */
export async function until<T>(
  what: string,
  read: () => Promise<T | null | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await read()
    if (got) return got
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The AppError the promise rejects with; anything else, or no rejection, fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a rejection')
}
