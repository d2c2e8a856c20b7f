// Words for cashiers and supervisors: what each state means and what went wrong. The outbox
// list shows these as they are, so they say what happened to the money and what to do.
import type { Said } from '../../common/ipc/contract'
import { DOCUMENT_WORDS } from '../../common/words'
import { ERROR_WORDS } from '../../common/words/errors'
import { readBack, sentencesOf } from '../../common/words/read-back'
import { english } from '../kernel/errors'
import { GatewayError } from '../gateway/errors'
import { classifyFailure } from './gatewayPort'
import type { PayoutState } from './model'

// Main's English for a payout's state and its meaning; the screens say them in the till's
// language from the same words (common/words).
export const STATE_LABEL: Readonly<Record<PayoutState, string>> = DOCUMENT_WORDS.en.payout.states

export const STATE_MEANING: Readonly<Record<PayoutState, string>> =
  DOCUMENT_WORDS.en.payout.meanings

/**
 * Why a call to the gateway failed, for the outbox row; never includes secrets.
 * `afterUnknown`: an earlier attempt's outcome was lost, so a refusal proves nothing.
 */
export function explainGatewayFailure(
  error: unknown,
  during: 'send' | 'verify' | 'resolve',
  afterUnknown = false,
): string {
  return english(gatewayFailureSaid(error, during, afterUnknown))
}

/** The same, keyed (common/words/errors.ts `payouts.gw`); the gateway's own text quoted. */
export function gatewayFailureSaid(
  error: unknown,
  during: 'send' | 'verify' | 'resolve',
  afterUnknown = false,
): Said {
  if (!(error instanceof GatewayError)) return { key: 'payouts.gw.unexpected' }
  const said: Said | string = error.gatewayMessage
    ? { key: 'payouts.gw.said', params: { message: error.gatewayMessage } }
    : ''
  switch (classifyFailure(error, during === 'send' ? 'write' : 'lookup')) {
    case 'auth':
      return { key: 'payouts.gw.auth', params: { said } }
    case 'rate_limited':
      return { key: 'payouts.gw.rateLimited' }
    case 'refused':
      return {
        key: afterUnknown ? 'payouts.gw.refusedAgain' : 'payouts.gw.refused',
        params: { said },
      }
    case 'duplicate':
      return error.kind === 'bad_response'
        ? { key: 'payouts.gw.acceptedUnreadable' }
        : { key: 'payouts.gw.duplicate' }
    case 'not_found':
      return { key: 'payouts.gw.notFound' }
    case 'not_sent':
      return error.detail
        ? { key: 'payouts.gw.notSentDetail', params: { detail: error.detail } }
        : { key: 'payouts.gw.notSent' }
    case 'unknown':
      if (error.kind === 'not_found')
        return { key: 'payouts.gw.notFoundAnswer', params: { status: error.status ?? 404 } }
      if (during === 'send') {
        const what: Said =
          error.kind === 'timeout'
            ? {
                key:
                  error.status === 408 ? 'payouts.gw.what.timeout408' : 'payouts.gw.what.timeout',
              }
            : error.kind === 'network'
              ? { key: 'payouts.gw.what.dropped' }
              : error.kind === 'server'
                ? { key: 'payouts.gw.what.server', params: { status: error.status ?? '?' } }
                : { key: 'payouts.gw.what.unreadable' }
        return { key: 'payouts.gw.mayHaveTaken', params: { what } }
      }
      return error.kind === 'timeout' || error.kind === 'network'
        ? { key: 'payouts.gw.cantReach' }
        : error.kind === 'server'
          ? { key: 'payouts.gw.trouble', params: { status: error.status ?? '5xx' } }
          : { key: 'payouts.gw.unreadable' }
  }
}

const GW_SENTENCES = sentencesOf(ERROR_WORDS.en.payouts.gw, 'payouts.gw')
const REVIEW_SENTENCES = sentencesOf(ERROR_WORDS.en.payouts.review, 'payouts.review')

/** A value inside a payout's sentence is keyed too, unless it is the gateway's quoted text. */
const innerSaid = (name: string, found: string): Said | undefined =>
  name === 'message' ? undefined : problemSaid(found)

/**
 * The keyed sentence of a row problem main stored as its English (explainGatewayFailure's,
 * explainTransferFailure's), so a screen says it in its language; undefined for a sentence
 * these words do not make (an older till's). The bank's own text stays quoted as written.
 */
export function problemSaid(message: string): Said | undefined {
  return readBack(GW_SENTENCES, message, innerSaid)
}

/**
 * The keyed sentence of a payout's stored review reason (`payouts.review`, the gateway's last
 * answer inside keyed too when these words made it); undefined for an older till's reason.
 */
export function reviewReasonSaid(reason: string): Said | undefined {
  return readBack(REVIEW_SENTENCES, reason, innerSaid)
}

/** Turns the gateway's failure_reason into a sentence for the cashier (`payouts.gw.bankFailed`). */
export function explainTransferFailure(reason: string | null): string {
  return english(
    reason
      ? { key: 'payouts.gw.bankFailed', params: { message: reason } }
      : { key: 'payouts.gw.bankFailedNoReason' },
  )
}
