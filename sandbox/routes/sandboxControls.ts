// /sandbox/*: the controls only the sandbox has (signed, capability `sandbox`, never faulted).
import type { sandboxEndpoints } from '../../common/api/endpoints'
import type { SandboxClock } from '../clock'
import type { FaultInjector } from '../faults'
import type { Handlers } from '../http/route'
import type { Payments } from '../state/payments'
import type { Sessions } from '../state/sessions'
import type { VirtualAccounts } from '../state/virtualAccounts'
import type { VariantSwitches } from '../variants'
import type { WebhookDispatcher } from '../webhooks'

export interface ControlDeps {
  variants: VariantSwitches
  accounts: VirtualAccounts
  payments: Payments
  faults: FaultInjector
  clock: SandboxClock
  sessions: Sessions
  webhooks: WebhookDispatcher
  /** Persists the clock offset (it lives outside the state modules). */
  changed: () => void
}

export function sandboxControlHandlers(deps: ControlDeps): Handlers<typeof sandboxEndpoints> {
  return {
    simulateTransfer: ({ params, body }) => ({
      status: true,
      data: deps.accounts.receiveTransfer(params.account_reference, body, {
        processingFirst: deps.variants.settings.va_processing_first,
        foreignCurrency: deps.variants.settings.foreign_currency_transfers,
      }),
    }),
    getVariants: () => ({ status: true, data: deps.variants.get() }),
    setVariants: ({ body }) => ({ status: true, data: deps.variants.set(body) }),
    completePayment: ({ params, body }) => ({
      status: true,
      data: deps.payments.complete(params.reference, body.outcome),
    }),
    getFaults: () => ({ status: true, data: { rules: deps.faults.list() } }),
    setFaults: ({ body }) => ({
      status: true,
      data: { rules: deps.faults.set(body.rules, body.seed) },
    }),
    advanceClock: ({ body }) => {
      deps.clock.advance(body.seconds)
      deps.changed()
      return {
        status: true,
        data: { now: deps.clock.iso(), offset_seconds: deps.clock.offsetSeconds },
      }
    },
    createSessionToken: ({ body, key }) => ({
      status: true,
      // key is always set here: every sandbox control is authenticated.
      data: deps.sessions.issue(key?.keyId ?? '', body.ttl_seconds),
    }),
    webhookDeliveries: () => ({ status: true, data: deps.webhooks.deliveries() }),
  }
}
