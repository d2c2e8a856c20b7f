// Every refund this till can see, filtered by status, payment and day, a page at a time;
// opening one shows its payment on the Refund tab.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RefundHistoryInput, RefundView } from '../../../common/ipc/refunds'
import type { RefundCountsView } from '../../../common/ipc/refunds'
import { Card, Spinner, TextField } from '../../components'
import {
  FilterBar,
  FilterSelect,
  PAGE_SIZE,
  PagedTable,
  StatTile,
  StatTiles,
  useFilterForm,
  withFieldErrors,
  type Column,
} from '../../components/kit'
import { formatNumber } from '../../lib/format'
import { call } from '../../lib/pos'
import { StatusBadge, money, when } from '../Payments/parts'

type HistoryForm = { status: string; paymentReference: string; from: string; to: string }

function toFilter(form: HistoryForm): Omit<RefundHistoryInput, 'page' | 'pageSize'> {
  return {
    ...(form.status ? { status: form.status as NonNullable<RefundHistoryInput['status']> } : {}),
    ...(form.paymentReference.trim() ? { paymentReference: form.paymentReference.trim() } : {}),
    ...(form.from ? { from: form.from } : {}),
    ...(form.to ? { to: form.to } : {}),
  }
}

const REFUND_STATES = [
  ['pending', 'refunds.states.requested'],
  ['processing', 'status.processing'],
  ['success', 'refunds.states.refunded'],
  ['failed', 'status.failed'],
] as const

export function History({ onOpen }: { onOpen: (paymentReference: string) => void }) {
  const { form, set, filter, apply } = useFilterForm<HistoryForm, ReturnType<typeof toFilter>>(
    { status: '', paymentReference: '', from: '', to: '' },
    toFilter,
  )
  const [fields, setFields] = useState<Record<string, string>>({})
  const [counts, setCounts] = useState<RefundCountsView | null>(null)
  const [total, setTotal] = useState<number | null>(null)
  const { t } = useTranslation()

  useEffect(() => {
    call('refunds.counts')
      .then(setCounts)
      .catch(() => setCounts(null))
  }, [filter])

  const fetchPage = useCallback(
    (page: number) =>
      withFieldErrors(async () => {
        const result = await call('refunds.history', { ...filter, page, pageSize: PAGE_SIZE })
        return { items: result.items, totalItems: result.totalItems }
      }, setFields),
    [filter],
  )
  const columns = useMemo<Column<RefundView>[]>(
    () => [
      { header: t('refunds.col.when'), width: '9rem', cell: (r) => when(r.createdAt) },
      {
        header: t('refunds.col.payment'),
        width: 'minmax(0, 1.2fr)',
        cell: (r) => <span className="mono">{r.paymentReference}</span>,
      },
      {
        header: t('refunds.col.amount'),
        width: '9rem',
        align: 'end',
        cell: (r) => money(r.amount, r.currency),
      },
      {
        header: t('kit.status'),
        width: '8rem',
        cell: (r) => <StatusBadge kind="refund" status={r.status} />,
      },
      {
        header: t('refunds.reason'),
        width: 'minmax(0, 1fr)',
        cell: (r) => r.failureReason ?? r.reason ?? '',
      },
      {
        header: t('refunds.col.refund'),
        width: 'minmax(0, 1fr)',
        cell: (r) => <span className="mono">{r.reference}</span>,
      },
    ],
    [t],
  )
  return (
    <div className="gw-screen">
      {counts ? (
        <StatTiles testId="refund-counts">
          <StatTile label={t('refunds.states.requested')} value={formatNumber(counts.pending)} />
          <StatTile label={t('status.processing')} value={formatNumber(counts.processing)} />
          <StatTile label={t('refunds.states.refunded')} value={formatNumber(counts.success)} />
          <StatTile label={t('status.failed')} value={formatNumber(counts.failed)} />
          <StatTile label={t('refunds.all')} value={formatNumber(counts.total)} emphasis />
        </StatTiles>
      ) : (
        <Spinner size={20} label={t('refunds.counting')} />
      )}
      <Card>
        <FilterBar
          label={t('refunds.filter')}
          onApply={apply}
          dates={{ from: form.from, to: form.to, onChange: set, errors: fields }}
        >
          <FilterSelect
            value={form.status}
            onChange={set('status')}
            choices={REFUND_STATES.map(([value, key]) => [value, t(key)] as const)}
          />
          <TextField
            label={t('refunds.paymentReference')}
            value={form.paymentReference}
            onChange={set('paymentReference')}
            error={fields.paymentReference}
          />
        </FilterBar>
      </Card>
      <p aria-live="polite" data-testid="refund-history-count">
        {total === null ? t('common.loading') : t('refunds.count', { count: total })}
      </p>
      <PagedTable
        label={t('refunds.label')}
        queryKey={JSON.stringify(filter)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`}
        onRowClick={(r) => r.paymentReference && onOpen(r.paymentReference)}
        rowLabel={(r) =>
          t('refunds.openRow', {
            reference: r.reference,
            amount: money(r.amount, r.currency),
            payment: r.paymentReference,
          })
        }
        empty={t('refunds.empty')}
        onTotal={setTotal}
        // Three flexible columns beside three fixed ones: at 1024 px they would be narrower
        // than their own names ("Remboursement"); the list scrolls sideways instead.
        minWidth="56rem"
      />
    </div>
  )
}
