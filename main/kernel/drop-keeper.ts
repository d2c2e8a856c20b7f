// The seam between a journal that trims (payments, refunds, debits keep only their latest
// entries) and the one reader that must still count what it drops: the shift reports' books.
// A trim hands the records it is about to drop over here, inside the write that drops them,
// and drops them only when they are kept elsewhere; otherwise they stay in their journal past
// its limit and the next write tries again. Nothing settled can then leave every file before
// a Z-report has counted it: not when the write that finishes an entry is the one that trims
// it, nor when a second write trims it before the books have looked.
import type { Environment } from '../../common/ipc/shared'

/** Which trimmed journal a record comes from. */
export type TrimmedJournal = 'payments' | 'refunds' | 'debits'

/**
 * Keeps the records (as the journal holds them) durably before they are dropped; true when
 * they may go. Synchronous: the journal's own write follows it.
 */
export type DropKeeper = (
  environment: Environment,
  journal: TrimmedJournal,
  records: readonly unknown[],
) => boolean

/** The one keeper the till has (the shift books), set when the shifts feature starts. */
export class DropKeepers {
  #keeper: DropKeeper | null = null

  /** Sets the keeper; returns the unset. */
  set(keeper: DropKeeper): () => void {
    this.#keeper = keeper
    return () => {
      if (this.#keeper === keeper) this.#keeper = null
    }
  }

  /** True when the records are kept elsewhere; with no keeper yet, false (they stay). */
  keep(environment: Environment, journal: TrimmedJournal, records: readonly unknown[]): boolean {
    return this.#keeper !== null && this.#keeper(environment, journal, records)
  }
}
