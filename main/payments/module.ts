// Hosted-checkout payments as a feature module: one PaymentsService per environment, on the
// shell's gateway client, session and desktop.
import type { paymentsChannels } from '../../common/ipc/payments'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { CHECKOUT_SCHEDULE } from '../exactly-once/follower'
import { tillWriteDeps } from '../exactly-once/module'
import { keptWhileFollowed } from '../exactly-once/retention'
import { PaymentEntry, isFinalPayment } from './payment-entry'
import { PaymentsService } from './payments-service'
import { featureJournal, perEnvironment } from './per-environment'

/** Payments the journal must keep past its limit: unsettled, watched after a decision, alarmed. */
export const paymentsKeep = (now: () => number) =>
  keptWhileFollowed<PaymentEntry>(now, (e) => !isFinalPayment(e.status))

export function createPayments(core: CoreServices) {
  const runtimes = perEnvironment(
    core,
    (environment, dir) =>
      new PaymentsService({
        ...tillWriteDeps(core, CHECKOUT_SCHEDULE),
        journal: featureJournal(core, environment, dir, {
          name: 'payments',
          schema: PaymentEntry,
          keyOf: (e) => e.reference,
          // Recent payments kept on disk; open ones are never dropped.
          limit: 500,
          keep: paymentsKeep(core.now),
        }),
        publish: (view) => core.emit('payments.updated', view),
        tillName: () => core.settings.get().tillName,
        environment: () => environment,
        gatewayBaseUrl: () => core.environment.baseUrl(),
        openExternal: core.desktop.openExternal?.bind(core.desktop) ?? null,
      }),
  )
  const payments = () => runtimes.current()

  const handlers: Handlers<typeof paymentsChannels> = {
    'payments.start': (input) => payments().start(input),
    'payments.get': ({ reference }) => payments().get(reference),
    'payments.recent': () => payments().recent(),
    'payments.openCheckout': ({ reference }) => payments().openCheckout(reference),
    'payments.unsettled': () => payments().unsettled(),
    'payments.decideOutcome': (input) => payments().decideOutcome(input),
    'payments.acknowledgeAlarm': ({ reference }) => payments().acknowledgeAlarm(reference),
    'payments.simulate': ({ reference, outcome }) => payments().simulate(reference, outcome),
  }
  return { handlers, start: () => runtimes.start(), stop: () => runtimes.stop() }
}

export const paymentsModule = defineModule({ name: 'payments', create: createPayments })
