// Gateway failures in words an admin or cashier can act on. Used by the connection test and,
// through the IPC error translator, by every channel whose service lets a GatewayError escape.
import type { Said } from '../../common/ipc/contract'
import { english, refuse, type AppError } from '../kernel/errors'
import { GatewayError } from './gateway-port'

export interface Explanation {
  /** Stable code for the renderer (the gateway error kind, prefixed). */
  code: string
  /** What happened. */
  problem: string
  /** What to do about it. */
  action: string
  /** Both, keyed (common/words/errors.ts `gateway`), for the screen's language. */
  problemSay: Said
  actionSay: Said
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

/** What happened and what to do, by key; the gateway's own text stays as it wrote it. */
function explainSaid(
  facts: GatewayErrorFacts,
  context: { baseUrl: string | null; keyId: string | null },
): [problem: Said, action: Said] {
  // The host and key id are names, the same in every language; "the gateway" is not.
  const host: string | Said = context.baseUrl
    ? hostOf(context.baseUrl)
    : { key: 'gateway.theGateway' }
  const key: Said = context.keyId
    ? { key: 'gateway.keyNamed', params: { keyId: context.keyId } }
    : { key: 'gateway.theKey' }
  const message = facts.gatewayMessage
  switch (facts.kind) {
    case 'invalid_api_key':
      return [{ key: 'gateway.unknownKey', params: { key } }, { key: 'gateway.enterKeyAgain' }]
    case 'invalid_signature':
      return [{ key: 'gateway.badSecret', params: { key } }, { key: 'gateway.copySecret' }]
    case 'invalid_timestamp':
    case 'timestamp_too_old':
      return [{ key: 'gateway.clock' }, { key: 'gateway.fixClock' }]
    case 'invalid_token':
      return [{ key: 'gateway.badToken' }, { key: 'gateway.testAgain' }]
    case 'missing_capability':
      return [{ key: 'gateway.noCapability', params: { key } }, { key: 'gateway.grantCapability' }]
    case 'rate_limited':
      return [
        { key: 'gateway.rateLimited' },
        facts.retryAfterSeconds !== undefined
          ? { key: 'gateway.waitSeconds', params: { count: Math.ceil(facts.retryAfterSeconds) } }
          : { key: 'gateway.waitMinute' },
      ]
    case 'server':
      return [
        facts.status
          ? { key: 'gateway.serverStatus', params: { status: facts.status } }
          : { key: 'gateway.server' },
        { key: 'gateway.notThisTill' },
      ]
    case 'network':
      return [{ key: 'gateway.unreachable', params: { host } }, { key: 'gateway.checkNetwork' }]
    case 'timeout':
      return [{ key: 'gateway.slow', params: { host } }, { key: 'gateway.slowAction' }]
    case 'bad_response':
      return [{ key: 'gateway.notGateway', params: { host } }, { key: 'gateway.checkBaseUrl' }]
    case 'not_found':
      return [{ key: 'gateway.noEndpoint', params: { host } }, { key: 'gateway.missingPath' }]
    case 'validation':
      return [
        message ? { key: 'gateway.invalidSaid', params: { message } } : { key: 'gateway.invalid' },
        { key: 'gateway.correctFields' },
      ]
    case 'conflict':
      return [
        message ? { key: 'gateway.said', params: { message } } : { key: 'gateway.conflict' },
        { key: 'gateway.checkExisting' },
      ]
    default:
      return [
        message ? { key: 'gateway.said', params: { message } } : { key: 'gateway.refused' },
        { key: 'gateway.tryThenTest' },
      ]
  }
}

/** Pure mapping from an error's facts to words; exported for tests. */
export function explainFacts(
  facts: GatewayErrorFacts,
  context: { baseUrl: string | null; keyId: string | null },
): Explanation {
  const [problemSay, actionSay] = explainSaid(facts, context)
  return {
    code: `gateway_${facts.kind}`,
    problem: english(problemSay),
    action: english(actionSay),
    problemSay,
    actionSay,
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
    return refuse(explanation.code, {
      key: 'gateway.explained',
      params: { problem: explanation.problemSay, action: explanation.actionSay },
    })
  }
