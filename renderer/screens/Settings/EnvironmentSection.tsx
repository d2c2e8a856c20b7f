import { useState } from 'react'
import type { Environment, SettingsView } from '../../../common/ipc'
import { ENVIRONMENT_LABEL, LIVE_CONFIRMATION } from '../../../common/ipc'
import { Badge, Banner, Card, ConfirmDialog, TextField } from '../../components'
import { Form, FormActions, useAction } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { call } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

const DESCRIPTION: Record<Environment, string> = {
  demo: 'A practice gateway running inside Tilldesk. Nothing to configure; no real money. Good for training.',
  sandbox:
    'The gateway’s test environment. Needs its base URL and a sandbox API key. No real money.',
  live: 'The real gateway. Customer money moves. Needs the live base URL and a live API key.',
}

export function EnvironmentSection({ settings }: { settings: SettingsView }) {
  const environment = useEnvironment((store) => store.environment)
  const [confirmLive, setConfirmLive] = useState(false)
  const switching = useAction()
  const [target, setTarget] = useState<Environment | null>(null)
  // The environment being switched to, while it is.
  const busy = switching.busy ? target : null
  const error = switching.error

  const switchTo = (next: Environment, confirm?: string) => {
    setTarget(next)
    return switching.run(async () => {
      const state = await call(
        'environment.switch',
        confirm ? { environment: next, confirm } : { environment: next },
      )
      useEnvironment.setState({ environment: state })
    })
  }

  return (
    <>
      <Card
        title="Environment"
        description="Which gateway this till talks to. The status bar and a coloured ribbon show it on every screen."
      >
        {error && <Banner tone="danger">{error}</Banner>}
        <div className="env-options" role="radiogroup" aria-label="Environment">
          {(['demo', 'sandbox', 'live'] as const).map((option) => {
            const selected = settings.environment === option
            return (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={selected}
                className={`env-option env-option--${option}${selected ? ' is-selected' : ''}`}
                disabled={busy !== null}
                onClick={() => {
                  if (selected) return
                  if (option === 'live') setConfirmLive(true)
                  else void switchTo(option)
                }}
              >
                <span className="env-option__head">
                  <span className="env-option__name">{ENVIRONMENT_LABEL[option]}</span>
                  {selected && (
                    <Badge tone={option === 'live' ? 'danger' : 'success'}>Active</Badge>
                  )}
                </span>
                <span className="env-option__text">{DESCRIPTION[option]}</span>
              </button>
            )
          })}
        </div>
        {environment?.environment === 'demo' && environment.baseUrl && (
          <p className="muted">Demo gateway running at {environment.baseUrl}.</p>
        )}
      </Card>
      <BaseUrlsCard settings={settings} />
      <LiveDialog
        open={confirmLive}
        onClose={() => setConfirmLive(false)}
        onConfirm={async (phrase) => {
          if (await switchTo('live', phrase)) setConfirmLive(false)
        }}
        busy={busy === 'live'}
      />
    </>
  )
}

const URL_FIELDS = [
  { key: 'sandbox', label: 'Sandbox base URL', example: 'https://sandbox.gateway.example/v1' },
  { key: 'live', label: 'Live base URL', example: 'https://api.gateway.example/v1' },
] as const

function BaseUrlsCard({ settings }: { settings: SettingsView }) {
  const [urls, setUrls] = useState({
    sandbox: settings.baseUrls.sandbox ?? '',
    live: settings.baseUrls.live ?? '',
  })
  const { sandbox, live } = urls
  const { busy, fields, message, submit } = useSaveForm(async () => {
    await call('settings.update', {
      baseUrls: {
        ...(sandbox.trim() ? { sandbox } : {}),
        ...(live.trim() ? { live } : {}),
      },
    })
    return 'Base URLs saved.'
  })

  return (
    <Card
      title="Base URLs"
      description="Where each environment’s gateway answers. Copy them from the gateway’s documentation."
    >
      <Form onSubmit={submit} message={message}>
        {URL_FIELDS.map(({ key, label, example }) => (
          <TextField
            key={key}
            label={label}
            placeholder={example}
            hint={key === 'live' ? 'Must be https.' : undefined}
            value={urls[key]}
            onChange={(event) => setUrls((current) => ({ ...current, [key]: event.target.value }))}
            error={fields[`baseUrls.${key}`]}
            inputMode="url"
            spellCheck={false}
          />
        ))}
        <FormActions submit={{ label: 'Save base URLs', busy }} />
      </Form>
    </Card>
  )
}

function LiveDialog({
  open,
  onClose,
  onConfirm,
  busy,
}: {
  open: boolean
  onClose: () => void
  onConfirm: (phrase: string) => Promise<void>
  busy: boolean
}) {
  const [phrase, setPhrase] = useState('')
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      onClose={() => {
        setPhrase('')
        onClose()
      }}
      title="Switch this till to Live?"
      cancelLabel="Stay on the current environment"
      onCancel={onClose}
      confirmLabel="Switch to Live"
      busy={busy}
      disabled={phrase !== LIVE_CONFIRMATION}
      onConfirm={() => void onConfirm(phrase)}
    >
      <Banner tone="danger" title="Real money">
        On Live, collections and payouts move real customer money. Make sure the live base URL and
        API key are set and that staff have been trained on Demo.
      </Banner>
      <TextField
        label={`Type ${LIVE_CONFIRMATION} to confirm`}
        value={phrase}
        onChange={(event) => setPhrase(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
    </ConfirmDialog>
  )
}
