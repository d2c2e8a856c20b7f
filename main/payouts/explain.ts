// Words for cashiers and supervisors: what each state means and what went wrong. The outbox
// list shows these as they are, so they say what happened to the money and what to do.
import { DOCUMENT_WORDS } from '../../common/words'
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
  if (!(error instanceof GatewayError)) {
    return 'Tilldesk hit an unexpected problem talking to the gateway. It will try again.'
  }
  const gatewaySaid = error.gatewayMessage ? ` The gateway said: "${error.gatewayMessage}".` : ''
  switch (classifyFailure(error, during === 'send' ? 'write' : 'lookup')) {
    case 'auth':
      return `The gateway refused Tilldesk's API key, so nothing was sent.${gatewaySaid} An admin must check the key in Settings; payouts wait until then.`
    case 'rate_limited':
      return 'The gateway asked us to slow down. Tilldesk waits as asked, then checks before sending again.'
    case 'refused':
      return afterUnknown
        ? `The gateway refused to take this payout again.${gatewaySaid} That does not show the earlier attempt failed, so Tilldesk keeps checking by reference and never sends it again.`
        : `The gateway refused this payout, so no transfer was made.${gatewaySaid}`
    case 'duplicate':
      if (error.kind === 'bad_response')
        return 'The gateway accepted this payout but its answer could not be read, so the transfer exists. Tilldesk looks it up by reference and never sends it again.'
      return 'The gateway already has a transfer with this reference; Tilldesk is checking it instead of sending again.'
    case 'not_found':
      return 'The gateway has no transfer with this reference yet.'
    case 'not_sent':
      return `The request did not leave this till (${error.detail ?? 'no connection'}). Nothing reached the gateway; Tilldesk sends it when the connection is back.`
    case 'unknown':
      if (error.kind === 'not_found')
        return `The gateway answered "not found" without saying whether it has this transfer (HTTP ${error.status ?? 404}, an answer about the address, not this reference). Tilldesk keeps checking.`
      if (during === 'send') {
        const what =
          error.kind === 'timeout'
            ? error.status === 408
              ? 'The gateway did not answer in time (HTTP 408)'
              : 'The gateway did not answer in time'
            : error.kind === 'network'
              ? 'The connection to the gateway dropped'
              : error.kind === 'server'
                ? `The gateway had a problem (HTTP ${error.status ?? '?'})`
                : 'The gateway gave an answer Tilldesk could not read'
        return `${what}. It may or may not have taken the payment, so Tilldesk checks by reference before sending anything again.`
      }
      return error.kind === 'timeout' || error.kind === 'network'
        ? "Can't reach the gateway right now. Tilldesk will keep trying."
        : error.kind === 'server'
          ? `The gateway is having trouble (it answered with error ${error.status ?? '5xx'}). Tilldesk will keep trying.`
          : 'The gateway gave an answer Tilldesk could not read. Tilldesk will keep trying.'
  }
}

/** Turns the gateway's failure_reason into a sentence for the cashier. */
export function explainTransferFailure(reason: string | null): string {
  return reason
    ? `The bank reported: "${reason}". No money left the merchant's account; check the details and create a new payout if needed.`
    : "The bank reported the transfer failed without a reason. No money left the merchant's account."
}
