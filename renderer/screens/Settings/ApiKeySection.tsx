// API keys per environment. The secret is typed once, sent to main, stored in the OS keychain
// and never shown again: the form clears it whatever happens.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConfigurableEnvironment, SettingsView } from '../../../common/ipc'
import { Badge, Banner, Button, Card, ConfirmDialog, TextField } from '../../components'
import { DetailList, FieldGroup, Form, FormActions } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { saySaid } from '../../i18n/errors'
import { call, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

export function ApiKeySection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation()
  const environment = useEnvironment((store) => store.environment)
  const keychain = environment?.keychain
  return (
    <>
      {keychain && !keychain.available && (
        <Banner tone="danger" title={t('settings.key.noKeychain')}>
          {saySaid(keychain.explanationSay, keychain.explanation ?? '')}
        </Banner>
      )}
      <DemoKeyCard />
      {(['sandbox', 'live'] as const).map((target) => (
        <KeyCard
          key={target}
          target={target}
          keyId={settings.keyIds[target]}
          keychainAvailable={keychain?.available ?? false}
        />
      ))}
    </>
  )
}

function DemoKeyCard() {
  const { t } = useTranslation()
  const environment = useEnvironment((store) => store.environment)
  if (environment?.environment !== 'demo') {
    return <Card title={t('settings.key.demoTitle')} description={t('settings.key.demoInactive')} />
  }
  return (
    <Card title={t('settings.key.demoTitle')} description={t('settings.key.demoActive')}>
      <DetailList
        items={[
          {
            label: t('settings.key.keyId'),
            value: environment.keyId ?? '—',
            valueClassName: 'mono',
          },
          {
            label: t('settings.key.secret'),
            value:
              environment.secretStorage === 'keychain' ? (
                <Badge tone="success">{t('settings.key.inKeychain')}</Badge>
              ) : environment.secretStorage === 'memory' ? (
                <Badge tone="warning">{t('settings.key.inMemory')}</Badge>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {environment.secretStorage === 'memory' && (
        <Banner tone="info">{t('settings.key.memoryNote')}</Banner>
      )}
    </Card>
  )
}

function KeyCard({
  target,
  keyId,
  keychainAvailable,
}: {
  target: ConfigurableEnvironment
  keyId: string | null
  keychainAvailable: boolean
}) {
  const { t } = useTranslation()
  const [newKeyId, setNewKeyId] = useState('')
  const [secret, setSecret] = useState('')
  const [confirmRemove, setConfirmRemove] = useState(false)
  const label = t(`environment.${target}`)

  const { busy, setBusy, fields, message, setMessage, submit } = useSaveForm(
    async () => {
      const state = await call('settings.setKey', { environment: target, keyId: newKeyId, secret })
      useEnvironment.setState({ environment: state })
      setNewKeyId('')
      return t('settings.key.saved', { keyId: newKeyId.trim() })
    },
    // The secret never stays in the page, whether or not it was stored.
    () => setSecret(''),
  )

  const remove = async () => {
    setBusy(true)
    setMessage(null)
    try {
      const state = await call('settings.removeKey', { environment: target })
      useEnvironment.setState({ environment: state })
      setMessage({ tone: 'success', text: t('settings.key.removed', { environment: label }) })
    } catch (problem) {
      setMessage({ tone: 'danger', text: messageOf(problem) })
    } finally {
      setBusy(false)
      setConfirmRemove(false)
    }
  }

  return (
    <Card
      id={`key-${target}`}
      title={t('settings.key.title', { environment: label })}
      description={t('settings.key.help', { environment: label.toLowerCase() })}
      actions={
        keyId ? (
          <Button
            variant="danger"
            size="sm"
            icon="trash"
            onClick={() => setConfirmRemove(true)}
            disabled={busy}
          >
            {t('settings.key.remove')}
          </Button>
        ) : undefined
      }
    >
      <DetailList
        items={[
          {
            label: t('settings.key.currentId'),
            value: keyId ?? <span className="muted">{t('settings.key.noKey')}</span>,
            valueClassName: 'mono',
            testId: `key-id-${target}`,
          },
          {
            label: t('settings.key.secret'),
            value: keyId ? <Badge tone="success">{t('settings.key.neverShown')}</Badge> : '—',
          },
        ]}
      />
      <Form onSubmit={submit} autoComplete="off" message={message}>
        <FieldGroup>
          <TextField
            label={keyId ? t('settings.key.newKeyId') : t('settings.key.keyId')}
            value={newKeyId}
            onChange={(event) => setNewKeyId(event.target.value)}
            error={fields.keyId}
            spellCheck={false}
            autoComplete="off"
            disabled={!keychainAvailable}
          />
          <TextField
            label={t('settings.key.secret')}
            hint={t('settings.key.secretHint')}
            type="password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={fields.secret}
            autoComplete="new-password"
            spellCheck={false}
            disabled={!keychainAvailable}
          />
        </FieldGroup>
        <FormActions
          submit={{
            label: keyId ? t('settings.key.replace') : t('settings.key.save'),
            icon: 'key',
            busy,
            disabled: !keychainAvailable || newKeyId.trim() === '' || secret === '',
          }}
        />
      </Form>
      <ConfirmDialog
        open={confirmRemove}
        tone="danger"
        onClose={() => setConfirmRemove(false)}
        title={t('settings.key.removeTitle', { environment: label })}
        cancelLabel={t('settings.key.keep')}
        confirmLabel={t('settings.key.remove')}
        busy={busy}
        onConfirm={() => void remove()}
      >
        <p>
          {/* The key id is typed by a person: plain text beside the sentence, never in it. */}
          {t('settings.key.removeKey')} <span className="mono">{keyId}</span>{' '}
          {t('settings.key.removeBody', { environment: label })}
        </p>
      </ConfirmDialog>
    </Card>
  )
}
