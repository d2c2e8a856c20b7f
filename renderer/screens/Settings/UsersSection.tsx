// Staff profiles: add, change role, reset PIN, unlock, disable, remove. Main enforces every
// rule (admin only, never the last admin, never yourself); this screen explains refusals.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser, UserRole } from '../../../common/ipc'
import { USER_ROLES } from '../../../common/ipc'
import { checkPin, pinHint } from '../../../common/rules'
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  PinField,
  SelectField,
  TextField,
} from '../../components'
import { DataTable, FieldGroup, Form, FormActions, FormDialog } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { fieldError, hintOf, type Refusal } from '../../lib/fieldErrors'
import { call, messageOf } from '../../lib/pos'
import { useSession } from '../../store/session'
import { useUsers } from '../../store/users'
import { initials } from '../../app/roles'
import { t as translate } from '../../i18n'

const roleOptions = () =>
  USER_ROLES.map((role) => ({ value: role, label: translate(`roles.${role}`) }))
/** A role inside a sentence: "is now supervisor". */
const roleWord = (role: UserRole) => translate(`roles.${role}`).toLowerCase()

export function UsersSection() {
  const { t } = useTranslation()
  const users = useUsers((store) => store.users)
  const me = useSession((store) => store.state?.user)
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [pinFor, setPinFor] = useState<PublicUser | null>(null)
  const [removing, setRemoving] = useState<PublicUser | null>(null)

  useEffect(() => {
    void useUsers
      .getState()
      .load()
      .catch(() => undefined)
  }, [])

  const act = async (work: () => Promise<unknown>, success: string) => {
    setMessage(null)
    try {
      await work()
      setMessage({ tone: 'success', text: success })
    } catch (problem) {
      setMessage({ tone: 'danger', text: messageOf(problem) })
    }
  }

  return (
    <>
      <Card title={t('settings.users.title')} description={t('settings.users.help')}>
        {message && <Banner tone={message.tone}>{message.text}</Banner>}
        <DataTable
          className="table"
          rows={users}
          rowKey={(user) => user.id}
          rowTestId={(user) => `user-row-${user.name}`}
          columns={[
            {
              header: t('settings.users.name'),
              cell: (user) => (
                <span className="table__user">
                  <span className="avatar avatar--sm" aria-hidden="true">
                    {initials(user.name)}
                  </span>
                  {user.name}
                  {user.id === me?.id && <Badge tone="info">{t('settings.users.you')}</Badge>}
                  {/* The status sits by the name: a column of its own pushed the buttons past
                      the card at 1024 px in French. */}
                  {user.disabled ? (
                    <Badge tone="neutral">{t('settings.users.disabled')}</Badge>
                  ) : user.lockedUntil ? (
                    <Badge tone="danger">{t('settings.users.locked')}</Badge>
                  ) : (
                    <Badge tone="success">{t('settings.users.active')}</Badge>
                  )}
                </span>
              ),
            },
            {
              header: t('settings.users.role'),
              cell: (user) => (
                <select
                  className="input input--compact"
                  aria-label={t('settings.users.roleOf', { name: user.name })}
                  value={user.role}
                  onChange={(event) =>
                    void act(
                      () =>
                        call('users.update', {
                          id: user.id,
                          role: event.target.value as UserRole,
                        }),
                      t('settings.users.nowRole', {
                        name: user.name,
                        role: roleWord(event.target.value as UserRole),
                      }),
                    )
                  }
                >
                  {roleOptions().map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              header: <span className="visually-hidden">{t('settings.users.actions')}</span>,
              className: 'table__actions',
              cell: (user) => (
                <UserActions
                  user={user}
                  me={me?.id}
                  act={act}
                  onPin={setPinFor}
                  onRemove={setRemoving}
                />
              ),
            },
          ]}
        />
      </Card>
      <AddUserCard />
      <SetPinDialog
        user={pinFor}
        onClose={() => setPinFor(null)}
        onDone={(text) => setMessage({ tone: 'success', text })}
      />
      <ConfirmDialog
        open={removing !== null}
        tone="danger"
        onClose={() => setRemoving(null)}
        title={t('settings.users.removeTitle', { name: removing?.name ?? '' })}
        cancelLabel={t('settings.users.keep')}
        confirmLabel={t('settings.users.removeProfile')}
        onConfirm={() => {
          const target = removing
          setRemoving(null)
          if (target)
            void act(
              () => call('users.remove', { id: target.id }),
              t('settings.users.removed', { name: target.name }),
            )
        }}
      >
        <p>{t('settings.users.removeBody')}</p>
      </ConfirmDialog>
    </>
  )
}

/** Unlock, Set PIN, and (never on your own row: main refuses it) Disable and Remove. */
function UserActions({
  user,
  me,
  act,
  onPin,
  onRemove,
}: {
  user: PublicUser
  me: string | undefined
  act: (work: () => Promise<unknown>, success: string) => Promise<void>
  onPin: (user: PublicUser) => void
  onRemove: (user: PublicUser) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      {user.lockedUntil && (
        <Button
          size="sm"
          onClick={() =>
            void act(
              () => call('users.unlock', { id: user.id }),
              t('settings.users.unlocked', { name: user.name }),
            )
          }
        >
          {t('settings.users.unlock')}
        </Button>
      )}
      <Button size="sm" icon="key" onClick={() => onPin(user)}>
        {t('settings.users.setPin')}
      </Button>
      {/* Main refuses disabling or removing yourself; don't offer what it refuses. */}
      {user.id === me ? null : (
        <>
          <Button
            size="sm"
            onClick={() =>
              void act(
                () => call('users.update', { id: user.id, disabled: !user.disabled }),
                t(user.disabled ? 'settings.users.wasEnabled' : 'settings.users.wasDisabled', {
                  name: user.name,
                }),
              )
            }
          >
            {user.disabled ? t('settings.users.enable') : t('settings.users.disable')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon="trash"
            aria-label={t('settings.users.remove', { name: user.name })}
            onClick={() => onRemove(user)}
          />
        </>
      )}
    </>
  )
}

function AddUserCard() {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [role, setRole] = useState<UserRole>('cashier')
  const [pin, setPin] = useState('')
  const [tried, setTried] = useState(false)
  // The PIN rule of the role picked, checked as it is typed once the admin has tried to add.
  const pinProblem = checkPin(role, pin)
  // What was sent, so main's error for a field goes as soon as that field is changed.
  const [sentValues, setSentValues] = useState({ name: '', role: '', pin: '' })
  const sent = (error: string | undefined, key: keyof typeof sentValues): Refusal | undefined =>
    error === undefined ? undefined : { value: sentValues[key], text: error }
  const { busy, fields, message, submit } = useSaveForm(async () => {
    setSentValues({ name, role, pin })
    const user = await call('users.create', { name, role, pin })
    setName('')
    setPin('')
    setTried(false)
    return t('settings.users.added', { name: user.name, role: roleWord(user.role) })
  })
  const add = async (event: FormEvent) => {
    setTried(true)
    if (pinProblem) {
      event.preventDefault()
      return
    }
    await submit(event)
  }

  return (
    <Card title={t('settings.users.add')}>
      <Form onSubmit={add} autoComplete="off" message={message}>
        <FieldGroup layout="grid">
          <TextField
            label={t('settings.users.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError(name, false, null, sent(fields.name, 'name'))}
            maxLength={40}
          />
          <SelectField
            label={t('settings.users.role')}
            value={role}
            options={roleOptions()}
            onChange={(event) => setRole(event.target.value as UserRole)}
            error={fieldError(role, false, null, sent(fields.role, 'role'))}
          />
          <PinField
            label={t('settings.users.pin')}
            hint={hintOf(pinHint(role), t('settings.users.pinHint'))}
            value={pin}
            onChange={setPin}
            error={fieldError(pin, tried, pinProblem, sent(fields.pin, 'pin'))}
          />
        </FieldGroup>
        <FormActions submit={{ label: t('settings.users.addUser'), icon: 'plus', busy }} />
      </Form>
    </Card>
  )
}

function SetPinDialog({
  user,
  onClose,
  onDone,
}: {
  user: PublicUser | null
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const [pin, setPin] = useState('')
  const [tried, setTried] = useState(false)
  const [refused, setRefused] = useState<Refusal | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const role = user?.role ?? 'cashier'
  const pinProblem = checkPin(role, pin)
  const close = () => {
    setPin('')
    setTried(false)
    setRefused(undefined)
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    setTried(true)
    if (pinProblem) return
    setBusy(true)
    try {
      await call('users.setPin', { id: user.id, pin })
      onDone(t('settings.users.pinSet', { name: user.name }))
      close()
    } catch (problem) {
      // Main's refusal, kept with the PIN it refused: it goes once the PIN is changed.
      setRefused({ value: pin, text: messageOf(problem) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormDialog
      open={user !== null}
      onClose={close}
      title={t('settings.users.pinTitle', { name: user?.name ?? '' })}
      onSubmit={submit}
      submitLabel={t('settings.users.setPin')}
      busy={busy}
      autoComplete="off"
    >
      <PinField
        label={t('settings.users.newPin')}
        hint={hintOf(pinHint(role), t('settings.users.newPinHint'))}
        value={pin}
        onChange={setPin}
        error={fieldError(pin, tried, pinProblem, refused)}
        autoFocus
      />
    </FormDialog>
  )
}
