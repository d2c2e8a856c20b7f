// Sends a write whose merchant reference was fixed beforehand, and settles an unknown outcome
// by looking the reference up, never by sending blindly. A lookup that finds nothing proves
// the write did not happen, so the same request (same reference) may go once more; a
// duplicate-reference conflict then proves it did happen.
import { GatewayError } from '../gateway/errors'

const DUPLICATE_CODES = new Set(['duplicate_reference', 'duplicate_payment_reference'])

export type SubmitOutcome<S, L> =
  /** The gateway answered the write. */
  | { outcome: 'sent'; value: S }
  /** The write's answer was lost, but the record exists: here it is. */
  | { outcome: 'found'; value: L }
  /** Still not known whether the write happened; follow up by reference later. */
  | { outcome: 'unknown'; error: GatewayError }

export interface SubmitOptions<S, L> {
  send: () => Promise<S>
  lookup: () => Promise<L>
  /** Total sends allowed, including the first (default 2). */
  attempts?: number
}

const isDuplicate = (error: GatewayError): boolean =>
  error.kind === 'conflict' && error.code !== null && DUPLICATE_CODES.has(error.code)

/** The write may have taken effect: its answer is missing, garbled, or a 5xx. */
const mayHaveHappened = (error: GatewayError): boolean =>
  error.outcomeUnknown ||
  (error.kind === 'bad_response' && error.status !== null && error.status < 300)

/**
 * Definite refusals (validation, auth, state conflicts, unreachable before sending) are thrown
 * as the GatewayError, so the caller can drop its journal entry and tell the cashier.
 */
export async function submitByReference<S, L>(
  options: SubmitOptions<S, L>,
): Promise<SubmitOutcome<S, L>> {
  const attempts = options.attempts ?? 2
  let unknown: GatewayError | null = null
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return { outcome: 'sent', value: await options.send() }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error
      if (!isDuplicate(error) && !mayHaveHappened(error)) throw error
      unknown = error
      const looked = await look(options.lookup)
      if (looked.kind === 'found') return { outcome: 'found', value: looked.value }
      // An earlier attempt of ours went through, but the record can't be read right now.
      if (isDuplicate(error))
        return { outcome: 'unknown', error: looked.kind === 'failed' ? looked.error : error }
      // The lookup itself failed (gateway unreachable): we can't tell; stop here.
      if (looked.kind === 'failed') return { outcome: 'unknown', error }
      // Not found: the write never happened, so sending the same reference again is safe.
    }
  }
  return { outcome: 'unknown', error: unknown as GatewayError }
}

type Looked<L> =
  { kind: 'found'; value: L } | { kind: 'absent' } | { kind: 'failed'; error: GatewayError }

async function look<L>(lookup: () => Promise<L>): Promise<Looked<L>> {
  try {
    return { kind: 'found', value: await lookup() }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    return error.kind === 'not_found' ? { kind: 'absent' } : { kind: 'failed', error }
  }
}
