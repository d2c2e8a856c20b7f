// Merchant-wide transaction lists for supervisors: transfers into customer accounts (first:
// the till's main business, today, with totals), checkout payments, and payouts. Each report is
// declared once (filters, columns, channel) and drawn by one frame; each list is
// server-paginated and virtualized; Export CSV asks main for every row that matches the
// filter, with exact decimal amounts.
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReportKind } from '../../../common/ipc/reports'
import { Tabs } from '../../components'
import { useNavigation } from '../../store/navigation'
import { ReportFrame } from './frame'
import { paymentsReport } from './payments'
import { payoutsReport } from './payouts'
import { transfersInReport } from './transfersIn'
import '../Payments/gateway.css'

export { totalsByStatus } from './totals'

const TABS: ReportKind[] = ['transfersIn', 'payments', 'disbursements']

export default function ReportsScreen() {
  const [tab, setTab] = useState<ReportKind>('transfersIn')
  const { t } = useTranslation()
  // The reports' words follow the language; their fetching (and so their lists) stays the same.
  const transfersIn = useMemo(() => transfersInReport(t), [t])
  const payouts = useMemo(() => payoutsReport(t), [t])
  return (
    <div className="gw-screen gw-fill" data-testid="reports-screen">
      <Tabs
        label={t('screens.reports')}
        tabs={TABS.map((id) => ({ id, label: t(`reports.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
        look="gateway"
      />
      {tab === 'payments' && <PaymentsReport />}
      {tab === 'transfersIn' && <ReportFrame report={transfersIn} />}
      {tab === 'disbursements' && <ReportFrame report={payouts} />}
    </div>
  )
}

function PaymentsReport() {
  const go = useNavigation((s) => s.go)
  const { t } = useTranslation()
  const report = useMemo(() => paymentsReport(t), [t])
  return (
    <ReportFrame report={report} onRowClick={(r) => r.reference && go('payments', r.reference)} />
  )
}
