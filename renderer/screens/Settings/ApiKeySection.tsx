// API keys per environment. The secret is typed once, sent to main, stored in the OS keychain
// and never shown again: the form clears it whatever happens.
import { useState } from 'react'
import type { ConfigurableEnvironment, SettingsView } from '../../../common/ipc'
import { ENVIRONMENT_LABEL } from '../../../common/ipc'
import { Badge, Banner, Button, Card, ConfirmDialog, TextField } from '../../components'
import { DetailList, FieldGroup, Form, FormActions } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { call, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

export function ApiKeySection({ settings }: { settings: SettingsView }) {
  const environment = useEnvironment((store) => store.environment)
  const keychain = environment?.keychain
  return (
    <>
      {keychain && !keychain.available && (
        <Banner tone="danger" title="No OS keychain available">
          {keychain.explanation}
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
  const environment = useEnvironment((store) => store.environment)
  if (environment?.environment !== 'demo') {
    return (
      <Card
        title="Demo key"
        description="Generated automatically for the practice gateway when Demo is active."
      />
    )
  }
  return (
    <Card
      title="Demo key"
      description="Generated automatically for the practice gateway; it holds every capability."
    >
      <DetailList
        items={[
          { label: 'Key id', value: environment.keyId ?? '—', valueClassName: 'mono' },
          {
            label: 'Secret',
            value:
              environment.secretStorage === 'keychain' ? (
                <Badge tone="success">Stored in the OS keychain</Badge>
              ) : environment.secretStorage === 'memory' ? (
                <Badge tone="warning">Kept in memory only</Badge>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {environment.secretStorage === 'memory' && (
        <Banner tone="info">
          No keychain is available, so the demo key lives only in memory and a new one is made each
          time Tilldesk starts. That is fine for practice; Sandbox and Live keys need the keychain.
        </Banner>
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
  const [newKeyId, setNewKeyId] = useState('')
  const [secret, setSecret] = useState('')
  const [confirmRemove, setConfirmRemove] = useState(false)
  const label = ENVIRONMENT_LABEL[target]

  const { busy, setBusy, fields, message, setMessage, submit } = useSaveForm(
    async () => {
      const state = await call('settings.setKey', { environment: target, keyId: newKeyId, secret })
      useEnvironment.setState({ environment: state })
      setNewKeyId('')
      return `Key ${newKeyId.trim()} saved. The secret is in the OS keychain.`
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
      setMessage({ tone: 'success', text: `${label} key removed from the keychain.` })
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
      title={`${label} key`}
      description={`From the merchant dashboard → API keys, for the ${label.toLowerCase()} environment.`}
      actions={
        keyId ? (
          <Button
            variant="danger"
            size="sm"
            icon="trash"
            onClick={() => setConfirmRemove(true)}
            disabled={busy}
          >
            Remove key
          </Button>
        ) : undefined
      }
    >
      <DetailList
        items={[
          {
            label: 'Current key id',
            value: keyId ?? <span className="muted">No key</span>,
            valueClassName: 'mono',
            testId: `key-id-${target}`,
          },
          {
            label: 'Secret',
            value: keyId ? <Badge tone="success">In the OS keychain (never shown)</Badge> : '—',
          },
        ]}
      />
      <Form onSubmit={submit} autoComplete="off" message={message}>
        <FieldGroup>
          <TextField
            label={keyId ? 'New key id' : 'Key id'}
            value={newKeyId}
            onChange={(event) => setNewKeyId(event.target.value)}
            error={fields.keyId}
            spellCheck={false}
            autoComplete="off"
            disabled={!keychainAvailable}
          />
          <TextField
            label="Secret"
            hint="Sent once to this till’s keychain. Never displayed again."
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
            label: keyId ? 'Replace key' : 'Save key',
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
        title={`Remove the ${label} key?`}
        cancelLabel="Keep it"
        confirmLabel="Remove key"
        busy={busy}
        onConfirm={() => void remove()}
      >
        <p>
          Key <span className="mono">{keyId}</span> will be deleted from this till’s keychain. The
          till can’t use {label} until a key is entered again. The key itself stays valid at the
          gateway; revoke it in the dashboard if it may have leaked.
        </p>
      </ConfirmDialog>
    </Card>
  )
}
