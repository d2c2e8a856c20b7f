// Reads what the other features journaled, read-only, into the facts a shift report counts.
// Each feature writes its records durably before it tells anyone (journal first), so the files
// are the till's truth; reading them needs no change to those features and can't disturb them
// (nothing here writes, locks or compacts). A source that can't be read becomes a warning on
// the report instead of stopping it: the other figures are still right.
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isCurrency, type Currency, type Minor } from '../../common/money'
import type { Environment } from '../../common/ipc/shared'
import type { ShiftPerson } from '../../common/ipc/shifts'
import { CHARGE_DEFAULTS } from '../collections/charges'
import { Ledger, type ChargeRecord, type TransferRecord } from '../collections/ledger'
import { readChain } from '../payouts/journal'
import type { OutboxRecord } from '../payouts/records'
import type { PayoutItem } from '../payouts/model'
import type { Activity, HostedPaymentFact, PayoutEvent, PayoutFact, RefundFact } from './activity'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isMinor = (v: unknown): v is Minor => typeof v === 'number' && Number.isSafeInteger(v)

/** Where each feature keeps its records for one environment (their own conventions). */
export const sourcePaths = (dataDir: string, environment: Environment) => ({
  collections: join(dataDir, `collections-${environment}.jsonl`),
  payments: join(dataDir, 'gateway', environment, 'payments.json'),
  refunds: join(dataDir, 'gateway', environment, 'refunds.json'),
  payouts: join(dataDir, 'payouts', environment, 'outbox'),
})

/**
 * The collections journal (JSON Lines, latest version of each record wins; a `batch` line holds
 * records written together), read from where
 * it was last read: a busy day's file is read once, then only what was appended. A file that
 * shrank or was replaced (compaction) is read again from the start.
 */
export class CollectionsTail {
  #offset = 0
  #ino = -1
  readonly #charges = new Map<string, ChargeRecord>()
  readonly #transfers = new Map<string, TransferRecord>()

  constructor(private readonly path: string) {}

  read(): { charges: ChargeRecord[]; transfers: TransferRecord[] } {
    let fd: number
    try {
      fd = openSync(this.path, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { charges: [], transfers: [] }
      throw error
    }
    try {
      const stat = fstatSync(fd)
      if (stat.ino !== this.#ino || stat.size < this.#offset) {
        this.#offset = 0
        this.#ino = stat.ino
        this.#charges.clear()
        this.#transfers.clear()
      }
      const length = stat.size - this.#offset
      if (length > 0) {
        const buffer = Buffer.alloc(length)
        let got = 0
        while (got < length) {
          const n = readSync(fd, buffer, got, length - got, this.#offset + got)
          if (n === 0) break
          got += n
        }
        // Only whole lines: the writer may be in the middle of one.
        const end = buffer.lastIndexOf(0x0a, got - 1)
        if (end >= 0) {
          this.#take(buffer.subarray(0, end).toString('utf8'))
          this.#offset += end + 1
        }
      }
    } finally {
      closeSync(fd)
    }
    return { charges: [...this.#charges.values()], transfers: [...this.#transfers.values()] }
  }

  #take(text: string): void {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        continue // a torn line from a crash; the feature itself skips it too
      }
      // A batch is one fact (a transfer and the charge it closes): all of it or none.
      const parts =
        isObject(value) && value.k === 'batch' && Array.isArray(value.v) ? value.v : [value]
      const records = parts.map(record)
      if (records.some((r) => r === null)) continue
      for (const r of records as StoredRecord[]) {
        if (r.k === 'charge') this.#charges.set(r.v.id, r.v)
        else this.#transfers.set(r.v.reference, r.v)
      }
    }
  }
}

type StoredRecord = { k: 'charge'; v: ChargeRecord } | { k: 'transfer'; v: TransferRecord }

/** One line's record, in the collections store's format (main/collections/store.ts). */
function record(value: unknown): StoredRecord | null {
  if (!isObject(value) || !isObject(value.v)) return null
  const v = value.v
  if (value.k === 'charge' && typeof v.id === 'string' && isMinor(v.amountDue))
    return { k: 'charge', v: v as unknown as ChargeRecord }
  if (value.k === 'transfer' && typeof v.reference === 'string' && isMinor(v.amount))
    return { k: 'transfer', v: v as unknown as TransferRecord }
  return null
}

const person = (v: unknown): ShiftPerson =>
  isObject(v) && typeof v.id === 'string' && typeof v.name === 'string'
    ? { id: v.id, name: v.name }
    : { id: 'unknown', name: 'Unknown' }

/** Charges with their reconciliation, worked out by the collections ledger itself. */
function collectionsFacts(tail: CollectionsTail, activity: Activity): void {
  const { charges, transfers } = tail.read()
  const ledger = new Ledger({ skewMs: CHARGE_DEFAULTS.skewMs })
  ledger.load(charges, transfers)
  for (const c of charges) {
    if (!isCurrency(c.currency)) continue
    let r
    try {
      r = ledger.reconciliation(c)
    } catch {
      activity.warnings.push(`Charge ${c.id} could not be reconciled and is left out.`)
      continue
    }
    activity.charges.push({
      id: c.id,
      state: c.state,
      status: r.status,
      currency: c.currency,
      amountDue: c.amountDue,
      received: r.received,
      pending: r.pending,
      customer: c.account?.accountName ?? c.account?.accountReference ?? 'a customer',
      openedBy: person(c.openedBy),
      openedAt: c.openedAt,
    })
  }
  const openers = new Map(charges.map((c) => [c.id, person(c.openedBy)]))
  for (const t of transfers) {
    if (!t.late || !isCurrency(t.currency)) continue
    activity.lateTransfers.push({
      reference: t.reference,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      firstSeenAt: t.firstSeenAt,
      acknowledged: t.acknowledgement !== null && t.acknowledgement !== undefined,
      cashier: (t.chargeId && openers.get(t.chargeId)) || null,
    })
  }
}

function readArray(path: string): unknown[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const parsed: unknown = JSON.parse(text)
  return Array.isArray(parsed) ? parsed : []
}

function moneyEntry(v: unknown): { amount: Minor; currency: Currency } | null {
  if (!isObject(v) || !isMinor(v.amount) || !isCurrency(v.currency)) return null
  return { amount: v.amount, currency: v.currency }
}

function hostedFacts(path: string): HostedPaymentFact[] {
  const out: HostedPaymentFact[] = []
  for (const v of readArray(path)) {
    const money = moneyEntry(v)
    if (!money || !isObject(v) || typeof v.reference !== 'string') continue
    if (typeof v.status !== 'string' || typeof v.createdAt !== 'string') continue
    out.push({
      reference: v.reference,
      status: v.status,
      ...money,
      createdAt: v.createdAt,
      takenBy: typeof v.takenBy === 'string' ? v.takenBy : null,
    })
  }
  return out
}

function refundFacts(path: string): RefundFact[] {
  const out: RefundFact[] = []
  for (const v of readArray(path)) {
    const money = moneyEntry(v)
    if (!money || !isObject(v) || typeof v.reference !== 'string') continue
    if (typeof v.status !== 'string' || typeof v.createdAt !== 'string') continue
    out.push({
      reference: v.reference,
      status: v.status,
      ...money,
      createdAt: v.createdAt,
      issuedBy: typeof v.issuedBy === 'string' ? v.issuedBy : null,
    })
  }
  return out
}

/**
 * Every payout and every step of its history, from the hash-chained payout journal (its
 * archive keeps the whole history, so a checkpoint loses nothing here). The chain is checked
 * as it is read; a damaged journal is a warning, and what came before the damage still counts.
 */
async function payoutFacts(dir: string, activity: Activity): Promise<void> {
  try {
    statSync(dir)
  } catch {
    return // no payouts in this environment yet
  }
  const items = new Map<string, PayoutItem>()
  const events: PayoutEvent[] = []
  const report = await readChain<OutboxRecord>(dir, (record) => {
    const body = record.body
    if (body.type === 'created') {
      items.set(body.item.reference, { ...body.item })
      events.push({ reference: body.item.reference, at: record.at, to: 'created' })
      return
    }
    const item = items.get(body.ref)
    if (!item) return
    const next: PayoutItem = { ...item, ...body.patch, updatedAt: Date.parse(record.at) }
    if (body.type === 'action') {
      next.state = body.to
      events.push({ reference: body.ref, at: record.at, to: body.to })
    }
    items.set(body.ref, next)
  })
  if (!report.ok)
    activity.warnings.push(
      `The payout journal could not be read in full (${report.problem?.reason ?? 'damaged'}); payouts after record ${report.head.seq} are left out.`,
    )
  activity.payoutEvents.push(...events)
  for (const item of items.values()) {
    if (!isCurrency(item.currency)) continue
    const fact: PayoutFact = {
      reference: item.reference,
      state: item.state,
      amount: item.amount,
      currency: item.currency,
      maker: person(item.createdBy),
      payee: item.accountName || item.accountNumber,
      createdAt: new Date(item.createdAt).toISOString(),
      updatedAt: new Date(item.updatedAt).toISOString(),
    }
    activity.payouts.push(fact)
  }
}

export interface ActivitySource {
  read(environment: Environment): Promise<Activity>
}

/** Reads the till's data folder; keeps one collections tail per environment. */
export function fileActivitySource(dataDir: string): ActivitySource {
  const tails = new Map<Environment, CollectionsTail>()
  return {
    async read(environment) {
      const paths = sourcePaths(dataDir, environment)
      const activity: Activity = {
        charges: [],
        lateTransfers: [],
        hostedPayments: [],
        refunds: [],
        payoutEvents: [],
        payouts: [],
        warnings: [],
      }
      let tail = tails.get(environment)
      if (!tail) tails.set(environment, (tail = new CollectionsTail(paths.collections)))
      const attempt = (what: string, read: () => void) => {
        try {
          read()
        } catch {
          activity.warnings.push(`${what} could not be read; they are left out of this report.`)
        }
      }
      attempt('Collections', () => collectionsFacts(tail, activity))
      attempt('Hosted payments', () => activity.hostedPayments.push(...hostedFacts(paths.payments)))
      attempt('Refunds', () => activity.refunds.push(...refundFacts(paths.refunds)))
      try {
        await payoutFacts(paths.payouts, activity)
      } catch {
        activity.warnings.push('Payouts could not be read; they are left out of this report.')
      }
      return activity
    },
  }
}
