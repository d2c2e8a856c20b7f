// A mandate as the screens see it: its fields, this month's use against its limits, the
// actions its status allows, its debits, and in words why it is not yet confirmed. Built from
// the journals alone (no gateway call); MandatesService publishes it after every change.
import type { DebitView, MandateView } from '../../common/ipc/mandates'
import type { Said } from '../../common/ipc/contract'
import { outcomeViewOf } from '../exactly-once/outcome-view'
import { english } from '../kernel/errors'
import type { DebitEntry, MandateEntry } from './mandate-entries'
import { allowedActions, monthlyUsage } from './mandate-rules'

export interface MandateViewContext {
  bankName: (bankCode: string) => string | null
  /** A debit as its screens show it (DebitsService). */
  debitView: (debit: DebitEntry) => DebitView
  now: number
}

export function toMandateView(
  entry: MandateEntry,
  debits: DebitEntry[],
  context: MandateViewContext,
): MandateView {
  return {
    mandateReference: entry.mandateReference,
    status: entry.status,
    customerName: entry.customerName,
    customerEmail: entry.customerEmail,
    accountNumber: entry.accountNumber,
    bankCode: entry.bankCode,
    bankName: context.bankName(entry.bankCode),
    startDate: entry.startDate,
    endDate: entry.endDate,
    currency: entry.currency,
    maxMonthlyAmount: entry.maxMonthlyAmount,
    maxMonthlyDebitCount: entry.maxMonthlyDebitCount,
    activationInitiated: entry.activationInitiated,
    createdAt: entry.createdAt,
    activatedAt: entry.activatedAt,
    cancelledAt: entry.cancelledAt,
    usage: monthlyUsage(entry, debits, context.now),
    can: entry.confirmed
      ? allowedActions(entry.status, entry.activationInitiated)
      : { initiateActivation: false, validateActivation: false, debit: false, cancel: false },
    debits: debits.map(context.debitView),
    checkedAt: entry.checkedAt,
    ...mandateNotice(entry),
    outcome: entry.confirmed ? null : outcomeViewOf(entry.uncertainty, 'mandate'),
  }
}

/** Why an unconfirmed mandate may not be created again: keyed, its English from the same words. */
function mandateNotice(entry: MandateEntry): { notice: string | null; noticeSay?: Said } {
  if (entry.confirmed) return { notice: null }
  const noticeSay: Said = {
    key: entry.uncertainty?.review ? 'mandates.notice.review' : 'mandates.notice.waiting',
  }
  return { notice: english(noticeSay), noticeSay }
}

export function statusWords(status: MandateEntry['status']): string {
  switch (status) {
    case 'pending_activation':
      return 'waiting for activation'
    case 'active':
      return 'active'
    case 'cancelled':
      return 'cancelled'
    case 'expired':
      return 'expired'
    case 'unknown':
      return 'in a status this till does not know (check with the gateway)'
  }
}
