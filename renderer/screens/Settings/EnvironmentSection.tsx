import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Environment, SettingsView } from '../../../common/ipc'
import { LIVE_CONFIRMATION } from '../../../common/ipc'
import { Badge, Banner, Card, ConfirmDialog, TextField } from '../../components'
import { Form, FormActions, useAction } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { call } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

export function EnvironmentSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation()
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
      <Card title={t('settings.environment.title')} description={t('settings.environment.help')}>
        {error && <Banner tone="danger">{error}</Banner>}
        <div className="env-options" role="radiogroup" aria-label={t('settings.environment.title')}>
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
                  <span className="env-option__name">{t(`environment.${option}`)}</span>
                  {selected && (
                    <Badge tone={option === 'live' ? 'danger' : 'success'}>
                      {t('settings.environment.active')}
                    </Badge>
                  )}
                </span>
                <span className="env-option__text">{t(`settings.environment.${option}Help`)}</span>
              </button>
            )
          })}
        </div>
        {environment?.environment === 'demo' && environment.baseUrl && (
          <p className="muted">{t('settings.environment.demoAt', { url: environment.baseUrl })}</p>
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
  {
    key: 'sandbox',
    label: 'settings.environment.sandboxUrl',
    example: 'https://sandbox.gateway.example/v1',
  },
  { key: 'live', label: 'settings.environment.liveUrl', example: 'https://api.gateway.example/v1' },
] as const

function BaseUrlsCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation()
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
    return t('settings.environment.urlsSaved')
  })

  return (
    <Card
      title={t('settings.environment.urlsTitle')}
      description={t('settings.environment.urlsHelp')}
    >
      <Form onSubmit={submit} message={message}>
        {URL_FIELDS.map(({ key, label, example }) => (
          <TextField
            key={key}
            label={t(label)}
            placeholder={example}
            hint={key === 'live' ? t('settings.environment.https') : undefined}
            value={urls[key]}
            onChange={(event) => setUrls((current) => ({ ...current, [key]: event.target.value }))}
            error={fields[`baseUrls.${key}`]}
            inputMode="url"
            spellCheck={false}
          />
        ))}
        <FormActions submit={{ label: t('settings.environment.saveUrls'), busy }} />
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
  const { t } = useTranslation()
  const [phrase, setPhrase] = useState('')
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      onClose={() => {
        setPhrase('')
        onClose()
      }}
      title={t('settings.environment.liveTitle')}
      cancelLabel={t('settings.environment.stay')}
      onCancel={onClose}
      confirmLabel={t('settings.environment.switchLive')}
      busy={busy}
      disabled={phrase !== LIVE_CONFIRMATION}
      onConfirm={() => void onConfirm(phrase)}
    >
      <Banner tone="danger" title={t('settings.environment.realMoney')}>
        {t('settings.environment.realMoneyBody')}
      </Banner>
      <TextField
        label={t('settings.environment.typeToConfirm', { phrase: LIVE_CONFIRMATION })}
        value={phrase}
        onChange={(event) => setPhrase(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
    </ConfirmDialog>
  )
}
