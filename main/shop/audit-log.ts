// One audit log for the shop: every till's audit-worthy shop events (staff changes, payout
// states and decisions, shifts opened and closed) and the events this till refused, in the
// order the shop server stored them, with the till, who, what and when.
//
// How the trail verifies across tills, as this till saw it: every event of another till was
// accepted only if its Ed25519 signature checks against the key that till enrolled with, and
// only in till_seq order with no hole (main/shop/sync.ts). Per till, the log says how many
// events that left, and how many were refused or whether the stream stopped at a gap.
//
// Closed charges are sales, not audit: they are in the day's view and its CSV. Kinds this till
// does not know (a newer till's) are listed by their name, never dropped.
import type {
  ShopAudit,
  ShopAuditEntry,
  ShopAuditTill,
  ShopRefusedView,
} from '../../common/ipc/shop'
import { formatMoney, isCurrency, minorFromText } from '../../common/money'
import { csvRow } from '../collections/csv'
import type { ShopEvent, StoredEvent } from './events'
import { localDay } from './overview'

/** An event of another till that this till refused (kept across restarts). */
export interface RefusedRecord {
  serverSeq: number
  tillId: string
  eventId: string
  why: string
  /** When this till refused it. */
  at: string
}

export interface ShopAuditInput {
  ownTillId: string
  own: readonly ShopEvent[]
  /** Server order of this till's own events, as seen when pulling. */
  ownOrder: ReadonlyMap<string, number>
  pulled: readonly StoredEvent[]
  refused: readonly RefusedRecord[]
  day: string
  timeZone?: string | undefined
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const nameOf = (value: unknown): string =>
  typeof value === 'object' && value !== null ? text((value as { name?: unknown }).name) : ''

const STATE: Record<string, string> = {
  awaiting_approval: 'waiting for approval',
  approved: 'approved',
  sending: 'being sent',
  submitted: 'processing',
  success: 'paid',
  failed: 'failed',
  reversed: 'returned',
  rejected: 'rejected',
  needs_review: 'needs review',
  unknown: 'outcome unknown',
  expired: 'expired',
}

const REFUSED: Record<string, string> = {
  bad_signature: 'Refused: its signature does not match the till it claims to come from',
  gap: 'Held back: an earlier event of that till is missing, so nothing after it is applied',
  unknown_till: 'Refused: it names a till the shop has not enrolled',
  unpinned: 'Refused: it comes from a till whose key no till of the shop has vouched for',
  malformed: 'Refused: it could not be read',
}

/** Integer minor units as text in words; never a float, never a guess. */
function money(minorText: unknown, currency: unknown): string {
  const amount = text(minorText)
  const code = text(currency)
  const value = minorFromText(amount)
  if (value === null || !isCurrency(code)) return `${amount || '?'} minor units ${code}`.trim()
  return formatMoney(value, code)
}

/** Names the log can put to ids it meets: staff from their records, tills from their events. */
export interface AuditNames {
  user: (id: string) => string
  till: (id: string) => string
}

const NO_NAMES: AuditNames = { user: (id) => id, till: (id) => id }

function who(e: ShopEvent): string {
  const body = e.body
  for (const key of ['by', 'actor', 'decidedBy', 'changedBy', 'closedBy', 'openedBy']) {
    const name = nameOf(body[key]) || text(body[key])
    if (name) return name
  }
  return text(body.userName) || text(body.maker) || text(body.cashier)
}

function when(e: ShopEvent): string {
  const b = e.body
  return text(b.at) || text(b.closedAt) || text(b.openedAt) || text(b.decidedAt) || e.createdAt
}

/**
 * What an event says, in words; null for events that are not audit (charges and claims). Staff
 * records carry a PIN hash: only the name and role are ever taken from them.
 */
export function describe(e: ShopEvent, names: AuditNames = NO_NAMES): string | null {
  const b = e.body
  const ref = text(b.reference)
  const userId = text(b.userId)
  // Sales, the claims on customers' accounts and the transfers the shop's watcher found
  // (claims.ts, shop-watch.ts) are not audit.
  if (
    e.kind === 'charge.closed' ||
    e.kind === 'charge.claimed' ||
    e.kind === 'charge.released' ||
    e.kind === 'transfer.seen'
  )
    return null
  if (e.kind === 'payout.state')
    return `Payout ${ref} ${STATE[text(b.state)] ?? `in a state this till does not know (${text(b.state)})`}: ${money(b.amountMinor, b.currency)} to ${text(b.accountName) || 'a payee'}${b.maker ? `, drafted by ${text(b.maker)}` : ''}`
  if (e.kind === 'shift.opened') return `Shift ${text(b.shiftId)} opened`
  if (e.kind === 'shift.closed') {
    const till = b.till as { collections?: { received?: unknown } } | undefined
    const received = Array.isArray(till?.collections?.received)
      ? (till.collections.received as Array<Record<string, unknown>>)
          .map((a) => money(a.amountMinor, a.currency))
          .join(' + ')
      : ''
    return `Shift ${text(b.shiftId)} closed, Z-report ${typeof b.zNumber === 'number' ? b.zNumber : '?'}${received ? `: received ${received}` : ''}`
  }
  if (e.kind === 'signin.failed') return `Wrong PIN for ${names.user(userId)}`
  // A correction between tills (moves.ts): money counted on one till's sale, given to another's.
  if (e.kind === 'transfer.moved')
    return `Transfer ${ref} of ${money(b.amountMinor, b.currency)} counted here while out of step, moved to ${text(b.toTill) || 'another till'}'s sale by the shop's rule`
  if (e.kind.startsWith('staff.')) {
    const whom = nameOf(b.user) || text(b.name) || (userId ? names.user(userId) : '')
    const role = text(b.role)
    const change = e.kind === 'staff.upserted' ? 'added or changed' : e.kind.slice(6)
    return `Staff ${change.replace(/[._]/g, ' ')}${whom ? `: ${whom}` : ''}${role ? ` (${role})` : ''}`
  }
  if (e.kind === 'payout.decision') {
    const decision = text(b.decision).replace(/_/g, ' ') || 'decided'
    const maker = text(b.tillId) ? ` (drafted at ${names.till(text(b.tillId))})` : ''
    const reason = text(b.reason) ? `: ${text(b.reason)}` : ''
    return `Payout ${ref} ${decision}${maker}${reason}`
  }
  return `${e.kind}${ref ? ` ${ref}` : ''}`
}

function tillWords(t: Omit<ShopAuditTill, 'words'>): string {
  const events = `${t.events} ${t.events === 1 ? 'event' : 'events'}`
  if (t.own) return `${events}, signed on this till`
  if (t.gap)
    return `${events}, signatures checked; stopped at a missing event: nothing after it is applied until it arrives`
  if (t.refused > 0) return `${events}, signatures checked; ${t.refused} refused`
  return `${events}, signatures checked, no gaps`
}

export function shopAudit(input: ShopAuditInput): ShopAudit {
  const names = new Map<string, string>()
  const users = new Map<string, string>()
  for (const e of [...input.own, ...input.pulled]) {
    if (text(e.body.tillName)) names.set(e.tillId, text(e.body.tillName))
    if (e.kind === 'staff.upserted' && text(e.body.userId) && text(e.body.name))
      users.set(text(e.body.userId), text(e.body.name))
  }
  const lookup: AuditNames = {
    user: (id) => users.get(id) ?? id,
    till: (id) => names.get(id) ?? id,
  }
  const counts = new Map<string, number>()
  const lastAccepted = new Map<string, number>()
  const entries: Array<ShopAuditEntry & { order: number }> = []
  const add = (e: ShopEvent, serverSeq: number | null) => {
    counts.set(e.tillId, (counts.get(e.tillId) ?? 0) + 1)
    const what = describe(e, lookup)
    const at = when(e)
    if (what === null || localDay(at, input.timeZone) !== input.day) return
    entries.push({
      serverSeq,
      // Not yet on the server: after everything that is, in the till's own order.
      order: serverSeq ?? Number.MAX_SAFE_INTEGER,
      tillId: e.tillId,
      tillName: '',
      kind: e.kind,
      what,
      who: who(e),
      when: at,
      reference: text(e.body.reference) || text(e.body.shiftId),
    })
  }
  counts.set(input.ownTillId, 0)
  for (const e of input.own) add(e, input.ownOrder.get(e.eventId) ?? null)
  for (const e of input.pulled) {
    add(e, e.serverSeq)
    lastAccepted.set(e.tillId, Math.max(lastAccepted.get(e.tillId) ?? 0, e.serverSeq))
  }

  const refusedBy = new Map<string, number>()
  const gapAt = new Map<string, number>()
  const refused: ShopRefusedView[] = []
  for (const r of input.refused) {
    if (!counts.has(r.tillId)) counts.set(r.tillId, 0)
    if (r.why === 'gap') gapAt.set(r.tillId, Math.max(gapAt.get(r.tillId) ?? 0, r.serverSeq))
    else refusedBy.set(r.tillId, (refusedBy.get(r.tillId) ?? 0) + 1)
    const words = REFUSED[r.why] ?? `Refused (${r.why})`
    refused.push({ ...r, tillName: '', words })
    if (localDay(r.at, input.timeZone) === input.day)
      entries.push({
        serverSeq: r.serverSeq,
        order: r.serverSeq,
        tillId: r.tillId,
        tillName: '',
        kind: 'refused',
        what: `${words} (event ${r.eventId})`,
        who: '',
        when: r.at,
        reference: r.eventId,
      })
  }
  const tillName = (id: string) => names.get(id) ?? id

  const tills: ShopAuditTill[] = [...counts.keys()].map((tillId) => {
    const base = {
      tillId,
      tillName: tillName(tillId),
      own: tillId === input.ownTillId,
      events: counts.get(tillId) ?? 0,
      refused: refusedBy.get(tillId) ?? 0,
      // A gap still stands while nothing of that till was accepted after it.
      gap: (gapAt.get(tillId) ?? 0) > (lastAccepted.get(tillId) ?? 0),
    }
    return { ...base, words: tillWords(base) }
  })

  return {
    day: input.day,
    entries: entries
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...entry }) => ({ ...entry, tillName: tillName(entry.tillId) })),
    tills: tills.sort(
      (a, b) => Number(b.own) - Number(a.own) || a.tillName.localeCompare(b.tillName),
    ),
    refused: refused.map((r) => ({ ...r, tillName: tillName(r.tillId) })),
  }
}

export function shopAuditCsv(audit: ShopAudit): string {
  let out = csvRow(['server_seq', 'time', 'till', 'event', 'what', 'who', 'reference'])
  for (const e of audit.entries)
    out += csvRow([e.serverSeq, e.when, e.tillName, e.kind, e.what, e.who, e.reference])
  return out
}
