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
import type { Said } from '../../common/ipc/contract'
import { isCurrency, minorFromText } from '../../common/money'
import { ERROR_WORDS } from '../../common/words/errors'
import { moneyValue } from '../../common/words/said'
import { english } from '../kernel/errors'
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

/** The payout states the log names (common/words/errors.ts `shop.log.state`). */
const STATES = new Set(Object.keys(ERROR_WORDS.en.shop.log.state))
/** The other kinds it names in words; any other kind is listed by its name. */
const KINDS: Readonly<Record<string, string>> = {
  'till.joined': 'shop.log.tillJoined',
  'till.pinned': 'shop.log.tillPinned',
}

/** Why this till refused another till's event, keyed (`shop.log.refusal`); a newer code as it is. */
function refusalSaid(why: string): Said {
  return Object.hasOwn(ERROR_WORDS.en.shop.log.refusal, why)
    ? { key: `shop.log.refusal.${why}` }
    : { key: 'shop.log.refusalOther', params: { why } }
}

/** Integer minor units, keyed (said in the language's format); never a float, never a guess. */
function money(minorText: unknown, currency: unknown): Said {
  const amount = text(minorText)
  const code = text(currency)
  const value = minorFromText(amount)
  if (value === null || !isCurrency(code))
    return { key: 'shop.log.minorUnits', params: { amount: amount || '?', currency: code } }
  return { key: 'shop.log.money', params: { sumAmount: moneyValue(value, code) } }
}

/** `said` when `value` is given, else nothing (an optional part of a sentence). */
const part = (value: string, said: Said): Said | string => (value ? said : '')

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
  const said = describeSaid(e, names)
  return said && english(said)
}

/** The same, keyed (common/words/errors.ts `shop.log`), for the screen's language. */
export function describeSaid(e: ShopEvent, names: AuditNames = NO_NAMES): Said | null {
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
  if (e.kind === 'payout.state') {
    const state = text(b.state)
    return {
      key: 'shop.log.payout',
      params: {
        reference: ref,
        state: STATES.has(state)
          ? { key: `shop.log.state.${state}` }
          : { key: 'shop.log.stateUnknown', params: { state } },
        sum: money(b.amountMinor, b.currency),
        payee: text(b.accountName) || { key: 'shop.log.aPayee' },
        maker: part(text(b.maker), { key: 'shop.log.draftedBy', params: { name: text(b.maker) } }),
      },
    }
  }
  if (e.kind === 'shift.opened')
    return { key: 'shop.log.shiftOpened', params: { shift: text(b.shiftId) } }
  if (e.kind === 'shift.closed') {
    const till = b.till as { collections?: { received?: unknown } } | undefined
    const received = Array.isArray(till?.collections?.received)
      ? (till.collections.received as Array<Record<string, unknown>>).map((a) =>
          money(a.amountMinor, a.currency),
        )
      : []
    // "₦1,000.00 + 2,000.00 GHS": each sum in its currency, one after the other.
    const sums = received.reduceRight<Said | null>(
      (rest, sum) => (rest ? { key: 'shop.log.plus', params: { sum, rest } } : sum),
      null,
    )
    return {
      key: 'shop.log.shiftClosed',
      params: {
        shift: text(b.shiftId),
        z: typeof b.zNumber === 'number' ? b.zNumber : '?',
        received: sums ? { key: 'shop.log.received', params: { sums } } : '',
      },
    }
  }
  if (e.kind === 'signin.failed')
    return { key: 'shop.log.wrongPin', params: { name: names.user(userId) } }
  // A correction between tills (moves.ts): money counted on one till's sale, given to another's.
  if (e.kind === 'transfer.moved')
    return {
      key: 'shop.log.transferMoved',
      params: {
        reference: ref,
        sum: money(b.amountMinor, b.currency),
        till: text(b.toTill) || { key: 'shop.log.anotherTill' },
      },
    }
  if (e.kind.startsWith('staff.')) {
    const whom = nameOf(b.user) || text(b.name) || (userId ? names.user(userId) : '')
    const role = text(b.role)
    const change =
      e.kind === 'staff.upserted'
        ? { key: 'shop.log.staffUpserted' }
        : e.kind.slice(6).replace(/[._]/g, ' ')
    return {
      key: 'shop.log.staff',
      params: {
        change,
        whom: part(whom, { key: 'shop.log.whom', params: { name: whom } }),
        role: part(role, {
          key: 'shop.log.role',
          params: { role: role in ROLES ? { key: `payouts.role.${role}` } : role },
        }),
      },
    }
  }
  if (e.kind === 'payout.decision') {
    const decision = text(b.decision)
    const tillId = text(b.tillId)
    return {
      key: 'shop.log.decision',
      params: {
        reference: ref,
        decision:
          decision === 'approved' || decision === 'rejected'
            ? { key: `shop.log.state.${decision}` }
            : decision.replace(/_/g, ' ') || { key: 'shop.log.decided' },
        drafted: part(tillId, { key: 'shop.log.draftedAt', params: { till: names.till(tillId) } }),
        reason: part(text(b.reason), {
          key: 'shop.log.because',
          params: { reason: text(b.reason) },
        }),
      },
    }
  }
  const known = KINDS[e.kind]
  if (known) return { key: known }
  return { key: 'shop.log.other', params: { kind: e.kind, reference: ref ? ` ${ref}` : '' } }
}

const ROLES = ERROR_WORDS.en.payouts.role

/** How one till's events checked out here, keyed (`shop.log.till`). */
function tillSaid(t: Omit<ShopAuditTill, 'words'>): Said {
  const count = t.events
  if (t.own) return { key: 'shop.log.till.own', params: { count } }
  if (t.gap) return { key: 'shop.log.till.gap', params: { count } }
  if (t.refused > 0) return { key: 'shop.log.till.refused', params: { count, refused: t.refused } }
  return { key: 'shop.log.till.checked', params: { count } }
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
    const whatSay = describeSaid(e, lookup)
    const at = when(e)
    if (whatSay === null || localDay(at, input.timeZone) !== input.day) return
    entries.push({
      serverSeq,
      // Not yet on the server: after everything that is, in the till's own order.
      order: serverSeq ?? Number.MAX_SAFE_INTEGER,
      tillId: e.tillId,
      tillName: '',
      kind: e.kind,
      what: english(whatSay),
      whatSay,
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
    const wordsSay = refusalSaid(r.why)
    refused.push({ ...r, tillName: '', words: english(wordsSay), wordsSay })
    const whatSay: Said = {
      key: 'shop.log.refusedEvent',
      params: { words: wordsSay, event: r.eventId },
    }
    if (localDay(r.at, input.timeZone) === input.day)
      entries.push({
        serverSeq: r.serverSeq,
        order: r.serverSeq,
        tillId: r.tillId,
        tillName: '',
        kind: 'refused',
        what: english(whatSay),
        whatSay,
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
    const wordsSay = tillSaid(base)
    return { ...base, words: english(wordsSay), wordsSay }
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
