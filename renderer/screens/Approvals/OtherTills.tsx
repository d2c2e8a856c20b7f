// Approvals, "Waiting on other tills": in shop mode, the payouts waiting for a supervisor on
// the shop's other tills, with the till's name and every detail an approval binds. Approving or
// rejecting here takes the PIN, as on the payout's own till; the decision goes to that till,
// which checks it again and alone sends the payout. Main decides who may decide what.
import { useEffect, useState, type FormEvent } from 'react'
import type { ShopApprovalView } from '../../../common/ipc/shopApprovals'
import { Banner, Button, Card, EmptyState, PinPad } from '../../components'
import { groupDigits } from '../../lib/format'
import { call, fieldsOf, messageOf, subscribe } from '../../lib/pos'
import { ReasonDialog, shortTime } from '../Payouts/parts'

/** How often the list is read again while the screen is open (it reads local files only). */
const REFRESH_MS = 3_000

export function OtherTills() {
  const [inShop, setInShop] = useState(false)
  const [items, setItems] = useState<ShopApprovalView[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const load = () =>
      call('shop.status').then(
        async (status) => {
          if (!live) return
          setInShop(status.mode === 'shop')
          if (status.mode !== 'shop') return
          const next = await call('shop.waitingPayouts')
          if (live) {
            setItems(next)
            setProblem(null)
          }
        },
        (error: unknown) => live && setProblem(messageOf(error)),
      )
    void load()
    const timer = window.setInterval(() => void load(), REFRESH_MS)
    const off = subscribe('shop.status', () => void load())
    return () => {
      live = false
      window.clearInterval(timer)
      off()
    }
  }, [])

  if (!inShop) return null
  const key = (item: ShopApprovalView) => `${item.tillId}|${item.reference}`
  const current = items.find((item) => key(item) === selected) ?? items[0] ?? null

  return (
    <section className="po-approvals po-other-tills" aria-label="Waiting on other tills">
      <Card
        title="Waiting on other tills"
        description={
          items.length
            ? `${items.length} payout${items.length === 1 ? '' : 's'} drafted on other tills`
            : undefined
        }
        className="po-queue"
      >
        {problem && <Banner tone="danger" title={problem} />}
        {items.length === 0 ? (
          <EmptyState icon="approvals" title="Nothing waiting on other tills">
            Payouts drafted on the shop’s other tills appear here for you to decide.
          </EmptyState>
        ) : (
          <ul className="po-queue__list" aria-label="Payouts waiting on other tills">
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
                  <span className="po-queue__amount">{item.amountText}</span>
                  <span className="po-queue__payee">{item.accountName}</span>
                  <span className="po-queue__meta">
                    {item.tillName} · by {item.maker} · {shortTime(item.at)}
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
  const rows: Array<[string, string, string?]> = [
    ['Amount', item.amountText, 'po-bound__amount'],
    ['Pay to', item.accountName, 'po-bound__payee'],
    ['Bank', item.bankName],
    ['Account number', item.accountNumber ? groupDigits(item.accountNumber) : 'Not told'],
    ['For', item.narration || 'No narration'],
    ['Till', item.tillName],
    ['Made by', `${item.maker}, ${shortTime(item.at)}`],
    ['Reference', item.reference],
    [
      'Approval code',
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

function RemoteDecision({
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
        `${decision === 'approved' ? 'Approval' : 'Rejection'} of ${item.amountText} to ${item.accountName} sent to ${item.tillName}. That till ${decision === 'approved' ? 'sends the payout' : 'tells the cashier'}.`,
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

  const blocked = item.blocked
  return (
    <Card
      title={`Drafted on ${item.tillName}: check every detail`}
      description={`Your decision is bound to exactly these details and goes to ${item.tillName}, which alone sends the payout.`}
      className="po-decision"
    >
      <div className="po-decision__body">
        <RemoteDetails item={item} />
        {blocked ? (
          <Banner tone="warning" title="You can’t decide this one" className="po-blocked">
            {blocked}
          </Banner>
        ) : (
          <form
            className="po-decision__form"
            aria-label="Decision on another till’s payout"
            onSubmit={(event: FormEvent) => {
              event.preventDefault()
              void decide('approved')
            }}
          >
            {item.decided && (
              <Banner tone="info" title="Already decided on another till">
                {item.decided.byName} {item.decided.decision} it on {item.decided.tillName};{' '}
                {item.tillName} has not applied it yet.
              </Banner>
            )}
            <PinPad
              value={pin}
              onChange={(next) => {
                setPin(next)
                setError(null)
              }}
              onSubmit={() => void decide('approved')}
              label="Your PIN, to sign this decision"
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
              Approve {item.amountText}
            </Button>
            <Button
              variant="danger"
              onClick={() => setRejecting(true)}
              disabled={busy || pin.length < 4}
            >
              Reject…
            </Button>
          </form>
        )}
      </div>
      <ReasonDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={`Reject ${item.amountText} to ${item.accountName}?`}
        intro={`The cashier on ${item.tillName} sees your reason. Nothing is paid.`}
        label="Reason (required)"
        reason={reason}
        onReason={setReason}
        maxLength={300}
        error={reasonError}
        cancelLabel="Back"
        submitLabel="Reject payout"
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
