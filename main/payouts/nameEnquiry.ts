// Name enquiry: who holds this account, according to the bank. Runs when the cashier presses
// Resolve, before approval when possible, and before every disbursement. Answers are
// remembered for a few minutes so main can tell a name the bank really gave (and the cashier
// confirmed) from a name typed into the form.
import type { Said } from '../../common/ipc/contract'
import type { Currency } from '../../common/money'
import { GatewayError } from '../gateway/errors'
import { AppError, english } from '../kernel/errors'
import { gatewayFailureSaid } from './explain'
import { classifyFailure, type GatewayProvider } from './gatewayPort'

export type NameEnquiryResult =
  | { kind: 'resolved'; accountName: string; bankName: string; at: number }
  /** The bank says there is no such account (or the number is wrong); keyed, in `say`. */
  | { kind: 'no_account'; message: string; say: Said }
  /** We could not ask: offline, gateway trouble, or no key. Try again later. */
  | { kind: 'unavailable'; message: string; say?: Said }

export interface NameEnquiryOptions {
  gateway: GatewayProvider
  currency: Currency
  now: () => number
  /** How long a resolved name counts as "from the bank" for a new payout. */
  rememberMs?: number
  /** Per-call deadline: the cashier is waiting. */
  timeoutMs?: number
}

export class NameEnquiry {
  readonly #recent = new Map<string, { accountName: string; bankName: string; at: number }>()
  readonly #rememberMs: number

  constructor(private readonly options: NameEnquiryOptions) {
    this.#rememberMs = options.rememberMs ?? 15 * 60_000
  }

  async resolve(bankCode: string, accountNumber: string): Promise<NameEnquiryResult> {
    let gateway
    try {
      gateway = await this.options.gateway()
    } catch (error) {
      return {
        kind: 'unavailable',
        message: error instanceof Error ? error.message : 'The gateway is not set up.',
        ...(error instanceof AppError && error.say ? { say: error.say } : {}),
      }
    }
    try {
      const answer = await gateway.banks.resolve(
        { bank: bankCode, account: accountNumber, currency: this.options.currency },
        { timeoutMs: this.options.timeoutMs ?? 5_000 },
      )
      const at = this.options.now()
      const found = { accountName: answer.data.account_name, bankName: answer.data.bank_name, at }
      this.#forgetOld(at)
      this.#recent.set(`${bankCode}|${accountNumber}`, found)
      return { kind: 'resolved', ...found }
    } catch (error) {
      if (error instanceof GatewayError) {
        // The bank's "no such account" (a JSON not-found), or the gateway refusing the details.
        const refused = error.kind === 'validation' || error.kind === 'unprocessable'
        if (classifyFailure(error, 'lookup') === 'not_found' || refused) {
          // Also the payout's review reason when it is held for it (name-check.ts).
          const say = { key: 'payouts.review.noAccount', params: { account: accountNumber } }
          return { kind: 'no_account', message: english(say), say }
        }
      }
      const say = gatewayFailureSaid(error, 'resolve')
      return { kind: 'unavailable', message: english(say), say }
    }
  }

  #forgetOld(now: number): void {
    if (this.#recent.size < 200) return
    for (const [key, value] of this.#recent) {
      if (now - value.at > this.#rememberMs) this.#recent.delete(key)
    }
  }

  /** The name the bank gave for this account within the last few minutes, if any. */
  recent(bankCode: string, accountNumber: string): { accountName: string; at: number } | null {
    const found = this.#recent.get(`${bankCode}|${accountNumber}`)
    if (!found || this.options.now() - found.at > this.#rememberMs) return null
    return found
  }
}
