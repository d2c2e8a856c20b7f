// One charges service on fakes, for the tests that need more control than the watcher's own
// setup: a gateway whose clock differs from the till's, a store that can crash mid-write.
import type {
  ChargeView,
  CollectionsStatus,
  CustomerAccount,
  TransferView,
} from '../../../common/ipc/collections'
import { createCharges, type ChargesDeps } from '../../../main/collections/charges'
import type { ClaimsPort } from '../../../main/collections/claimsPort'
import { toCustomerAccount } from '../../../main/collections/customers'
import { memoryStore, type CollectionsStore } from '../../../main/collections/store'
import { FakeGateway, FakeScheduler } from './fakes'

export const actor = { id: 'u_cashier01', name: 'Bola' }
export const WAITING = 1_000
export const BACKGROUND = 15_000

export interface RigOptions {
  store?: CollectionsStore
  clock?: FakeScheduler
  gateway?: FakeGateway
  /** Gateway clock minus the till's, as the client measured it from Date headers. */
  gatewayOffsetMs?: () => number
  skewMs?: number
  warn?: ChargesDeps['warn']
  /** Jitter source for the watcher's backoff (0.5: no jitter either way). */
  random?: () => number
  /** One watcher per shop: true while the shop's watcher covers this till. */
  paused?: () => boolean
}

export function rig(options: RigOptions = {}) {
  const clock = options.clock ?? new FakeScheduler()
  const gateway = options.gateway ?? new FakeGateway(clock)
  const updates: ChargeView[] = []
  const late: TransferView[] = []
  const statuses: CollectionsStatus[] = []
  const paid: ChargeView[] = []
  let seq = 0
  const deps: ChargesDeps = {
    store: options.store ?? memoryStore(),
    gateway: () => gateway,
    account: async (ref: string): Promise<CustomerAccount> =>
      toCustomerAccount(await gateway.virtualAccounts.get(ref)),
    events: {
      chargeUpdated: (v) => updates.push(v),
      lateTransfer: (t) => late.push(t),
      status: (s) => statuses.push(s),
      paid: (v) => paid.push(v),
    },
    scheduler: clock,
    random: options.random ?? (() => 0.5),
    intervals: () => ({ waitingMs: WAITING, backgroundMs: BACKGROUND }),
    tillName: () => 'Till 1',
    skewMs: options.skewMs ?? 60_000,
    lateWindowMs: 600_000,
    newId: () => `ch_rig${String(++seq).padStart(4, '0')}${Math.floor(clock.now() % 1000)}`,
    ...(options.gatewayOffsetMs ? { gatewayOffsetMs: options.gatewayOffsetMs } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
    ...(options.paused ? { claims: () => pausedClaims(options.paused!) } : {}),
  }
  const charges = createCharges(deps)
  return { clock, gateway, charges, updates, late, statuses, paid, deps }
}

/** The shop's claims as a till that only hears whether the shop's watcher covers it sees them. */
function pausedClaims(paused: () => boolean): ClaimsPort {
  return {
    active: () => true,
    opened: () => undefined,
    ended: () => undefined,
    refresh: async () => true,
    decide: () => ({ owner: 'none', chargeId: null, tillName: null, provisional: false }),
    atRisk: () => false,
    onChange: () => () => undefined,
    delegated: paused,
    onTransfers: () => () => undefined,
    nudge: () => undefined,
  }
}
