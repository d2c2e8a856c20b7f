// Durable storage of the ledger: one JSON Lines journal per environment, each line the latest
// version of one charge or one transfer. Replaying it restores every charge and the seen-set
// of transfer references, which is what makes dedupe hold across restarts.
import type { ChargeRecord, TransferRecord } from './ledger'
import { openJournal, type Journal } from './journal'

export type StoredRecord = { k: 'charge'; v: ChargeRecord } | { k: 'transfer'; v: TransferRecord }

export interface CollectionsStore {
  charges: ChargeRecord[]
  transfers: TransferRecord[]
  saveCharge(record: ChargeRecord): void
  saveTransfer(record: TransferRecord): void
  close(): void
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

function decode(value: unknown): StoredRecord | null {
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

/** Opens (or creates) the journal at `path` and folds it into the latest records. */
export function openFileStore(path: string): CollectionsStore {
  const journal: Journal<StoredRecord> = openJournal(path, { decode })
  const charges = new Map<string, ChargeRecord>()
  const transfers = new Map<string, TransferRecord>()
  for (const r of journal.records) {
    if (r.k === 'charge') charges.set(r.v.id, r.v)
    else transfers.set(r.v.reference, r.v)
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
    close: () => undefined,
  }
}
