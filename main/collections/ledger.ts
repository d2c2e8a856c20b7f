// The till's record of charges and the transfers seen for them. Deterministic (every time is
// passed in) and free of I/O of its own, so reconciliation, attribution and dedupe can be tested
// exactly; main/collections/charges.ts adds persistence and events around it. What it holds
// in memory, and what it reads back from the journal through its archive port: held.ts.
import type { ChargeView, CustomerAccount, OverpaymentDecision } from '../../common/ipc/collections'
import { CollectionsError } from './errors'
import type { ObservedTransfer } from './observed'
import type { ChargeRecord, TransferRecord } from './records'
import { HeldRecords } from './held'
import { recallAccount, type LedgerArchive, type RecalledTransfer } from './ledger-archive'
import {
  attribute,
  mergeStatus,
  reconcile,
  reviewReason,
  type AttributableCharge,
} from './reconcile'

export type { ChargeRecord, TransferRecord } from './records'

export { observedFromGateway, type ObservedTransfer } from './observed'

/** What one observation changed; the caller persists and announces exactly these. */
export interface ObservationEffect {
  transfer: TransferRecord
  /** The charge whose totals moved (null for late transfers). */
  charge: ChargeRecord | null
  /** Newly surfaced as late (first time seen late, or late money became final). */
  surfacedLate: boolean
}

export interface WatchTarget {
  /** null: one sweep over all accounts (the late window of recently closed charges). */
  accountReference: string | null
  /** Earliest creation time to ask the gateway for, epoch ms. */
  sinceMs: number
  /** Charges on this account that are open (the watch exists for them) or in their late window. */
  chargeIds: string[]
  /** For the sweep: the accounts it covers (asked one by one when the gateway wants that). */
  sweepAccounts?: string[]
}

export interface LedgerOptions {
  /** How far before a charge opened a transfer may be dated and still pay it. */
  skewMs: number
  /**
   * Closed charges kept in memory (the latest opened); older ones are let go of and read back
   * from `archive` when asked for. Without an archive every charge is kept.
   */
  keepClosed?: number
  archive?: LedgerArchive | null
}

const ms = (iso: string): number => Date.parse(iso)

/**
 * A transfer reference let go of is kept for dedupe until the watch can no longer reach its
 * time: the longest reach back, the skew, and a day more (the gateway's date filter is by
 * whole days). Older observations are checked against the journal.
 */
const REACH_MARGIN_MS = 86_400_000

/** A charge as the account index points at it, with the times the watch plans from. */
interface ChargePointer {
  id: string
  openedAtMs: number
  closedAtMs: number
}

/** One account's charges, kept up to date on each change so no lookup walks the whole day. */
interface AccountCharges {
  /** The account's charges the ledger holds, in the order it first held them. */
  ids: Set<string>
  /** How many of the account's charges were let go of (read back for attribution). */
  letGo: number
  /** The latest charge opened on the account (its details are the account's newest). */
  latest: ChargePointer
  /** That charge's account details: a known customer pays offline, a transfer is named. */
  account: CustomerAccount
  /** The account's open charge (one at a time), or null. */
  open: ChargePointer | null
  /** The latest-opened charge that is no longer open: where the watch reaches back to. */
  lastClosed: ChargePointer | null
}

export class Ledger {
  private readonly held: HeldRecords
  /** Held charges and transfers (held.ts): the open ones, the latest closed, the moving. */
  private readonly charges: Map<string, ChargeRecord>
  private readonly transfers: Map<string, TransferRecord>
  private readonly byAccount = new Map<string, AccountCharges>()
  /**
   * Accounts the watch may plan for: an open charge, or a charge closed recently enough to be
   * inside its late window. watchTargets drops an account once its window has passed, so the
   * planning that runs on every open and close costs the busy accounts, never the whole day.
   */
  private readonly watched = new Set<string>()

  constructor(private readonly options: LedgerOptions) {
    this.held = new HeldRecords(options.archive ?? null, options.keepClosed, (c) => {
      const index = this.byAccount.get(c.account.accountReference)
      if (!index) return
      index.ids.delete(c.id)
      index.letGo += 1
    })
    this.charges = this.held.charges
    this.transfers = this.held.transfers
  }

  /**
   * Restores persisted records (last write of each id wins), then repairs what an older
   * build's crash between two writes could leave: an open charge whose counted transfers
   * already pay it exactly. It is closed as of the transfer that paid it. Returns the repaired
   * charges so the caller writes them down once.
   */
  load(charges: Iterable<ChargeRecord>, transfers: Iterable<TransferRecord>): ChargeRecord[] {
    this.held.loading = true
    const repaired: ChargeRecord[] = []
    try {
      for (const c of charges) this.putCharge(c)
      for (const t of transfers) this.putTransfer(t)
      for (const c of this.charges.values()) {
        if (c.state !== 'open' || this.reconciliation(c).status !== 'paid') continue
        const paidAt = this.transfersOf(c.id)
          .filter((t) => t.status === 'success' && t.currency === c.currency)
          .map((t) => t.firstSeenAt)
          .sort()
          .at(-1)
        const next: ChargeRecord = { ...c, state: 'closed', closedAt: paidAt ?? c.openedAt }
        this.putCharge(next)
        repaired.push(next)
      }
    } finally {
      this.held.loading = false
    }
    this.held.trim()
    for (const t of [...this.transfers.values()]) this.held.settle(t)
    return repaired
  }

  /** How many charges and transfers are held in memory (the rest is on disk). */
  heldCounts(): { charges: number; transfers: number; letGo: number } {
    return this.held.counts()
  }

  charge(id: string): ChargeRecord {
    const c = this.held.charge(id)
    if (!c)
      throw new CollectionsError(
        'charge_not_found',
        'That charge does not exist on this till.',
        undefined,
        { key: 'chargeNotFound' },
      )
    return c
  }

  /** The charges held in memory: every open one, and the latest closed ones. */
  allCharges(): ChargeRecord[] {
    return [...this.charges.values()]
  }

  /** The transfers held in memory: those of held charges, and late ones not looked at yet. */
  allTransfers(): TransferRecord[] {
    return [...this.transfers.values()]
  }

  /** The transfer, held or read back from the journal; undefined when never seen here. */
  transfer(reference: string): TransferRecord | undefined {
    return this.held.transfer(reference)
  }

  /** True when this transfer was seen here before (dedupe), held or let go of. */
  knows(seen: Pick<ObservedTransfer, 'reference' | 'createdAt'>): boolean {
    return this.held.knows(seen)
  }

  /** What the Transfers history shows beside each reference (held.ts, annotations). */
  annotations(
    seen: ReadonlyArray<Pick<ObservedTransfer, 'reference' | 'createdAt'>>,
  ): Map<string, RecalledTransfer> {
    return this.held.annotations(seen)
  }

  openChargeOn(accountReference: string): ChargeRecord | undefined {
    const open = this.byAccount.get(accountReference)?.open
    return open ? this.charges.get(open.id) : undefined
  }

  /** The account details of the latest charge opened on the account, if any. */
  latestAccount(accountReference: string): CustomerAccount | undefined {
    return this.byAccount.get(accountReference)?.account
  }

  /** Every account this till has charged into, with its latest details. */
  accounts(): CustomerAccount[] {
    return [...this.byAccount.values()].map((a) => a.account)
  }

  /** Adds a new open charge. One open charge per account: a customer can't tell two apart. */
  open(record: ChargeRecord): ChargeRecord {
    const existing = this.openChargeOn(record.account.accountReference)
    if (existing)
      throw new CollectionsError(
        'charge_already_open',
        `Account ${record.account.accountNumber} already has an open charge (opened ${existing.openedAt}). Finish or cancel it first.`,
        undefined,
        {
          key: 'accountHasCharge',
          params: { account: record.account.accountNumber, openedAt: existing.openedAt },
        },
      )
    this.putCharge(record)
    return record
  }

  cancel(id: string, reason: string, by: string, at: string): ChargeRecord {
    const c = this.charge(id)
    if (c.state !== 'open')
      throw new CollectionsError('charge_not_open', 'This charge is already closed.', undefined, {
        key: 'chargeClosed',
      })
    const next: ChargeRecord = {
      ...c,
      state: 'cancelled',
      closedAt: at,
      cancellation: { reason, by, at },
    }
    this.putCharge(next)
    return next
  }

  decideOverpayment(
    id: string,
    decision: OverpaymentDecision,
    note: string,
    by: string,
    at: string,
  ): ChargeRecord {
    const c = this.charge(id)
    if (c.state !== 'open')
      throw new CollectionsError('charge_not_open', 'This charge is already closed.', undefined, {
        key: 'chargeClosed',
      })
    if (this.reconciliation(c).status !== 'overpaid')
      throw new CollectionsError(
        'not_overpaid',
        'This charge is not overpaid; nothing to decide.',
        undefined,
        { key: 'notOverpaid' },
      )
    const next: ChargeRecord = {
      ...c,
      state: 'closed',
      closedAt: at,
      overpayment: { decision, note, by, at },
    }
    this.putCharge(next)
    return next
  }

  /** Records the receipt's first print; later prints are copies and change nothing here. */
  markReceiptPrinted(id: string, at: string): ChargeRecord {
    const c = this.charge(id)
    if (c.receiptPrintedAt) return c
    const next: ChargeRecord = { ...c, receiptPrintedAt: at }
    this.putCharge(next)
    return next
  }

  acknowledgeLate(reference: string, note: string, by: string, at: string): TransferRecord {
    const t = this.transfer(reference)
    if (!t || !t.late)
      throw new CollectionsError(
        'late_not_found',
        'That late transfer is not on this till.',
        undefined,
        { key: 'lateNotFound' },
      )
    const next: TransferRecord = { ...t, acknowledgement: { by, at, note } }
    this.putTransfer(next)
    return next
  }

  /**
   * Takes one observation of a transfer. Seen before with the same status: nothing happens
   * (dedupe by reference, which survives restarts because records are persisted). New: it is
   * attributed once and for all. A paid charge closes itself; part-paid and overpaid stay open.
   */
  observe(seen: ObservedTransfer, nowIso: string): ObservationEffect | null {
    const held = this.transfers.get(seen.reference)
    // Let go of only once final and looked at: no observation can change it any more.
    if (!held && this.knows(seen)) return null
    const merged = mergeStatus(held?.status, seen.status)
    if (!merged.changed) return null

    let record: TransferRecord
    let surfacedLate = false
    if (!held) {
      const { gatewayStatus, ...fields } = seen
      const target = attribute(
        seen.accountReference,
        ms(seen.createdAt),
        this.attributable(seen.accountReference, ms(seen.createdAt)),
        this.options.skewMs,
      )
      const late = target.kind === 'late'
      record = {
        ...fields,
        gatewayStatus: gatewayStatus ?? seen.status,
        firstSeenAt: nowIso,
        chargeId: target.kind === 'charge' ? target.chargeId : target.afterChargeId,
        late,
        acknowledgement: null,
      }
      surfacedLate = late
    } else {
      record = { ...held, status: merged.status, gatewayStatus: seen.gatewayStatus ?? seen.status }
      // Pending money that settles after its charge closed can no longer count toward it.
      const owner = held.chargeId ? this.charges.get(held.chargeId) : undefined
      // A charge whose money still moves is held until it is final, so `owner` is here.
      if (!held.late && merged.status === 'success' && owner && owner.state !== 'open') {
        record = { ...record, late: true }
        surfacedLate = true
      } else if (held.late && merged.status === 'success') surfacedLate = true
    }
    const owner = record.chargeId ? this.charges.get(record.chargeId) : undefined
    // A transfer given to another till keeps its words on why.
    if (!record.claimedBy)
      record = { ...record, review: reviewReason(record, owner?.currency ?? record.currency) }
    this.putTransfer(record)

    let charge: ChargeRecord | null = null
    if (!record.late && record.chargeId) {
      const owner = this.charges.get(record.chargeId)
      if (owner) {
        charge = owner
        if (owner.state === 'open' && this.reconciliation(owner).status === 'paid') {
          charge = { ...owner, state: 'closed', closedAt: nowIso }
          this.putCharge(charge)
        }
      }
    }
    this.held.trim()
    return { transfer: record, charge, surfacedLate }
  }

  /**
   * The shop's rule gave a transfer this till counted (while out of step with the shop) to
   * another till's sale: it stops counting here and is listed as late, with why, for a person
   * to look at. Returns null when it is unknown here or already not counted.
   */
  disown(reference: string, tillName: string): TransferRecord | null {
    const t = this.transfer(reference)
    if (!t || t.late || t.claimedBy) return null
    const next: TransferRecord = {
      ...t,
      late: true,
      claimedBy: tillName,
      review: `By the shop's rule this transfer pays ${tillName}'s sale, not this one. It was counted here while this till was out of step with the shop: goods may have left twice.`,
    }
    this.putTransfer(next)
    return next
  }

  /** Transfers of this charge the shop's rule gave to another till (see disown). */
  disownedOf(chargeId: string): TransferRecord[] {
    return this.everyTransferOf(chargeId).filter((t) => t.claimedBy)
  }

  reconciliation(c: ChargeRecord) {
    return reconcile(c.amountDue, c.currency, this.transfersOf(c.id))
  }

  /** The account holder's name from this till's latest charge on the account, or null. */
  accountName(accountReference: string): string | null {
    return this.latestAccount(accountReference)?.accountName ?? null
  }

  /** A transfer as screens get it: with the customer's name when this till knows it. */
  named(t: TransferRecord): TransferRecord {
    return { ...t, customerName: this.accountName(t.accountReference) }
  }

  view(c: ChargeRecord): ChargeView {
    const transfers = this.transfersOf(c.id)
      .sort((a, b) => ms(b.createdAt) - ms(a.createdAt) || b.reference.localeCompare(a.reference))
      .map((t) => ({ ...t, customerName: c.account.accountName }))
    const reconciliation = reconcile(c.amountDue, c.currency, transfers)
    return {
      ...c,
      reconciliation,
      transfers,
      needsDecision: c.state === 'open' && reconciliation.status === 'overpaid',
    }
  }

  /** Late transfers not looked at yet are held; the ones already looked at are read back. */
  lateTransfers(includeAcknowledged: boolean): TransferRecord[] {
    return this.held
      .late(includeAcknowledged)
      .filter((t) => includeAcknowledged || t.acknowledgement === null)
      .sort((a, b) => ms(b.createdAt) - ms(a.createdAt))
      .map((t) => this.named(t))
  }

  /**
   * What to poll, from when. Each account with an open charge is polled on its own; its window
   * reaches back to the previous charge on the account (bounded by `lookbackMs`) so money
   * sent between two charges is found and shown as late. Accounts whose charge closed less
   * than `lateWindowMs` ago (an accidental second transfer usually comes right after the sale)
   * share ONE all-accounts sweep (`accountReference: null`), so closing many sales never
   * multiplies requests; after the window, an account nobody waits on costs nothing.
   */
  watchTargets(nowMs: number, lateWindowMs: number, lookbackMs: number): WatchTarget[] {
    this.held.forget(nowMs - lookbackMs - this.options.skewMs - REACH_MARGIN_MS)
    const targets: WatchTarget[] = []
    const sweep: WatchTarget = {
      accountReference: null,
      sinceMs: Infinity,
      chargeIds: [],
      sweepAccounts: [],
    }
    for (const accountReference of this.watched) {
      const index = this.byAccount.get(accountReference)
      const open = index?.open
      const lastClosed = index?.lastClosed
      if (open) {
        let since = open.openedAtMs
        if (lastClosed && nowMs - lastClosed.openedAtMs <= lookbackMs)
          since = Math.min(since, lastClosed.openedAtMs)
        targets.push({
          accountReference,
          sinceMs: since - this.options.skewMs,
          chargeIds: [open.id],
        })
      } else if (lastClosed && nowMs - lastClosed.closedAtMs < lateWindowMs) {
        sweep.sinceMs = Math.min(sweep.sinceMs, lastClosed.openedAtMs - this.options.skewMs)
        sweep.chargeIds.push(lastClosed.id)
        sweep.sweepAccounts!.push(accountReference)
      } else {
        // Nothing open and the late window is over: the account costs nothing from now on.
        // Its window never reopens (charge times only move forward); money sent to it later
        // is still found, as late, by the next charge's reach back on the account.
        this.watched.delete(accountReference)
      }
    }
    if (sweep.chargeIds.length > 0) targets.push(sweep)
    return targets
  }

  /** True when this till has ever charged into the account (the sweep ignores all others). */
  knowsAccount(accountReference: string): boolean {
    return this.byAccount.has(accountReference)
  }

  /**
   * The account's charges a transfer dated `createdAtMs` may pay or come after: the held ones,
   * and its latest closed one. When none of those is old enough and the account has charges
   * that were let go of, those are read back (a transfer from before the till's held window).
   */
  private attributable(accountReference: string, createdAtMs: number) {
    const index = this.byAccount.get(accountReference)
    const out: AttributableCharge[] = []
    for (const id of index?.ids ?? []) {
      const c = this.charges.get(id)
      if (c) out.push({ id: c.id, accountReference, state: c.state, openedAtMs: ms(c.openedAt) })
    }
    const last = index?.lastClosed
    if (last && !index?.ids.has(last.id))
      out.push({ id: last.id, accountReference, state: 'closed', openedAtMs: last.openedAtMs })
    const reaches = out.some((c) => c.openedAtMs - this.options.skewMs <= createdAtMs)
    const archive = this.held.archive
    if (reaches || !index?.letGo || !archive) return out
    for (const c of recallAccount(archive, accountReference))
      if (!index.ids.has(c.id))
        out.push({ id: c.id, accountReference, state: c.state, openedAtMs: ms(c.openedAt) })
    return out
  }

  /**
   * Stores a charge and keeps its account's index current. A charge's account and opening
   * time never change, only its state, so each change moves at most these three pointers.
   */
  private putCharge(c: ChargeRecord): void {
    const known = this.charges.has(c.id)
    if (!this.held.putCharge(c)) return
    const accountReference = c.account.accountReference
    const pointer: ChargePointer = {
      id: c.id,
      openedAtMs: ms(c.openedAt),
      closedAtMs: c.closedAt === null ? NaN : ms(c.closedAt),
    }
    const later = (than: ChargePointer | null) => !than || pointer.openedAtMs > than.openedAtMs
    let index = this.byAccount.get(accountReference)
    if (!index) {
      index = {
        ids: new Set(),
        letGo: 0,
        latest: pointer,
        account: c.account,
        open: null,
        lastClosed: null,
      }
      this.byAccount.set(accountReference, index)
    }
    if (!known) {
      index.ids.add(c.id)
      if (later(index.latest)) index.latest = pointer
    }
    if (index.latest.id === c.id) index.account = c.account
    if (c.state === 'open') {
      if (index.open?.id === c.id || later(index.open)) index.open = pointer
    } else {
      if (index.open?.id === c.id) index.open = null
      if (c.closedAt !== null && (index.lastClosed?.id === c.id || later(index.lastClosed)))
        index.lastClosed = pointer
    }
    this.watched.add(accountReference)
    this.held.trim()
  }

  private transfersOf(chargeId: string): TransferRecord[] {
    return this.everyTransferOf(chargeId).filter((t) => !t.late)
  }

  private everyTransferOf(chargeId: string): TransferRecord[] {
    return this.held.everyTransferOf(chargeId)
  }

  private putTransfer(t: TransferRecord): void {
    this.held.putTransfer(t)
  }
}
