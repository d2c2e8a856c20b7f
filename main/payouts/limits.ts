// Per-role payout limits, per item and per day. Splitting is caught two ways: the day limit
// adds up everything the person made (or approved) today, and the item limit applies to the
// day's total for one bank account, so five small payouts to one account are one big payout.
// In a shop the limits are the shop's: what the other tills committed today counts too (their
// payouts as the shop heard them, `ShopLimits`), and a till out of step with the shop applies
// every limit with a margin, saying so, since payouts it has not heard of may exist.
import type { Said } from '../../common/ipc/contract'
import { moneyValue } from '../../common/words/said'
import { english } from '../kernel/errors'
import { add, compare, ZERO, type Currency, type Minor } from '../../common/money'
import { COMMITTED_STATES, type PayoutItem } from './model'

export type LimitRole = 'cashier' | 'supervisor' | 'admin'

export interface RoleLimits {
  /** Largest single payout; also the most one account may receive per day. */
  perItem: Minor
  /** Most this person may create (maker) or approve (checker) per day. */
  perDay: Minor
}

export type PayoutLimits = Record<LimitRole, RoleLimits> & {
  /** Shop mode: the other tills' payouts; absent when the till works alone. */
  shop?: ShopLimits | null
}

/** A payout another till of the shop committed, as the shop's events tell it. */
export interface PayoutElsewhere {
  tillId: string
  reference: string
  amount: Minor
  currency: Currency
  bankCode: string
  accountNumber: string
  makerId: string
  /** When it went for approval (the maker's day); null if not known. */
  submittedAt: number | null
  /** Who approved it and when; the name where the till told no id. */
  approverId: string | null
  approverName: string | null
  approvedAt: number | null
}

export interface ShopLimits {
  elsewhere: readonly PayoutElsewhere[]
  /** The till heard the shop lately: the limits apply as they are. */
  inStep: boolean
  /** In words, when out of step: since when and why (shown with every refusal). */
  outOfStep: string | null
}

/** A check about to commit a payout, as the shop is asked it (main/shop/payout-limits.ts). */
export interface ShopHoldRequest {
  side: 'maker' | 'checker'
  candidate: PayoutItem
  person: { id: string; name: string; role: LimitRole }
  /** This till's own payouts. */
  items: readonly PayoutItem[]
  limits: PayoutLimits
  clock: LimitClock
}

/**
 * How the payouts reach the shop's limits without knowing the shop: `context` for every check
 * on this till, `hold` (async) to check with the shop's server and hold the payout's place in
 * the limits before it is committed; throws AppError('limit_exceeded') in words.
 */
export interface ShopLimitsPort {
  context(): ShopLimits | null
  hold(request: ShopHoldRequest): Promise<void>
}

/** Out of step, each limit counts as this share of itself (parts per 100). */
export const OUT_OF_STEP_SHARE = 50

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
  /** The same, keyed (common/words/errors.ts `payouts.limit`), for the screen's language. */
  say: Said
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

const sumOf = (items: readonly { amount: Minor }[]): Minor =>
  items.reduce<Minor>((total, item) => add(total, item.amount), ZERO)

function explain(
  kind: LimitKind,
  party: Party,
  limit: Minor,
  total: Minor,
  others: number,
  currency: Currency,
): string {
  return english(explainSaid(kind, party, limit, total, others, currency))
}

/** `explain`, keyed: the amounts as money values, the role by its word. */
function explainSaid(
  kind: LimitKind,
  party: Party,
  limit: Minor,
  total: Minor,
  others: number,
  currency: Currency,
): Said {
  const amounts = {
    totalAmount: moneyValue(total, currency),
    limitAmount: moneyValue(limit, currency),
  }
  const role: Said = { key: `payouts.role.${party.role}` }
  switch (kind) {
    case 'item_limit':
      return party.side === 'maker'
        ? { key: 'payouts.limit.itemMaker', params: { ...amounts, role } }
        : { key: 'payouts.limit.itemChecker', params: { ...amounts, name: party.name } }
    case 'account_day_limit':
      return { key: 'payouts.limit.accountDay', params: { ...amounts, count: others } }
    case 'day_limit':
      return party.side === 'maker'
        ? { key: 'payouts.limit.dayMaker', params: { ...amounts, name: party.name, role } }
        : { key: 'payouts.limit.dayChecker', params: { ...amounts, name: party.name } }
  }
}

/** Out of step with the shop, each limit counts as a share of itself: said after the refusal. */
const withMargin = (said: Said, outOfStep: boolean): Said =>
  outOfStep
    ? { key: 'payouts.limit.outOfStep', params: { refusal: said, share: OUT_OF_STEP_SHARE } }
    : said

/** One committed payout as the limits count it, from this till's outbox or another till's. */
interface Counted {
  reference: string
  amount: Minor
  bankCode: string
  accountNumber: string
  /** The maker's or approver's id (the name where no id was told). */
  partyIds: readonly string[]
}

/** `parts` per 100 of `limit`, rounded down (limits stay within safe integers). */
const share = (limit: Minor, parts: number): Minor =>
  Number((BigInt(limit) * BigInt(parts)) / 100n) as Minor

function check(
  party: Party,
  candidate: PayoutItem,
  items: Iterable<PayoutItem>,
  limits: PayoutLimits,
  clock: LimitClock,
): LimitViolation | null {
  const shop = limits.shop ?? null
  const outOfStep = shop !== null && !shop.inStep
  const limited = (limit: Minor) => (outOfStep ? share(limit, OUT_OF_STEP_SHARE) : limit)
  const roleLimits = {
    perItem: limited(limits[party.role].perItem),
    perDay: limited(limits[party.role].perDay),
  }
  const { start, end } = dayBounds(clock.now, clock.utcOffsetMinutes)
  const inDay = (at: number | null) => at !== null && at >= start && at < end
  const committedToday: Counted[] = []
  for (const item of items) {
    if (item.reference === candidate.reference) continue
    if (item.currency !== candidate.currency) continue
    if (!COMMITTED_STATES.includes(item.state)) continue
    const at = party.side === 'maker' ? item.submittedAt : (item.approval?.at ?? null)
    if (!inDay(at)) continue
    const by = party.side === 'maker' ? item.createdBy.id : item.approval?.by.id
    committedToday.push({ ...item, partyIds: by ? [by] : [] })
  }
  for (const other of shop?.elsewhere ?? []) {
    if (other.reference === candidate.reference || other.currency !== candidate.currency) continue
    const at = party.side === 'maker' ? other.submittedAt : other.approvedAt
    if (!inDay(at)) continue
    const ids =
      party.side === 'maker'
        ? [other.makerId]
        : other.approverId !== null
          ? [other.approverId]
          : other.approverName !== null
            ? [`name:${other.approverName}`]
            : []
    committedToday.push({ ...other, partyIds: ids })
  }
  const margin = outOfStep
    ? ` ${shop.outOfStep ?? 'This till is not in step with the shop.'} Until it is, each limit counts as ${OUT_OF_STEP_SHARE}% of itself, since other tills may have paid out what this till has not heard of.`
    : ''
  const violation = (kind: LimitKind, limit: Minor, total: Minor, others = 0): LimitViolation => ({
    kind,
    limit,
    total,
    message: explain(kind, party, limit, total, others, candidate.currency) + margin,
    say: withMargin(explainSaid(kind, party, limit, total, others, candidate.currency), outOfStep),
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
  const mine = committedToday.filter(
    (item) => item.partyIds.includes(party.id) || item.partyIds.includes(`name:${party.name}`),
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
