// A journal's chain head, kept in the keychain next to the device key. Every record of a
// journal is sealed, so nothing can be altered or added; the head in the keychain is what
// catches the other two attacks: deleting the last records, or putting back an older copy of
// the whole file (every seal in it is still valid). On load the journal must reach the head.
//
// The head is written after the records are on disk, in the background and in order (only the
// newest pending head is written). A crash in between leaves the keychain one write behind:
// the journal is then longer than the head, which is accepted because every record after the
// head is sealed and chained to it.
import type { Keychain, KeychainScope } from '../keychain/keychain'

export interface ChainHead {
  /** The sequence number of the last record (0: nothing written yet). */
  seq: number
  /** Its hash or seal, whatever the journal chains by. */
  hash: string
  /**
   * The settings file only: for each staff id, the generation in which its record last
   * changed, so a record from an older copy of the file can be told apart (settings/seals.ts).
   */
  staff?: Record<string, number>
}

const isStaffMap = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)

export function parseHead(text: string | null): ChainHead | null {
  if (text === null) return null
  try {
    const value = JSON.parse(text) as Partial<ChainHead>
    if (typeof value.seq === 'number' && Number.isInteger(value.seq) && value.seq >= 0) {
      if (typeof value.hash === 'string') {
        const head: ChainHead = { seq: value.seq, hash: value.hash }
        if (value.staff !== undefined) {
          if (!isStaffMap(value.staff)) throw new Error('unreadable staff map')
          head.staff = value.staff
        }
        return head
      }
    }
  } catch {
    // Falls through: an unreadable head is treated as a damaged one by the caller.
  }
  throw new Error('the journal head in the keychain is not readable')
}

export class ChainAnchor {
  #head: ChainHead | null
  #pending: ChainHead | null = null
  #writing: Promise<void> | null = null
  #failure: unknown = null

  constructor(
    private readonly keychain: Keychain | null,
    private readonly scope: KeychainScope,
    /** The keychain account (keys.ts headAccount). */
    readonly account: string,
    head: ChainHead | null,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.#head = head
  }

  /** Reads the head from the keychain (null: this journal was never anchored). */
  static async load(
    keychain: Keychain,
    scope: KeychainScope,
    account: string,
    onError?: (error: unknown) => void,
  ): Promise<ChainAnchor> {
    const head = parseHead(await keychain.get(scope, account))
    return new ChainAnchor(keychain, scope, account, head, onError)
  }

  /** The newest head recorded (written, or on its way to the keychain). */
  get head(): ChainHead | null {
    return this.#pending ?? this.#head
  }

  /** Records a new head; the keychain write happens in the background (see flushed()). */
  set(head: ChainHead): void {
    this.#pending = { ...head }
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = null
    })
  }

  /** Resolves once every head recorded so far is in the keychain; throws if a write failed. */
  async flushed(): Promise<void> {
    while (this.#writing) await this.#writing
    if (this.#failure !== null) throw this.#failure
  }

  async #drain(): Promise<void> {
    while (this.#pending) {
      const head = this.#pending
      try {
        if (this.keychain) {
          await this.keychain.set(this.scope, this.account, JSON.stringify(head))
        }
        this.#failure = null
        this.#head = head
      } catch (error) {
        this.#failure = error
        this.onError(error)
      }
      if (this.#pending === head) this.#pending = null
    }
  }
}
