// Commit lag: a write committed at the primary that verify and lookup by reference cannot see
// for N seconds (an eventually consistent read side). The write path itself still sees it, so
// a resend with the same reference is still 409 — the case where "verify said 404, the resend
// was refused" must not be read as "nothing was sent".
import type { EndpointName } from '../../common/api/endpoints'

type Kind = 'payment' | 'virtual_account' | 'mandate' | 'debit' | 'refund' | 'transfer'
type Json = Record<string, unknown>

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const field = (key: string) => (o: unknown) =>
  typeof o === 'object' && o !== null ? str((o as Json)[key]) : undefined

/** Writes keyed by a reference, and where the committed record's reference is. */
const WRITES: Partial<Record<EndpointName, [Kind, (record: unknown) => string | undefined]>> = {
  initializePayment: ['payment', field('reference')],
  createVirtualAccount: ['virtual_account', field('account_reference')],
  createMandate: ['mandate', field('mandate_reference')],
  debit: ['debit', field('payment_reference')],
  initializeRefund: ['refund', field('reference')],
  initializeDisbursement: ['transfer', field('reference')],
  directDebitDisburse: ['transfer', field('reference')],
}

/** Reads by reference, and where the request names it. */
const LOOKUPS: Partial<
  Record<EndpointName, [Kind, (input: { params?: unknown; query?: unknown }) => string | undefined]>
> = {
  verifyPayment: ['payment', (i) => field('reference')(i.params)],
  getVirtualAccount: ['virtual_account', (i) => field('account_reference')(i.params)],
  getMandate: ['mandate', (i) => field('mandate_reference')(i.params)],
  debitStatus: ['debit', (i) => field('payment_reference')(i.params)],
  getRefund: ['refund', (i) => field('reference')(i.params)],
  verifyDisbursement: ['transfer', (i) => field('reference')(i.query)],
}

const PRUNE_AT = 10_000

export class CommitLagTracker {
  /** `kind:reference` -> wall-clock ms from which lookups see it. */
  private readonly hiddenUntil = new Map<string, number>()

  constructor(private readonly wallMs: () => number) {}

  /** After a write committed: hide its record from lookups for `seconds`. */
  committed(endpoint: string, record: unknown, seconds: number): void {
    const write = WRITES[endpoint as EndpointName]
    if (!write || seconds <= 0) return
    const reference = write[1](record)
    if (!reference) return
    // Records nobody looked up while hidden would stay here forever: drop the expired ones
    // now and then, so a long chaos run holds only what is still hidden.
    if (this.hiddenUntil.size >= PRUNE_AT) this.prune()
    this.hiddenUntil.set(`${write[0]}:${reference}`, this.wallMs() + seconds * 1000)
  }

  private prune(): void {
    const now = this.wallMs()
    for (const [key, until] of this.hiddenUntil) if (until <= now) this.hiddenUntil.delete(key)
  }

  get size(): number {
    return this.hiddenUntil.size
  }

  /** True when this lookup must answer "not found" although the record exists. */
  hides(endpoint: string, input: { params?: unknown; query?: unknown }): boolean {
    if (this.hiddenUntil.size === 0) return false
    const lookup = LOOKUPS[endpoint as EndpointName]
    if (!lookup) return false
    const reference = lookup[1](input)
    if (!reference) return false
    const key = `${lookup[0]}:${reference}`
    const until = this.hiddenUntil.get(key)
    if (until === undefined) return false
    if (this.wallMs() < until) return true
    this.hiddenUntil.delete(key)
    return false
  }

  clear(): void {
    this.hiddenUntil.clear()
  }
}
