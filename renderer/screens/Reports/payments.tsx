// The checkout payments report: by status, method and customer e-mail; a row opens the payment.
import type { TFunction } from 'i18next'
import type { PaymentReportRow } from '../../../common/ipc/reports'
import { METHOD_LABEL, columns as column, money } from '../Payments/parts'
import { pagesFrom, said, shared, type Report } from './declare'

// Filter choices in the glossary's words (catalogue keys), in the order the filter lists them.
const PAYMENT_STATES = [
  ['success', 'status.paid'],
  ['pending', 'reports.states.waitingCustomer'],
  ['failed', 'reports.states.declined'],
  ['abandoned', 'reports.states.abandoned'],
] as const
const METHODS = [
  ['card', 'reports.methods.card'],
  ['bank_transfer', 'reports.methods.bankTransfer'],
  ['ussd', 'reports.methods.ussd'],
] as const
/** The payments report's pages: made once, so its list is not asked for again on a re-render. */
const PAYMENT_PAGES = pagesFrom<PaymentReportRow>('reports.payments')

export const paymentsReport = (t: TFunction): Report<'payments', PaymentReportRow> => {
  const col = shared(t)
  return {
    kind: 'payments',
    label: t('reports.payments.label'),
    filters: [
      { key: 'status', label: col.status, choices: said(t, PAYMENT_STATES) },
      {
        key: 'method',
        label: t('reports.col.method'),
        any: t('reports.anyMethod'),
        choices: said(t, METHODS),
      },
      { key: 'email', label: t('reports.customerEmail'), type: 'email' },
    ],
    fetch: PAYMENT_PAGES,
    // Seven columns, a status badge as wide as "Waiting for customer" among them: below about
    // 1280 px the customer and the reference would be squeezed until they no longer fit.
    minWidth: '60rem',
    columns: [
      column.time(t('reports.col.created'), '8rem'),
      {
        header: t('reports.col.customer'),
        width: 'minmax(0, 1.5fr)',
        cell: (r) => (
          <span className="gw-two-line">
            <span>{r.customerName ?? r.email}</span>
            {r.customerName && <small>{r.email}</small>}
          </span>
        ),
      },
      {
        header: t('reports.col.method'),
        width: '6.5rem',
        cell: (r) => (r.paymentMethod ? (METHOD_LABEL[r.paymentMethod] ?? r.paymentMethod) : '—'),
      },
      col.amount('8.5rem'),
      {
        header: t('reports.col.refunded'),
        width: '7.5rem',
        align: 'end',
        cell: (r) =>
          r.amountRefunded !== null && r.amountRefunded > 0
            ? money(r.amountRefunded, r.currency)
            : '—',
      },
      col.state('payment', '10.5rem'),
      column.reference(t('reports.col.reference'), 'minmax(0, 1.5fr)', (r) => r.reference),
    ],
    // A row the gateway gave no reference can be listed but not opened.
    rowKey: (r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`,
    rowLabel: (r) =>
      r.reference
        ? t('reports.payments.open', {
            reference: r.reference,
            amount: money(r.amount, r.currency),
          })
        : t('reports.payments.openUnreferenced', { amount: money(r.amount, r.currency) }),
  }
}
