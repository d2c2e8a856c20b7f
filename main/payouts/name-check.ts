// The bank's answer to a name enquiry, judged against the payee name a person entered: a
// name check to record, or why the payout must be held (in words). Used before approval
// (commands.ts) and before every disbursement (sender.ts).
import { english } from '../kernel/errors'
import type { Said } from '../../common/ipc/contract'
import type { NameCheck, PayoutItem } from './model'
import type { NameEnquiryResult } from './nameEnquiry'
import { namesMatch } from './nameMatch'

/** Why the payout is held, keyed (common/words/errors.ts `payouts`), from the judged check. */
export function holdSaid(
  item: Pick<PayoutItem, 'accountName' | 'accountNumber'>,
  nameCheck: NameCheck | null,
): Said {
  return nameCheck?.status === 'mismatch'
    ? {
        key: 'payouts.nameMismatch',
        params: {
          account: item.accountNumber,
          bankName: nameCheck.bankName,
          typed: item.accountName,
        },
      }
    : { key: 'payouts.review.noAccount', params: { account: item.accountNumber } }
}

/** Compares the bank's answer with the payee name. */
export function judgeName(
  item: Pick<PayoutItem, 'accountName' | 'accountNumber'>,
  result: NameEnquiryResult,
): { nameCheck: NameCheck | null; hold: string | null } {
  switch (result.kind) {
    case 'unavailable':
      return { nameCheck: null, hold: null }
    case 'no_account':
      return { nameCheck: null, hold: result.message }
    case 'resolved': {
      const matched = namesMatch(item.accountName, result.accountName)
      const nameCheck: NameCheck = {
        status: matched ? 'matched' : 'mismatch',
        bankName: result.accountName,
        at: result.at,
      }
      return {
        nameCheck,
        hold: matched
          ? null
          : english({
              key: 'payouts.review.nameMismatch',
              params: {
                account: item.accountNumber,
                bankName: result.accountName,
                name: item.accountName,
              },
            }),
      }
    }
  }
}
