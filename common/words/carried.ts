// What a report says of an item carried over to the next shift, from the item's own fields
// (kind, status, amount, who), in the language of the page or screen showing it. The item's
// `what` is the English main stored with it when the report was sealed; it is the fallback for
// a status these words do not know (a newer till's).
import type { CarriedOverItem } from '../ipc/shifts'
import type { DocumentWords } from './documents'
import { fill } from './index'

export function carriedWords(
  item: CarriedOverItem,
  words: DocumentWords,
  money: (amount: CarriedOverItem['amount'], currency: string) => string,
): string {
  const status = (words.carried.status as Record<string, string>)[item.status]
  if (!status) return item.what
  let what = fill(words.carried[item.kind], { amount: money(item.amount, item.currency) })
  if (item.party)
    what =
      item.kind === 'payout'
        ? fill(words.carried.toParty, { what, party: item.party })
        : `${what}, ${item.party}`
  return fill(words.carried.said, { what, status })
}
