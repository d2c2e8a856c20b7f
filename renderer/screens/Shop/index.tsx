// The shop, for supervisors in shop mode, in three tabs: Today (every till's collections and
// payouts, and what waits for approval on any till), the shop-wide Z-report of a day, and one
// audit log. Figures are what each till has told the shop, as last pulled; while the server
// can't be reached this till shows what it had, and says so.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopOverview, ShopStatusView } from '../../../common/ipc/shop'
import { Banner, EmptyState, Spinner, Tabs, type TabItem } from '../../components'
import { saySaid } from '../../i18n/errors'
import { call, messageOf, subscribe } from '../../lib/pos'
import '../Payouts/payouts.css'
import { AuditLog } from './AuditLog'
import './shop.css'
import { Today } from './Today'
import { saveCsv } from './words'
import { ZReport } from './ZReport'

type Tab = 'today' | 'z' | 'audit'
const TABS: readonly Tab[] = ['today', 'z', 'audit']

export default function ShopScreen() {
  const { t } = useTranslation()
  const tabs: ReadonlyArray<TabItem<Tab>> = TABS.map((id) => ({ id, label: t(`shop.tabs.${id}`) }))
  const [status, setStatus] = useState<ShopStatusView | null>(null)
  const [overview, setOverview] = useState<ShopOverview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [tab, setTab] = useState<Tab>('today')

  useEffect(() => {
    const load = () =>
      call('shop.status').then(
        async (next) => {
          setStatus(next)
          if (next.mode === 'shop') setOverview(await call('shop.overview'))
        },
        (error: unknown) => setProblem(messageOf(error)),
      )
    void load()
    const timer = window.setInterval(() => void load(), 15_000)
    const off = subscribe('shop.status', setStatus)
    return () => {
      window.clearInterval(timer)
      off()
    }
  }, [])

  const exportCsv = async () => {
    try {
      saveCsv(await call('shop.exportCsv'))
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  if (problem) return <Banner tone="danger" title={problem} />
  if (!status) return <Spinner label={t('shop.loading')} />
  if (status.mode === 'single')
    return (
      <EmptyState icon="outbox" title={t('shop.single')}>
        {t('shop.singleBody')}
      </EmptyState>
    )
  return (
    <div className="screen shop" data-testid="shop">
      <Banner tone={status.sync === 'online' ? 'success' : 'warning'} className="no-print">
        {saySaid(status.say, status.message)}
      </Banner>
      <Tabs
        label={t('shop.tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        look="payouts"
      />
      {tab === 'today' && <Today overview={overview} onExport={() => void exportCsv()} />}
      {tab === 'z' && <ZReport />}
      {tab === 'audit' && <AuditLog />}
    </div>
  )
}
