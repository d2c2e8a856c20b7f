// Support (admin): export a diagnostics zip for support (versions, settings without secrets,
// recent logs, journal-integrity results), and decide whether crash reports leave this
// computer. Nothing here ever holds an API secret or a PIN.
import { useEffect, useState } from 'react'
import type { CrashReportingView } from '../../../common/ipc'
import { Banner, Button, Card, TextField } from '../../components'
import { Form } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { download } from '../Collect/browser'
import { useSaveForm } from './useSaveForm'

export function SupportSection() {
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
      setExported(`Saved ${result.filename}: ${result.entries.join(', ')}.`)
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
    return next.upload
      ? 'Crash reports will be sent to that address.'
      : 'Crash reports stay on this computer.'
  })

  return (
    <>
      <Card
        title="Export diagnostics"
        description="A zip for support: versions, settings without secrets, recent logs and journal-integrity results."
      >
        {error && <Banner tone="danger">{error}</Banner>}
        {exported && <Banner tone="success">{exported}</Banner>}
        <Button onClick={() => void exportDiagnostics()} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export diagnostics'}
        </Button>
      </Card>
      <Card
        title="Crash reports"
        description="Crash reports are always kept on this computer. They are sent only if you turn this on."
      >
        <Form onSubmit={submit} noValidate message={message}>
          <TextField
            label="Send crash reports to (https://…)"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={fields.url}
          />
          <Button type="submit" disabled={busy || crash === null}>
            {crash?.upload ? 'Stop sending crash reports' : 'Send crash reports'}
          </Button>
        </Form>
      </Card>
    </>
  )
}
