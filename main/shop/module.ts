// Shop mode as a feature module: the channels of common/ipc/shop.ts and the sync loop, started
// with the app only when this till has joined a shop.
import type { shopChannels, shopOverviewChannels } from '../../common/ipc/shop'
import type { CoreServices } from '../compose/core'
import { defineModule } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { CHARGE_DEFAULTS } from '../collections/charges'
import { linkClaims } from '../collections/claimsPort'
import { payoutsOf } from '../payouts/module'
import { linkShopFacts } from '../reconcile/shop-port'
import { linkMovedIn } from '../shifts/moved-in'
import { shiftsTimeZone } from '../shifts/settings'
import { shopApprovals } from './approvals-module'
import { ShopClaims } from './claims'
import { movedInFacts, ShopMoves } from './moves'
import { ShopPayoutLimits } from './payout-limits'
import { ShopWatch } from './shop-watch'
import { ShopService } from './service'
import { ShopStaff } from './staff'

export function createShopService(core: CoreServices): ShopService {
  // One staff list: the users service hears the shop through this link, never imports it.
  const staff = new ShopStaff({ users: core.users, keychain: core.keychain, log: core.log })
  const service = new ShopService({
    dataDir: core.dataDir,
    keychain: core.keychain,
    integrity: core.integrity,
    tillName: () => core.settings.get().tillName,
    emit: (view) => core.emit('shop.status', view),
    subscribe: core.subscribe,
    log: core.log,
    environment: () => core.environment.current,
    // The day in the zone the shifts use (their Z-reports' days).
    timeZone: () => shiftsTimeZone(core),
    staff,
  })
  staff.connect(service)
  return service
}

export const shopModule = defineModule({
  name: 'shop',
  create(core) {
    const service = createShopService(core)
    const owner = (input: { ownerUser: string; ownerPassword: string }) => ({
      user: input.ownerUser,
      password: input.ownerPassword,
    })
    const handlers: Handlers<typeof shopChannels & typeof shopOverviewChannels> = {
      'shop.status': () => ({ ...service.status(), watch: watch.view() }),
      'shop.create': (input) => service.create(input.server, owner(input), input.shopName),
      'shop.createCode': (input) => service.createCode(owner(input)),
      'shop.join': (input) => service.join(input.server, input.code),
      'shop.leave': () => service.leave(),
      'shop.overview': (input) => service.overview(input?.day),
      'shop.exportCsv': (input) => service.exportCsv(input?.day),
      'shop.zReport': (input) => service.zReport(input?.day),
      'shop.zReportCsv': (input) => service.zReportCsv(input?.day),
      'shop.audit': (input) => service.audit(input?.day),
      'shop.auditCsv': (input) => service.auditCsv(input?.day),
    }
    const approvals = shopApprovals(core, service)
    // One transfer, one sale: collections asks the shop's claims before counting a transfer.
    // Claims and the shop's watch are shared only between tills on the same gateway: the
    // environment and its address (each till's Demo is a gateway of its own).
    const gatewayScope = () => `${core.environment.current}|${core.environment.baseUrl() ?? ''}`
    const claims = new ShopClaims({
      shop: service,
      environment: gatewayScope,
      skewMs: CHARGE_DEFAULTS.skewMs,
      warn: (message, data) => core.log.warn(message, data),
    })
    linkClaims(core, claims)
    // The day's reconciliation reads every till's facts from the shop's events.
    linkShopFacts(core, {
      status: () => service.status(),
      events: () => [...service.ownEvents(), ...service.inbox()],
    })
    // One watcher per shop: the till holding the lease polls the gateway for every till.
    const watch = new ShopWatch({
      claims,
      shop: service,
      gateway: () => core.environment.client(),
      environment: gatewayScope,
      intervals: () => {
        const p = core.settings.get().pollIntervals
        return { waitingMs: p.waitingMs, backgroundMs: p.backgroundMs }
      },
      ownRequestsPerMin: () => core.gatewayRequests.perMinute(),
      lateWindowMs: CHARGE_DEFAULTS.lateWindowMs,
      warn: (message, data) => core.log.warn(message, data),
    })
    // The payout limits count every till's payouts (payout-limits.ts).
    const limits = new ShopPayoutLimits(service)
    // A transfer the shop moved between tills: the till that lost it tells, the one that
    // gains it carries the matching line in its next Z-report (docs/accounting.md, section 3).
    const moves = new ShopMoves(
      service,
      () => core.environment.current,
      (error) => core.log.warn('shop: could not tell a moved transfer', { error: String(error) }),
    )
    linkMovedIn(core, (environment) => {
      const status = service.status()
      if (status.mode !== 'shop' || !status.tillName) return []
      return movedInFacts(service.inbox(), status.tillName, environment)
    })
    const unhear = core.subscribe((name, payload) => {
      moves.hear(name, payload)
      if (name !== 'shop.status') return
      moves.reset()
      watch.sync()
      claims.statusChanged()
    })
    return {
      handlers: { ...handlers, ...approvals.handlers },
      start: async () => {
        await service.start()
        watch.sync()
        await approvals.start()
        payoutsOf(core)?.useShopLimits(limits)
      },
      stop: async () => {
        unhear()
        linkMovedIn(core, null)
        payoutsOf(core)?.useShopLimits(null)
        await limits.stop()
        await watch.stop()
        claims.stop()
        approvals.stop()
        return service.stop()
      },
    }
  },
})
