// Where the last sealed Z-report left the payout journal, so the next report reads only the
// records written after it instead of every payout of the till's life (the journal and its
// archive are never trimmed). Kept after each Z-report is sealed: the last record it read (its
// sequence number and hash) and what a later report may still need from before it: payouts
// that can still move (waiting, approved, sending, not known, held: stated as of each close),
// payout steps no sealed report has counted, each maker's latest payout (so reports still know
// every maker by id), and payouts that moved shortly before the close (the next Z-report's
// reconciliation may meet them in the gateway's list, dated on its own clock).
//
// The file is sealed with the payout journal's device key, so an edited one is refused; a
// missing, refused or out-of-date one only means reading the journal from its first record.
// The reader checks the journal still holds the cursor's record, unchanged, at its place, and
// checks every record after it (hash, link, seal, and the head in the keychain) as the whole
// read does. A record after the cursor that names a payout not carried (a sent payout
// returned days later) sends the read back to the first record: rare, and never a wrong sum.
import { join } from 'node:path'
import { checkHead, JournalIntegrityError, mayAdopt, type JournalSeal } from '../integrity'
import {
  ACTIVE,
  ARCHIVE,
  JournalCorruptError,
  checkLegacyTail,
  firstSeqOf,
  listSegments,
  parseJournalText,
  readText,
  type ChainedRecord,
  type Head,
  type Sealing,
} from '../payouts/journal-files'
import type { PayoutItem, PayoutState } from '../payouts/model'
import { canAct, PAYOUT_ACTIONS } from '../payouts/stateMachine'
import type { PayoutEvent } from './activity'
import { PAYOUT_DONE } from './carried-over'
import { openSealedCursor, writeSealedCursor } from './sealed-cursor'

export interface PayoutsCursor {
  /** The last record read. */
  head: Head
  items: PayoutItem[]
  /** Steps read that no sealed report has counted yet. */
  events: PayoutEvent[]
}

/** The latest state of each payout of a read, its steps, and the last record read. */
export interface PayoutsFold {
  items: Map<string, PayoutItem>
  events: PayoutEvent[]
  head: Head | null
}

/** A payout that moved this long before the read's last record is carried, whatever its state. */
export const RECENT_MS = 6 * 3_600_000

const FORMAT = 'tilldesk.shifts.payouts-cursor.v1'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * Carried over on the report (carried-over.ts), or able to move still. A sent payout can be
 * returned, but one sent long ago rarely is: it is not carried, and the read goes back for it.
 */
const mayMove = (state: PayoutState) =>
  !PAYOUT_DONE.has(state) ||
  (state !== 'success' && PAYOUT_ACTIONS.some((action) => canAct(action, state)))

/**
 * What a later report may still need of a read, after the sealed reports counted `counted`.
 * `keyOf` is the key a step is counted under (figures.ts), null for a step never counted.
 */
export function carryPayouts(
  fold: PayoutsFold,
  counted: ReadonlySet<string>,
  keyOf: (event: PayoutEvent) => string | null,
): PayoutsCursor | null {
  if (!fold.head) return null
  let newest = -Infinity
  for (const item of fold.items.values()) newest = Math.max(newest, item.updatedAt)
  const refs = new Set<string>()
  const events = fold.events.filter((e) => {
    const key = keyOf(e)
    if (key === null || counted.has(key)) return false
    refs.add(e.reference)
    return true
  })
  const latestBy = new Map<string, PayoutItem>()
  for (const item of fold.items.values()) {
    if (mayMove(item.state) || item.updatedAt >= newest - RECENT_MS) refs.add(item.reference)
    const by = item.createdBy?.id
    const held = by === undefined ? undefined : latestBy.get(by)
    if (by !== undefined && (!held || held.createdAt < item.createdAt)) latestBy.set(by, item)
  }
  for (const item of latestBy.values()) refs.add(item.reference)
  const items = [...refs].flatMap((ref) => fold.items.get(ref) ?? [])
  return { head: fold.head, items, events }
}

export function writePayoutsCursor(path: string, seal: JournalSeal, cursor: PayoutsCursor): void {
  writeSealedCursor(path, seal, FORMAT, cursor)
}

/**
 * The cursor kept at `path`: null when there is none (no Z-report yet), or, with the reason in
 * words, when the file does not read or check.
 */
export function readPayoutsCursor(
  path: string,
  seal: JournalSeal,
): { cursor: PayoutsCursor | null; problem: string | null } {
  const opened = openSealedCursor(path, seal, FORMAT)
  const refused = (why: string) => ({
    cursor: null,
    problem: `Where the last Z-report left the payout journal could not be used (${why}); this report read the journal from its first record.`,
  })
  if (opened.refused) return refused(opened.refused)
  const body = opened.body
  if (!body) return { cursor: null, problem: null }
  const h = body.head
  if (
    !isObject(h) ||
    typeof h.seq !== 'number' ||
    !Number.isSafeInteger(h.seq) ||
    h.seq < 1 ||
    typeof h.hash !== 'string' ||
    !Array.isArray(body.items) ||
    !Array.isArray(body.events)
  )
    return refused('the file is not a cursor')
  return {
    cursor: {
      head: { seq: h.seq, hash: h.hash },
      items: body.items as PayoutItem[],
      events: body.events as PayoutEvent[],
    },
    problem: null,
  }
}

/** The text of `text` from the line holding record `seq`, when the file starts at `first`. */
function fromRecord(text: string, first: number, seq: number): string | null {
  let at = 0
  for (let n = first; n < seq; n++) {
    const end = text.indexOf('\n', at)
    if (end === -1) return null
    at = end + 1
  }
  return at < text.length ? text.slice(at) : null
}

/** The `prev` of the text's first line ('' when it does not read: its check then fails). */
function prevOf(text: string): string {
  try {
    const value = JSON.parse(text.slice(0, text.indexOf('\n'))) as { prev?: unknown }
    return typeof value.prev === 'string' ? value.prev : ''
  } catch {
    return ''
  }
}

/**
 * The records after `from`, each checked as readChain checks them, handed to `visit` in order.
 * `moved` says, in words, why the journal no longer goes on from the cursor (the read then
 * belongs at the first record); `problem` is damage after the cursor.
 */
export async function readPayoutsAfter<T>(
  dir: string,
  seal: JournalSeal,
  from: Head,
  visit: (record: ChainedRecord<T>) => void,
): Promise<{ moved: string | null; problem: JournalCorruptError | null; head: Head }> {
  const sealing: Sealing = { seal, legacySnapshot: mayAdopt(seal) }
  const files = [
    ...(await listSegments(dir)).map((s) => ({ path: join(ARCHIVE, s.name), last: s.last })),
    { path: ACTIVE, last: Infinity },
  ]
  let head: Head | null = null
  let active: ChainedRecord<T>[] = []
  try {
    for (const file of files) {
      if (file.last < from.seq) continue
      const text = (await readText(join(dir, file.path))) ?? ''
      let part = text
      let start: Head
      if (head === null) {
        // The file that holds the cursor's record: read from that record, checked as the
        // first of the span (its hash, its seal), and it must be the cursor's.
        const first = firstSeqOf(text)
        const tail = first === null || first > from.seq ? null : fromRecord(text, first, from.seq)
        if (tail === null)
          return { moved: 'the journal no longer holds its record', problem: null, head: from }
        part = tail
        start = { seq: from.seq - 1, hash: prevOf(tail) }
      } else start = head
      const parsed = parseJournalText<T>(part, file.path, start, sealing)
      if (file.path !== ACTIVE && parsed.tornBytes > 0)
        throw new JournalCorruptError(file.path, null, 'an archived file ends mid-record')
      let records = parsed.records
      if (head === null) {
        if (records[0]?.seq !== from.seq || records[0].hash !== from.hash)
          return { moved: 'its record was changed', problem: null, head: from }
        records = records.slice(1)
        if (file.path === ACTIVE) active = [parsed.records[0]!]
      }
      if (file.path === ACTIVE) active = [...active, ...records]
      for (const record of records) visit(record)
      const last = parsed.records.at(-1)
      head = last ? { seq: last.seq, hash: last.hash } : (head ?? from)
    }
    head ??= from
    if (seal.anchor && seal.sealer.enforced && seal.anchor.head !== null) {
      try {
        checkHead(ACTIVE, active.length > 0 ? active : [head], seal.anchor)
        checkLegacyTail(active, seal)
      } catch (error) {
        if (error instanceof JournalIntegrityError)
          throw new JournalCorruptError(error.file, error.line, error.reason)
        throw error
      }
    }
    return { moved: null, problem: null, head }
  } catch (error) {
    if (error instanceof JournalCorruptError)
      return { moved: null, problem: error, head: head ?? from }
    throw error
  }
}
