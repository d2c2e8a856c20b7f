// The receipt of a charge: main words and formats it; this lays it out, prints it and saves it.
import { useEffect, useState } from 'react'
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
      title="Receipt"
      footer={
        <>
          <Button onClick={() => void pdf()}>Save PDF</Button>
          <Button variant="primary" onClick={() => printArea('receipt')}>
            Print receipt
          </Button>
        </>
      }
    >
      {problem && <Banner tone="warning">{problem}</Banner>}
      {receipt ? (
        <ReceiptView receipt={receipt} />
      ) : (
        !problem && <Spinner label="Preparing the receipt" />
      )}
    </Dialog>
  )
}

export function ReceiptView({ receipt }: { receipt: Receipt }) {
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
          <caption>Transfers</caption>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {receipt.transfers.map((t) => (
              <tr key={t.reference}>
                <td>{t.reference}</td>
                <td>{t.at}</td>
                <td>{t.status}</td>
                <td className="num">{t.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <footer>
        <p>Cashier: {receipt.cashier}</p>
        <p>{receipt.footer}</p>
      </footer>
    </article>
  )
}
