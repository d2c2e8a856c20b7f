// What every payout command shares: the policy and services it runs on, the person asking,
// and the checks that the maker-checker rule needs on every path (a supervisor who neither
// made nor edited the payout). commands.ts, outcome-decision.ts and shop-decision.ts use it.
import type { Transfer } from '../../common/api/disbursements'
import type { Currency } from '../../common/money'
import { AppError } from '../kernel/errors'
import type { Sealer } from '../integrity/seal'
import type { ReferencedWrites } from '../exactly-once/tracker'
import type { PayoutsGateway } from './gatewayPort'
import type { LimitRole, PayoutLimits } from './limits'
import type { ActorRef, PayoutItem } from './model'
import type { NameEnquiryResult } from './nameEnquiry'
import type { Outbox } from './outbox'
import type { PayoutStore } from './payout-store'
import type { ItemPatch } from './records'
import type { PayoutAction } from './stateMachine'

export interface PayoutPolicy {
  limits: PayoutLimits
  /** How long an approval stays good if the payout can't be sent (e.g. offline). */
  approvalTtlMs: number
  /** The till's offset from UTC, for "per day" limits. */
  utcOffsetMinutes: number
}

/** A person, as the session and users service know them. */
export interface Person {
  id: string
  name: string
  role: LimitRole
}

export interface CommandDeps {
  outbox: Outbox
  now: () => number
  policy: () => PayoutPolicy
  /** Checks a PIN (counting failures towards lockout); throws AppError when wrong. */
  verifyPin: (userId: string, pin: string) => Promise<unknown>
  /** Asks the bank who holds an account. */
  resolveName: (bankCode: string, accountNumber: string) => Promise<NameEnquiryResult>
  /** A name the bank gave within the last minutes, so main knows it was not typed. */
  recentBankName: (
    bankCode: string,
    accountNumber: string,
  ) => { accountName: string; at: number } | null
  /** The bank's display name for a code, or undefined if the code is unknown. */
  bankName: (bankCode: string) => string | undefined
  currency?: Currency
  newReference?: () => string
  /** Signs approvals after the PIN check (the environment's device key); absent: unsigned. */
  approvalSealer?: Sealer | null
  /**
   * The payouts' one exactly-once core, which the sender drives: decisions go through it.
   * Absent, a core of their own over the outbox, fencing a decision off for `verifyAfterMs`
   * after a lost request (default: the sender's, 15 s + 15 s).
   */
  core?: DecisionCore
  verifyAfterMs?: number
  /**
   * Shop mode: checks the payout against the shop's limits with the shop's server and holds
   * its place there before it is committed (main/shop/payout-limits.ts); throws in words.
   */
  shopHold?: (
    side: 'maker' | 'checker',
    candidate: PayoutItem,
    person: { id: string; name: string; role: LimitRole },
  ) => Promise<void>
}

/** The payouts' one exactly-once core (payout-core.ts), as the decisions use it. */
export interface DecisionCore {
  writes: ReferencedWrites<PayoutItem, PayoutsGateway, Transfer, Transfer>
  store: PayoutStore
}

/** What a command split out of PayoutCommands is given: its deps and the two journal steps. */
export interface CommandContext {
  deps: CommandDeps
  /** The payout, or AppError payout_not_found. */
  get(reference: string): PayoutItem
  /** Decisions on unknown outcomes and their alarms go through it (outcome-decision.ts). */
  core: DecisionCore
  /** Commits one action by `person` (durable once it resolves). */
  act(
    item: PayoutItem,
    action: PayoutAction,
    person: Person,
    reason: string | null,
    patch: ItemPatch,
  ): Promise<PayoutItem>
}

export const asActor = (person: Person): ActorRef => ({
  id: person.id,
  name: person.name,
  role: person.role,
})

export const isChecker = (person: Person): boolean =>
  person.role === 'supervisor' || person.role === 'admin'

/** The catalogue's key (errors.checkerOnly.…, errors.makerCannot.…) for each checker verb. */
const VERB_KEY = {
  approve: 'approve',
  reject: 'reject',
  'decide the outcome of': 'decide',
} as const

/** A supervisor or admin who neither made nor edited the payout, or AppError saying why. */
export function assertChecker(
  person: Person,
  item: PayoutItem,
  verb: 'approve' | 'reject' | 'decide the outcome of',
): void {
  if (!isChecker(person)) {
    throw new AppError('forbidden_role', `Only a supervisor can ${verb} payouts.`, {
      say: { key: `checkerOnly.${VERB_KEY[verb]}` },
    })
  }
  if (item.makers.includes(person.id)) {
    throw new AppError(
      'maker_cannot_approve',
      `You ${item.createdBy.id === person.id ? 'created' : 'edited'} this payout, so another supervisor must ${verb} it.`,
      {
        say: {
          key: `makerCannot.${item.createdBy.id === person.id ? 'created' : 'edited'}.${VERB_KEY[verb]}`,
        },
      },
    )
  }
}

export function requireReason(reason: string): string {
  const why = reason.trim().replace(/\s+/g, ' ')
  if (why.length < 3) {
    throw new AppError('reason_required', 'Give a reason (a few words) so the cashier knows why.', {
      fields: { reason: 'A reason is required.' },
      say: { key: 'reasonRequired' },
      fieldSay: { reason: { key: 'reasonRequiredField' } },
    })
  }
  if (why.length > 300) {
    throw new AppError('reason_too_long', 'Keep the reason to 300 characters.', {
      fields: { reason: 'At most 300 characters.' },
      say: { key: 'reasonTooLong' },
      fieldSay: { reason: { key: 'reasonTooLongField' } },
    })
  }
  return why
}
