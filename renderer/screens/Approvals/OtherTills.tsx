// Approvals, "Waiting on other tills": in shop mode, the payouts waiting for a supervisor on
// the shop's other tills, with the till's name and every detail an approval binds. Approving or
// rejecting here takes the PIN, as on the payout's own till; the decision goes to that till,
// which checks it again and alone sends the payout. Main decides who may decide what.
import { useCallback, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import { Banner, Button, Card, EmptyState, PinPad } from '../../components'
import { saySaid } from '../../i18n/errors'
import { groupDigits } from '../../lib/format'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useShopPoll } from '../../lib/useShopPoll'
import { ReasonDialog, shortTime } from '../Payouts/parts'
import { shopAmountOf } from '../Payouts/words'

/** How often the list is read again while the screen is open (it reads local files only). */
const REFRESH_MS = 3_000

export function OtherTills() {
  const [inShop, setInShop] = useState(false)
  const [items, setItems] = useState<ShopApprovalView[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const { t } = useTranslation()

  const read = useCallback(
    (live: () => boolean) =>
      call('shop.status').then(
        async (status) => {
          if (!live()) return
          setInShop(status.mode === 'shop')
          if (status.mode !== 'shop') return
          const next = await call('shop.waitingPayouts')
          if (live()) {
            setItems(next)
            setProblem(null)
          }
        },
        (error: unknown) => live() && setProblem(messageOf(error)),
      ),
    [],
  )
  useShopPoll(read, REFRESH_MS)

  if (!inShop) return null
  const key = (item: ShopApprovalView) => `${item.tillId}|${item.reference}`
  const current = items.find((item) => key(item) === selected) ?? items[0] ?? null

  return (
    <section className="po-approvals po-other-tills" aria-label={t('approvals.others.title')}>
      <Card
        title={t('approvals.others.title')}
        description={
          items.length ? t('approvals.others.count', { count: items.length }) : undefined
        }
        className="po-queue"
      >
        {problem && <Banner tone="danger" title={problem} />}
        {items.length === 0 ? (
          <EmptyState icon="approvals" title={t('approvals.others.emptyTitle')}>
            {t('approvals.others.emptyBody')}
          </EmptyState>
        ) : (
          <ul className="po-queue__list" aria-label={t('approvals.others.list')}>
            {items.map((item) => (
              <li key={key(item)}>
                <button
                  type="button"
                  className={
                    current && key(item) === key(current)
                      ? 'po-queue__item is-selected'
                      : 'po-queue__item'
                  }
                  aria-pressed={current !== null && key(item) === key(current)}
                  onClick={() => setSelected(key(item))}
                  data-testid="other-till-item"
                >
                  <span className="po-queue__amount">{shopAmountOf(item)}</span>
                  <span className="po-queue__payee">{item.accountName}</span>
                  <span className="po-queue__meta">
                    {t('approvals.others.meta', {
                      till: item.tillName,
                      name: item.maker,
                      time: shortTime(item.at),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="po-decision-column">
        {sent && <Banner tone="success" title={sent} />}
        {current && (
          <RemoteDecision
            key={key(current) + current.bindingHash}
            item={current}
            onDecided={(next, words) => {
              setItems(next)
              setSent(words)
              setSelected(null)
            }}
          />
        )}
      </div>
    </section>
  )
}

function RemoteDetails({ item }: { item: ShopApprovalView }) {
  const { t } = useTranslation()
  const rows: Array<[string, string, string?]> = [
    [t('approvals.others.amount'), shopAmountOf(item), 'po-bound__amount'],
    [t('approvals.others.payTo'), item.accountName, 'po-bound__payee'],
    [t('approvals.others.bank'), item.bankName],
    [
      t('approvals.others.accountNumber'),
      item.accountNumber ? groupDigits(item.accountNumber) : t('approvals.others.notTold'),
    ],
    [t('approvals.others.for'), item.narration || t('approvals.others.noNarration')],
    [t('approvals.others.till'), item.tillName],
    [
      t('approvals.others.madeBy'),
      t('approvals.others.madeByValue', { name: item.maker, time: shortTime(item.at) }),
    ],
    [t('approvals.others.reference'), item.reference],
    [
      t('approvals.others.approvalCode'),
      `${item.bindingHash.slice(0, 4).toUpperCase()}-${item.bindingHash.slice(4, 8).toUpperCase()}`,
    ],
  ]
  return (
    <dl className="po-bound" data-testid="other-till-details">
      {rows.map(([label, value, className]) => (
        <div key={label} className={className}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Exported for the words test: it draws without the shop's IPC until a decision is sent. */
export function RemoteDecision({
  item,
  onDecided,
}: {
  item: ShopApprovalView
  onDecided: (items: ShopApprovalView[], words: string) => void
}) {
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const { t } = useTranslation()
  const words = { amount: shopAmountOf(item), name: item.accountName, till: item.tillName }

  const decide = async (decision: 'approved' | 'rejected') => {
    setBusy(true)
    setError(null)
    setReasonError(null)
    try {
      const next = await call('shop.decide', {
        tillId: item.tillId,
        reference: item.reference,
        bindingHash: item.bindingHash,
        decision,
        pin,
        reason: decision === 'rejected' ? reason : '',
      })
      setRejecting(false)
      onDecided(
        next,
        t(
          decision === 'approved'
            ? 'approvals.others.approvalSent'
            : 'approvals.others.rejectionSent',
          words,
        ),
      )
    } catch (problem) {
      const fields = fieldsOf(problem)
      if (decision === 'rejected' && fields.reason) setReasonError(fields.reason)
      else {
        setRejecting(false)
        setError(fields.pin ?? messageOf(problem))
        setPin('')
      }
    } finally {
      setBusy(false)
    }
  }

  const blocked = item.blocked && saySaid(item.blockedSay, item.blocked)
  return (
    <Card
      title={t('approvals.others.decisionTitle', words)}
      description={t('approvals.others.decisionHelp', words)}
      className="po-decision"
    >
      <div className="po-decision__body">
        <RemoteDetails item={item} />
        {blocked ? (
          <Banner tone="warning" title={t('approvals.others.blocked')} className="po-blocked">
            {blocked}
          </Banner>
        ) : (
          <form
            className="po-decision__form"
            aria-label={t('approvals.others.form')}
            onSubmit={(event: FormEvent) => {
              event.preventDefault()
              void decide('approved')
            }}
          >
            {item.decided && (
              <Banner tone="info" title={t('approvals.others.alreadyTitle')}>
                {t(
                  item.decided.decision === 'rejected'
                    ? 'approvals.others.alreadyRejected'
                    : 'approvals.others.alreadyApproved',
                  { ...words, by: item.decided.byName, on: item.decided.tillName },
                )}
              </Banner>
            )}
            <PinPad
              value={pin}
              onChange={(next) => {
                setPin(next)
                setError(null)
              }}
              onSubmit={() => void decide('approved')}
              label={t('approvals.decision.pin')}
              error={error}
              disabled={busy}
            />
            <Button
              type="submit"
              variant="success"
              size="lg"
              icon="check"
              busy={busy && !rejecting}
              disabled={pin.length < 4}
            >
              {t('approvals.decision.approve', words)}
            </Button>
            <Button
              variant="danger"
              onClick={() => setRejecting(true)}
              disabled={busy || pin.length < 4}
            >
              {t('approvals.decision.reject')}
            </Button>
          </form>
        )}
      </div>
      <ReasonDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={t('approvals.reject.title', words)}
        intro={t('approvals.others.rejectIntro', words)}
        label={t('approvals.reject.reason')}
        reason={reason}
        onReason={setReason}
        maxLength={300}
        error={reasonError}
        cancelLabel={t('approvals.reject.back')}
        submitLabel={t('approvals.reject.submit')}
        busy={busy}
        disabled={reason.trim().length < 3}
        onSubmit={async (event) => {
          event.preventDefault()
          await decide('rejected')
        }}
      />
    </Card>
  )
}
