// Staff profiles: add, change role, reset PIN, unlock, disable, remove. Main enforces every
// rule (admin only, never the last admin, never yourself); this screen explains refusals.
import { useEffect, useState, type FormEvent } from 'react'
import type { PublicUser, UserRole } from '../../../common/ipc'
import { USER_ROLES } from '../../../common/ipc'
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
import {
  DataTable,
  FieldGroup,
  Form,
  FormActions,
  FormDialog,
  useAction,
} from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { call, messageOf } from '../../lib/pos'
import { useSession } from '../../store/session'
import { useUsers } from '../../store/users'
import { initials, ROLE_LABEL } from '../../app/roles'

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))

export function UsersSection() {
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
      <Card
        title="Users"
        description="Everyone who signs in at this till. Cashiers take payments and draft payouts; supervisors also approve; admins also change settings."
      >
        {message && <Banner tone={message.tone}>{message.text}</Banner>}
        <DataTable
          className="table"
          rows={users}
          rowKey={(user) => user.id}
          rowTestId={(user) => `user-row-${user.name}`}
          columns={[
            {
              header: 'Name',
              cell: (user) => (
                <span className="table__user">
                  <span className="avatar avatar--sm" aria-hidden="true">
                    {initials(user.name)}
                  </span>
                  {user.name}
                  {user.id === me?.id && <Badge tone="info">You</Badge>}
                </span>
              ),
            },
            {
              header: 'Role',
              cell: (user) => (
                <select
                  className="input input--compact"
                  aria-label={`Role of ${user.name}`}
                  value={user.role}
                  onChange={(event) =>
                    void act(
                      () =>
                        call('users.update', {
                          id: user.id,
                          role: event.target.value as UserRole,
                        }),
                      `${user.name} is now ${ROLE_LABEL[event.target.value as UserRole].toLowerCase()}.`,
                    )
                  }
                >
                  {ROLE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              header: 'Status',
              cell: (user) =>
                user.disabled ? (
                  <Badge tone="neutral">Disabled</Badge>
                ) : user.lockedUntil ? (
                  <Badge tone="danger">Locked</Badge>
                ) : (
                  <Badge tone="success">Active</Badge>
                ),
            },
            {
              header: <span className="visually-hidden">Actions</span>,
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
        title={`Remove ${removing?.name ?? ''}?`}
        cancelLabel="Keep"
        confirmLabel="Remove profile"
        onConfirm={() => {
          const target = removing
          setRemoving(null)
          if (target)
            void act(() => call('users.remove', { id: target.id }), `${target.name} removed.`)
        }}
      >
        <p>
          The profile and its PIN are deleted from this till. Records they made keep their name.
        </p>
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
  return (
    <>
      {user.lockedUntil && (
        <Button
          size="sm"
          onClick={() =>
            void act(() => call('users.unlock', { id: user.id }), `${user.name} unlocked.`)
          }
        >
          Unlock
        </Button>
      )}
      <Button size="sm" icon="key" onClick={() => onPin(user)}>
        Set PIN
      </Button>
      {/* Main refuses disabling or removing yourself; don't offer what it refuses. */}
      {user.id === me ? null : (
        <>
          <Button
            size="sm"
            onClick={() =>
              void act(
                () => call('users.update', { id: user.id, disabled: !user.disabled }),
                `${user.name} ${user.disabled ? 'enabled' : 'disabled'}.`,
              )
            }
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon="trash"
            aria-label={`Remove ${user.name}`}
            onClick={() => onRemove(user)}
          />
        </>
      )}
    </>
  )
}

function AddUserCard() {
  const [name, setName] = useState('')
  const [role, setRole] = useState<UserRole>('cashier')
  const [pin, setPin] = useState('')
  const { busy, fields, message, submit } = useSaveForm(async () => {
    const user = await call('users.create', { name, role, pin })
    setName('')
    setPin('')
    return `${user.name} added as ${ROLE_LABEL[user.role].toLowerCase()}.`
  })

  return (
    <Card title="Add a user">
      <Form onSubmit={submit} autoComplete="off" message={message}>
        <FieldGroup layout="grid">
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fields.name}
            maxLength={40}
          />
          <SelectField
            label="Role"
            value={role}
            options={ROLE_OPTIONS}
            onChange={(event) => setRole(event.target.value as UserRole)}
            error={fields.role}
          />
          <PinField
            label="PIN"
            hint="4 to 8 digits; tell it to them privately."
            value={pin}
            onChange={setPin}
            error={fields.pin}
          />
        </FieldGroup>
        <FormActions submit={{ label: 'Add user', icon: 'plus', busy }} />
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
  const [pin, setPin] = useState('')
  const { busy, error, setError, run } = useAction()
  const close = () => {
    setPin('')
    setError(null)
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    if (await run(() => call('users.setPin', { id: user.id, pin }))) {
      onDone(`New PIN set for ${user.name}.`)
      close()
    }
  }
  return (
    <FormDialog
      open={user !== null}
      onClose={close}
      title={`Set a new PIN for ${user?.name ?? ''}`}
      onSubmit={submit}
      submitLabel="Set PIN"
      busy={busy}
      autoComplete="off"
    >
      <PinField
        label="New PIN"
        hint="4 to 8 digits. This also lifts a lockout."
        value={pin}
        onChange={setPin}
        error={error ?? undefined}
        autoFocus
      />
    </FormDialog>
  )
}
