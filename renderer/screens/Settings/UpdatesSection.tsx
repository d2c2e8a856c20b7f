// Updates (admin): the running and the available version, the channel, where updates come
// from (GitHub Releases or a feed the build allows: main refuses any other), and a pause,
// with a warning while paused. Main decides when to install: on quit or at shift close, never
// while a charge is open or payouts are sending.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UpdateChannel, UpdateStatus } from '../../../common/ipc'
import { UPDATE_PHASES } from '../../../common/ipc/updates'
import { Badge, Banner, Button, Card, SelectField, Spinner } from '../../components'
import { DetailList, Form } from '../../components/kit'
import { formatDateTime } from '../../lib/format'
import { saySaid } from '../../i18n/errors'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useSaveForm } from './useSaveForm'
import '../About/about.css'

export function UpdatesSection() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<UpdateStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [channel, setChannel] = useState<UpdateChannel>('stable')
  /** '' for GitHub Releases, else one of the build's allowed feeds. */
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
    return t('settings.updates.saved')
  })

  if (error) return <Banner tone="danger">{error}</Banner>
  if (!status) return <Spinner size={28} label={t('settings.updates.loading')} />

  const act = (run: () => Promise<UpdateStatus>) =>
    void run().then(setStatus, (problem: unknown) => setError(messageOf(problem)))

  return (
    <Card
      title={t('settings.updates.title')}
      description={t('settings.updates.help')}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => act(() => call('updates.check'))}
            disabled={status.paused || status.phase === 'unsupported'}
          >
            {t('settings.updates.check')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => act(() => call('updates.configure', { paused: !status.paused }))}
          >
            {status.paused ? t('settings.updates.resume') : t('settings.updates.pause')}
          </Button>
        </>
      }
    >
      <DetailList
        className="about__facts"
        grouped
        items={[
          { label: t('settings.updates.thisCopy'), value: status.currentVersion },
          { label: t('settings.updates.available'), value: status.availableVersion ?? '—' },
          {
            label: t('settings.updates.state'),
            value: (
              <Badge tone={status.phase === 'error' ? 'danger' : 'neutral'}>
                {(UPDATE_PHASES as readonly string[]).includes(status.phase)
                  ? t(`settings.updates.phases.${status.phase}`)
                  : String(status.phase)}
                {status.percent !== null ? ` ${status.percent}%` : ''}
              </Badge>
            ),
          },
          {
            label: t('settings.updates.lastCheck'),
            value: status.lastCheckedAt ? formatDateTime(status.lastCheckedAt) : '—',
          },
        ]}
      />
      {status.paused && (
        <Banner tone="warning" title={t('settings.updates.pausedTitle')}>
          {t('settings.updates.pausedWarning')}
        </Banner>
      )}
      <Banner tone={status.phase === 'error' ? 'danger' : 'info'}>
        {saySaid(status.say, status.message)}
      </Banner>
      <Form onSubmit={submit} noValidate message={message}>
        <SelectField
          label={t('settings.updates.channel')}
          value={channel}
          onChange={(event) => setChannel(event.target.value as UpdateChannel)}
          error={fields.channel}
          options={[
            { value: 'stable', label: t('settings.updates.stable') },
            { value: 'beta', label: t('settings.updates.beta') },
          ]}
        />
        <SelectField
          label={t('settings.updates.source')}
          hint={status.allowedFeeds.length === 0 ? t('settings.updates.sourceOnly') : undefined}
          value={feedUrl}
          onChange={(event) => setFeedUrl(event.target.value)}
          error={fields['source.url'] ?? fields.source}
          disabled={status.allowedFeeds.length === 0}
          options={[
            { value: '', label: t('settings.updates.sourceGithub') },
            ...status.allowedFeeds.map((url) => ({ value: url, label: url })),
          ]}
        />
        <Button type="submit" disabled={busy}>
          {t('settings.updates.save')}
        </Button>
      </Form>
    </Card>
  )
}
