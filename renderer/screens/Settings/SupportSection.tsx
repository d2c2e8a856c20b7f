// Support (admin): export a diagnostics zip for support (versions, settings without secrets,
// recent logs, journal-integrity results), and decide whether crash reports leave this
// computer. Nothing here ever holds an API secret or a PIN.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CrashReportingView } from '../../../common/ipc'
import { Banner, Button, Card, TextField } from '../../components'
import { Form } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { download } from '../Collect/browser'
import { useSaveForm } from './useSaveForm'

export function SupportSection() {
  const { t } = useTranslation()
  const [exporting, setExporting] = useState(false)
  const [exported, setExported] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [crash, setCrash] = useState<CrashReportingView | null>(null)
  const [url, setUrl] = useState('')

  useEffect(() => {
    call('app.crashReporting').then(
      (view) => {
        setCrash(view)
        setUrl(view.url ?? '')
      },
      (problem: unknown) => setError(messageOf(problem)),
    )
  }, [])

  async function exportDiagnostics() {
    setExporting(true)
    setError(null)
    try {
      const result = await call('app.exportDiagnostics')
      const bytes = Uint8Array.from(atob(result.base64), (char) => char.charCodeAt(0))
      download(new Blob([bytes], { type: 'application/zip' }), result.filename)
      setExported(
        t('settings.support.saved', { file: result.filename, entries: result.entries.join(', ') }),
      )
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setExporting(false)
    }
  }

  const { busy, fields, message, submit } = useSaveForm(async () => {
    const upload = !crash?.upload
    const next = await call('app.setCrashReporting', {
      upload,
      url: url.trim() === '' ? null : url.trim(),
    })
    setCrash(next)
    return next.upload ? t('settings.support.sending') : t('settings.support.staying')
  })

  return (
    <>
      <Card
        title={t('settings.support.exportTitle')}
        description={t('settings.support.exportHelp')}
      >
        {error && <Banner tone="danger">{error}</Banner>}
        {exported && <Banner tone="success">{exported}</Banner>}
        <Button onClick={() => void exportDiagnostics()} disabled={exporting}>
          {exporting ? t('settings.support.exporting') : t('settings.support.exportTitle')}
        </Button>
      </Card>
      <Card title={t('settings.support.crashTitle')} description={t('settings.support.crashHelp')}>
        <Form onSubmit={submit} noValidate message={message}>
          <TextField
            label={t('settings.support.sendTo')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={fields.url}
          />
          <Button type="submit" disabled={busy || crash === null}>
            {crash?.upload ? t('settings.support.stop') : t('settings.support.send')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
