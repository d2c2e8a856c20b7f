import { useState } from 'react'
import type { Environment, SettingsView } from '../../../common/ipc'
import { ENVIRONMENT_LABEL, LIVE_CONFIRMATION } from '../../../common/ipc'
import { Badge, Banner, Button, Card, ConfirmDialog, TextField } from '../../components'
import { useSaveForm } from './useSaveForm'
import { call, messageOf } from '../../lib/pos'
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
  const [busy, setBusy] = useState<Environment | null>(null)
  const [error, setError] = useState<string | null>(null)

  const switchTo = async (target: Environment, confirm?: string) => {
    setBusy(target)
    setError(null)
    try {
      const state = await call(
        'environment.switch',
        confirm ? { environment: target, confirm } : { environment: target },
      )
      useEnvironment.setState({ environment: state })
      return true
    } catch (problem) {
      setError(messageOf(problem))
      return false
    } finally {
      setBusy(null)
    }
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

function BaseUrlsCard({ settings }: { settings: SettingsView }) {
  const [sandbox, setSandbox] = useState(settings.baseUrls.sandbox ?? '')
  const [live, setLive] = useState(settings.baseUrls.live ?? '')
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
      <form className="form" onSubmit={(event) => void submit(event)}>
        {message && <Banner tone={message.tone}>{message.text}</Banner>}
        <TextField
          label="Sandbox base URL"
          placeholder="https://sandbox.gateway.example/v1"
          value={sandbox}
          onChange={(event) => setSandbox(event.target.value)}
          error={fields['baseUrls.sandbox']}
          inputMode="url"
          spellCheck={false}
        />
        <TextField
          label="Live base URL"
          placeholder="https://api.gateway.example/v1"
          hint="Must be https."
          value={live}
          onChange={(event) => setLive(event.target.value)}
          error={fields['baseUrls.live']}
          inputMode="url"
          spellCheck={false}
        />
        <div className="form__actions">
          <Button variant="primary" type="submit" busy={busy}>
            Save base URLs
          </Button>
        </div>
      </form>
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
