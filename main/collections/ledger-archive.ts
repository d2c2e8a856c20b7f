// Reading back, from the collections journal, what the ledger has let go of. A till that is
// never restarted keeps in memory only what it works on (main/collections/ledger.ts): a charge
// closed long ago, its transfers, a late transfer already looked at are on disk, and a screen
// that asks for one is answered from there. Each question is one pass over the journal (its
// seals checked as it is read, main/collections/store.ts), keeping only what was asked for.
import type { ChargeRecord, TransferRecord } from './records'

/** One record as the journal holds it (a batch line is handed over record by record). */
export type ArchivedRecord = { k: 'charge'; v: ChargeRecord } | { k: 'transfer'; v: TransferRecord }

/** Where the ledger reads back what it let go of: every record ever written, in order. */
export interface LedgerArchive {
  /** Hands over every record in the order written; a later version supersedes an earlier. */
  scan(visit: (record: ArchivedRecord) => void): void
}

/** A charge read back with its transfers (late ones and those given away included). */
export interface RecalledCharge {
  charge: ChargeRecord
  transfers: TransferRecord[]
}

/** The latest version of one charge and of every transfer that names it, or null. */
export function recallCharge(archive: LedgerArchive, id: string): RecalledCharge | null {
  let charge: ChargeRecord | null = null
  const transfers = new Map<string, TransferRecord>()
  archive.scan((r) => {
    if (r.k === 'charge') {
      if (r.v.id === id) charge = r.v
    } else if (r.v.chargeId === id) transfers.set(r.v.reference, r.v)
  })
  return charge ? { charge, transfers: [...transfers.values()] } : null
}

/** A transfer read back, with the sale reference of the charge it names (null: none). */
export interface RecalledTransfer {
  transfer: TransferRecord
  saleReference: string | null
}

/**
 * The latest version of each of these transfers, and of the charges `charges` asks about
 * (their sale references), in one pass. Only charges that carry a sale reference are kept
 * while reading, so the pass holds no copy of the till's life.
 */
export function recallTransfers(
  archive: LedgerArchive,
  references: ReadonlySet<string>,
  charges: ReadonlySet<string> = new Set(),
): { transfers: Map<string, TransferRecord>; saleReferences: Map<string, string | null> } {
  const transfers = new Map<string, TransferRecord>()
  const sales = new Map<string, string | null>()
  archive.scan((r) => {
    if (r.k === 'transfer') {
      if (references.has(r.v.reference)) transfers.set(r.v.reference, r.v)
    } else if (r.v.saleReference !== null) sales.set(r.v.id, r.v.saleReference)
  })
  const saleReferences = new Map<string, string | null>()
  const named = new Set(charges)
  for (const t of transfers.values()) if (t.chargeId) named.add(t.chargeId)
  for (const id of named) saleReferences.set(id, sales.get(id) ?? null)
  return { transfers, saleReferences }
}

/** Every late transfer in the journal (latest versions), for the list that shows them all. */
export function recallLate(archive: LedgerArchive): TransferRecord[] {
  const late = new Map<string, TransferRecord>()
  archive.scan((r) => {
    if (r.k !== 'transfer') return
    if (r.v.late) late.set(r.v.reference, r.v)
    else late.delete(r.v.reference)
  })
  return [...late.values()]
}

/**
 * The charges ever taken on one account, as attribution sees them: for a transfer dated
 * before every charge the ledger still holds on the account.
 */
export function recallAccount(
  archive: LedgerArchive,
  accountReference: string,
): Array<{ id: string; state: ChargeRecord['state']; openedAt: string }> {
  const charges = new Map<string, { id: string; state: ChargeRecord['state']; openedAt: string }>()
  archive.scan((r) => {
    if (r.k === 'charge' && r.v.account.accountReference === accountReference)
      charges.set(r.v.id, { id: r.v.id, state: r.v.state, openedAt: r.v.openedAt })
  })
  return [...charges.values()]
}
