// What Tilldesk recorded of things at the gateway, as TillRecords: this till's own journals
// (read-only, every seal checked, through the same readers the shift reports use), and in a
// shop the other tills' facts from the shop's events (pulled from its PostgreSQL, each signed
// by its till). Nothing here writes.
import type { Environment } from '../../common/ipc/shared'
import type { JournalSeal } from '../integrity'
import { debitsPath, readDebits } from '../shifts/debit-source'
import type { ActivitySource, SealOf } from '../shifts/sources'
import { readCollections, sourcePaths } from '../shifts/sources'
import type { TillRecord } from './match'

export interface TillRecords {
  records: TillRecord[]
  /** Sources that could not be read, in words. */
  problems: string[]
}

const ms = (iso: string | null | undefined): number => {
  const t = typeof iso === 'string' ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? 0 : t
}

/** Debits: the mandates feature's sealed journal, through the shift reports' reader. */
function debitRecords(dataDir: string, environment: Environment, seal: JournalSeal, till: string) {
  return readDebits(debitsPath(dataDir, environment), seal).map((d): TillRecord => ({
    source: 'debit',
    reference: d.reference,
    amount: d.amount,
    currency: d.currency,
    status: d.status,
    atMs: ms(d.createdAt),
    till,
  }))
}

/**
 * This till's records in one environment. `activity` is the shift reports' reader (payments,
 * refunds, payouts with their seals checked); the collections ledger is read for every
 * transfer it saw, and the debits journal beside the payments one.
 */
export async function ownRecords(options: {
  dataDir: string
  environment: Environment
  till: string
  activity: ActivitySource
  sealOf: SealOf
  debitsSeal: JournalSeal
}): Promise<TillRecords> {
  const { dataDir, environment, till } = options
  const records: TillRecord[] = []
  const problems: string[] = []
  const activity = await options.activity.read(environment)
  problems.push(...activity.warnings)
  for (const p of activity.hostedPayments)
    records.push({ source: 'payment', ...p, atMs: ms(p.createdAt), till })
  for (const r of activity.refunds)
    records.push({ source: 'refund', ...r, atMs: ms(r.createdAt), till })
  for (const p of activity.payouts)
    records.push({
      source: 'payout',
      reference: p.reference,
      amount: p.amount,
      currency: p.currency,
      status: p.state,
      // A payout goes to the gateway when approved and sent, after it was drafted: its last
      // step dates it.
      atMs: ms(p.updatedAt),
      till,
    })
  const paths = sourcePaths(dataDir, environment)
  try {
    const { transfers } = readCollections(
      paths.collections,
      options.sealOf(environment, 'collections'),
    )
    for (const t of transfers) {
      // Given by the shop's rule to another till's sale: that till counts it.
      if (t.claimedBy) continue
      records.push({
        source: 'transfer_in',
        reference: t.reference,
        amount: t.amount,
        currency: t.currency,
        status: t.gatewayStatus ?? t.status,
        atMs: ms(t.createdAt),
        till,
      })
    }
  } catch (error) {
    problems.push(`Collections: ${error instanceof Error ? error.message : 'not readable'}`)
  }
  try {
    records.push(...debitRecords(dataDir, environment, options.debitsSeal, till))
  } catch (error) {
    problems.push(`Debits: ${error instanceof Error ? error.message : 'not readable'}`)
  }
  return { records, problems }
}

/** A shop event as the reconciliation reads it (main/shop/events.ts). */
export interface ShopFact {
  tillId: string
  kind: string
  body: Record<string, unknown>
  createdAt: string
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const amountOf = (v: unknown): number | null =>
  typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null

/**
 * The other tills' records, from the shop's events: each payout's latest state
 * (`payout.state`), and every transfer the shop's watcher handed to the tills
 * (`transfer.seen`, main/shop/claims.ts, whichever till's watcher told it). This till's own
 * payouts are left out: its journal is the better record of them. Events of another
 * environment are left out too.
 */
export function shopRecords(
  events: Iterable<ShopFact>,
  ownTill: string,
  environment: string,
): TillRecord[] {
  const latest = new Map<string, TillRecord>()
  for (const e of events) {
    const env = str(e.body.environment)
    // A `transfer.seen` carries the gateway scope ("sandbox|https://…"): its first part.
    if (env !== null && env.split('|')[0] !== environment) continue
    const till = str(e.body.tillName) ?? e.tillId
    if (e.kind === 'payout.state' && e.tillId !== ownTill) {
      const reference = str(e.body.reference)
      const amount = amountOf(e.body.amountMinor)
      if (!reference || amount === null) continue
      latest.set(`payout|${reference}`, {
        source: 'payout',
        reference,
        amount,
        currency: str(e.body.currency) ?? 'NGN',
        status: str(e.body.state) ?? 'unknown',
        atMs: ms(str(e.body.at) ?? e.createdAt),
        till,
      })
    } else if (e.kind === 'transfer.seen') {
      const reference = str(e.body.reference)
      const amount = amountOf(e.body.amountMinor)
      if (!reference || amount === null) continue
      latest.set(`transfer_in|${reference}`, {
        source: 'transfer_in',
        reference,
        amount,
        currency: str(e.body.currency) ?? 'NGN',
        status: str(e.body.rawStatus) ?? str(e.body.status) ?? 'unknown',
        atMs: ms(str(e.body.createdAt) ?? e.createdAt),
        till,
      })
    }
  }
  return [...latest.values()]
}
