// Reads what the other features journaled, read-only, into the facts a shift report counts.
// Each feature writes its records durably before it tells anyone (journal first), so the files
// are the till's truth; reading them needs no change to those features and can't disturb them
// (nothing here writes, locks or compacts). Every file is checked against its seals with the
// environment's device key, through the same integrity readers the features use, so a Z-report
// is never built from records that were edited on disk. A source that can't be read or fails
// its check becomes a warning on the report instead of stopping it: the rest still adds up.
import { readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { isCurrency, type Currency, type Minor } from '../../common/money'
import type { Environment } from '../../common/ipc/shared'
import type { ShiftPerson } from '../../common/ipc/shifts'
import { CHARGE_DEFAULTS } from '../collections/charges'
import { Ledger, type ChargeRecord, type TransferRecord } from '../collections/ledger'
import { readSealedJournal } from '../collections/journal'
import { JournalIntegrityError, openSealedDocument, type JournalSeal } from '../integrity'
import { readChain } from '../payouts/journal'
import type { ChainedRecord, Head } from '../payouts/journal-files'
import type { OutboxRecord } from '../payouts/records'
import type { PayoutItem } from '../payouts/model'
import {
  emptyActivity,
  type Activity,
  type HostedPaymentFact,
  type PayoutEvent,
  type PayoutFact,
  type RefundFact,
  type SettledSource,
  type TransferFact,
} from './activity'
import {
  carry,
  readCursor,
  writeCursor,
  type CollectionsCursor,
  type CollectionsFold,
} from './collections-cursor'
import { payoutEventKey } from './figures'
import {
  carryPayouts,
  readPayoutsAfter,
  readPayoutsCursor,
  writePayoutsCursor,
  type PayoutsCursor,
  type PayoutsFold,
} from './payouts-cursor'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isMinor = (v: unknown): v is Minor => typeof v === 'number' && Number.isSafeInteger(v)
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/**
 * Where each feature keeps its records for one environment, and the seal domains it writes
 * them under (their own conventions: main/collections/store.ts, main/payments/journal.ts).
 */
export const COLLECTIONS_DOMAIN = 'collections.ledger.v1'
export const documentDomain = (name: 'payments' | 'refunds') => `${name}.journal.v1`

export const sourcePaths = (dataDir: string, environment: Environment) => ({
  collections: join(dataDir, `collections-${environment}.jsonl`),
  payments: join(dataDir, 'gateway', environment, 'payments.json'),
  refunds: join(dataDir, 'gateway', environment, 'refunds.json'),
  payouts: join(dataDir, 'payouts', environment, 'outbox'),
})

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

/** The latest version of each charge and transfer among journal lines, a batch whole. */
function folder(charges: Map<string, ChargeRecord>, transfers: Map<string, TransferRecord>) {
  return (value: unknown) => {
    // A batch is one fact (a transfer and the charge it closes): all of it or none.
    const parts =
      isObject(value) && value.k === 'batch' && Array.isArray(value.v) ? value.v : [value]
    const records = parts.map(record)
    if (records.some((r) => r === null)) return
    for (const r of records as StoredRecord[]) {
      if (r.k === 'charge') charges.set(r.v.id, r.v)
      else transfers.set(r.v.reference, r.v)
    }
  }
}

/**
 * The collections journal's latest charges and transfers, its seals checked. The file is read
 * a piece at a time and each line is checked and folded in as it comes (readSealedJournal): a
 * till's journal runs to tens of megabytes, and holding it whole at each report left the
 * process that much bigger. What is kept is only the latest version of each record.
 */
export function readCollections(
  path: string,
  seal: JournalSeal,
  chunkBytes?: number,
): { charges: ChargeRecord[]; transfers: TransferRecord[] } {
  const { charges, transfers } = readCollectionsFrom(path, seal, null, chunkBytes)
  return { charges: [...charges.values()], transfers: [...transfers.values()] }
}

/**
 * The same, going on from where a sealed Z-report left the journal: the records it carried
 * over, then what was written after it. Back to the start when the journal no longer holds
 * the cursor's record at its place (`restarted` says why), or when a late transfer written
 * since names a charge from before the cursor (its cashier is read from the whole journal).
 * `lines` counts the journal lines read.
 */
export function readCollectionsFrom(
  path: string,
  seal: JournalSeal,
  from: CollectionsCursor | null,
  chunkBytes?: number,
): CollectionsFold & { restarted: string | null; lines: number } {
  const read = (at: CollectionsCursor | null) => {
    const charges = new Map<string, ChargeRecord>()
    const transfers = new Map<string, TransferRecord>()
    for (const c of at?.charges ?? []) charges.set(c.id, c)
    for (const t of at?.transfers ?? []) transfers.set(t.reference, t)
    const window = {
      charges: new Map<string, ChargeRecord>(),
      transfers: new Map<string, TransferRecord>(),
    }
    const result = readSealedJournal(path, {
      seal,
      domain: COLLECTIONS_DOMAIN,
      from: at?.position ?? null,
      chunkBytes,
      onRecord: folder(window.charges, window.transfers),
    })
    // Carried records only under a journal that went on from the cursor.
    if (result.restarted) {
      charges.clear()
      transfers.clear()
    }
    for (const [id, c] of window.charges) charges.set(id, c)
    for (const [reference, t] of window.transfers) transfers.set(reference, t)
    return { charges, transfers, ...result }
  }
  const first = read(from)
  if (!from || first.restarted) return first
  const unnamed = [...first.transfers.values()].some(
    (t) => t.late && t.chargeId !== null && !first.charges.has(t.chargeId),
  )
  if (!unnamed) return first
  const whole = read(null)
  return { ...whole, lines: first.lines + whole.lines }
}

/** A transfer as the reconciliation matches it. */
export const transferFact = (t: TransferRecord): TransferFact => ({
  reference: t.reference,
  amount: t.amount,
  currency: t.currency,
  status: t.gatewayStatus ?? t.status,
  createdAt: t.createdAt,
  claimed: Boolean(t.claimedBy),
})

/** Charges with their reconciliation, worked out by the collections ledger itself. */
export function collectionsFacts(
  read: { charges: ChargeRecord[]; transfers: TransferRecord[] },
  activity: Activity,
): void {
  const { charges, transfers } = read
  const ledger = new Ledger({ skewMs: CHARGE_DEFAULTS.skewMs })
  ledger.load(charges, transfers)
  const seenAt = new Map(transfers.map((t) => [t.reference, t]))
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
      closedAt: c.state === 'open' ? null : (c.closedAt ?? c.openedAt),
      transfers: r.counted.flatMap((reference) => {
        const t = seenAt.get(reference)
        return t ? [{ reference, amount: t.amount, at: t.firstSeenAt }] : []
      }),
    })
  }
  activity.transfers = [...(activity.transfers ?? []), ...transfers.map(transferFact)]
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

/** A journal rewritten whole (payments, refunds): its entries, every seal checked. */
function readDocument(path: string, domain: string, seal: JournalSeal): unknown[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return openSealedDocument(JSON.parse(text) as unknown, { file: basename(path), domain, seal })
    .values
}

function moneyEntry(v: unknown): { amount: Minor; currency: Currency } | null {
  if (!isObject(v) || !isMinor(v.amount) || !isCurrency(v.currency)) return null
  return { amount: v.amount, currency: v.currency }
}

function hostedFacts(path: string, seal: JournalSeal): HostedPaymentFact[] {
  return readDocument(path, documentDomain('payments'), seal).flatMap((v) => hostedFact(v) ?? [])
}

/** What every payments and refunds journal entry has that the reports read; null if not. */
function entryBase(v: unknown) {
  const money = moneyEntry(v)
  if (!money || !isObject(v) || typeof v.reference !== 'string') return null
  if (typeof v.status !== 'string' || typeof v.createdAt !== 'string') return null
  return { v, fact: { reference: v.reference, status: v.status, ...money, createdAt: v.createdAt } }
}

/** One payments-journal entry as the reports read it; null when it is not one. */
export function hostedFact(value: unknown): HostedPaymentFact | null {
  const base = entryBase(value)
  if (!base) return null
  const { v, fact } = base
  return {
    ...fact,
    settledAt: text(v.paidAt) ?? text(v.verifiedAt),
    takenBy: typeof v.takenBy === 'string' ? v.takenBy : null,
  }
}

function refundFacts(path: string, seal: JournalSeal): RefundFact[] {
  return readDocument(path, documentDomain('refunds'), seal).flatMap((v) => refundFact(v) ?? [])
}

/** One refunds-journal entry as the reports read it; null when it is not one. */
export function refundFact(value: unknown): RefundFact | null {
  const base = entryBase(value)
  if (!base) return null
  const { v, fact } = base
  return {
    ...fact,
    updatedAt: text(v.updatedAt),
    issuedBy: typeof v.issuedBy === 'string' ? v.issuedBy : null,
  }
}

/**
 * Every payout and every step of its history, from the hash-chained payout journal (its
 * archive keeps the whole history, so a checkpoint loses nothing here). The chain is checked
 * as it is read; a damaged journal is a warning, and what came before the damage still counts.
 * With `from` (payouts-cursor.ts), the payouts and steps that Z-report carried over, then the
 * records after it; back to the first record when the journal no longer goes on from it
 * (`moved` says why) or a record after it names a payout not carried. Returns what was read.
 */
export async function payoutFacts(
  dir: string,
  seal: JournalSeal,
  activity: Activity,
  from: PayoutsCursor | null = null,
): Promise<PayoutsFold & { moved: string | null }> {
  try {
    statSync(dir)
  } catch {
    return { items: new Map(), events: [], head: null, moved: null } // no payouts here yet
  }
  const fold = (at: PayoutsCursor | null) => {
    const items = new Map<string, PayoutItem>((at?.items ?? []).map((i) => [i.reference, i]))
    const events: PayoutEvent[] = [...(at?.events ?? [])]
    let unnamed = false
    const visit = (record: ChainedRecord<OutboxRecord>) => {
      const body = record.body
      if (body.type === 'created') {
        items.set(body.item.reference, { ...body.item })
        events.push({ reference: body.item.reference, at: record.at, to: 'created' })
        return
      }
      const item = items.get(body.ref)
      if (!item) {
        unnamed = true
        return
      }
      const next: PayoutItem = { ...item, ...body.patch, updatedAt: Date.parse(record.at) }
      if (body.type === 'action') {
        next.state = body.to
        events.push({ reference: body.ref, at: record.at, to: body.to })
      }
      items.set(body.ref, next)
    }
    return { items, events, visit, unnamed: () => unnamed }
  }
  let read: ReturnType<typeof fold> | null = null
  let head: Head | null = null
  let moved: string | null = null
  if (from) {
    const after = fold(from)
    const got = await readPayoutsAfter<OutboxRecord>(dir, seal, from.head, after.visit)
    moved = got.moved
    if (!got.moved && !got.problem && !after.unnamed()) {
      read = after
      head = got.head
    }
  }
  if (!read) {
    read = fold(null)
    const report = await readChain<OutboxRecord>(dir, read.visit, seal)
    if (!report.ok)
      activity.warnings.push(
        `The payout journal could not be read in full (${report.problem?.reason ?? 'damaged'}); payouts after record ${report.head.seq} are left out.`,
      )
    // A damaged journal is not gone on from: the next report reads it whole again.
    head = report.ok && report.head.seq > 0 ? report.head : null
  }
  const { items, events } = read
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
    if (item.resolution) fact.decided = item.resolution.outcome
    activity.payouts.push(fact)
  }
  return { items, events, head, moved }
}

export interface ActivitySource {
  read(environment: Environment): Promise<Activity>
  /**
   * Told after a Z-report is sealed, with every key the sealed reports counted (books.ts
   * drops what it no longer needs to keep).
   */
  sealed?(environment: Environment, counted: ReadonlySet<string>): Promise<void>
}

/** The seal of one feature's journal in one environment (main/integrity journal()). */
export type SealOf = (
  environment: Environment,
  journal: 'collections' | 'payments' | 'refunds' | 'payouts',
) => JournalSeal

/** Reads the till's data folder, each file checked against its seals. */
export function fileActivitySource(
  dataDir: string,
  sealOf: SealOf,
  options: {
    /**
     * Where to keep, after each sealed Z-report, where it left the collections journal
     * (collections-cursor.ts), so the next report reads on from there. Absent: every read
     * starts at the journal's first line.
     */
    cursorDir?: string
  } = {},
): ActivitySource & SettledSource {
  /** The journals that are trimmed (payments, refunds): cheap to read on every change. */
  const settled = (environment: Environment, activity: Activity) => {
    const paths = sourcePaths(dataDir, environment)
    attempt(activity, 'Hosted payments', () =>
      activity.hostedPayments.push(...hostedFacts(paths.payments, sealOf(environment, 'payments'))),
    )
    attempt(activity, 'Refunds', () =>
      activity.refunds.push(...refundFacts(paths.refunds, sealOf(environment, 'refunds'))),
    )
  }
  const cursorPath = (environment: Environment, name = 'collections-cursor.json') =>
    options.cursorDir ? join(options.cursorDir, environment, name) : null
  const payoutsCursorPath = (environment: Environment) =>
    cursorPath(environment, 'payouts-cursor.json')
  /** Each environment's latest payouts read, for the cursor a sealed Z-report keeps. */
  const latestPayouts = new Map<Environment, PayoutsFold>()
  const payouts = async (environment: Environment, activity: Activity) => {
    const seal = sealOf(environment, 'payouts')
    const dir = sourcePaths(dataDir, environment).payouts
    const at = payoutsCursorPath(environment)
    if (!at) return void (await payoutFacts(dir, seal, activity))
    const kept = readPayoutsCursor(at, seal)
    if (kept.problem) activity.warnings.push(kept.problem)
    const read = await payoutFacts(dir, seal, activity, kept.cursor)
    if (read.moved)
      activity.warnings.push(
        `The payout journal was read from its first record, not from where the last Z-report left it: ${read.moved}. Nothing is missing from this report.`,
      )
    latestPayouts.set(environment, read)
  }
  /** Each environment's latest read, until a sealed Z-report keeps what it carries over. */
  const latest = new Map<Environment, CollectionsFold>()
  const collections = (environment: Environment, activity: Activity) => {
    const seal = sealOf(environment, 'collections')
    const path = sourcePaths(dataDir, environment).collections
    const at = cursorPath(environment)
    if (!at) return collectionsFacts(readCollections(path, seal), activity)
    const kept = readCursor(at, seal)
    if (kept.problem) activity.warnings.push(kept.problem)
    const read = readCollectionsFrom(path, seal, kept.cursor)
    if (read.restarted)
      activity.warnings.push(
        `The collections journal was read from its first line, not from where the last Z-report left it: ${read.restarted}. Nothing is missing from this report.`,
      )
    latest.set(environment, read)
    collectionsFacts(
      { charges: [...read.charges.values()], transfers: [...read.transfers.values()] },
      activity,
    )
  }
  return {
    async settled(environment) {
      const activity = emptyActivity()
      settled(environment, activity)
      return activity
    },
    async read(environment) {
      const activity = emptyActivity()
      attempt(activity, 'Collections', () => collections(environment, activity))
      settled(environment, activity)
      try {
        await payouts(environment, activity)
      } catch (error) {
        activity.warnings.push(problem('Payouts', error))
      }
      return activity
    },
    async sealed(environment, counted) {
      const at = cursorPath(environment)
      const fold = latest.get(environment)
      latest.delete(environment)
      const cursor = fold ? carry(fold, counted) : null
      if (at && cursor) writeCursor(at, sealOf(environment, 'collections'), cursor)
      const payoutsAt = payoutsCursorPath(environment)
      const payoutsFold = latestPayouts.get(environment)
      latestPayouts.delete(environment)
      const payoutsCursor = payoutsFold ? carryPayouts(payoutsFold, counted, payoutEventKey) : null
      if (payoutsAt && payoutsCursor)
        writePayoutsCursor(payoutsAt, sealOf(environment, 'payouts'), payoutsCursor)
    },
  }
}

function attempt(activity: Activity, what: string, read: () => void): void {
  try {
    read()
  } catch (error) {
    activity.warnings.push(problem(what, error))
  }
}

/** A source left out, in words: its integrity finding when it has one. */
function problem(what: string, error: unknown): string {
  const reason = error instanceof JournalIntegrityError ? ` (${error.reason})` : ''
  return `${what} could not be read or did not pass their check${reason}; they are left out of this report.`
}
