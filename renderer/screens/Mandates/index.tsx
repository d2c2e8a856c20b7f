// Direct-debit mandates: set one up with the customer, activate it with the code their bank
// sends (OTP) and their PIN, charge it within its monthly limits, cancel it (supervisor).
// Main checks every rule and follows each debit; the screen shows what main decided.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toDecimalString, type Minor } from '../../../common/money'
import type { MandateView } from '../../../common/ipc'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  MoneyInput,
  TextField,
} from '../../components'
import {
  DataTable,
  DetailList,
  FieldGroup,
  Form,
  FormActions,
  StatTile,
  StatTiles,
  SubSection,
  useAction,
} from '../../components/kit'
import { call } from '../../lib/pos'
import { saySaid } from '../../i18n/errors'
import {
  StatusBadge,
  day,
  money,
  monthName,
  useFormErrors,
  useSupervisor,
  when,
} from '../Payments/parts'
import { NewMandate } from './NewMandate'
import { connectMandates, useMandates } from './store'
import { MandateOutcome, UnsettledDebits } from './Unconfirmed'
import '../Payments/gateway.css'
import { LookupMandate, MandateList } from './MandateList'
import { Activation } from './Activation'

export default function MandatesScreen() {
  const open = useMandates((s) => s.open)
  const supervisor = useSupervisor()
  const { t } = useTranslation()
  useEffect(() => {
    const off = connectMandates()
    void useMandates.getState().loadList()
    return off
  }, [])
  return (
    <div className="gw-split" data-testid="mandates-screen">
      <div className="gw-split__main">
        {supervisor && <UnsettledDebits />}
        {open === 'new' ? <NewMandate /> : open ? <MandateDetail view={open} /> : <Intro />}
      </div>
      <aside className="gw-split__side" aria-label={t('mandates.list.title')}>
        <MandateList />
        <LookupMandate />
      </aside>
    </div>
  )
}

function Intro() {
  const { t } = useTranslation()
  return (
    <Card>
      <EmptyState icon="mandates" title={t('mandates.intro.title')}>
        <p>{t('mandates.intro.text')}</p>
        <Button variant="primary" icon="plus" onClick={() => useMandates.getState().show('new')}>
          {t('mandates.newMandate')}
        </Button>
      </EmptyState>
    </Card>
  )
}

function MandateDetail({ view }: { view: MandateView }) {
  const supervisor = useSupervisor()
  const refreshing = useAction()
  const { t } = useTranslation()
  const refresh = () =>
    void refreshing.run(async () =>
      useMandates
        .getState()
        .upsert(await call('mandates.get', { mandateReference: view.mandateReference })),
    )
  const bank = view.bankName ?? t('mandates.detail.bankCode', { code: view.bankCode })
  return (
    <div className="gw-screen" data-testid="mandate-detail" data-status={view.status}>
      <Card
        title={
          <span className="gw-payment__title">
            {view.customerName} <StatusBadge kind="mandate" status={view.status} />
          </span>
        }
        description={<span className="mono">{view.mandateReference}</span>}
        actions={
          <Button icon="refresh" busy={refreshing.busy} onClick={refresh}>
            {t('mandates.detail.refresh')}
          </Button>
        }
      >
        <div className="gw-screen">
          <DetailList
            items={[
              { label: t('mandates.detail.email'), value: view.customerEmail },
              { label: t('mandates.detail.account'), value: `${view.accountNumber} · ${bank}` },
              {
                label: t('mandates.detail.runs'),
                value: t('mandates.detail.runsValue', {
                  from: day(view.startDate),
                  to: day(view.endDate),
                }),
              },
              {
                label: t('mandates.detail.limit'),
                value: t('mandates.detail.limitValue', {
                  amount: money(view.maxMonthlyAmount, view.currency),
                  count: view.maxMonthlyDebitCount,
                }),
              },
              view.activatedAt && {
                label: t('mandates.detail.activated'),
                value: when(view.activatedAt),
              },
              view.cancelledAt && { label: t('status.cancelled'), value: when(view.cancelledAt) },
              {
                label: t('mandates.detail.checked'),
                value: view.checkedAt ? when(view.checkedAt) : t('mandates.detail.notYet'),
              },
            ]}
          />
          {view.notice && <Banner tone="warning">{saySaid(view.noticeSay, view.notice)}</Banner>}
          {view.outcome && <MandateOutcome outcome={view.outcome} />}
          {refreshing.error && <Banner tone="danger">{refreshing.error}</Banner>}
          {(view.status === 'cancelled' || view.status === 'expired') && (
            <Banner tone="neutral">{t('mandates.detail.ended')}</Banner>
          )}
          {view.status === 'pending_activation' && <Activation view={view} />}
          {view.status === 'active' && <Usage view={view} />}
          {view.can.debit && <DebitForm view={view} />}
          {view.can.cancel && <CancelMandate view={view} allowed={supervisor} />}
        </div>
      </Card>
      <Debits view={view} />
    </div>
  )
}

function Usage({ view }: { view: MandateView }) {
  const u = view.usage
  const full = u.remainingCount === 0 || u.remainingAmount === 0
  const { t } = useTranslation()
  return (
    <SubSection
      title={t('mandates.usage.title', { month: monthName(u.month) })}
      testId="mandate-usage"
    >
      <StatTiles>
        <StatTile
          label={t('mandates.usage.canCollect')}
          value={money(u.remainingAmount, view.currency)}
          emphasis
          valueTestId="remaining-amount"
        />
        <StatTile label={t('mandates.usage.used')} value={money(u.usedAmount, view.currency)} />
        <StatTile
          label={t('mandates.usage.left')}
          value={t('mandates.usage.leftValue', { left: u.remainingCount, max: u.maxCount })}
          valueTestId="remaining-count"
        />
      </StatTiles>
      <div
        className={`gw-meter${full ? ' gw-meter--full' : ''}`}
        role="meter"
        aria-label={t('mandates.usage.meter')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={u.usedPercent}
      >
        <div className="gw-meter__fill" style={{ width: `${u.usedPercent}%` }} />
      </div>
      <p className="muted">{t('mandates.usage.note')}</p>
    </SubSection>
  )
}

function DebitForm({ view }: { view: MandateView }) {
  const [amount, setAmount] = useState<Minor | null>(null)
  const [narration, setNarration] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { message, fields, fail, edit, editText, busy, send } = useFormErrors()
  const { t } = useTranslation()
  const charge = async () => {
    await send(async () => {
      await call('mandates.debit', {
        mandateReference: view.mandateReference,
        amount: amount === null ? '' : toDecimalString(amount),
        narration,
      })
      setAmount(null)
      setNarration('')
      useMandates
        .getState()
        .upsert(await call('mandates.get', { mandateReference: view.mandateReference }))
    })
    setConfirming(false)
  }
  return (
    <SubSection title={t('mandates.debit.title')}>
      <Form
        label={t('mandates.debit.title')}
        noValidate
        message={message}
        onSubmit={(e) => {
          e.preventDefault()
          fail(null)
          setConfirming(true)
        }}
      >
        <FieldGroup>
          <MoneyInput
            key={view.usage.usedCount}
            label={t('payments.amount')}
            name="debitAmount"
            value={amount}
            onChange={edit('amount', setAmount)}
            currency={view.currency}
            hint={t('mandates.debit.hint', {
              amount: money(view.usage.remainingAmount, view.currency),
            })}
            error={fields.amount}
          />
          <TextField
            label={t('mandates.debit.narration')}
            name="narration"
            autoComplete="off"
            value={narration}
            onChange={editText('narration', setNarration)}
            placeholder={t('mandates.debit.placeholder')}
            maxLength={100}
            error={fields.narration}
          />
        </FieldGroup>
        <FormActions
          submit={{
            label: t('mandates.debit.review'),
            icon: 'collect',
            disabled: amount === null,
          }}
        />
      </Form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('mandates.debit.confirmTitle')}
        cancelLabel={t('mandates.debit.goBack')}
        confirmLabel={t('mandates.debit.collect', {
          amount: amount === null ? '' : money(amount, view.currency),
        })}
        confirmIcon="collect"
        busy={busy}
        onConfirm={() => void charge()}
      >
        <p>
          <strong>{amount === null ? '' : money(amount, view.currency)}</strong>{' '}
          {view.bankName
            ? t('mandates.debit.fromAccountAt', {
                name: view.customerName,
                account: view.accountNumber,
                bank: view.bankName,
              })
            : t('mandates.debit.fromAccount', {
                name: view.customerName,
                account: view.accountNumber,
              })}
        </p>
        <p>{t('mandates.debit.statement', { text: narration.trim() || '—' })}</p>
      </ConfirmDialog>
    </SubSection>
  )
}

function CancelMandate({ view, allowed }: { view: MandateView; allowed: boolean }) {
  const [open, setOpen] = useState(false)
  const cancelling = useAction()
  const { t } = useTranslation()
  const cancel = async () => {
    const done = await cancelling.run(async () =>
      useMandates
        .getState()
        .upsert(
          await call('mandates.cancel', { mandateReference: view.mandateReference, confirm: true }),
        ),
    )
    if (done) setOpen(false)
  }
  return (
    <SubSection title={t('mandates.cancel.title')}>
      {allowed ? (
        <div className="gw-actions">
          <Button variant="danger" icon="x" onClick={() => setOpen(true)}>
            {t('mandates.cancel.button')}
          </Button>
          <span className="muted">{t('mandates.cancel.note')}</span>
        </div>
      ) : (
        <p className="muted">{t('mandates.cancel.onlySupervisor')}</p>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        tone="danger"
        title={t('mandates.cancel.confirmTitle')}
        cancelLabel={t('mandates.cancel.keep')}
        confirmLabel={t('mandates.cancel.confirm')}
        confirmIcon="x"
        busy={cancelling.busy}
        onConfirm={() => void cancel()}
      >
        <p>
          {t('mandates.cancel.whose', { name: view.customerName })}{' '}
          <span className="mono">{view.mandateReference}</span> {t('mandates.cancel.stops')}
        </p>
        {cancelling.error && <Banner tone="danger">{cancelling.error}</Banner>}
      </ConfirmDialog>
    </SubSection>
  )
}

function Debits({ view }: { view: MandateView }) {
  const { t } = useTranslation()
  if (view.debits.length === 0) return null
  return (
    <Card title={t('mandates.debits.title')}>
      <DataTable
        testId="mandate-debits"
        rows={view.debits}
        rowKey={(d) => d.paymentReference}
        rowTitle={(d) => d.paymentReference}
        columns={[
          { header: t('mandates.debits.when'), cell: (d) => when(d.createdAt) },
          { header: t('mandates.debits.statement'), cell: (d) => d.narration },
          {
            header: t('payments.amount'),
            align: 'end',
            cell: (d) => money(d.amount, d.currency),
          },
          {
            header: t('payments.statusHeader'),
            cell: (d) => (
              <>
                <StatusBadge kind="debit" status={d.status} outcome={d.outcome} />
                {(d.failureReason ?? d.notice) && (
                  <div className="gw-list__sub">
                    {d.failureReason ?? saySaid(d.noticeSay, d.notice ?? '')}
                  </div>
                )}
              </>
            ),
          },
        ]}
      />
    </Card>
  )
}
