// Durable storage of the ledger: one JSON Lines journal per environment, each line the latest
// version of one charge or one transfer. Replaying it restores every charge and the seen-set
// of transfer references, which is what makes dedupe hold across restarts. Records that are one
// fact (a transfer and the charge it closes) go in ONE line, so a crash keeps both or neither.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { ChargeRecord, TransferRecord } from './records'
import type { ArchivedRecord } from './ledger-archive'
import { AppError } from '../kernel/errors'
import { JournalIntegrityError, journalSaid, type JournalSeal } from '../integrity'
import { openJournal, readSealedJournal, type Journal } from './journal'

export type StoredRecord = ArchivedRecord
/** A journal line: one record, or several written atomically. */
type StoredLine = StoredRecord | { k: 'batch'; v: StoredRecord[] }

export interface CollectionsStore {
  charges: ChargeRecord[]
  transfers: TransferRecord[]
  saveCharge(record: ChargeRecord): void
  saveTransfer(record: TransferRecord): void
  /** Writes these records atomically: after a crash, all of them are on disk or none. */
  saveBatch?(records: StoredRecord[]): void
  /**
   * Reads every record back in the order written (the ledger's archive: what it let go of).
   * Absent: the ledger keeps everything in memory.
   */
  scan?(visit: (record: StoredRecord) => void): void
  /** Lets go of `charges` and `transfers` once the ledger has taken them. */
  release?(): void
  close(): void
}

/** Saves records together: atomically when the store can, else one by one. */
export function saveAll(store: CollectionsStore, records: StoredRecord[]): void {
  if (records.length === 0) return
  if (records.length > 1 && store.saveBatch) return store.saveBatch(records)
  for (const r of records) {
    if (r.k === 'charge') store.saveCharge(r.v)
    else store.saveTransfer(r.v)
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

function decode(value: unknown): StoredLine | null {
  if (isObject(value) && value.k === 'batch' && Array.isArray(value.v)) {
    const records = value.v.map(decodeRecord)
    // A batch is one fact: if any part is unreadable, none of it is taken.
    return records.every((r) => r !== null) ? { k: 'batch', v: records as StoredRecord[] } : null
  }
  return decodeRecord(value)
}

function decodeRecord(value: unknown): StoredRecord | null {
  if (!isObject(value) || !isObject(value.v)) return null
  if (
    value.k === 'charge' &&
    typeof value.v.id === 'string' &&
    typeof value.v.amountDue === 'number'
  )
    return value as StoredRecord
  if (
    value.k === 'transfer' &&
    typeof value.v.reference === 'string' &&
    typeof value.v.amount === 'number'
  )
    return value as StoredRecord
  return null
}

const DOMAIN = 'collections.ledger.v1'

/**
 * Opens (or creates) the journal at `path` and folds it into the latest records. With `seal`
 * (the environment's device key) every line is sealed and the head kept in the keychain.
 */
export function openFileStore(path: string, seal?: JournalSeal | null): CollectionsStore {
  const journal: Journal<StoredLine> = openJournal(path, {
    decode,
    seal: seal ?? null,
    domain: DOMAIN,
  })
  const charges = new Map<string, ChargeRecord>()
  const transfers = new Map<string, TransferRecord>()
  for (const line of journal.records) {
    for (const r of line.k === 'batch' ? line.v : [line]) {
      if (r.k === 'charge') charges.set(r.v.id, r.v)
      else transfers.set(r.v.reference, r.v)
    }
  }
  // Superseded versions pile up (a charge is rewritten when it closes); fold them away.
  const live = charges.size + transfers.size
  if (journal.records.length > 2 * live + 200)
    journal.compact([
      ...[...charges.values()].map((v) => ({ k: 'charge' as const, v })),
      ...[...transfers.values()].map((v) => ({ k: 'transfer' as const, v })),
    ])
  // The lines read at start are folded: the journal need not keep them for the till's life.
  journal.forget()
  let loaded = { charges: [...charges.values()], transfers: [...transfers.values()] }
  return {
    get charges() {
      return loaded.charges
    },
    get transfers() {
      return loaded.transfers
    },
    saveCharge: (v) => journal.append({ k: 'charge', v }),
    saveTransfer: (v) => journal.append({ k: 'transfer', v }),
    saveBatch: (records) => journal.append({ k: 'batch', v: records }),
    scan: (visit) => scanFile(path, seal ?? null, visit),
    release: () => {
      loaded = { charges: [], transfers: [] }
    },
    close: () => journal.close(),
  }
}

/**
 * Every record of the journal at `path`, read a piece at a time with its seals checked as
 * they come (the same rules as at start), handed over in file order. A journal that fails its
 * check is refused in words, as at start: nothing is read from an edited file.
 */
function scanFile(path: string, seal: JournalSeal | null, visit: (r: StoredRecord) => void) {
  const take = (value: unknown) => {
    const line = decode(value)
    if (line === null)
      throw new JournalIntegrityError(basename(path), null, 'a line that is not a record')
    for (const r of line.k === 'batch' ? line.v : [line]) visit(r)
  }
  try {
    if (seal) {
      readSealedJournal(path, { seal, domain: DOMAIN, onRecord: take })
      return
    }
    // Unsealed (no device key): small test and setup files, read whole.
    const text = readFileSync(path, 'utf8')
    for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
      if (line !== '') take(JSON.parse(line) as unknown)
    }
  } catch (error) {
    if (!(error instanceof JournalIntegrityError)) throw error
    seal?.report?.(error)
    throw new AppError('journal_damaged', error.message, { cause: error, say: journalSaid(error) })
  }
}

/** For tests and for an unconfigured till: same interface, nothing on disk. */
export function memoryStore(initial?: {
  charges?: ChargeRecord[]
  transfers?: TransferRecord[]
}): CollectionsStore & { saved: StoredRecord[] } {
  const saved: StoredRecord[] = []
  return {
    charges: initial?.charges ?? [],
    transfers: initial?.transfers ?? [],
    saved,
    saveCharge: (v) => void saved.push({ k: 'charge', v }),
    saveTransfer: (v) => void saved.push({ k: 'transfer', v }),
    saveBatch: (records) => void saved.push(...records),
    scan: (visit) => {
      for (const v of initial?.charges ?? []) visit({ k: 'charge', v })
      for (const v of initial?.transfers ?? []) visit({ k: 'transfer', v })
      for (const r of saved) visit(r)
    },
    close: () => undefined,
  }
}
