// Approvals from any till, wired into the shop module: the channels of
// common/ipc/shopApprovals.ts (a supervisor here decides another till's payout) and the applier
// that turns decisions made elsewhere into this till's own journal records (approvals.ts).
import type { shopApprovalsChannels } from '../../common/ipc/shopApprovals'
import type { CoreServices } from '../compose/core'
import { refuse } from '../kernel/errors'
import { actor, type Handlers } from '../ipc/handlers'
import { payoutsOf } from '../payouts/module'
import { ShopApprovalsApplier } from './approvals'
import type { ShopService } from './service'
import { decisionEvent, waitingOnOtherTills, type Decider } from './waiting'

export function shopApprovals(
  core: CoreServices,
  shop: ShopService,
): {
  handlers: Handlers<typeof shopApprovalsChannels>
  /** After the shop service started: applies what was pulled before (and after a crash). */
  start(): Promise<void>
  stop(): void
} {
  const applier = new ShopApprovalsApplier({
    tillId: () => shop.status().tillId,
    payouts: () => payoutsOf(core),
    // Each member with whether their profile passed its seal here: only trusted ones approve.
    staff: () =>
      core.users
        .list()
        .map((user) => ({ ...user, trusted: !core.settings.trust.untrustedUsers.has(user.id) })),
    pulled: () => shop.inbox(),
    onError: (error) =>
      core.log.warn('shop: a decision from another till', { error: String(error) }),
  })
  const unsubscribe = shop.onPulled((events) => applier.apply(events))

  const waiting = (viewer: Decider) => {
    const status = shop.status()
    if (!status.tillId) return []
    return waitingOnOtherTills(shop.ownEvents(), shop.inbox(), status.tillId, viewer)
  }

  const handlers: Handlers<typeof shopApprovalsChannels> = {
    'shop.waitingPayouts': (_input, context) => waiting(actor(context)),
    'shop.decide': async ({ pin, ...input }, context) => {
      const person = actor(context)
      const status = shop.status()
      if (!status.tillId) throw refuse('shop_off', { key: 'shop.approveOnTheirTill' })
      // The PIN signs the decision, as it does an approval made on the payout's own till.
      await core.users.verifyPin(person.id, pin)
      const event = decisionEvent(
        waiting(person),
        input,
        person,
        status.tillName ?? core.settings.get().tillName,
        new Date(core.now()).toISOString(),
      )
      await shop.record(event.kind, event.body)
      return waiting(person)
    },
  }
  return {
    handlers,
    start: () => applier.apply(shop.inbox()),
    stop: unsubscribe,
  }
}
