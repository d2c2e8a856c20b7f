// Types of the typed calls, derived from the endpoint table so a schema change in common/api
// changes every signature with it.
import type * as z from 'zod'
import { endpoints, sandboxEndpoints } from '../../common/api/endpoints'
import type { Encodable } from './encoding'

/** The gateway's endpoints plus the sandbox-only controls, by name. */
export const gatewayEndpoints = { ...endpoints, ...sandboxEndpoints }
export type GatewayEndpoints = typeof gatewayEndpoints
export type GatewayEndpointName = keyof GatewayEndpoints
type Def<N extends GatewayEndpointName> = GatewayEndpoints[N]

type ParamsSchema<D> = D extends { params: infer S extends z.ZodType } ? S : never
type QuerySchema<D> = D extends { query: infer S extends z.ZodType } ? S : never
type BodySchema<D> = D extends { body: infer S extends z.ZodType } ? S : never

type AllOptional<T> = Partial<T> extends T ? true : false
type Part<F extends string, S> = [S] extends [never]
  ? unknown
  : S extends z.ZodType
    ? AllOptional<Encodable<S>> extends true
      ? { [P in F]?: Encodable<S> }
      : { [P in F]: Encodable<S> }
    : unknown

export type ParamsOf<N extends GatewayEndpointName> = Encodable<ParamsSchema<Def<N>>>
export type QueryOf<N extends GatewayEndpointName> = Encodable<QuerySchema<Def<N>>>
export type BodyOf<N extends GatewayEndpointName> = Encodable<BodySchema<Def<N>>>
/** What the client returns: the tolerant reader's output where the endpoint has one. */
export type ResponseOf<N extends GatewayEndpointName> =
  Def<N> extends { read: infer R extends z.ZodType } ? z.output<R> : z.output<Def<N>['response']>

/** `{params?, query?, body?}` with exactly the parts the endpoint takes. */
export type RequestInput<N extends GatewayEndpointName> = Part<'params', ParamsSchema<Def<N>>> &
  Part<'query', QuerySchema<Def<N>>> &
  Part<'body', BodySchema<Def<N>>>

export interface CallOptions {
  /** Cancels the call; combined with the timeout. */
  signal?: AbortSignal
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number
}

export type RequestArgs<N extends GatewayEndpointName> =
  AllOptional<RequestInput<N>> extends true
    ? [input?: RequestInput<N>, options?: CallOptions]
    : [input: RequestInput<N>, options?: CallOptions]
