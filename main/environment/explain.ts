// Gateway failures in words an admin or cashier can act on. Used by the connection test and,
// through the IPC error translator, by every channel whose service lets a GatewayError escape.
import { AppError } from '../kernel/errors'
import { GatewayError } from './gateway-port'

export interface Explanation {
  /** Stable code for the renderer (the gateway error kind, prefixed). */
  code: string
  /** What happened. */
  problem: string
  /** What to do about it. */
  action: string
}

interface GatewayErrorFacts {
  kind: string
  status?: number | undefined
  gatewayMessage?: string | undefined
  retryAfterSeconds?: number | undefined
}

const hostOf = (baseUrl: string | null): string => {
  if (!baseUrl) return 'the gateway'
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/** Pure mapping from an error's facts to words; exported for tests. */
export function explainFacts(
  facts: GatewayErrorFacts,
  context: { baseUrl: string | null; keyId: string | null },
): Explanation {
  const host = hostOf(context.baseUrl)
  const key = context.keyId ? `key ${context.keyId}` : 'the key'
  const code = `gateway_${facts.kind}`
  switch (facts.kind) {
    case 'invalid_api_key':
      return {
        code,
        problem: `The gateway does not recognise ${key}. It may have been revoked or rotated, or it belongs to the other environment (sandbox keys don't work on live and vice versa).`,
        action:
          'Open the merchant dashboard → API keys, copy the current key id and secret for this environment, and enter them again in Settings → API key.',
      }
    case 'invalid_signature':
      return {
        code,
        problem: `The gateway knows ${key} but the secret does not match, so every signed request is refused.`,
        action:
          'Copy the secret again from the dashboard (it is shown only when the key is created; rotate the key if you no longer have it) and enter it in Settings → API key.',
      }
    case 'invalid_timestamp':
    case 'timestamp_too_old':
      return {
        code,
        problem:
          "This computer's clock is too far from the gateway's clock (more than 5 minutes), so the gateway refuses its requests.",
        action:
          "Turn on automatic date and time in the operating system's settings (and check the time zone), then test again.",
      }
    case 'invalid_token':
      return {
        code,
        problem: 'The gateway rejected a session token as invalid or expired.',
        action: 'Test the connection again; if it persists, re-enter the API key.',
      }
    case 'missing_capability':
      return {
        code,
        problem: `${key} works, but it lacks a permission this action needs.`,
        action:
          'In the merchant dashboard → API keys, grant the key the missing capability (or create a key with it) and enter it here.',
      }
    case 'rate_limited':
      return {
        code,
        problem: 'The gateway is limiting how often this till may call it.',
        action:
          facts.retryAfterSeconds !== undefined
            ? `Wait ${Math.ceil(facts.retryAfterSeconds)} seconds and try again.`
            : 'Wait a minute and try again.',
      }
    case 'server':
      return {
        code,
        problem: `The gateway had an internal problem${facts.status ? ` (HTTP ${facts.status})` : ''}.`,
        action:
          "It is not something on this till. Try again in a few minutes; if it persists, check the gateway's status page.",
      }
    case 'network':
      return {
        code,
        problem: `Can't reach ${host}: no connection could be made.`,
        action:
          'Check the network cable or Wi-Fi, any proxy or firewall, and that the base URL in Settings → Environment is right.',
      }
    case 'timeout':
      return {
        code,
        problem: `${host} did not answer in time.`,
        action:
          'The network may be slow or the gateway busy. Try again; if it keeps happening, check the connection.',
      }
    case 'bad_response':
      return {
        code,
        problem: `${host} answered, but not like the payment gateway does.`,
        action:
          'Check the base URL in Settings → Environment: it may point at a website, a captive portal, or the wrong path.',
      }
    case 'not_found':
      return {
        code,
        problem: `${host} has no such endpoint or record.`,
        action:
          'If this happened in the connection test, the base URL is probably missing a path part.',
      }
    case 'validation':
      return {
        code,
        problem: `The gateway rejected the request as invalid${facts.gatewayMessage ? `: ${facts.gatewayMessage}` : ''}.`,
        action: 'Correct the highlighted details and try again.',
      }
    case 'conflict':
      return {
        code,
        problem: facts.gatewayMessage ?? 'The gateway reports a conflict with an existing record.',
        action: 'Check the existing record before trying again.',
      }
    default:
      return {
        code,
        problem: facts.gatewayMessage ?? 'The gateway refused the request.',
        action: 'Try again; if it persists, run the connection test in Settings.',
      }
  }
}

export function gatewayFacts(error: unknown): GatewayErrorFacts | null {
  if (!(error instanceof GatewayError)) return null
  const source = error as unknown as Record<string, unknown>
  const retryMs = source.retryAfterMs
  return {
    kind: String(source.kind),
    status: typeof source.status === 'number' ? source.status : undefined,
    gatewayMessage: typeof source.gatewayMessage === 'string' ? source.gatewayMessage : undefined,
    retryAfterSeconds: typeof retryMs === 'number' ? retryMs / 1000 : undefined,
  }
}

/**
 * IPC error translator: a GatewayError that escapes a service becomes an AppError whose
 * message says what happened and what to do.
 */
export const translateGatewayError =
  (context: () => { baseUrl: string | null; keyId: string | null }) =>
  (error: unknown): AppError | null => {
    const facts = gatewayFacts(error)
    if (!facts) return null
    const explanation = explainFacts(facts, context())
    return new AppError(explanation.code, `${explanation.problem} ${explanation.action}`)
  }
