// What shifts need from the till's integrity service (main/integrity): a keyed seal (HMAC
// under the environment's device key, which only the OS keychain holds) and the Z-report
// chain's head, kept in the keychain too. The integrity Sealer and ChainAnchor have exactly
// these shapes; tests hand in their own.
export interface ShiftSealer {
  /** False for a key that lives only in memory (no keychain): nothing earlier can be checked. */
  readonly enforced: boolean
  seal(domain: string, value: unknown): string
  /** The comparison itself (constant time), whatever `enforced` says. */
  matches(domain: string, value: unknown, seal: unknown): boolean
}

export interface ZChainHead {
  seq: number
  hash: string
}

/** The newest Z-report's number and seal, kept outside the data folder. */
export interface ZAnchor {
  readonly head: ZChainHead | null
  set(head: ZChainHead): void
}

export interface ZJournalSeal {
  sealer: ShiftSealer
  /** Null without a keychain: there is no head to check against. */
  anchor: ZAnchor | null
}

/** Seal domains: no file's seal can pass as another's (a Z-report, the state file, the summary). */
export const Z_DOMAIN = 'tilldesk.shifts.z.v1'
export const STATE_DOMAIN = 'tilldesk.shifts.state.v1'
/** The running summary of what the sealed Z-reports counted (counted-summary.ts). */
export const COUNTED_DOMAIN = 'tilldesk.shifts.counted.v1'
