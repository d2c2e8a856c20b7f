// The signed gateway client. Every call goes through one pipeline: encode the input with the
// shared schemas, serialize the body once, sign those bytes, send them with a deadline, map
// failures to GatewayError, and decode the answer with the tolerant readers (common/api/read):
// only what the spec guarantees is required, amounts become integer minor units, unknown
// statuses read as `unknown`, extra fields are dropped, and a malformed list item is skipped
// and counted (logged here) instead of failing the page.
import type { EndpointDef } from '../../common/api/endpoints'
import type { SkipReport } from '../../common/api/read/tolerant'
import type { ClockSkewEvent } from './clock'
import { ClockSkew, DEFAULT_SKEW_TOLERANCE_SECONDS } from './clock'
import {
  badResponse,
  errorFromResponse,
  errorFromTransport,
  localValidation,
  type CallContext,
} from './classify'
import { InputError, toWire, type RawInput } from './encoding'
import type { GatewayError } from './errors'
import { redactingLogger, type GatewayLogger } from './logger'
import { probeCapabilities, type CapabilityProbe } from './probe'
import { bodyBytes, createSigner } from './signer'
import { nodeHttpExchange } from './node-http'
import {
  DEFAULT_TIMEOUT_MS,
  TransportFailure,
  fetchExchange,
  type Exchange,
  type FetchLike,
} from './transport'
import {
  gatewayEndpoints,
  type BodyOf,
  type CallOptions,
  type GatewayEndpointName,
  type QueryOf,
  type RequestArgs,
  type ResponseOf,
} from './types'

export interface GatewayClientOptions {
  /** e.g. "https://sandbox.gateway.example" or "http://127.0.0.1:4010"; a path prefix is kept. */
  baseUrl: string
  keyId: string
  /** Used only to compute signatures; never sent, logged or put in an error. */
  secret: string
  /**
   * Electron's net.fetch in the app (the system proxy and trust store). Without one the
   * client speaks node:http(s) with keep-alive (node-http.ts), far cheaper per call than
   * Node's global fetch.
   */
  fetch?: FetchLike
  /** Per-request deadline, including reading the body. Default 15 s. */
  timeoutMs?: number
  /** Local clock in ms (tests inject one). */
  now?: () => number
  logger?: GatewayLogger
  userAgent?: string
  /** Told when the gateway's clock differs from ours beyond tolerance, and on correction. */
  onClockSkew?: (event: ClockSkewEvent) => void
  skewToleranceSeconds?: number
  /**
   * Optional session token, sent as `Authorization: Bearer <token>` next to the signature
   * (docs/gateway-assumptions.md). Tilldesk itself does not use one; tests and tools may.
   */
  sessionToken?: string
  /**
   * Told after every exchange whether the gateway was reachable: any HTTP answer but 502/503/504
   * means yes; a network failure, timeout or gateway-side outage means no. The status bar's
   * online/offline follows this, so every feature's traffic keeps it honest. Sandbox-only
   * controls don't count: they say nothing about the routes a till depends on.
   */
  onReachability?: (reachable: boolean, error?: GatewayError) => void
}

/** Statuses that say the gateway itself is down or unreachable behind a proxy. */
const OUTAGE_STATUSES = new Set([502, 503, 504])

const isTimestampRejection = (error: GatewayError): boolean =>
  error.kind === 'invalid_timestamp' || error.kind === 'timestamp_too_old'

function normalizeBaseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TypeError('The gateway URL is not a valid address.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(
      'The gateway URL must start with https:// (or http:// for a local sandbox).',
    )
  if (url.search || url.hash)
    throw new TypeError('The gateway URL must not have a query or #fragment.')
  return url.href.replace(/\/+$/, '')
}

export function createGatewayClient(options: GatewayClientOptions) {
  if (!options.keyId) throw new TypeError('An API key id is required.')
  if (!options.secret) throw new TypeError('An API secret is required.')
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  const { keyId, secret } = options
  const sign = createSigner(keyId, secret)
  const exchange: Exchange = options.fetch ? fetchExchange(options.fetch) : nodeHttpExchange()
  const now = options.now ?? Date.now
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const userAgent = options.userAgent
  const sessionToken = options.sessionToken
  const onReachability = options.onReachability
  // No logger: skip building and scrubbing log fields on the hot path altogether.
  const log = options.logger
    ? redactingLogger(options.logger, [secret, sessionToken ?? ''])
    : undefined
  const clock = new ClockSkew(
    now,
    options.skewToleranceSeconds ?? DEFAULT_SKEW_TOLERANCE_SECONDS,
    options.onClockSkew,
  )

  async function invoke(
    name: GatewayEndpointName,
    input: RawInput,
    callOptions: CallOptions = {},
  ): Promise<unknown> {
    const def: EndpointDef = gatewayEndpoints[name]
    const reportsReachability = def.capability !== 'sandbox'
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs
    if (!(timeoutMs > 0)) throw new RangeError('timeoutMs must be a positive number.')
    const ctx: CallContext = {
      endpoint: name,
      method: def.method,
      path: def.path,
      capability: def.capability,
      retryPolicy: def.retry,
    }

    let wire
    try {
      wire = toWire(def, input)
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      throw localValidation(ctx, error.fieldErrors, error.message)
    }
    ctx.path = wire.path
    const url = `${baseUrl}${wire.path}${wire.search}`
    // Serialized once (toWire); these bytes are both signed and sent.
    const body = bodyBytes(wire.bodyText)

    for (let attempt = 1; ; attempt++) {
      // Only what the gateway needs: each extra header costs fetch measurable time per call.
      const headers: Record<string, string> = {}
      if (userAgent) headers['User-Agent'] = userAgent
      if (body) headers['Content-Type'] = 'application/json'
      const offsetUsed = clock.offsetSeconds
      if (def.capability !== null) Object.assign(headers, sign(clock.timestamp(), body))
      if (sessionToken && def.capability !== null) headers.Authorization = `Bearer ${sessionToken}`

      const sentAt = now()
      // Durations are only for the log.
      const started = log ? performance.now() : 0
      let answer
      try {
        answer = await exchange({
          url,
          method: def.method,
          headers,
          body,
          timeoutMs,
          signal: callOptions.signal,
        })
      } catch (error) {
        if (!(error instanceof TransportFailure)) throw error
        const failure = errorFromTransport(ctx, error)
        if (failure.kind !== 'aborted' && reportsReachability)
          aside(() => options.onReachability?.(false, failure))
        aside(() =>
          log?.warn('gateway request failed', {
            ...fieldsOf(failure),
            durationMs: Math.round(performance.now() - started),
            attempt,
          }),
        )
        throw failure
      }
      const receivedAt = now()
      const durationMs = log ? Math.round(performance.now() - started) : 0
      const skew = clock.observe(answer.headers.get('date'), sentAt, receivedAt)
      if (log)
        aside(() =>
          log.debug('gateway request', {
            endpoint: name,
            method: def.method,
            path: wire.path,
            status: answer.status,
            durationMs,
            attempt,
          }),
        )

      if (onReachability && reportsReachability && !OUTAGE_STATUSES.has(answer.status))
        aside(() => onReachability(true))
      if (answer.status >= 200 && answer.status < 300) return decode(def, ctx, answer)

      const error = errorFromResponse(ctx, answer, receivedAt)
      if (reportsReachability && OUTAGE_STATUSES.has(answer.status))
        aside(() => options.onReachability?.(false, error))
      // One retry, only when the gateway's Date shows our clock is off (or a concurrent call
      // has corrected the offset since this one was signed): a fresh timestamp and signature
      // over the same bytes. A second rejection is reported as is.
      if (
        attempt === 1 &&
        def.capability !== null &&
        isTimestampRejection(error) &&
        (clock.correct(skew) || clock.offsetSeconds !== offsetUsed)
      ) {
        aside(() =>
          log?.info('gateway clock skew corrected; retrying once', {
            endpoint: name,
            skewSeconds: skew,
            offsetSeconds: clock.offsetSeconds,
          }),
        )
        continue
      }
      aside(() =>
        log?.warn('gateway request rejected', { ...fieldsOf(error), durationMs, attempt }),
      )
      throw error
    }
  }

  function decode(
    def: EndpointDef,
    ctx: CallContext,
    answer: { status: number; text: string },
  ): unknown {
    let json: unknown
    try {
      json = JSON.parse(answer.text)
    } catch (error) {
      throw badResponse(ctx, answer.status, 'the body is not JSON', error)
    }
    const parsed = (def.read ?? def.response).safeParse(json)
    if (parsed.success) {
      if (log) aside(() => reportSkipped(ctx, parsed.data))
      return parsed.data
    }
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ')
    throw badResponse(ctx, answer.status, issues)
  }

  /** One malformed list item is skipped, never the page: say so in the log, with why. */
  function reportSkipped(ctx: CallContext, data: unknown): void {
    const skipped = (data as Partial<SkipReport> | null)?.skipped_items
    if (!skipped?.length) return
    log?.warn('gateway list items skipped', {
      endpoint: ctx.endpoint,
      path: ctx.path,
      skipped: skipped.length,
      reasons: skipped.slice(0, 5).map((s) => `#${s.index}: ${s.reason}`),
    })
  }

  /** Low-level: any endpoint by name, with `{params?, query?, body?}`. */
  function request<N extends GatewayEndpointName>(
    name: N,
    ...[input, callOptions]: RequestArgs<N>
  ): Promise<ResponseOf<N>> {
    return invoke(name, (input ?? {}) as RawInput, callOptions) as Promise<ResponseOf<N>>
  }

  const call = <N extends GatewayEndpointName>(
    name: N,
    input: RawInput,
    callOptions?: CallOptions,
  ): Promise<ResponseOf<N>> => invoke(name, input, callOptions) as Promise<ResponseOf<N>>

  type O = CallOptions

  const client = {
    baseUrl,
    keyId,
    /** Gateway clock minus local clock, seconds, from the latest Date header (null: none yet). */
    get clockSkewSeconds(): number | null {
      return clock.skewSeconds
    },
    /** Seconds currently added to the local clock when signing (0 until a correction). */
    get clockOffsetSeconds(): number {
      return clock.offsetSeconds
    },
    request,

    health: (o?: O) => call('health', {}, o),

    payments: {
      initialize: (body: BodyOf<'initializePayment'>, o?: O) =>
        call('initializePayment', { body }, o),
      verify: (reference: string, o?: O) => call('verifyPayment', { params: { reference } }, o),
      list: (query: QueryOf<'merchantTransactions'> = {}, o?: O) =>
        call('merchantTransactions', { query }, o),
    },

    virtualAccounts: {
      create: (body: BodyOf<'createVirtualAccount'>, o?: O) =>
        call('createVirtualAccount', { body }, o),
      get: (accountReference: string, o?: O) =>
        call('getVirtualAccount', { params: { account_reference: accountReference } }, o),
      byEmail: (email: string, o?: O) => call('virtualAccountByEmail', { body: { email } }, o),
      transactions: (query: QueryOf<'virtualAccountTransactions'> = {}, o?: O) =>
        call('virtualAccountTransactions', { query }, o),
    },

    directDebits: {
      createMandate: (body: BodyOf<'createMandate'>, o?: O) => call('createMandate', { body }, o),
      initiateActivation: (mandateReference: string, o?: O) =>
        call('initiateMandateActivation', { params: { mandate_reference: mandateReference } }, o),
      /** The path's mandate reference is the one in the credentials. */
      validateActivation: (body: BodyOf<'validateMandateActivation'>, o?: O) =>
        call(
          'validateMandateActivation',
          { params: { mandate_reference: body.mandate_reference }, body },
          o,
        ),
      getMandate: (mandateReference: string, o?: O) =>
        call('getMandate', { params: { mandate_reference: mandateReference } }, o),
      cancelMandate: (mandateReference: string, o?: O) =>
        call('cancelMandate', { params: { mandate_reference: mandateReference } }, o),
      debit: (body: BodyOf<'debit'>, o?: O) => call('debit', { body }, o),
      status: (paymentReference: string, o?: O) =>
        call('debitStatus', { params: { payment_reference: paymentReference } }, o),
      disburse: (body: BodyOf<'directDebitDisburse'>, o?: O) =>
        call('directDebitDisburse', { body }, o),
    },

    refunds: {
      initialize: (body: BodyOf<'initializeRefund'>, o?: O) =>
        call('initializeRefund', { body }, o),
      get: (reference: string, o?: O) => call('getRefund', { params: { reference } }, o),
      ofPayment: (paymentReference: string, query: QueryOf<'refundsOfPayment'> = {}, o?: O) =>
        call('refundsOfPayment', { params: { payment_reference: paymentReference }, query }, o),
      history: (query: QueryOf<'refundHistory'> = {}, o?: O) => call('refundHistory', { query }, o),
      counts: (o?: O) => call('refundCounts', {}, o),
    },

    disbursements: {
      initialize: (body: BodyOf<'initializeDisbursement'>, o?: O) =>
        call('initializeDisbursement', { body }, o),
      verify: (reference: string, o?: O) => call('verifyDisbursement', { query: { reference } }, o),
      list: (query: QueryOf<'listDisbursements'> = {}, o?: O) =>
        call('listDisbursements', { query }, o),
    },

    banks: {
      list: (query: QueryOf<'listBanks'> = {}, o?: O) => call('listBanks', { query }, o),
      resolve: (body: BodyOf<'resolveBankAccount'>, o?: O) =>
        call('resolveBankAccount', { body }, o),
    },

    /** Sandbox-only controls (capability `sandbox`); a live gateway answers 404. */
    sandbox: {
      simulateTransfer: (accountReference: string, body: BodyOf<'simulateTransfer'>, o?: O) =>
        call('simulateTransfer', { params: { account_reference: accountReference }, body }, o),
      completePayment: (reference: string, body: BodyOf<'completePayment'>, o?: O) =>
        call('completePayment', { params: { reference }, body }, o),
      getFaults: (o?: O) => call('getFaults', {}, o),
      setFaults: (body: BodyOf<'setFaults'>, o?: O) => call('setFaults', { body }, o),
      getVariants: (o?: O) => call('getVariants', {}, o),
      setVariants: (body: BodyOf<'setVariants'> = {}, o?: O) => call('setVariants', { body }, o),
      advanceClock: (seconds: number, o?: O) => call('advanceClock', { body: { seconds } }, o),
      createSessionToken: (body: BodyOf<'createSessionToken'> = {}, o?: O) =>
        call('createSessionToken', { body }, o),
      webhookDeliveries: (o?: O) => call('webhookDeliveries', {}, o),
    },

    /** For the connection test: which capabilities this key has, one cheap request each. */
    probeCapabilities: (o?: O): Promise<CapabilityProbe[]> => probeCapabilities(request, o),
  }
  return client
}

export type GatewayClient = ReturnType<typeof createGatewayClient>

function fieldsOf(error: GatewayError): Record<string, unknown> {
  return {
    endpoint: error.endpoint,
    method: error.method,
    path: error.path,
    kind: error.kind,
    status: error.status,
    code: error.code,
    outcomeUnknown: error.outcomeUnknown,
  }
}

/**
 * Runs a logger or listener beside a call. Once a request may have reached the gateway its
 * answer (a success, or the typed error saying what happened) is what the caller must get:
 * a throwing observer must not turn a payment that went through into an untyped failure.
 */
function aside(observe: () => void): void {
  try {
    observe()
  } catch {
    // The observer's own failure is not the gateway's answer; the call's outcome stands.
  }
}
