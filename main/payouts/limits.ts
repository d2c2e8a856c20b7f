// Per-role payout limits, per item and per day. Splitting is caught two ways: the day limit
// adds up everything the person made (or approved) today, and the item limit applies to the
// day's total for one bank account, so five small payouts to one account are one big payout.
import { add, compare, formatMoney, ZERO, type Currency, type Minor } from '../../common/money'
import { COMMITTED_STATES, type PayoutItem } from './model'

export type LimitRole = 'cashier' | 'supervisor' | 'admin'

export interface RoleLimits {
  /** Largest single payout; also the most one account may receive per day. */
  perItem: Minor
  /** Most this person may create (maker) or approve (checker) per day. */
  perDay: Minor
}

export type PayoutLimits = Record<LimitRole, RoleLimits>

const naira = (major: number): Minor => (major * 100) as Minor

/** Defaults for a small shop; admins change them in Settings. */
export const DEFAULT_LIMITS: PayoutLimits = {
  cashier: { perItem: naira(500_000), perDay: naira(2_000_000) },
  supervisor: { perItem: naira(5_000_000), perDay: naira(20_000_000) },
  admin: { perItem: naira(50_000_000), perDay: naira(200_000_000) },
}

export type LimitKind = 'item_limit' | 'account_day_limit' | 'day_limit'

export interface LimitViolation {
  kind: LimitKind
  limit: Minor
  /** What the total would be with this payout. */
  total: Minor
  message: string
}

/** The till's calendar day for a timestamp (limits reset at local midnight). */
export function dayKey(ms: number, utcOffsetMinutes: number): string {
  return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 10)
}

/** The till's local day containing `ms`, as [start, end) in epoch ms. */
export function dayBounds(ms: number, utcOffsetMinutes: number): { start: number; end: number } {
  const offset = utcOffsetMinutes * 60_000
  const start = Math.floor((ms + offset) / 86_400_000) * 86_400_000 - offset
  return { start, end: start + 86_400_000 }
}

export interface LimitClock {
  now: number
  utcOffsetMinutes: number
}

interface Party {
  side: 'maker' | 'checker'
  id: string
  name: string
  role: LimitRole
}

const sumOf = (items: PayoutItem[]): Minor =>
  items.reduce<Minor>((total, item) => add(total, item.amount), ZERO)

function explain(
  kind: LimitKind,
  party: Party,
  limit: Minor,
  total: Minor,
  others: number,
  currency: Currency,
): string {
  const money = (m: Minor) => formatMoney(m, currency)
  const who = party.side === 'maker' ? `${party.name} (${party.role})` : `${party.name}`
  switch (kind) {
    case 'item_limit':
      return party.side === 'maker'
        ? `This payout of ${money(total)} is above the ${party.role} limit of ${money(limit)} per payout. A supervisor must create it.`
        : `This payout of ${money(total)} is above ${who}'s approval limit of ${money(limit)} per payout. Someone with a higher limit must approve it.`
    case 'account_day_limit':
      return `With ${others} other payout${others === 1 ? '' : 's'} to this account today, the total would be ${money(total)}, above the limit of ${money(limit)} per payout. Payouts to one account are added up, so splitting does not get around the limit.`
    case 'day_limit':
      return party.side === 'maker'
        ? `${who} would reach ${money(total)} of payouts today, above the daily limit of ${money(limit)}.`
        : `${who} would have approved ${money(total)} today, above the daily approval limit of ${money(limit)}.`
  }
}

function check(
  party: Party,
  candidate: PayoutItem,
  items: Iterable<PayoutItem>,
  limits: PayoutLimits,
  clock: LimitClock,
): LimitViolation | null {
  const roleLimits = limits[party.role]
  const { start, end } = dayBounds(clock.now, clock.utcOffsetMinutes)
  const committedToday: PayoutItem[] = []
  for (const item of items) {
    if (item.reference === candidate.reference) continue
    if (item.currency !== candidate.currency) continue
    if (!COMMITTED_STATES.includes(item.state)) continue
    const at = party.side === 'maker' ? item.submittedAt : (item.approval?.at ?? null)
    if (at === null || at < start || at >= end) continue
    committedToday.push(item)
  }
  const violation = (kind: LimitKind, limit: Minor, total: Minor, others = 0): LimitViolation => ({
    kind,
    limit,
    total,
    message: explain(kind, party, limit, total, others, candidate.currency),
  })

  if (compare(candidate.amount, roleLimits.perItem) > 0) {
    return violation('item_limit', roleLimits.perItem, candidate.amount)
  }
  const sameAccount = committedToday.filter(
    (item) =>
      item.bankCode === candidate.bankCode && item.accountNumber === candidate.accountNumber,
  )
  const accountTotal = add(sumOf(sameAccount), candidate.amount)
  if (compare(accountTotal, roleLimits.perItem) > 0) {
    return violation('account_day_limit', roleLimits.perItem, accountTotal, sameAccount.length)
  }
  const mine = committedToday.filter((item) =>
    party.side === 'maker' ? item.createdBy.id === party.id : item.approval?.by.id === party.id,
  )
  const dayTotal = add(sumOf(mine), candidate.amount)
  if (compare(dayTotal, roleLimits.perDay) > 0) {
    return violation('day_limit', roleLimits.perDay, dayTotal)
  }
  return null
}

/** The creator's limits, checked when the item goes for approval. */
export function checkMakerLimits(
  candidate: PayoutItem,
  items: Iterable<PayoutItem>,
  limits: PayoutLimits,
  clock: LimitClock,
): LimitViolation | null {
  const creator = candidate.createdBy
  const role: LimitRole = creator.role === 'system' ? 'cashier' : creator.role
  return check(
    { side: 'maker', id: creator.id, name: creator.name, role },
    candidate,
    items,
    limits,
    clock,
  )
}

/** The approver's limits, checked when they approve. */
export function checkApproverLimits(
  approver: { id: string; name: string; role: LimitRole },
  candidate: PayoutItem,
  items: Iterable<PayoutItem>,
  limits: PayoutLimits,
  clock: LimitClock,
): LimitViolation | null {
  return check({ side: 'checker', ...approver }, candidate, items, limits, clock)
}
