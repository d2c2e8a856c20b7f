// The gateway client's public surface. See docs/gateway-client.md.
export { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './client'
export {
  GatewayError,
  GATEWAY_ERROR_KINDS,
  AUTH_ERROR_KINDS,
  isGatewayError,
  type GatewayErrorKind,
} from './errors'
export { parseRetryAfter } from './classify'
export type { ClockSkewEvent } from './clock'
export { DEFAULT_SKEW_TOLERANCE_SECONDS } from './clock'
export type { CapabilityProbe } from './probe'
export { redactingLogger, silentGatewayLogger, type GatewayLogger } from './logger'
export { DEFAULT_TIMEOUT_MS, type FetchLike } from './transport'
export { signRequest, hmacHex, KEY_ID_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER } from './signer'
export {
  verifyWebhook,
  WebhookVerificationError,
  WEBHOOK_TOLERANCE_SECONDS,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  type WebhookFailureReason,
} from './webhooks'
export {
  gatewayEndpoints,
  type GatewayEndpointName,
  type RequestInput,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
  type CallOptions,
} from './types'
export type { Encodable } from './encoding'
