// The receipt printer: chosen from Electron's list of the system's printers, with the paper
// width and auto-print when a charge is paid. Main keeps the choice and prints silently.
import { useEffect, useState } from 'react'
import type { PrinterInfo, ReceiptPaper, ReceiptSettings } from '../../../common/ipc/collections'
import { Banner, Card, SelectField, Spinner } from '../../components'
import { Form, FormActions } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { useSaveForm } from './useSaveForm'

const PAPER_LABEL: Record<ReceiptPaper, string> = {
  '58mm': '58 mm thermal roll',
  '80mm': '80 mm thermal roll',
  a4: 'A4 sheet',
}

export function ReceiptsSection() {
  const [settings, setSettings] = useState<ReceiptSettings | null>(null)
  const [printers, setPrinters] = useState<{ available: boolean; printers: PrinterInfo[] } | null>(
    null,
  )
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    Promise.all([call('receipt.settings'), call('receipt.printers')]).then(
      ([current, list]) => {
        setSettings(current)
        setPrinters(list)
      },
      (error: unknown) => setProblem(messageOf(error)),
    )
  }, [])
  const { busy, message, submit } = useSaveForm(async () => {
    if (!settings) return 'Nothing to save.'
    setSettings(await call('receipt.saveSettings', settings))
    return 'Receipt settings saved.'
  })
  if (problem) return <Banner tone="danger" title={problem} />
  if (!settings || !printers) return <Spinner label="Loading the printers" />
  return (
    <Card
      title="Receipts"
      description="Where receipts print, on which paper, and whether they print by themselves when a charge is paid."
    >
      <Form onSubmit={submit} label="Receipts" message={message}>
        {!printers.available && (
          <Banner tone="info" title="No printers in this window">
            The browser preview can’t list the computer’s printers; receipts open in the print
            dialog. The installed app lists them here.
          </Banner>
        )}
        <SelectField
          label="Printer"
          value={settings.printer ?? ''}
          onChange={(event) => setSettings({ ...settings, printer: event.target.value || null })}
          options={[
            { value: '', label: 'Ask each time (print dialog)' },
            ...printers.printers.map((printer) => ({
              value: printer.name,
              label: `${printer.displayName}${printer.isDefault ? ' (default)' : ''}`,
            })),
          ]}
        />
        <SelectField
          label="Paper"
          value={settings.paper}
          onChange={(event) =>
            setSettings({ ...settings, paper: event.target.value as ReceiptPaper })
          }
          options={(Object.keys(PAPER_LABEL) as ReceiptPaper[]).map((paper) => ({
            value: paper,
            label: PAPER_LABEL[paper],
          }))}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.autoPrintOnPaid}
            onChange={(event) =>
              setSettings({ ...settings, autoPrintOnPaid: event.target.checked })
            }
          />
          Print the receipt by itself when a charge is paid
        </label>
        <FormActions submit={{ label: 'Save receipt settings', busy }} />
      </Form>
    </Card>
  )
}
