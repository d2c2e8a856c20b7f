// Payout words that depend on more than the payout: what it is for (without repeating the
// purpose when the narration is only its default), and what "approved" means right now.
import type { PayoutView } from '../../../common/ipc/payouts'
import { t } from '../../i18n'

/** The narrations main fills in when the cashier leaves it empty (main/payouts/commands.ts). */
const DEFAULT_NARRATIONS = new Set(['supplier payment', 'customer refund', 'cash-out'])

/** "Supplier payment", or "Supplier payment: Invoice 42" when the cashier wrote something. */
export function purposeText(view: Pick<PayoutView, 'purposeLabel' | 'narration'>): string {
  const narration = view.narration.trim()
  if (!narration || DEFAULT_NARRATIONS.has(narration.toLowerCase())) return view.purposeLabel
  if (narration.toLowerCase() === view.purposeLabel.toLowerCase()) return view.purposeLabel
  return `${view.purposeLabel}: ${narration}`
}

/**
 * What the state means for the money. Main's sentence for "approved" speaks of the gateway
 * being unreachable; while the till is online the payout is simply on its way.
 */
export function meaningOf(
  view: Pick<PayoutView, 'state' | 'stateMeaning'>,
  connectivity: 'online' | 'offline' | 'unknown',
): string {
  if (view.state === 'approved' && connectivity === 'online') return t('payouts.row.approvedOnline')
  return view.stateMeaning
}
