// The receipt printer: chosen from Electron's list of the system's printers, with the paper
// width and auto-print when a charge is paid. Main keeps the choice and prints silently.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PrinterInfo, ReceiptPaper, ReceiptSettings } from '../../../common/ipc/collections'
import { Banner, Card, SelectField, Spinner } from '../../components'
import { Form, FormActions } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { useSaveForm } from './useSaveForm'

const PAPERS: readonly ReceiptPaper[] = ['58mm', '80mm', 'a4']

export function ReceiptsSection() {
  const { t } = useTranslation()
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
  // Its fields are choices main does not name back: its refusal is said above the form.
  const { busy, message, submit } = useSaveForm(
    async () => {
      if (!settings) return t('settings.receipts.nothing')
      setSettings(await call('receipt.saveSettings', settings))
      return t('settings.receipts.saved')
    },
    undefined,
    { fieldsShown: false },
  )
  if (problem) return <Banner tone="danger" title={problem} />
  if (!settings || !printers) return <Spinner label={t('settings.receipts.loading')} />
  return (
    <Card title={t('settings.receipts.title')} description={t('settings.receipts.help')}>
      <Form onSubmit={submit} label={t('settings.receipts.title')} message={message}>
        {!printers.available && (
          <Banner tone="info" title={t('settings.receipts.noPrinters')}>
            {t('settings.receipts.noPrintersBody')}
          </Banner>
        )}
        <SelectField
          label={t('settings.receipts.printer')}
          value={settings.printer ?? ''}
          onChange={(event) => setSettings({ ...settings, printer: event.target.value || null })}
          options={[
            { value: '', label: t('settings.receipts.ask') },
            ...printers.printers.map((printer) => ({
              value: printer.name,
              label: printer.isDefault
                ? t('settings.receipts.default', { name: printer.displayName })
                : printer.displayName,
            })),
          ]}
        />
        <SelectField
          label={t('settings.receipts.paper')}
          value={settings.paper}
          onChange={(event) =>
            setSettings({ ...settings, paper: event.target.value as ReceiptPaper })
          }
          options={PAPERS.map((paper) => ({
            value: paper,
            label: t(`settings.receipts.${paper}`),
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
          {t('settings.receipts.autoPrint')}
        </label>
        <FormActions submit={{ label: t('settings.receipts.save'), busy }} />
      </Form>
    </Card>
  )
}
