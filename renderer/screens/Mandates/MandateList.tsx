// The mandates this till remembers, and looking one up by its reference.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button, Card, TextField } from '../../components'
import { PickList } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { LookupCard, StatusBadge, day, money } from '../Payments/parts'
import { useMandates } from './store'

export function MandateList() {
  const list = useMandates((s) => s.list)
  const open = useMandates((s) => s.open)
  const listError = useMandates((s) => s.listError)
  const openRef = open !== null && open !== 'new' ? open.mandateReference : null
  const [filter, setFilter] = useState('')
  const { t } = useTranslation()
  const shown = list.filter((m) =>
    `${m.customerName} ${m.customerEmail} ${m.mandateReference}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  )
  const openOne = async (reference: string) => {
    try {
      useMandates.getState().show(await call('mandates.get', { mandateReference: reference }))
    } catch (error) {
      useMandates.setState({ listError: messageOf(error) })
    }
  }
  return (
    <Card
      title={t('mandates.list.title')}
      actions={
        <Button
          variant="primary"
          size="sm"
          icon="plus"
          onClick={() => useMandates.getState().show('new')}
        >
          {t('mandates.list.new')}
        </Button>
      }
    >
      {listError && <Banner tone="warning">{listError}</Banner>}
      {list.length > 5 && (
        <TextField
          label={t('mandates.list.find')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('mandates.list.findPlaceholder')}
        />
      )}
      {list.length === 0 ? (
        <p className="muted">{t('mandates.list.none')}</p>
      ) : (
        <PickList
          testId="mandate-list"
          items={shown}
          keyOf={(m) => m.mandateReference}
          activeKey={openRef}
          onPick={(m) => void openOne(m.mandateReference)}
          main={(m) => (
            <>
              <strong>{m.customerName}</strong>
              <span className="gw-list__sub">
                {t('mandates.list.perMonth', {
                  amount: money(m.maxMonthlyAmount, m.currency),
                  end: day(m.endDate),
                })}
              </span>
            </>
          )}
          end={(m) => <StatusBadge kind="mandate" status={m.status} />}
        />
      )}
    </Card>
  )
}

export function LookupMandate() {
  const { t } = useTranslation()
  return (
    <LookupCard
      title={t('mandates.lookup.title')}
      label={t('mandates.lookup.label')}
      action={t('mandates.lookup.action')}
      lookUp={async (reference) => {
        const view = await call('mandates.get', { mandateReference: reference })
        useMandates.getState().upsert(view)
        useMandates.getState().show(view)
      }}
      describe={messageOf}
    />
  )
}
