// Another till made on this OS account while this one was away. Moving a data folder aside
// and starting Tilldesk makes a fresh till (a first-run wizard, a new admin); when the folder
// is put back, the original till should not carry on as if nothing happened. Every till is in
// the keychain's list (`Tilldesk tills`); each till remembers the list it last showed its
// admin (`Tilldesk tills seen <till id>`), and a till in the list that it has not shown yet is
// a finding, in words, until an admin has read the findings.
import type { Logger } from '../kernel/log'
import type { Keychain } from '../keychain/keychain'
import { keyedFinding, type IntegrityFindings } from './findings'
import { TILLS_ACCOUNT } from './keys'

export const tillsSeenAccount = (till: string): string => `Tilldesk tills seen ${till}`

const parseList = (text: string | null): string[] | null => {
  if (text === null) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

export class OtherTillsWatch {
  #pending: string[] | null = null

  constructor(
    private readonly keychain: Keychain,
    private readonly till: string | null,
    private readonly findings: IntegrityFindings,
    private readonly log: Logger,
  ) {}

  /** Compares the keychain's list with what this till last showed; reports what is new. */
  async check(): Promise<void> {
    const till = this.till
    if (till === null) return
    try {
      const all = parseList(await this.keychain.get('till', TILLS_ACCOUNT)) ?? []
      const seen = parseList(await this.keychain.get('till', tillsSeenAccount(till)))
      if (seen === null) {
        // The first start with this check: what exists now is the starting point.
        await this.keychain.set('till', tillsSeenAccount(till), JSON.stringify(all))
        return
      }
      const added = all.filter((other) => other !== till && !seen.includes(other))
      if (added.length === 0) return
      this.#pending = all
      this.findings.report(
        keyedFinding({
          area: 'tills',
          file: { key: 'integrity.file.keychain' },
          record: { key: 'integrity.record.tills' },
          problem: {
            key: 'integrity.tills.added',
            params: { count: added.length, tills: added.join(', ') },
          },
          consequence: { key: 'integrity.tills.then' },
        }),
      )
    } catch (error) {
      this.log.warn('could not compare the tills on this account', { error })
    }
  }

  /** An admin has read the findings: remember the list, so the notice is not repeated. */
  async acknowledge(): Promise<void> {
    const pending = this.#pending
    if (pending === null || this.till === null) return
    this.#pending = null
    try {
      await this.keychain.set('till', tillsSeenAccount(this.till), JSON.stringify(pending))
    } catch (error) {
      this.#pending = pending
      this.log.warn('could not remember the tills shown to the admin', { error })
    }
  }
}
