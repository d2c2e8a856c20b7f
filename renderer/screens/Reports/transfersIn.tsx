// The transfers-in report, the till's main business: today's transfers into customer accounts
// with totals by status.
import type { TFunction } from 'i18next'
import type { TransferInReportRow } from '../../../common/ipc/reports'
import { columns as column } from '../Payments/parts'
import { CustomerCell, pagesFrom, said, shared, type Report } from './declare'
import { totalsByStatus } from './totals'

// Filter choices and totals in the glossary's words (catalogue keys).
const TRANSFER_IN_STATES = [
  ['success', 'status.received'],
  ['processing', 'status.processing'],
  ['failed', 'status.failed'],
] as const
const TRANSFER_IN_PAGES = pagesFrom<TransferInReportRow>('reports.transfersIn')

export const transfersInReport = (t: TFunction): Report<'transfersIn', TransferInReportRow> => {
  const col = shared(t)
  const words = Object.fromEntries(said(t, TRANSFER_IN_STATES))
  return {
    kind: 'transfersIn',
    label: t('reports.transfersIn.label'),
    startsToday: true,
    filters: [
      { key: 'status', label: col.status, choices: said(t, TRANSFER_IN_STATES) },
      {
        key: 'accountReference',
        label: t('reports.accountReference'),
        placeholder: t('reports.allAccounts'),
      },
    ],
    fetch: TRANSFER_IN_PAGES,
    summarize: (rows) => totalsByStatus(rows, words, 'transfersIn', t),
    // The customer's name gets the widest share: at 1024 px it was squeezed to one word a
    // line (and "Enterprises" broken) beside a time column wide enough for a date and a time.
    columns: [
      column.time(t('reports.col.time'), '6.5rem'),
      {
        header: t('reports.col.customer'),
        width: 'minmax(0, 1.5fr)',
        cell: (r) => <CustomerCell reference={r.accountReference} />,
      },
      col.amount('7.5rem'),
      col.state('transferIn', '7.5rem'),
      {
        header: t('reports.col.narration'),
        width: 'minmax(5.5rem, 1fr)',
        cell: (r) => r.narration,
      },
      column.reference(t('reports.col.reference'), 'minmax(0, 1.1fr)', (r) => r.reference),
    ],
    rowKey: (r) => r.reference,
  }
}
