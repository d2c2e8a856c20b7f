// What the collections ledger holds in memory, and what it lets go of. A till is never
// restarted for weeks, so with `keepClosed` and an archive only what the till works on stays:
// open charges, the `keepClosed` latest-opened closed charges, a charge whose money is still
// moving, late transfers nobody has looked at yet, and, for dedupe, the references of the
// transfers let go of until the watch can no longer reach them. The rest is read back from the
// journal when a screen asks (ledger-archive.ts). Without an archive (the reports' own reading
// of the journal) everything given is held. The rules of charges and transfers are ledger.ts.
import type { TransferStatus } from '../../common/ipc/collections'
import type { ObservedTransfer } from './observed'
import type { ChargeRecord, TransferRecord } from './records'
import {
  recallCharge,
  recallLate,
  recallTransfers,
  type LedgerArchive,
  type RecalledCharge,
  type RecalledTransfer,
} from './ledger-archive'

/** Charges read back from the journal, kept for the next question about them. */
const RECALLED = 16
const FINAL: ReadonlySet<TransferStatus> = new Set(['success', 'failed'])
const ms = (iso: string): number => Date.parse(iso)

export class HeldRecords {
  /** Held charges, in the order first held (opening order): the front is let go of first. */
  readonly charges = new Map<string, ChargeRecord>()
  readonly transfers = new Map<string, TransferRecord>()
  /** Per held charge, the references of its held transfers (late ones after it included). */
  private readonly byCharge = new Map<string, Set<string>>()
  private closedHeld = 0
  /** Transfers let go of (final, looked at, their charge let go of): minute of creation. */
  private readonly letGo = new Map<string, number>()
  /** Before this time a reference may have been dropped from `letGo`: ask the journal. */
  private forgottenBeforeMs = -Infinity
  private readonly recalled = new Map<string, RecalledCharge>()
  /** While the journal is being loaded nothing is let go of (transfers come after charges). */
  loading = false
  private readonly keepClosed: number

  constructor(
    readonly archive: LedgerArchive | null,
    keepClosed: number | undefined,
    /** Told of each charge let go of (the account index keeps count). */
    private readonly onLetGo: (c: ChargeRecord) => void,
  ) {
    this.keepClosed = archive ? (keepClosed ?? Infinity) : Infinity
  }

  counts(): { charges: number; transfers: number; letGo: number } {
    return { charges: this.charges.size, transfers: this.transfers.size, letGo: this.letGo.size }
  }

  /**
   * Holds the charge; false when it was let go of already and changed since (a receipt printed
   * again): written by the caller, read back when asked for, not held again.
   */
  putCharge(c: ChargeRecord): boolean {
    const before = this.charges.get(c.id)
    if (!before && c.state !== 'open' && !this.loading && this.archive) {
      this.recalled.delete(c.id)
      return false
    }
    if ((before?.state ?? 'open') === 'open' && c.state !== 'open') this.closedHeld += 1
    this.charges.set(c.id, c)
    return true
  }

  putTransfer(t: TransferRecord): void {
    this.transfers.set(t.reference, t)
    this.letGo.delete(t.reference)
    if (t.chargeId && this.charges.has(t.chargeId)) {
      const set = this.byCharge.get(t.chargeId) ?? new Set<string>()
      set.add(t.reference)
      this.byCharge.set(t.chargeId, set)
    } else if (t.chargeId) this.recalled.delete(t.chargeId)
    this.settle(t)
  }

  /** A charge, held or read back from the journal. */
  charge(id: string): ChargeRecord | undefined {
    return this.charges.get(id) ?? this.recall(id)?.charge
  }

  /** Every transfer naming the charge (late ones after it too): held, or read back. */
  everyTransferOf(chargeId: string): TransferRecord[] {
    const refs = this.byCharge.get(chargeId)
    if (!refs) return this.charges.has(chargeId) ? [] : (this.recall(chargeId)?.transfers ?? [])
    const out: TransferRecord[] = []
    for (const r of refs) {
      const t = this.transfers.get(r)
      if (t) out.push(t)
    }
    return out
  }

  /** The transfer, held or read back from the journal; undefined when never seen here. */
  transfer(reference: string): TransferRecord | undefined {
    const held = this.transfers.get(reference)
    if (held || !this.archive || !this.letGo.has(reference)) return held
    return recallTransfers(this.archive, new Set([reference])).transfers.get(reference)
  }

  /**
   * True when this transfer was seen here before, held or let go of. One older than what the
   * dedupe still remembers is looked for in the journal.
   */
  knows(seen: Pick<ObservedTransfer, 'reference' | 'createdAt'>): boolean {
    if (this.transfers.has(seen.reference) || this.letGo.has(seen.reference)) return true
    if (!this.archive || !(ms(seen.createdAt) < this.forgottenBeforeMs)) return false
    return recallTransfers(this.archive, new Set([seen.reference])).transfers.has(seen.reference)
  }

  /**
   * Each of these transfers as this till knows it, with its charge's sale reference: held ones
   * from memory, the rest read back from the journal in one pass (only references this till
   * saw, or may have forgotten).
   */
  annotations(
    seen: ReadonlyArray<Pick<ObservedTransfer, 'reference' | 'createdAt'>>,
  ): Map<string, RecalledTransfer> {
    const out = new Map<string, RecalledTransfer>()
    const wanted = new Set<string>()
    const charges = new Set<string>()
    for (const s of seen) {
      const t = this.transfers.get(s.reference)
      if (t) {
        const owner = t.chargeId ? this.charges.get(t.chargeId) : undefined
        if (owner || !t.chargeId)
          out.set(t.reference, { transfer: t, saleReference: owner?.saleReference ?? null })
        else charges.add(t.chargeId)
      } else if (this.letGo.has(s.reference) || ms(s.createdAt) < this.forgottenBeforeMs)
        wanted.add(s.reference)
    }
    if (!this.archive || (wanted.size === 0 && charges.size === 0)) return out
    const back = recallTransfers(this.archive, wanted, charges)
    for (const s of seen) {
      const t = out.has(s.reference)
        ? undefined
        : (this.transfers.get(s.reference) ?? back.transfers.get(s.reference))
      if (!t) continue
      const owner = t.chargeId ? this.charges.get(t.chargeId) : undefined
      const saleReference = owner
        ? owner.saleReference
        : ((t.chargeId && back.saleReferences.get(t.chargeId)) ?? null)
      out.set(t.reference, { transfer: t, saleReference })
    }
    return out
  }

  /** Late transfers: the held ones, and with `all` those looked at already (read back). */
  late(all: boolean): TransferRecord[] {
    const late = new Map<string, TransferRecord>()
    if (all && this.archive) for (const t of recallLate(this.archive)) late.set(t.reference, t)
    for (const t of this.transfers.values()) late.set(t.reference, t)
    return [...late.values()].filter((t) => t.late)
  }

  /**
   * Lets go of the oldest-opened closed charges beyond `keepClosed`, with their transfers. A
   * charge with money still moving (a transfer not final) stays until it is final.
   */
  trim(): void {
    if (this.loading || this.closedHeld <= this.keepClosed) return
    for (const c of this.charges.values()) {
      if (this.closedHeld <= this.keepClosed) break
      if (c.state === 'open') continue
      const transfers = this.everyTransferOf(c.id)
      if (transfers.some((t) => !FINAL.has(t.status))) continue
      this.charges.delete(c.id)
      this.byCharge.delete(c.id)
      this.closedHeld -= 1
      this.onLetGo(c)
      for (const t of transfers) this.settle(t)
    }
  }

  /**
   * Lets go of a transfer whose charge is no longer held, once nothing can change it and
   * nobody needs to look at it: final, and not a late one waiting to be looked at.
   */
  settle(t: TransferRecord): void {
    if (this.loading || !this.archive) return
    if (t.chargeId && this.charges.has(t.chargeId)) return
    if (!FINAL.has(t.status) || (t.late && !t.acknowledgement)) return
    this.transfers.delete(t.reference)
    this.letGo.set(t.reference, Math.floor(ms(t.createdAt) / 60_000))
  }

  /** Drops from the dedupe the references created before `beforeMs` (oldest first). */
  forget(beforeMs: number): void {
    const before = Math.floor(beforeMs / 60_000)
    for (const [reference, minute] of this.letGo) {
      if (minute >= before) break
      this.letGo.delete(reference)
      this.forgottenBeforeMs = Math.max(this.forgottenBeforeMs, (minute + 1) * 60_000)
    }
  }

  /** A charge let go of, read back from the journal (the last few are kept for a while). */
  private recall(chargeId: string): RecalledCharge | undefined {
    if (!this.archive) return undefined
    const kept = this.recalled.get(chargeId)
    if (kept) {
      this.recalled.delete(chargeId)
      this.recalled.set(chargeId, kept)
      return kept
    }
    const back = recallCharge(this.archive, chargeId)
    if (!back) return undefined
    this.recalled.set(chargeId, back)
    for (const id of this.recalled.keys()) {
      if (this.recalled.size <= RECALLED) break
      this.recalled.delete(id)
    }
    return back
  }
}
