// The written rules for what tills can disagree about, one function each. Server order (the
// `server_seq` every event gets when it reaches the shop's database) is the only clock the
// rules trust: till clocks can be wrong, and an event made offline reaches the others late.
// docs/shop.md states each rule in words; test/unit/shop/rules.test.ts holds them to it.

/** A supervisor's decision on a payout, as an event from any till. */
export interface PayoutDecision {
  decision: 'approved' | 'rejected'
  reference: string
  /** The hash of the exact payload the supervisor saw: a decision binds to it only. */
  payloadHash: string
  userId: string
  tillId: string
  serverSeq: number
}

export interface StaffChange {
  userId: string
  serverSeq: number
  /** 'disabled' stops sign-in and stops later decisions counting. */
  change: 'upserted' | 'disabled' | 'enabled'
  role?: 'cashier' | 'supervisor' | 'admin'
}

export interface SettledPayout {
  outcome: 'approved' | 'rejected' | 'waiting'
  /** The decision that settled it, if any. */
  by: PayoutDecision | null
  /** Decisions that came after the maker's till had already acted: kept in the audit. */
  tooLate: PayoutDecision[]
  /** Decisions that don't count, with why. */
  ignored: Array<{
    decision: PayoutDecision
    why: 'other_payload' | 'maker' | 'not_supervisor' | 'disabled'
  }>
}

/** Each user's state just after each staff change, in server order. */
function staffAt(changes: readonly StaffChange[], userId: string, serverSeq: number) {
  let enabled = true
  let role: StaffChange['role']
  for (const c of [...changes].sort((a, b) => a.serverSeq - b.serverSeq)) {
    if (c.userId !== userId || c.serverSeq > serverSeq) continue
    if (c.change === 'disabled') enabled = false
    if (c.change === 'enabled') enabled = true
    if (c.change === 'upserted' && c.role) role = c.role
  }
  return { enabled, role }
}

/**
 * Rule 1, two supervisors decide one payout while the tills are partitioned, and rule 2, a
 * user disabled on one till while deciding on another. Only the maker's till applies this, and
 * only the maker's till ever sends.
 *   - A decision counts only for the payload hash it was made on, and never the maker's own.
 *   - A decision from a user who was disabled, or not a supervisor or admin, at its place in
 *     server order does not count, whenever its till says it was made.
 *   - Until the maker's till starts sending, a rejection wins over any approval: the safe side
 *     is money not moving, and a supervisor can draft again.
 *   - Once the maker's till has journaled `sending` on an approval, that approval stands; a
 *     rejection that arrives afterwards is kept as "too late" for the audit.
 */
export function settlePayout(input: {
  reference: string
  payloadHash: string
  makerId: string
  /** The decision the maker's till already sent on, if it has started sending. */
  sentOn: PayoutDecision | null
  decisions: readonly PayoutDecision[]
  staff: readonly StaffChange[]
}): SettledPayout {
  const ignored: SettledPayout['ignored'] = []
  const counted: PayoutDecision[] = []
  for (const d of [...input.decisions].sort((a, b) => a.serverSeq - b.serverSeq)) {
    if (d.reference !== input.reference) continue
    if (d.payloadHash !== input.payloadHash) ignored.push({ decision: d, why: 'other_payload' })
    else if (d.userId === input.makerId) ignored.push({ decision: d, why: 'maker' })
    else {
      const who = staffAt(input.staff, d.userId, d.serverSeq)
      if (!who.enabled) ignored.push({ decision: d, why: 'disabled' })
      else if (who.role !== 'supervisor' && who.role !== 'admin')
        ignored.push({ decision: d, why: 'not_supervisor' })
      else counted.push(d)
    }
  }
  if (input.sentOn) {
    return {
      outcome: 'approved',
      by: input.sentOn,
      tooLate: counted.filter((d) => d !== input.sentOn && d.decision === 'rejected'),
      ignored,
    }
  }
  const rejection = counted.find((d) => d.decision === 'rejected')
  if (rejection) return { outcome: 'rejected', by: rejection, tooLate: [], ignored }
  const approval = counted.find((d) => d.decision === 'approved')
  return { outcome: approval ? 'approved' : 'waiting', by: approval ?? null, tooLate: [], ignored }
}

/** Rule 3, one staff list: the latest change to a user in server order wins, field by field. */
export function currentStaff(
  changes: readonly StaffChange[],
): Map<string, { enabled: boolean; role?: StaffChange['role'] }> {
  const out = new Map<string, { enabled: boolean; role?: StaffChange['role'] }>()
  for (const c of [...changes].sort((a, b) => a.serverSeq - b.serverSeq)) {
    const now = out.get(c.userId) ?? { enabled: true }
    if (c.change === 'disabled') now.enabled = false
    if (c.change === 'enabled') now.enabled = true
    if (c.change === 'upserted') {
      if (c.role) now.role = c.role
    }
    out.set(c.userId, now)
  }
  return out
}

export interface FailedSignIn {
  userId: string
  tillId: string
  /** Server receive time, ms: the one clock every till shares. */
  receivedAt: number
}

/** The lockout window every till of a shop counts wrong PINs in. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000

/** Failed PIN entries for `userId` on every till that fall within `windowMs` of `now`. */
export function countFailures(
  failures: readonly FailedSignIn[],
  userId: string,
  now: number,
  windowMs = LOCKOUT_WINDOW_MS,
): number {
  return failures.filter((f) => f.userId === userId && now - f.receivedAt < windowMs).length
}

/**
 * Rule 4, lockout counted shop-wide: failed PIN entries for a user on every till add up; the
 * user is locked when `limit` of them fall within `windowMs` of `now`. A till that was offline
 * counts its own until it syncs, so a guesser gains at most one till's allowance per partition.
 */
export function lockedOut(
  failures: readonly FailedSignIn[],
  userId: string,
  now: number,
  limit = 5,
  windowMs = LOCKOUT_WINDOW_MS,
): boolean {
  return countFailures(failures, userId, now, windowMs) >= limit
}

/** A person of this till's staff list as applied so far, as the staff-author rule sees them. */
export interface StaffMember {
  id: string
  role: 'cashier' | 'supervisor' | 'admin'
  disabled: boolean
  /** False when the record failed its seal here. */
  trusted: boolean
}

/** A staff change from another till, as the staff-author rule sees it. */
export type AuthoredStaffChange =
  | { kind: 'upserted'; userId: string; role: StaffMember['role']; pinHash: string }
  | { kind: 'disabled' | 'enabled' | 'removed'; userId: string }

/**
 * Who may change the shop's staff list (docs/shop.md, "Staff changes come from an admin"):
 * the change's author (`actorId`, signed with the event) must not be someone the staff list
 * as applied so far here knows as anything but a trusted, enabled admin. A person's own
 * record (as they sign in or change their own PIN: same role, still enabled) is theirs to
 * send. An author this list does not know yet is accepted: a till's admin reaches the shop
 * only at their first sign-in after the till joined, and may add staff before it (the gap
 * this leaves is in docs/shop.md). An event from before authors were carried (`actorId` null)
 * applies only where it gives nobody power: a disable, a removal, or a new cashier. Null when
 * allowed, else why not.
 */
export function staffAuthorRefusal(
  change: AuthoredStaffChange,
  actorId: string | null,
  staff: readonly StaffMember[],
): string | null {
  const subject = staff.find((m) => m.id === change.userId)
  if (actorId === null) {
    if (change.kind === 'disabled' || change.kind === 'removed') return null
    if (change.kind === 'upserted' && !subject && change.role === 'cashier') return null
    return 'it names no author, and a change from before authors were carried may only take power away'
  }
  const actor = staff.find((m) => m.id === actorId)
  if (!actor) return null
  if (actor.role === 'admin' && !actor.disabled && actor.trusted) return null
  if (change.kind === 'upserted' && actorId === change.userId) {
    if (actor.trusted && !actor.disabled && actor.role === change.role) return null
  }
  return `its author was a ${actor.role}${actor.disabled ? ' (disabled)' : ''}${actor.trusted ? '' : ' whose profile failed its check here'}, not an admin, at that point`
}
