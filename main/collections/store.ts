// Durable storage of the ledger: one JSON Lines journal per environment, each line the latest
// version of one charge or one transfer. Replaying it restores every charge and the seen-set
// of transfer references, which is what makes dedupe hold across restarts. Records that are one
// fact (a transfer and the charge it closes) go in ONE line, so a crash keeps both or neither.
import type { ChargeRecord, TransferRecord } from './ledger'
import type { JournalSeal } from '../integrity'
import { openJournal, type Journal } from './journal'

export type StoredRecord = { k: 'charge'; v: ChargeRecord } | { k: 'transfer'; v: TransferRecord }
/** A journal line: one record, or several written atomically. */
type StoredLine = StoredRecord | { k: 'batch'; v: StoredRecord[] }

export interface CollectionsStore {
  charges: ChargeRecord[]
  transfers: TransferRecord[]
  saveCharge(record: ChargeRecord): void
  saveTransfer(record: TransferRecord): void
  /** Writes these records atomically: after a crash, all of them are on disk or none. */
  saveBatch?(records: StoredRecord[]): void
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

/**
 * Opens (or creates) the journal at `path` and folds it into the latest records. With `seal`
 * (the environment's device key) every line is sealed and the head kept in the keychain.
 */
export function openFileStore(path: string, seal?: JournalSeal | null): CollectionsStore {
  const journal: Journal<StoredLine> = openJournal(path, {
    decode,
    seal: seal ?? null,
    domain: 'collections.ledger.v1',
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
  return {
    charges: [...charges.values()],
    transfers: [...transfers.values()],
    saveCharge: (v) => journal.append({ k: 'charge', v }),
    saveTransfer: (v) => journal.append({ k: 'transfer', v }),
    saveBatch: (records) => journal.append({ k: 'batch', v: records }),
    close: () => journal.close(),
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
    close: () => undefined,
  }
}
