// Refunds as a feature module: one RefundsService per environment. The role rule (issuing
// needs a supervisor) is in the channel table, common/ipc/refunds.ts, enforced by the guard.
import type { refundsChannels } from '../../common/ipc/refunds'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { SETTLEMENT_SCHEDULE } from '../exactly-once/follower'
import { tillWriteDeps } from '../exactly-once/module'
import { keptWhileFollowed } from '../exactly-once/retention'
import { featureJournal, perEnvironment } from '../payments/per-environment'
import { FINAL } from './refund-entry'
import { RefundEntry, RefundsService } from './refunds-service'

/** Refunds the journal must keep past its limit: unsettled, watched after a decision, alarmed. */
export const refundsKeep = (now: () => number) =>
  keptWhileFollowed<RefundEntry>(now, (e) => !FINAL.includes(e.status))

export function createRefunds(core: CoreServices) {
  const runtimes = perEnvironment(
    core,
    (environment, dir) =>
      new RefundsService({
        ...tillWriteDeps(core, SETTLEMENT_SCHEDULE),
        journal: featureJournal(core, environment, dir, {
          name: 'refunds',
          schema: RefundEntry,
          keyOf: (e) => e.reference,
          limit: 1000,
          keep: refundsKeep(core.now),
        }),
        publish: (view) => core.emit('refunds.updated', view),
      }),
  )
  const refunds = () => runtimes.current()

  const handlers: Handlers<typeof refundsChannels> = {
    'refunds.prepare': ({ paymentReference }) => refunds().prepare(paymentReference),
    'refunds.issue': (input) => refunds().issue(input),
    'refunds.get': ({ reference }) => refunds().get(reference),
    'refunds.history': (filter) => refunds().history(filter),
    'refunds.counts': () => refunds().counts(),
    'refunds.unsettled': () => refunds().unsettled(),
    'refunds.decideOutcome': (input) => refunds().decideOutcome(input),
    'refunds.acknowledgeAlarm': ({ reference }) => refunds().acknowledgeAlarm(reference),
  }
  return { handlers, start: () => runtimes.start(), stop: () => runtimes.stop() }
}

export const refundsModule = defineModule({ name: 'refunds', create: createRefunds })
