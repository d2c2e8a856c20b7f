// The receipt of a charge: main words and formats it; this lays it out, prints it and saves it.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Receipt } from '../../../common/ipc/collections'
import { Banner, Button, Dialog, Spinner } from '../../components'
import { call, messageOf } from '../../lib/pos'
import { download, printArea } from '../Collect/browser'

export function ReceiptDialog({
  chargeId,
  open,
  onClose,
}: {
  chargeId: string
  open: boolean
  onClose: () => void
}) {
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useTranslation()
  useEffect(() => {
    if (!open) return
    call('receipt.get', { chargeId })
      .then((next) => {
        setReceipt(next)
        setProblem(null)
      })
      .catch((error: unknown) => setProblem(messageOf(error)))
  }, [open, chargeId])
  const pdf = async () => {
    try {
      const { filename, base64 } = await call('receipt.pdf', { chargeId })
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      download(new Blob([bytes], { type: 'application/pdf' }), filename)
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('instructions.receipt')}
      footer={
        <>
          <Button onClick={() => void pdf()}>{t('instructions.receiptPdf')}</Button>
          <Button variant="primary" onClick={() => printArea('receipt')}>
            {t('instructions.receiptPrint')}
          </Button>
        </>
      }
    >
      {problem && <Banner tone="warning">{problem}</Banner>}
      {receipt ? (
        <ReceiptView receipt={receipt} />
      ) : (
        !problem && <Spinner label={t('instructions.receiptPreparing')} />
      )}
    </Dialog>
  )
}

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation()
  return (
    <article className="receipt print-receipt" data-testid="receipt">
      <header>
        <h3>{receipt.title}</h3>
        <p>
          {receipt.till} · {receipt.number}
        </p>
      </header>
      <dl>
        {receipt.lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {receipt.transfers.length > 0 && (
        <table>
          <caption>{t('screens.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('instructions.receiptCols.reference')}</th>
              <th scope="col">{t('instructions.receiptCols.time')}</th>
              <th scope="col">{t('instructions.receiptCols.status')}</th>
              <th scope="col">{t('instructions.receiptCols.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {receipt.transfers.map((transfer) => (
              <tr key={transfer.reference}>
                <td>{transfer.reference}</td>
                <td>{transfer.at}</td>
                <td>{transfer.status}</td>
                <td className="num">{transfer.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <footer>
        <p>{t('instructions.receiptCashier', { name: receipt.cashier })}</p>
        <p>{receipt.footer}</p>
      </footer>
    </article>
  )
}
