// The payout set-up the bench and the chaos worker share: people with no limits, a name
// enquiry against the gateway, and commands that approve without a real PIN check.
import { PayoutCommands, type CommandDeps, type Person } from '../../main/payouts/commands'
import type { PayoutsGateway } from '../../main/payouts/gatewayPort'
import type { PayoutLimits } from '../../main/payouts/limits'
import { NameEnquiry } from '../../main/payouts/nameEnquiry'
import type { Outbox } from '../../main/payouts/outbox'

const huge = { perItem: Number.MAX_SAFE_INTEGER, perDay: Number.MAX_SAFE_INTEGER } as never
export const UNLIMITED: PayoutLimits = { cashier: huge, supervisor: huge, admin: huge }

/** A cashier who drafts and a supervisor who approves, with the given ids and name prefix. */
export function makerAndChecker(
  ids: { maker: string; checker: string },
  prefix: string,
): { maker: Person; checker: Person } {
  return {
    maker: { id: ids.maker, name: `${prefix} Cashier`, role: 'cashier' },
    checker: { id: ids.checker, name: `${prefix} Supervisor`, role: 'supervisor' },
  }
}

export function nameEnquiry(gateway: PayoutsGateway, timeoutMs: number): NameEnquiry {
  return new NameEnquiry({
    gateway: async () => gateway,
    currency: 'NGN',
    now: Date.now,
    timeoutMs,
  })
}

/** Commands on the outbox with no limits, a day-long approval window, and any PIN accepted. */
export function rigCommands(
  outbox: Outbox,
  resolveName: CommandDeps['resolveName'],
  bankName: CommandDeps['bankName'],
): PayoutCommands {
  return new PayoutCommands({
    outbox,
    now: Date.now,
    policy: () => ({ limits: UNLIMITED, approvalTtlMs: 86_400_000, utcOffsetMinutes: 0 }),
    verifyPin: async () => undefined,
    resolveName,
    recentBankName: () => null,
    bankName,
  })
}
