// Keyed seals: HMAC-SHA256 under a device key that only the OS keychain holds. A SHA-256 hash
// can be recomputed by anyone who edits a file; a seal can only be made by code that holds the
// key, so an edited, added or swapped record no longer matches its seal.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { canonicalJson } from '../kernel/canonicalJson'

/**
 * Seals values under one key. `domain` separates purposes (a staff record's seal can never
 * pass as a journal line's), and values are serialized canonically, so key order never
 * matters.
 *
 * `enforced` is false for a key kept only in memory (no keychain: Demo, or a till whose
 * keychain is locked). Such a key is new every run, so it cannot check anything written
 * before; `check` then accepts everything, and the integrity service reports once, in words,
 * that nothing is being checked. Callers that carry money (payouts in Sandbox and Live) must
 * refuse to run on an unenforced key.
 */
export class Sealer {
  readonly #key: Buffer

  constructor(
    key: Buffer,
    readonly enforced: boolean,
  ) {
    if (key.length < 32) throw new Error('A device key has at least 32 bytes.')
    this.#key = Buffer.from(key)
  }

  /** The seal of `value` for `domain`: 64 hex characters. */
  seal(domain: string, value: unknown): string {
    return createHmac('sha256', this.#key)
      .update(`tilldesk.seal.v1\n${domain}\n`, 'utf8')
      .update(canonicalJson(value), 'utf8')
      .digest('hex')
  }

  /** True when `seal` is `value`'s seal for `domain` (constant time); always true unenforced. */
  check(domain: string, value: unknown, seal: unknown): boolean {
    if (!this.enforced) return true
    return this.matches(domain, value, seal)
  }

  /** The comparison itself, whatever `enforced` says (tests and the keyed hash of PINs). */
  matches(domain: string, value: unknown, seal: unknown): boolean {
    if (typeof seal !== 'string' || !/^[0-9a-f]{64}$/.test(seal)) return false
    let expected: string
    try {
      expected = this.seal(domain, value)
    } catch {
      return false
    }
    return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(seal, 'hex'))
  }
}
