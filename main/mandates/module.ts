// Direct-debit mandates and debits as a feature module: one pair of services per environment.
import type { mandatesChannels } from '../../common/ipc/mandates'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { SETTLEMENT_SCHEDULE } from '../exactly-once/follower'
import { tillWriteDeps } from '../exactly-once/module'
import { keptWhileFollowed } from '../exactly-once/retention'
import { featureJournal, perEnvironment } from '../payments/per-environment'
import { BankDirectory } from './bank-directory'
import { DebitsService } from './debits-service'
import { DebitEntry, FINAL_DEBIT, MandateEntry, mandateKept } from './mandate-entries'
import { MandatesService } from './mandates-service'

export function createMandates(core: CoreServices) {
  const runtimes = perEnvironment(core, (environment, dir) => {
    // One follower for debits: the mandates' screen says which of them it is asking about.
    const till = tillWriteDeps(core, SETTLEMENT_SCHEDULE)
    const debits = featureJournal(core, environment, dir, {
      name: 'debits',
      schema: DebitEntry,
      keyOf: (e) => e.paymentReference,
      limit: 20_000,
      keep: keptWhileFollowed<DebitEntry>(core.now, (e) => !FINAL_DEBIT.includes(e.status)),
    })
    const mandateService = new MandatesService({
      ...till,
      mandates: featureJournal(core, environment, dir, {
        name: 'mandates',
        schema: MandateEntry,
        keyOf: (e) => e.mandateReference,
        limit: 10_000,
        keep: mandateKept,
      }),
      debits,
      banks: new BankDirectory({
        gateway: till.gateway,
        gatewayKey: () => core.environment.baseUrl(),
        now: core.now,
      }),
      debitFollower: till.follower,
      debitView: (debit) => debitService.view(debit),
      publish: (view) => core.emit('mandates.updated', view),
    })
    const debitService: DebitsService = new DebitsService({
      ...till,
      debits,
      mandates: mandateService,
      publish: (view) => core.emit('mandates.debitUpdated', view),
    })
    return {
      mandateService,
      debitService,
      resume: () => {
        mandateService.resume()
        debitService.resume()
      },
      stop: () => debitService.stop(),
    }
  })
  const mandates = () => runtimes.current().mandateService
  const debits = () => runtimes.current().debitService

  const handlers: Handlers<typeof mandatesChannels> = {
    'mandates.list': () => mandates().list(),
    'mandates.banks': () => mandates().banks(),
    'mandates.resolveAccount': (input) => mandates().resolveAccount(input),
    'mandates.create': (input) => mandates().create(input),
    'mandates.get': ({ mandateReference }) => mandates().get(mandateReference),
    'mandates.initiateActivation': ({ mandateReference }) =>
      mandates().initiateActivation(mandateReference),
    'mandates.validateActivation': ({ mandateReference, otp, pin }) =>
      mandates().validateActivation(mandateReference, otp, pin),
    'mandates.cancel': ({ mandateReference }) => mandates().cancel(mandateReference),
    'mandates.debit': (input) => debits().debit(input),
    'mandates.unsettledDebits': () => debits().unsettled(),
    'mandates.decideDebitOutcome': (input) => debits().decideOutcome(input),
    'mandates.acknowledgeDebitAlarm': ({ reference }) => debits().acknowledgeAlarm(reference),
    'mandates.debitStatus': ({ paymentReference }) => debits().status(paymentReference),
  }
  return { handlers, start: () => runtimes.start(), stop: () => runtimes.stop() }
}

export const mandatesModule = defineModule({ name: 'mandates', create: createMandates })
