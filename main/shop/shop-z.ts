// The shop-wide Z-report of a day: the sum of the Z-reports the tills sealed on that day, as
// each till told them (`shift.closed` events, main/shop/reporter.ts), by till, by cashier and
// in total. Nothing is counted again here: the figures are each till's own, only added up.
//
// Rules, each for a reason:
//   - a shift belongs to the day it was closed on (its Z-report's day), in this till's zone;
//   - money is added as BigInt per currency and kept as strings; two currencies never meet;
//   - only the viewing till's environment counts: a Demo (training) shift never joins Live;
//   - a shift opened and not closed is named "not closed yet" and is not in the sum;
//   - a closed shift whose figures can't be read is named and left out whole: half a shift
//     added would be a wrong total that looks right;
//   - a till that told the same close twice (a crash between recording and remembering) counts
//     once, the first in the order given;
//   - what moved in a period (drafted, sent, received…) is added across shifts, but a line that
//     states a position as of a close (a payout whose outcome is unknown, or held for review;
//     a hosted payment, refund or debit pending or unknown; a sale awaiting its transfer) is not: each Z-report states every such payout of its till again, so a stuck payout
//     would count once per shift. Those lines come from each till's latest close of the day
//     only, so each item is stated once, as it stood then; so is the count of open items
//     carried over (each shift's own count stays on its line).
import type {
  ShopAmount,
  ShopFigures,
  ShopTally,
  ShopZOpenShift,
  ShopZReport,
  ShopZShift,
  ShopZTill,
} from '../../common/ipc/shop'
import { csvRow } from '../collections/csv'
import type { ShopEvent } from './events'
import { localDay } from './overview'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const CURRENCY = /^[A-Z]{3}$/
const MINOR = /^\d{1,20}$/
const LINE = /^[a-z][a-z0-9_]{0,39}$/

/** Reads a till's tally; null when anything in it is not what a till writes. */
function readTally(value: unknown): ShopTally | null {
  if (!isRecord(value)) return null
  const count = value.count
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null
  const totals = readAmounts(value.totals)
  return totals ? { count, totals } : null
}

function readAmounts(value: unknown): ShopAmount[] | null {
  if (!Array.isArray(value)) return null
  const out: ShopAmount[] = []
  for (const item of value) {
    if (!isRecord(item)) return null
    const currency = text(item.currency)
    const amountMinor = text(item.amountMinor)
    if (!CURRENCY.test(currency) || !MINOR.test(amountMinor)) return null
    out.push({ currency, amountMinor })
  }
  return out
}

function readLines(value: unknown): Record<string, ShopTally> | null {
  if (!isRecord(value)) return null
  const out: Record<string, ShopTally> = {}
  for (const [line, raw] of Object.entries(value)) {
    const t = readTally(raw)
    if (!LINE.test(line) || !t) return null
    out[line] = t
  }
  return out
}

/** A Z-report's figures as a till told them, or null if any part can't be read. */
export function readFigures(value: unknown): ShopFigures | null {
  if (!isRecord(value) || !isRecord(value.collections)) return null
  const c = value.collections
  const byOutcome = readLines(c.byOutcome)
  const awaiting = readTally(c.awaiting)
  const cancelled = readTally(c.cancelled)
  const received = readAmounts(c.received)
  const hostedPayments = readLines(value.hostedPayments)
  const refunds = readLines(value.refunds)
  const payouts = readLines(value.payouts)
  // Absent from tills that counted neither (an older build): none.
  const movedOut = c.movedOut === undefined ? emptyTally() : readTally(c.movedOut)
  const movedIn = c.movedIn === undefined ? emptyTally() : readTally(c.movedIn)
  const debits = value.debits === undefined ? {} : readLines(value.debits)
  if (!byOutcome || !awaiting || !cancelled || !received || !hostedPayments || !refunds || !payouts)
    return null
  if (!movedOut || !movedIn || !debits) return null
  return {
    collections: { byOutcome, awaiting, cancelled, received, movedOut, movedIn },
    hostedPayments,
    refunds,
    payouts,
    debits,
  }
}

const emptyTally = (): ShopTally => ({ count: 0, totals: [] })

const emptyFigures = (): ShopFigures => ({
  collections: {
    byOutcome: {},
    awaiting: emptyTally(),
    cancelled: emptyTally(),
    received: [],
    movedOut: emptyTally(),
    movedIn: emptyTally(),
  },
  hostedPayments: {},
  refunds: {},
  payouts: {},
  debits: {},
})

function addAmounts(into: ShopAmount[], from: readonly ShopAmount[]): ShopAmount[] {
  const sums = new Map<string, bigint>(into.map((a) => [a.currency, BigInt(a.amountMinor)]))
  for (const a of from) sums.set(a.currency, (sums.get(a.currency) ?? 0n) + BigInt(a.amountMinor))
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, amountMinor: sum.toString() }))
}

const addTally = (into: ShopTally, from: ShopTally): ShopTally => ({
  count: into.count + from.count,
  totals: addAmounts(into.totals, from.totals),
})

function addLines(into: Record<string, ShopTally>, from: Record<string, ShopTally>): void {
  for (const [line, t] of Object.entries(from)) into[line] = addTally(into[line] ?? emptyTally(), t)
}

/**
 * Lines a Z-report states as of its close, for every item of the till in them whenever it
 * began (main/shifts/figures.ts): payouts unknown or held, hosted payments and refunds still
 * pending, sales awaiting their transfer. Never added across reports.
 */
const AS_OF_CLOSE: ReadonlySet<string> = new Set(['unknown', 'needs_review', 'pending'])

const split = (lines: Record<string, ShopTally>, asOfClose: boolean) =>
  Object.fromEntries(Object.entries(lines).filter(([line]) => AS_OF_CLOSE.has(line) === asOfClose))

/** Adds what moved in `from`'s period into `into`, line by line and currency by currency. */
function addMoved(into: ShopFigures, from: ShopFigures): void {
  const c = into.collections
  addLines(c.byOutcome, from.collections.byOutcome)
  c.cancelled = addTally(c.cancelled, from.collections.cancelled)
  c.received = addAmounts(c.received, from.collections.received)
  c.movedOut = addTally(c.movedOut, from.collections.movedOut)
  c.movedIn = addTally(c.movedIn, from.collections.movedIn)
  addLines(into.hostedPayments, split(from.hostedPayments, false))
  addLines(into.refunds, split(from.refunds, false))
  addLines(into.payouts, split(from.payouts, false))
  addLines(into.debits, split(from.debits, false))
}

/** Adds the lines `from` states as of its close (to be taken from one close per till). */
function addAsOfClose(into: ShopFigures, from: ShopFigures): void {
  into.collections.awaiting = addTally(into.collections.awaiting, from.collections.awaiting)
  addLines(into.hostedPayments, split(from.hostedPayments, true))
  addLines(into.refunds, split(from.refunds, true))
  addLines(into.payouts, split(from.payouts, true))
  addLines(into.debits, split(from.debits, true))
}

const person = (value: unknown): { id: string; name: string } =>
  isRecord(value) ? { id: text(value.id), name: text(value.name) } : { id: '', name: '' }

interface ReadShift {
  shift: ShopZShift
  figures: ShopFigures
  cashiers: Array<{ id: string; name: string; figures: ShopFigures }>
}

function readShift(e: ShopEvent, tillName: string): ReadShift | string {
  const b = e.body
  const figures = readFigures(b.till)
  const words = `${tillName}: the figures of shift ${text(b.shiftId) || e.eventId} could not be read; they are not in the sum.`
  if (!figures || !Array.isArray(b.cashiers)) return words
  const cashiers: ReadShift['cashiers'] = []
  for (const entry of b.cashiers as unknown[]) {
    const f = isRecord(entry) ? readFigures(entry.figures) : null
    if (!f || !isRecord(entry)) return words
    cashiers.push({ ...person(entry.cashier), figures: f })
  }
  const carried = b.carriedOver
  return {
    shift: {
      tillId: e.tillId,
      tillName,
      shiftId: text(b.shiftId),
      zNumber: typeof b.zNumber === 'number' && Number.isSafeInteger(b.zNumber) ? b.zNumber : null,
      openedAt: text(b.openedAt),
      closedAt: text(b.closedAt),
      openedBy: person(b.openedBy).name,
      closedBy: person(b.closedBy).name,
      cashiers: cashiers.map((c) => c.name).filter((name) => name !== ''),
      received: figures.collections.received,
      carriedOver: typeof carried === 'number' && Number.isSafeInteger(carried) ? carried : 0,
    },
    figures,
    cashiers,
  }
}

type CashierSums = Map<string, { name: string; figures: ShopFigures }>

function cashierEntry(cashiers: CashierSums, c: ReadShift['cashiers'][number]) {
  // One staff list makes the id the same on every till; a name is the fallback.
  const key = c.id || `name:${c.name}`
  let entry = cashiers.get(key)
  if (!entry) {
    entry = { name: c.name || c.id, figures: emptyFigures() }
    cashiers.set(key, entry)
  }
  return entry
}

/**
 * The shop-wide Z-report for `day`. `events`: this till's and the others' shop events in the
 * order the shop agreed on.
 */
export function shopZReport(
  events: readonly ShopEvent[],
  day: string,
  environment: string,
  timeZone?: string,
): ShopZReport {
  const names = new Map<string, string>()
  const opened = new Map<string, ShopZOpenShift>()
  const closedIds = new Set<string>()
  const closes: ShopEvent[] = []
  for (const e of events) {
    if (text(e.body.tillName)) names.set(e.tillId, text(e.body.tillName))
    if (e.kind !== 'shift.opened' && e.kind !== 'shift.closed') continue
    if (text(e.body.environment) !== environment) continue
    const key = `${e.tillId}|${text(e.body.shiftId)}`
    if (e.kind === 'shift.opened') {
      opened.set(key, {
        tillId: e.tillId,
        tillName: '',
        shiftId: text(e.body.shiftId),
        openedBy: person(e.body.openedBy).name,
        openedAt: text(e.body.openedAt),
      })
    } else if (!closedIds.has(key)) {
      closedIds.add(key)
      closes.push(e)
    }
  }
  const nameOf = (tillId: string) => names.get(tillId) ?? tillId

  const tills = new Map<string, ShopZTill>()
  const cashiers: CashierSums = new Map()
  const total = { shifts: 0, figures: emptyFigures(), carriedOver: 0 }
  const shifts: ShopZShift[] = []
  const unreadable: string[] = []
  const latest = new Map<string, ReadShift>()
  for (const e of closes) {
    if (localDay(text(e.body.closedAt), timeZone) !== day) continue
    const read = readShift(e, nameOf(e.tillId))
    if (typeof read === 'string') {
      unreadable.push(read)
      continue
    }
    shifts.push(read.shift)
    let till = tills.get(e.tillId)
    if (!till) {
      till = {
        tillId: e.tillId,
        tillName: nameOf(e.tillId),
        shifts: 0,
        figures: emptyFigures(),
        carriedOver: 0,
      }
      tills.set(e.tillId, till)
    }
    till.shifts += 1
    addMoved(till.figures, read.figures)
    total.shifts += 1
    addMoved(total.figures, read.figures)
    for (const c of read.cashiers) addMoved(cashierEntry(cashiers, c).figures, c.figures)
    // The shop's order need not be the order of closing: the latest is by its close time.
    const before = latest.get(e.tillId)
    if (!before || read.shift.closedAt >= before.shift.closedAt) latest.set(e.tillId, read)
  }
  for (const [tillId, read] of latest) {
    const till = tills.get(tillId)!
    // What is still open is stated by each close again: carried over as of the latest.
    till.carriedOver = read.shift.carriedOver
    total.carriedOver += read.shift.carriedOver
    addAsOfClose(till.figures, read.figures)
    addAsOfClose(total.figures, read.figures)
    for (const c of read.cashiers) addAsOfClose(cashierEntry(cashiers, c).figures, c.figures)
  }

  // Open means: opened on or before the day, and no close heard for it (on any day).
  const notClosed = [...opened.entries()]
    .filter(([key, o]) => !closedIds.has(key) && localDay(o.openedAt, timeZone) <= day)
    .map(([, o]) => ({ ...o, tillName: nameOf(o.tillId) }))
    .sort((a, b) => a.tillName.localeCompare(b.tillName) || a.openedAt.localeCompare(b.openedAt))

  return {
    day,
    environment,
    tills: [...tills.values()].sort((a, b) => a.tillName.localeCompare(b.tillName)),
    total,
    cashiers: [...cashiers.values()].sort((a, b) => a.name.localeCompare(b.name)),
    shifts: shifts.sort((a, b) => a.closedAt.localeCompare(b.closedAt)),
    notClosed,
    unreadable,
  }
}

function figureRows(scope: string, name: string, f: ShopFigures): string {
  let out = ''
  const row = (section: string, line: string, t: ShopTally) => {
    // A line with no money still says its count, once, with an empty currency.
    if (t.totals.length === 0) out += csvRow([scope, name, section, line, t.count, '', '', '', ''])
    for (const a of t.totals)
      out += csvRow([scope, name, section, line, t.count, a.currency, a.amountMinor, '', ''])
  }
  const lines = (section: string, record: Record<string, ShopTally>) => {
    for (const [line, t] of Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
      row(section, line, t)
  }
  lines('collections', f.collections.byOutcome)
  row('collections', 'awaiting', f.collections.awaiting)
  row('collections', 'cancelled', f.collections.cancelled)
  for (const a of f.collections.received)
    out += csvRow([scope, name, 'collections', 'received', '', a.currency, a.amountMinor, '', ''])
  // A correction, subtracted: its amount stays positive here, the line says it is taken away.
  if (f.collections.movedOut.count > 0) row('collections', 'moved_out', f.collections.movedOut)
  if (f.collections.movedIn.count > 0) row('collections', 'moved_in', f.collections.movedIn)
  lines('hosted_payments', f.hostedPayments)
  lines('refunds', f.refunds)
  lines('payouts', f.payouts)
  lines('debits', f.debits)
  return out
}

/**
 * The report as one table: shop total, each till, each cashier, then the shifts in it (for a
 * shift, `count` is the items its Z-report carried over).
 */
export function shopZCsv(report: ShopZReport): string {
  let out = csvRow([
    'scope',
    'name',
    'section',
    'line',
    'count',
    'currency',
    'amount_minor',
    'opened_at',
    'closed_at',
  ])
  out += figureRows('shop', `all tills (${report.day})`, report.total.figures)
  for (const till of report.tills) out += figureRows('till', till.tillName, till.figures)
  for (const c of report.cashiers) out += figureRows('cashier', c.name, c.figures)
  for (const s of report.shifts)
    out += csvRow([
      'shift',
      s.tillName,
      s.zNumber === null ? 'Z' : `Z ${s.zNumber}`,
      s.shiftId,
      s.carriedOver,
      '',
      '',
      s.openedAt,
      s.closedAt,
    ])
  for (const o of report.notClosed)
    out += csvRow([
      'not_closed',
      o.tillName,
      'not closed yet',
      o.shiftId,
      '',
      '',
      '',
      o.openedAt,
      '',
    ])
  for (const u of report.unreadable) out += csvRow(['unreadable', '', u, '', '', '', '', '', ''])
  return out
}
