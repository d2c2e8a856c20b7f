// Payout words that depend on more than the payout: what it is for (without repeating the
// purpose when the narration is only its default), its state and what that means right now,
// in the till's language. Main sends its English for them (stateLabel, stateMeaning,
// purposeLabel); the screens say the same words from common/words in the screen's language.
import type { AuditEntryView, PayoutView } from '../../../common/ipc/payouts'
import type { Minor } from '../../../common/money'
import { DOCUMENT_WORDS, fill } from '../../../common/words'
import { documentWordsNow, t } from '../../i18n'
import { saySaid } from '../../i18n/errors'
import { formatMoney } from '../../lib/format'

/** The narrations main fills in when the cashier leaves it empty (main/payouts/commands.ts). */
const DEFAULT_NARRATIONS = new Set(['supplier payment', 'customer refund', 'cash-out'])

type Words = Record<string, string>

/** The state's word in the screen's language; main's own for a state these words don't know. */
export const stateLabelOf = (view: Pick<PayoutView, 'state' | 'stateLabel'>): string =>
  (documentWordsNow().payout.states as Words)[view.state] ?? view.stateLabel

/** "Supplier payment", or "Supplier payment: Invoice 42" when the cashier wrote something. */
export function purposeText(
  view: Pick<PayoutView, 'purpose' | 'purposeLabel' | 'narration'>,
): string {
  const label = (documentWordsNow().payout.purposes as Words)[view.purpose] ?? view.purposeLabel
  const narration = view.narration.trim()
  if (!narration || DEFAULT_NARRATIONS.has(narration.toLowerCase())) return label
  if (narration.toLowerCase() === view.purposeLabel.toLowerCase()) return label
  return fill(documentWordsNow().payout.withNote, { purpose: label, note: narration })
}

/**
 * What the state means for the money. Main's sentence for "approved" speaks of the gateway
 * being unreachable; while the till is online the payout is simply on its way. A decision is
 * said from main's key with the name and reason as typed; another sentence of main's own (an
 * alarm, a review's reason) is shown as main wrote it.
 */
export function meaningOf(
  view: Pick<PayoutView, 'state' | 'stateMeaning' | 'stateMeaningSay'>,
  connectivity: 'online' | 'offline' | 'unknown',
): string {
  if (view.state === 'approved' && connectivity === 'online') return t('payouts.row.approvedOnline')
  const standard = (DOCUMENT_WORDS.en.payout.meanings as Words)[view.state]
  if (view.stateMeaning !== standard) return saySaid(view.stateMeaningSay, view.stateMeaning)
  return (documentWordsNow().payout.meanings as Words)[view.state] ?? view.stateMeaning
}

/** An audit log line's step (or note) and states in the screen's language; main's English otherwise. */
export function auditWords(entry: AuditEntryView): {
  what: string
  from: string | null
  to: string | null
} {
  const words = documentWordsNow().payout
  const state = (name: string | undefined, english: string | null) =>
    (name && (words.states as Words)[name]) || english
  const what = entry.created
    ? fill(words.created, entry.created)
    : ((entry.action && (words.actions as Words)[entry.action]) ??
      saySaid(entry.whatSay, entry.what))
  return { what, from: state(entry.fromState, entry.from), to: state(entry.toState, entry.to) }
}

/** A payout's amount in the screen's locale (main's amountText is en-NG). */
export const amountOf = (view: Pick<PayoutView, 'amount' | 'currency'>): string =>
  formatMoney(view.amount, view.currency)

/** The same for another till's payout, whose amount travels as a string of minor units. */
export function shopAmountOf(item: { amountMinor: string; amountText: string; currency: string }) {
  const amount = /^\d+$/.test(item.amountMinor) ? Number(item.amountMinor) : NaN
  return Number.isSafeInteger(amount)
    ? formatMoney(amount as Minor, item.currency)
    : item.amountText
}
