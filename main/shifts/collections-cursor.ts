// Where the last sealed Z-report left the collections journal, so the next report reads only
// what was written after it instead of the till's whole life. Kept after each Z-report is
// sealed: the journal position read up to (main/collections/journal.ts) and every record from
// before it that a later report may still need, which is what the sealed reports have not
// counted yet or still state as of their close: charges still open (carried over) with their
// transfers, late transfers not looked at, what any sealed report has not counted, each
// cashier's latest sale (so reports still know every cashier by id), and transfers the gateway
// dates after the till's last sighting (the next Z-report's reconciliation matches them).
//
// The file is sealed with the collections journal's device key, so an edited one is refused;
// a missing, refused or out-of-date one only means reading the journal from the start (an
// older but genuine cursor is still right: everything after its place is read again, and what
// was counted since is known by its keys). The reader checks that the journal still holds the
// cursor's record at the cursor's place; when it does not (compacted, cut, edited) it reads
// from the start and the report says so.
import type { ChargeRecord, TransferRecord } from '../collections/ledger'
import type { JournalPosition } from '../collections/journal'
import type { JournalSeal } from '../integrity'
import { openSealedCursor, writeSealedCursor } from './sealed-cursor'

export interface CollectionsCursor {
  position: JournalPosition
  charges: ChargeRecord[]
  transfers: TransferRecord[]
}

/** The latest records of a read, by id and by reference, and where the read ended. */
export interface CollectionsFold {
  charges: Map<string, ChargeRecord>
  transfers: Map<string, TransferRecord>
  end: JournalPosition | null
}

const FORMAT = 'tilldesk.shifts.collections-cursor.v1'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * What a later report may still need of a read, after the sealed reports counted `counted`.
 * A closed charge every report has counted, with its counted transfers, is left behind: its
 * keys keep it from being counted again, and it is in the journal for anyone who asks.
 */
export function carry(
  fold: CollectionsFold,
  counted: ReadonlySet<string>,
): CollectionsCursor | null {
  if (!fold.end) return null
  const chargeIds = new Set<string>()
  const byCharge = new Map<string, TransferRecord[]>()
  const transfers = new Set<TransferRecord>()
  // The till's latest moment in this read: a transfer the gateway dates after it (its clock a
  // little ahead of the till's) falls in the next period's reconciliation, which matches the
  // next report's read.
  let seenUntil = -Infinity
  for (const t of fold.transfers.values())
    seenUntil = Math.max(seenUntil, Date.parse(t.firstSeenAt) || -Infinity)
  for (const t of fold.transfers.values()) {
    if (t.chargeId) byCharge.set(t.chargeId, [...(byCharge.get(t.chargeId) ?? []), t])
    const uncounted = t.status === 'success' && !counted.has(`transfer:${t.reference}`)
    // A late transfer not looked at is carried over on every report until it is.
    const listed = t.late && !t.acknowledgement && t.status !== 'failed'
    const ahead = Date.parse(t.createdAt) >= seenUntil
    if (!uncounted && !listed && !ahead) continue
    transfers.add(t)
    // Its charge names the cashier (and, for a counted one, the sale it belongs to).
    if (t.chargeId) chargeIds.add(t.chargeId)
  }
  // Each cashier's latest sale, so reports still know them by id when they take only hosted
  // payments or refunds, which name their cashier by name (figures.ts, People): one per
  // person, counted already, so it adds to no figure.
  const latestBy = new Map<string, ChargeRecord>()
  for (const c of fold.charges.values()) {
    if (c.state === 'open' || !counted.has(`charge:${c.id}`)) chargeIds.add(c.id)
    const by = c.openedBy?.id
    const held = by === undefined ? undefined : latestBy.get(by)
    if (by !== undefined && (!held || held.openedAt < c.openedAt)) latestBy.set(by, c)
  }
  for (const c of latestBy.values()) chargeIds.add(c.id)
  const charges: ChargeRecord[] = []
  for (const id of chargeIds) {
    const c = fold.charges.get(id)
    if (!c) continue
    charges.push(c)
    // Every transfer of a charge kept: its reconciliation is worked out from all of them.
    for (const t of byCharge.get(id) ?? []) transfers.add(t)
  }
  return { position: fold.end, charges, transfers: [...transfers] }
}

export function writeCursor(path: string, seal: JournalSeal, cursor: CollectionsCursor): void {
  writeSealedCursor(path, seal, FORMAT, cursor)
}

/**
 * The cursor kept at `path`: null when there is none (no Z-report yet), or, with the reason in
 * words, when the file does not read or check.
 */
export function readCursor(
  path: string,
  seal: JournalSeal,
): { cursor: CollectionsCursor | null; problem: string | null } {
  const opened = openSealedCursor(path, seal, FORMAT)
  const refused = (why: string) => ({
    cursor: null,
    problem: `Where the last Z-report left the collections journal could not be used (${why}); this report read the journal from the start.`,
  })
  if (opened.refused) return refused(opened.refused)
  const body = opened.body
  if (!body) return { cursor: null, problem: null }
  const p = body.position
  const number = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
  if (
    !isObject(p) ||
    !number(p.offset) ||
    !number(p.lineStart) ||
    !number(p.seq) ||
    typeof p.hash !== 'string' ||
    !Array.isArray(body.charges) ||
    !Array.isArray(body.transfers)
  )
    return refused('the file is not a cursor')
  return {
    cursor: {
      position: {
        offset: p.offset,
        lineStart: p.lineStart,
        seq: p.seq,
        hash: p.hash,
      } as JournalPosition,
      charges: body.charges as ChargeRecord[],
      transfers: body.transfers as TransferRecord[],
    },
    problem: null,
  }
}
