// The payouts report: payouts to suppliers and staff, with totals by status.
import type { TFunction } from 'i18next'
import type { DisbursementReportRow } from '../../../common/ipc/reports'
import { columns as column } from '../Payments/parts'
import { pagesFrom, said, shared, type Report } from './declare'
import { totalsByStatus } from './totals'

// Filter choices and totals in the glossary's words (catalogue keys).
const PAYOUT_STATES = [
  ['pending', 'reports.states.pending'],
  ['processing', 'status.processing'],
  ['success', 'status.paid'],
  ['failed', 'status.failed'],
  ['reversed', 'status.returned'],
] as const
const PAYOUT_PAGES = pagesFrom<DisbursementReportRow>('reports.disbursements')

export const payoutsReport = (t: TFunction): Report<'disbursements', DisbursementReportRow> => {
  const col = shared(t)
  const words = Object.fromEntries(said(t, PAYOUT_STATES))
  return {
    kind: 'disbursements',
    label: t('reports.disbursements.label'),
    filters: [
      { key: 'status', label: col.status, choices: said(t, PAYOUT_STATES) },
      { key: 'recipientEmail', label: t('reports.recipientEmail'), type: 'email' },
    ],
    fetch: PAYOUT_PAGES,
    // Four flexible columns (recipient, bank, narration, reference) beside three fixed ones: at
    // 1024 px they would be too narrow for their own names.
    minWidth: '60rem',
    summarize: (rows) => totalsByStatus(rows, words, 'disbursements', t),
    columns: [
      column.time(t('reports.col.created'), '8.5rem'),
      {
        header: t('reports.col.recipient'),
        width: 'minmax(0, 1.4fr)',
        cell: (r) => r.accountName ?? r.recipientEmail ?? r.accountNumber,
      },
      {
        header: t('reports.col.bank'),
        width: 'minmax(0, 1fr)',
        cell: (r) => `${r.bankName ?? ''} ${r.accountNumber}`.trim(),
      },
      col.amount('9rem'),
      col.state('transfer', '8rem'),
      {
        header: t('reports.col.narration'),
        width: 'minmax(0, 1.2fr)',
        cell: (r) => r.failureReason ?? r.narration,
      },
      column.reference(t('reports.col.reference'), 'minmax(0, 1.2fr)', (r) => r.reference),
    ],
    rowKey: (r) => r.reference,
  }
}
