// Registers every endpoint of the shared table. The handler maps are typed as complete
// (Handlers<Endpoints>), so an endpoint added to common/api without a sandbox route fails to
// compile rather than 404ing at run time.
import type { FastifyInstance } from 'fastify'
import {
  endpoints,
  sandboxEndpoints,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
} from '../../common/api/endpoints'
import type { SandboxClock } from '../clock'
import {
  registerEndpoint,
  type EndpointRouteConfig,
  type Handler,
  type Handlers,
  type RouteDeps,
} from '../http/route'
import { reshape } from '../variants'
import type { SandboxState } from '../state'
import type { WebhookDispatcher } from '../webhooks'
import { bankHandlers } from './banks'
import { directDebitHandlers } from './directDebits'
import { disbursementHandlers } from './disbursements'
import { healthHandlers } from './health'
import { paymentHandlers, registerCheckout } from './payments'
import { refundHandlers } from './refunds'
import { sandboxControlHandlers } from './sandboxControls'
import { virtualAccountHandlers } from './virtualAccounts'

export interface RouteContext extends RouteDeps {
  state: SandboxState
  clock: SandboxClock
  webhooks: WebhookDispatcher
  changed: () => void
  /** Endpoints to mirror at /bench/bare<path> without authentication (benchmarks only). */
  benchBareRoutes: readonly EndpointName[]
}

export function registerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { state } = ctx
  const gateway: Handlers<Endpoints> = {
    ...healthHandlers(ctx.clock),
    ...paymentHandlers(state.payments),
    ...virtualAccountHandlers(state.accounts),
    ...directDebitHandlers(state.mandates, state.debits, state.disbursements),
    ...refundHandlers(state.refunds),
    ...disbursementHandlers(state.disbursements),
    ...bankHandlers(),
  }
  const controls = sandboxControlHandlers({
    variants: ctx.variants,
    accounts: state.accounts,
    payments: state.payments,
    faults: ctx.faults,
    clock: ctx.clock,
    sessions: state.sessions,
    webhooks: ctx.webhooks,
    changed: ctx.changed,
  })
  const register = (table: Record<string, EndpointDef>, handlers: Record<string, unknown>) => {
    for (const [name, def] of Object.entries(table))
      registerEndpoint(app, name, def, handlers[name] as Handler<EndpointDef>, ctx)
  }
  // Spec variations rewrite answers (errors included, unknown routes too) just before they are
  // serialized; the sandbox controls, /health and the checkout page are never varied.
  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (!ctx.variants.reshapes) return done(null, payload)
    const endpoint = (req.routeOptions.config as Partial<EndpointRouteConfig>).endpoint
    if (endpoint === '') return done(null, payload)
    done(null, reshape(ctx.variants.settings, endpoint, reply.statusCode, payload))
  })
  register(endpoints, gateway)
  register(sandboxEndpoints, controls)
  for (const name of ctx.benchBareRoutes) {
    const def: EndpointDef = endpoints[name]
    registerEndpoint(
      app,
      name,
      { ...def, path: `/bench/bare${def.path}`, capability: null },
      gateway[name] as Handler<EndpointDef>,
      ctx,
    )
  }
  registerCheckout(app, state.payments)
}
