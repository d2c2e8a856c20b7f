// Payouts as a feature module of the shell: the channels of common/ipc/payouts.ts, the sender
// started with the app, the outbox count fed to the status bar, and a kick to the sender when
// the gateway comes back online.
import { pacingOf } from '../exactly-once/pacing'
import { trustOf } from '../exactly-once/trust'
import { join } from 'node:path'
import type { payoutsChannels } from '../../common/ipc/payouts'
import type { Environment } from '../../common/ipc/shared'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import { actor, type CallContext, type Handlers } from '../ipc/handlers'
import type { Person } from './commands'
import { PayoutsService } from './service'

const person = (context: CallContext): Person => {
  const user = actor(context)
  return { id: user.id, name: user.name, role: user.role }
}

// The payouts of each composition root, for the shop's approvals applier (main/shop/): a
// decision made on another till is applied through this till's own commands and journal.
const byCore = new WeakMap<CoreServices, PayoutsService>()

/** This till's payouts service, once the payouts module was created; null before. */
export function payoutsOf(core: CoreServices): PayoutsService | null {
  return byCore.get(core) ?? null
}

export function createPayouts(core: CoreServices): {
  service: PayoutsService
  handlers: Handlers<typeof payoutsChannels>
} {
  const service = new PayoutsService({
    dataDir: join(core.dataDir, 'payouts'),
    environment: () => core.environment.current,
    gateway: () => core.environment.client(),
    verifyPin: (userId, pin) => core.users.verifyPin(userId, pin),
    // Sealed with the environment's device key; Sandbox and Live refuse without a keychain.
    integrity: (environment) => {
      core.integrity.requireProtected(environment as Environment)
      return core.integrity.journal(environment as Environment, 'payouts')
    },
    // Policy was sealed from the first sealing build: only a till whose key was just made
    // may adopt an unsealed file (never the first start of a later build).
    policySeal: () => ({
      ...core.integrity.journal('till', 'payout-policy'),
      adopt: core.integrity.created('till'),
    }),
    viewer: () => {
      const user = core.session.current()
      return user ? { id: user.id, role: user.role } : null
    },
    now: core.now,
    onChanged: (views) => core.emit('payouts.changed', views),
    onStatus: (status) => {
      core.emit('payouts.status', status)
      core.status.setOutbox({ pending: status.pending, failed: status.failed + status.needsReview })
    },
    onError: (error) => core.log.error('payout sender error', { error }),
    sender: {
      concurrency: 4,
      idleMs: core.settings.get().pollIntervals.outboxMs,
      referenceTrust: trustOf(core),
      // The same holds as refunds, payments and debits: one Retry-After holds every send.
      pacing: pacingOf(core),
    },
  })

  byCore.set(core, service)
  const handlers: Handlers<typeof payoutsChannels> = {
    'banks.list': () => service.banks(),
    'banks.refresh': () => service.refreshBanks(),
    'payouts.resolve': ({ bankCode, accountNumber }) => service.resolve(bankCode, accountNumber),
    'payouts.list': () => service.list(),
    'payouts.draft': ({ submit, recipientEmail, ...fields }, context) =>
      service.draft(person(context), { ...fields, recipientEmail: recipientEmail || null, submit }),
    'payouts.edit': ({ reference, changes }, context) =>
      service.edit(person(context), reference, {
        ...changes,
        ...(changes.recipientEmail !== undefined
          ? { recipientEmail: changes.recipientEmail || null }
          : {}),
      }),
    'payouts.submit': ({ reference }, context) => service.submit(person(context), reference),
    'payouts.resubmit': ({ reference }, context) => service.resubmit(person(context), reference),
    'payouts.acceptBankName': ({ reference }, context) =>
      service.acceptBankName(person(context), reference),
    'payouts.withdraw': ({ reference, reason }, context) =>
      service.withdraw(person(context), reference, reason),
    'payouts.approve': ({ reference, pin, bindingHash }, context) =>
      service.approve(person(context), reference, pin, bindingHash),
    'payouts.reject': ({ reference, pin, reason }, context) =>
      service.reject(person(context), reference, pin, reason),
    'payouts.decideOutcome': ({ reference, pin, ...decision }, context) =>
      service.decideOutcome(person(context), reference, pin, decision),
    'payouts.acknowledgeAlarm': ({ reference }, context) =>
      service.acknowledgeAlarm(person(context), reference),
    'payouts.status': () => service.status(),
    'payouts.retryNow': () => service.retryNow(),
    'payouts.audit': (input, context) => service.audit(person(context), input?.reference),
    'payouts.auditExport': () => service.exportAudit(),
    'payouts.policy': () => service.policy(),
    'payouts.updatePolicy': (input) => service.updatePolicy(input),
  }
  return { service, handlers }
}

export const payoutsModule = defineModule({
  name: 'payouts',
  create(core) {
    const { service, handlers } = createPayouts(core)
    let watch: NodeJS.Timeout | null = null
    let wasOnline = core.status.get().connectivity === 'online'
    let unsubscribe: (() => void) | null = null
    return {
      handlers,
      async start() {
        // A damaged journal must not stop the rest of the till: payouts then answer every
        // call with the damage report (AppError 'payouts_storage') instead of starting.
        await service
          .start()
          .catch((error: unknown) => core.log.error('payouts did not start', { error }))
        unsubscribe = core.environment.onChange(() => {
          void service
            .environmentChanged()
            .catch((error: unknown) =>
              core.log.error('payouts: environment switch failed', { error }),
            )
        })
        // The connection came back: send what waited now rather than after the back-off.
        watch = setInterval(() => {
          const online = core.status.get().connectivity === 'online'
          if (online && !wasOnline) void service.retryNow().catch(() => undefined)
          wasOnline = online
        }, 1_000)
        watch.unref?.()
      },
      // An update never restarts the till while a payout is on its way to the gateway.
      async busy() {
        const sending = await service.sendingCount()
        return sending === 0 ? null : 'Payouts are sending.'
      },
      async stop() {
        if (watch) clearInterval(watch)
        unsubscribe?.()
        await service.stop()
      },
    }
  },
})
