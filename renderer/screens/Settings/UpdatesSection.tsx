// Updates (admin): the running and the available version, the channel, where updates come
// from, and a pause. Main decides when to install: on quit or at shift close, never while a
// charge is open or payouts are sending.
import { useEffect, useState } from 'react'
import type { UpdateChannel, UpdateStatus } from '../../../common/ipc'
import { Badge, Banner, Button, Card, SelectField, Spinner, TextField } from '../../components'
import { DetailList, Form } from '../../components/kit'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useSaveForm } from './useSaveForm'
import '../About/about.css'

export function UpdatesSection() {
  const [status, setStatus] = useState<UpdateStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [channel, setChannel] = useState<UpdateChannel>('stable')
  const [feedUrl, setFeedUrl] = useState('')

  useEffect(() => {
    call('updates.status').then(
      (next) => {
        setStatus(next)
        setChannel(next.channel)
        setFeedUrl(next.source.kind === 'generic' ? next.source.url : '')
      },
      (problem: unknown) => setError(messageOf(problem)),
    )
    return subscribe('updates.status', setStatus)
  }, [])

  const { busy, fields, message, submit } = useSaveForm(async () => {
    const url = feedUrl.trim()
    setStatus(
      await call('updates.configure', {
        channel,
        source: url === '' ? { kind: 'github' } : { kind: 'generic', url },
      }),
    )
    return 'Update settings saved.'
  })

  if (error) return <Banner tone="danger">{error}</Banner>
  if (!status) return <Spinner size={28} label="Loading updates" />

  const act = (run: () => Promise<UpdateStatus>) =>
    void run().then(setStatus, (problem: unknown) => setError(messageOf(problem)))

  return (
    <Card
      title="Updates"
      description="Checked at start and every few hours, downloaded in the background, installed when Tilldesk quits or at shift close."
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => act(() => call('updates.check'))}
            disabled={status.paused || status.phase === 'unsupported'}
          >
            Check now
          </Button>
          <Button
            variant="secondary"
            onClick={() => act(() => call('updates.configure', { paused: !status.paused }))}
          >
            {status.paused ? 'Resume updates' : 'Pause updates'}
          </Button>
        </>
      }
    >
      <DetailList
        className="about__facts"
        grouped
        items={[
          { label: 'This copy', value: status.currentVersion },
          { label: 'Available', value: status.availableVersion ?? '—' },
          {
            label: 'State',
            value: (
              <Badge tone={status.phase === 'error' ? 'danger' : 'neutral'}>
                {status.phase.replace('_', ' ')}
                {status.percent !== null ? ` ${status.percent}%` : ''}
              </Badge>
            ),
          },
          {
            label: 'Last check',
            value: status.lastCheckedAt ? new Date(status.lastCheckedAt).toLocaleString() : '—',
          },
        ]}
      />
      <Banner tone={status.phase === 'error' ? 'danger' : 'info'}>{status.message}</Banner>
      <Form onSubmit={submit} noValidate message={message}>
        <SelectField
          label="Channel"
          value={channel}
          onChange={(event) => setChannel(event.target.value as UpdateChannel)}
          error={fields.channel}
          options={[
            { value: 'stable', label: 'Stable' },
            { value: 'beta', label: 'Beta (new versions earlier, for trying out)' },
          ]}
        />
        <TextField
          label="Update server (leave empty for Tilldesk’s GitHub Releases)"
          value={feedUrl}
          placeholder="https://updates.example.com/tilldesk"
          onChange={(event) => setFeedUrl(event.target.value)}
          error={fields['source.url']}
        />
        <Button type="submit" disabled={busy}>
          Save
        </Button>
      </Form>
    </Card>
  )
}
