// Settings → Shop: shop mode for merchants with several tills. A till on its own can create the
// shop (first till) or join one with a code; a till in a shop shows whether it is in step,
// makes codes for other tills, and can leave (every local record stays). The owner's database
// login is typed in for one step and never kept.
import { useEffect, useState } from 'react'
import type { ShopStatusView } from '../../../common/ipc/shop'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  FieldShell,
  Spinner,
  TextField,
} from '../../components'
import { formatDateTime } from '../../lib/format'
import { call, messageOf, subscribe } from '../../lib/pos'
import { useSaveForm } from './useSaveForm'

interface ServerFields {
  host: string
  port: string
  database: string
  ca: string
}

const emptyServer: ServerFields = { host: '', port: '5432', database: 'tilldesk', ca: '' }

const toServer = (fields: ServerFields) => ({
  host: fields.host,
  port: Number(fields.port) || 0,
  database: fields.database,
  ca: fields.ca,
})

function ServerFieldset(props: {
  value: ServerFields
  onChange: (next: ServerFields) => void
  errors: Record<string, string>
}) {
  const { value, onChange, errors } = props
  return (
    <>
      <TextField
        label="Shop server address"
        hint="The PostgreSQL server of the shop, as your IT person gave it (for example db.myshop.ng)."
        value={value.host}
        autoComplete="off"
        spellCheck={false}
        error={errors['server.host']}
        onChange={(event) => onChange({ ...value, host: event.target.value })}
      />
      <div className="form__row">
        <TextField
          label="Port"
          inputMode="numeric"
          value={value.port}
          error={errors['server.port']}
          onChange={(event) => onChange({ ...value, port: event.target.value.replace(/\D/g, '') })}
        />
        <TextField
          label="Database"
          value={value.database}
          spellCheck={false}
          error={errors['server.database']}
          onChange={(event) => onChange({ ...value, database: event.target.value })}
        />
      </div>
      <FieldShell
        label="Server certificate (only for a private server)"
        hint="Leave empty when the server has a certificate from a public authority."
        error={errors['server.ca']}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className="input mono"
            rows={3}
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={value.ca}
            onChange={(event) => onChange({ ...value, ca: event.target.value })}
          />
        )}
      </FieldShell>
    </>
  )
}

function OwnerFields(props: {
  user: string
  password: string
  onChange: (user: string, password: string) => void
  errors: Record<string, string>
}) {
  return (
    <div className="form__row">
      <TextField
        label="Shop owner's database user"
        value={props.user}
        autoComplete="off"
        spellCheck={false}
        error={props.errors.ownerUser}
        onChange={(event) => props.onChange(event.target.value, props.password)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="off"
        value={props.password}
        error={props.errors.ownerPassword}
        onChange={(event) => props.onChange(props.user, event.target.value)}
      />
    </div>
  )
}

function OwnerAndSubmit(props: {
  owner: { user: string; password: string }
  setOwner: (owner: { user: string; password: string }) => void
  errors: Record<string, string>
  busy: boolean
  label: string
}) {
  return (
    <>
      <OwnerFields
        user={props.owner.user}
        password={props.owner.password}
        errors={props.errors}
        onChange={(user, password) => props.setOwner({ user, password })}
      />
      <div className="form__actions">
        <Button type="submit" variant="primary" busy={props.busy}>
          {props.label}
        </Button>
      </div>
    </>
  )
}

function CreateShop({ onDone }: { onDone: (view: ShopStatusView) => void }) {
  const [server, setServer] = useState(emptyServer)
  const [owner, setOwner] = useState({ user: '', password: '' })
  const [shopName, setShopName] = useState('')
  const form = useSaveForm(
    async () => {
      const view = await call('shop.create', {
        server: toServer(server),
        ownerUser: owner.user,
        ownerPassword: owner.password,
        shopName,
      })
      onDone(view)
      return `This till created ${view.shopName ?? 'the shop'}.`
    },
    () => setOwner((current) => ({ ...current, password: '' })),
  )
  return (
    <Card
      title="Create a shop (first till)"
      description="Sets up the shop's server and makes this till its first member. The owner's login is used once and not kept."
    >
      <form
        className="form"
        aria-label="Create a shop"
        onSubmit={(event) => void form.submit(event)}
      >
        {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
        <TextField
          label="Shop name"
          value={shopName}
          error={form.fields.shopName}
          onChange={(event) => setShopName(event.target.value)}
        />
        <ServerFieldset value={server} onChange={setServer} errors={form.fields} />
        <OwnerAndSubmit
          owner={owner}
          setOwner={setOwner}
          errors={form.fields}
          busy={form.busy}
          label="Create the shop"
        />
      </form>
    </Card>
  )
}

function JoinShop({ onDone }: { onDone: (view: ShopStatusView) => void }) {
  const [server, setServer] = useState(emptyServer)
  const [code, setCode] = useState('')
  const form = useSaveForm(async () => {
    const view = await call('shop.join', { server: toServer(server), code })
    onDone(view)
    return `This till joined ${view.shopName ?? 'the shop'}.`
  })
  return (
    <Card
      title="Join a shop"
      description="Ask an admin at a till that is already in the shop for a one-time code (Settings → Shop → Make a code)."
    >
      <form className="form" aria-label="Join a shop" onSubmit={(event) => void form.submit(event)}>
        {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
        <ServerFieldset value={server} onChange={setServer} errors={form.fields} />
        <TextField
          label="Code"
          hint="Ten letters and digits, like K7M2Q-XR9TD. It works once, for 30 minutes."
          value={code}
          autoComplete="off"
          spellCheck={false}
          error={form.fields.code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" busy={form.busy}>
            Join the shop
          </Button>
        </div>
      </form>
    </Card>
  )
}

function InShop({
  view,
  onChange,
}: {
  view: ShopStatusView
  onChange: (v: ShopStatusView) => void
}) {
  const [owner, setOwner] = useState({ user: '', password: '' })
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const form = useSaveForm(
    async () => {
      setCode(
        await call('shop.createCode', { ownerUser: owner.user, ownerPassword: owner.password }),
      )
      return 'Code made. Type it on the new till within 30 minutes.'
    },
    () => setOwner((current) => ({ ...current, password: '' })),
  )
  const leave = async () => {
    setBusy(true)
    try {
      onChange(await call('shop.leave'))
      setLeaving(false)
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Card
        title={view.shopName ?? 'Shop'}
        description={`This till is “${view.tillName ?? ''}” in the shop.`}
      >
        <Banner tone={view.sync === 'online' ? 'success' : 'warning'}>{view.message}</Banner>
        {view.server && (
          <p className="muted">
            Server {view.server.host}:{view.server.port}, database {view.server.database}
            {view.server.privateCa ? ', private certificate' : ''}.
          </p>
        )}
        {view.refused > 0 && (
          <Banner tone="danger" title="Events from another till were refused">
            {view.refused === 1 ? 'One event' : `${view.refused} events`} did not check out and were
            not applied. Settings → Support lists which.
          </Banner>
        )}
        {problem && <Banner tone="danger">{problem}</Banner>}
        <div className="form__actions">
          <Button variant="danger" onClick={() => setLeaving(true)}>
            Leave the shop
          </Button>
        </div>
      </Card>
      <Card
        title="Make a code for another till"
        description="The shop owner's login is used once to make the code and not kept."
      >
        <form
          className="form"
          aria-label="Make a code"
          onSubmit={(event) => void form.submit(event)}
        >
          {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
          {code && (
            <p>
              <strong className="mono">{code.code}</strong>
              <span className="muted"> works once, until {formatDateTime(code.expiresAt)}.</span>
            </p>
          )}
          <OwnerAndSubmit
            owner={owner}
            setOwner={setOwner}
            errors={form.fields}
            busy={form.busy}
            label="Make a code"
          />
        </form>
      </Card>
      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title="Leave the shop?"
        tone="danger"
        cancelLabel="Stay"
        confirmLabel="Leave the shop"
        onConfirm={() => void leave()}
        busy={busy}
      >
        This till stops sharing with the other tills and works on its own. Every sale, payout and
        report on this till stays. To come back, join again with a new code.
      </ConfirmDialog>
    </>
  )
}

export function ShopSection() {
  const [view, setView] = useState<ShopStatusView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    call('shop.status').then(setView, (error: unknown) => setProblem(messageOf(error)))
    return subscribe('shop.status', setView)
  }, [])
  if (problem) return <Banner tone="danger">{problem}</Banner>
  if (!view) return <Spinner label="Loading shop mode" />
  if (view.mode === 'shop') return <InShop view={view} onChange={setView} />
  return (
    <>
      <Card
        title="Shop mode"
        description="For several tills in one shop: one staff list, approvals from any till, one audit trail. A till on its own needs none of it."
      >
        <p className="muted">{view.message}</p>
      </Card>
      <CreateShop onDone={setView} />
      <JoinShop onDone={setView} />
    </>
  )
}
