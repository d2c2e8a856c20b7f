// Refunds as a feature module: one RefundsService per environment. The role rule (issuing
// needs a supervisor) is in the channel table, common/ipc/refunds.ts, enforced by the guard.
import type { refundsChannels } from '../../common/ipc/refunds'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { Follower, REVIEW_LOOKUP_SCHEDULE, SETTLEMENT_SCHEDULE } from '../exactly-once/follower'
import { tillWriteDeps } from '../exactly-once/module'
import { Journal, fileStorage } from '../payments/journal'
import { perEnvironment } from '../payments/per-environment'
import { RefundEntry, RefundsService } from './refunds-service'

const JOURNAL_LIMIT = 1000

export function createRefunds(core: CoreServices) {
  const runtimes = perEnvironment(core, (environment, dir) => {
    const service = new RefundsService({
      ...tillWriteDeps(core),
      journal: new Journal({
        name: 'refunds',
        schema: RefundEntry,
        storage: fileStorage(dir, 'refunds'),
        seal: core.integrity.journal(environment, 'refunds'),
        keyOf: (e) => e.reference,
        timeOf: (e) => e.createdAt,
        limit: JOURNAL_LIMIT,
        keep: (e) => e.status !== 'success' && e.status !== 'failed',
        dropping: (records) => core.dropKeepers.keep(environment, 'refunds', records),
        log: core.log,
      }),
      follower: new Follower(SETTLEMENT_SCHEDULE),
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE),
      publish: (view) => core.emit('refunds.updated', view),
    })
    return { service, resume: () => service.resume(), stop: () => service.stop() }
  })
  const refunds = () => runtimes.current().service

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
