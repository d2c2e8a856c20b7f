// Registers one endpoint of common/api/endpoints.ts. Every gateway route goes through the same
// pipeline: authenticate over the raw bytes -> maybe inject a fault -> parse params, query and
// body with the endpoint's schemas (amounts become minor units) -> run the domain handler ->
// encode the record back to wire form with the response schema.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod'
import type { EndpointDef } from '../../common/api/endpoints'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { authenticate, type TokenChecker } from '../auth'
import type { SandboxClock } from '../clock'
import { SandboxError, fieldErrors, validationFailed } from '../errors'
import type { FaultInjector, FaultRule, HeldSockets } from '../faults'
import type { ActiveKey, KeyRing } from '../keys'
import type { CommitLagTracker, LateReplies, VariantSwitches } from '../variants'

type Part<D, K extends 'params' | 'query' | 'body'> = D extends {
  [P in K]: infer S extends z.ZodType
}
  ? z.output<S>
  : undefined

export interface RouteInput<D extends EndpointDef> {
  params: Part<D, 'params'>
  query: Part<D, 'query'>
  body: Part<D, 'body'>
  /** The authenticated key; null only on the unauthenticated /health. */
  key: ActiveKey | null
}

/** A domain handler: minor units in, a record (minor units) out. */
export type Handler<D extends EndpointDef> = (input: RouteInput<D>) => z.output<D['response']>
export type Handlers<T extends Record<string, EndpointDef>> = { [K in keyof T]: Handler<T[K]> }

export interface RouteDeps {
  keys: KeyRing
  tokens: TokenChecker
  faults: FaultInjector
  held: HeldSockets
  clock: SandboxClock
  /** Spec-variation switches (docs/sandbox.md); all off unless asked for. */
  variants: VariantSwitches
  commitLag: CommitLagTracker
  lateReplies: LateReplies
}

/** Fastify route config: which endpoint of common/api/endpoints.ts a route serves. */
export interface EndpointRouteConfig {
  endpoint: string
}

const EMPTY = Buffer.alloc(0)

/** The bytes the content-type parser kept; GET bodies are not read and sign as empty. */
export const rawBodyOf = (req: FastifyRequest): Buffer =>
  Buffer.isBuffer(req.body) ? req.body : EMPTY

export function parseJsonBody(raw: Buffer): unknown {
  // An absent body is left for the schema to reject as "body is required".
  if (raw.length === 0) return undefined
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new SandboxError(400, 'malformed_json', ERROR_MESSAGES.malformedJson)
  }
}

function parsePart<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues, where, value))
  return result.data
}

export function sendError(reply: FastifyReply, error: SandboxError): FastifyReply {
  if (error.headers) reply.headers(error.headers)
  return reply.code(error.status).send(error.body())
}

/** Answers with the fault instead of the real response. */
function injectFault(
  rule: FaultRule,
  req: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<RouteDeps, 'faults' | 'held'>,
) {
  deps.faults.fired(rule)
  const held = deps.held
  switch (rule.kind) {
    case '500':
      return sendError(reply, new SandboxError(500, 'internal_error', ERROR_MESSAGES.internal))
    case '502':
      return sendError(reply, new SandboxError(502, 'bad_gateway', ERROR_MESSAGES.badGateway))
    case '429':
      return sendError(
        reply,
        new SandboxError(429, 'rate_limited', ERROR_MESSAGES.rateLimited, undefined, {
          'retry-after': String(rule.retry_after_seconds),
        }),
      )
    case 'reset':
      reply.hijack()
      // RST rather than FIN: the client sees ECONNRESET, as when a proxy drops the connection.
      req.raw.socket.resetAndDestroy()
      return reply
    case 'timeout':
      reply.hijack()
      held.hold(req.raw.socket)
      return reply
  }
}

export function registerEndpoint<D extends EndpointDef>(
  app: FastifyInstance,
  name: string,
  def: D,
  handler: Handler<D>,
  deps: RouteDeps,
): void {
  const capability = def.capability
  // Faults and variations are for gateway routes only; /health and the sandbox's own controls
  // stay reliable.
  const faultable = capability !== null && capability !== 'sandbox'
  const isWrite = def.method !== 'GET'
  const config: EndpointRouteConfig = { endpoint: faultable ? name : '' }
  app.route({
    method: def.method,
    url: def.path,
    config,
    handler: async (req, reply) => {
      const raw = rawBodyOf(req)
      const key = capability
        ? authenticate(
            {
              headers: req.headers,
              rawBody: raw,
              capability,
              nowSeconds: Math.floor(deps.clock.wallMs() / 1000),
            },
            deps.keys,
            deps.tokens,
          )
        : null
      const fault =
        faultable && deps.faults.active
          ? deps.faults.pick(def.method, req.url.split('?', 1)[0] ?? '')
          : null
      if (fault?.when === 'before') return injectFault(fault, req, reply, deps)

      const input = {
        params: def.params ? parsePart(def.params, req.params, 'params') : undefined,
        query: def.query ? parsePart(def.query, req.query, 'query') : undefined,
        body: def.body ? parsePart(def.body, parseJsonBody(raw), 'body') : undefined,
        key,
      } as RouteInput<D>
      // Commit lag: the record exists, but this read side has not caught up with it yet.
      if (faultable && !isWrite && deps.commitLag.hides(name, input))
        throw new SandboxError(404, 'not_found', ERROR_MESSAGES.notFound)
      const record = handler(input)
      const wire = z.encode(def.response, record)
      if (faultable && isWrite) {
        const path = req.url.split('?', 1)[0] ?? ''
        deps.commitLag.committed(name, record, deps.variants.lagSeconds(path))
        // Late response: committed now, answered after the client has given up.
        const lateMs = deps.variants.lateDelayMs(path)
        if (lateMs > 0 && fault?.when !== 'after') await deps.lateReplies.wait(lateMs)
      }
      // "after": the handler committed; the caller never learns it.
      if (fault?.when === 'after') return injectFault(fault, req, reply, deps)
      return reply.code(200).send(wire)
    },
  })
}
