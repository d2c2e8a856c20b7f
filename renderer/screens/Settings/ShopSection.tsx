// Settings → Shop: shop mode for merchants with several tills. A till on its own can create the
// shop (first till) or join one with a code; a till in a shop shows whether it is in step,
// makes codes for other tills, and can leave (every local record stays). The owner's database
// login is typed in for one step and never kept.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
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
import { saySaid } from '../../i18n/errors'
import { call, messageOf, subscribe } from '../../lib/pos'
import { ShopWatchCard } from './ShopWatchCard'
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
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={t('settings.shop.address')}
        hint={t('settings.shop.addressHint')}
        value={value.host}
        autoComplete="off"
        spellCheck={false}
        error={errors['server.host']}
        onChange={(event) => onChange({ ...value, host: event.target.value })}
      />
      <div className="form__row">
        <TextField
          label={t('settings.shop.port')}
          inputMode="numeric"
          value={value.port}
          error={errors['server.port']}
          onChange={(event) => onChange({ ...value, port: event.target.value.replace(/\D/g, '') })}
        />
        <TextField
          label={t('settings.shop.database')}
          value={value.database}
          spellCheck={false}
          error={errors['server.database']}
          onChange={(event) => onChange({ ...value, database: event.target.value })}
        />
      </div>
      <FieldShell
        label={t('settings.shop.certificate')}
        hint={t('settings.shop.certificateHint')}
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
  const { t } = useTranslation()
  return (
    <div className="form__row">
      <TextField
        label={t('settings.shop.ownerUser')}
        value={props.user}
        autoComplete="off"
        spellCheck={false}
        error={props.errors.ownerUser}
        onChange={(event) => props.onChange(event.target.value, props.password)}
      />
      <TextField
        label={t('settings.shop.password')}
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
  const { t } = useTranslation()
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
      return t('settings.shop.created', { shop: view.shopName ?? t('settings.shop.theShop') })
    },
    () => setOwner((current) => ({ ...current, password: '' })),
  )
  return (
    <Card title={t('settings.shop.createTitle')} description={t('settings.shop.createHelp')}>
      <form
        className="form"
        aria-label={t('settings.shop.createLabel')}
        onSubmit={(event) => void form.submit(event)}
      >
        {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
        <TextField
          label={t('settings.shop.shopName')}
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
          label={t('settings.shop.create')}
        />
      </form>
    </Card>
  )
}

function JoinShop({ onDone }: { onDone: (view: ShopStatusView) => void }) {
  const { t } = useTranslation()
  const [server, setServer] = useState(emptyServer)
  const [code, setCode] = useState('')
  const form = useSaveForm(async () => {
    const view = await call('shop.join', { server: toServer(server), code })
    onDone(view)
    return t('settings.shop.joined', { shop: view.shopName ?? t('settings.shop.theShop') })
  })
  return (
    <Card title={t('settings.shop.joinTitle')} description={t('settings.shop.joinHelp')}>
      <form
        className="form"
        aria-label={t('settings.shop.joinTitle')}
        onSubmit={(event) => void form.submit(event)}
      >
        {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
        <ServerFieldset value={server} onChange={setServer} errors={form.fields} />
        <TextField
          label={t('settings.shop.code')}
          hint={t('settings.shop.codeHint')}
          value={code}
          autoComplete="off"
          spellCheck={false}
          error={form.fields.code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" busy={form.busy}>
            {t('settings.shop.join')}
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
  const { t } = useTranslation()
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
      return t('settings.shop.codeMade')
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
        title={view.shopName ?? t('settings.shop.shop')}
        description={t('settings.shop.thisTill', { till: view.tillName ?? '' })}
      >
        <Banner tone={view.sync === 'online' ? 'success' : 'warning'}>
          {saySaid(view.say, view.message)}
        </Banner>
        {view.server && (
          <p className="muted">
            {t(view.server.privateCa ? 'settings.shop.serverPrivate' : 'settings.shop.server', {
              host: view.server.host,
              port: view.server.port,
              database: view.server.database,
            })}
          </p>
        )}
        {view.refused > 0 && (
          <Banner tone="danger" title={t('settings.shop.refusedTitle')}>
            {t('settings.shop.refused', { count: view.refused })}
          </Banner>
        )}
        {problem && <Banner tone="danger">{problem}</Banner>}
        <div className="form__actions">
          <Button variant="danger" onClick={() => setLeaving(true)}>
            {t('settings.shop.leave')}
          </Button>
        </div>
      </Card>
      <ShopWatchCard />
      <Card title={t('settings.shop.makeTitle')} description={t('settings.shop.makeHelp')}>
        <form
          className="form"
          aria-label={t('settings.shop.make')}
          onSubmit={(event) => void form.submit(event)}
        >
          {form.message && <Banner tone={form.message.tone}>{form.message.text}</Banner>}
          {code && (
            <p>
              <strong className="mono">{code.code}</strong>
              <span className="muted">
                {t('settings.shop.worksUntil', { until: formatDateTime(code.expiresAt) })}
              </span>
            </p>
          )}
          <OwnerAndSubmit
            owner={owner}
            setOwner={setOwner}
            errors={form.fields}
            busy={form.busy}
            label={t('settings.shop.make')}
          />
        </form>
      </Card>
      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title={t('settings.shop.leaveTitle')}
        tone="danger"
        cancelLabel={t('settings.shop.stay')}
        confirmLabel={t('settings.shop.leave')}
        onConfirm={() => void leave()}
        busy={busy}
      >
        {t('settings.shop.leaveBody')}
      </ConfirmDialog>
    </>
  )
}

export function ShopSection() {
  const { t } = useTranslation()
  const [view, setView] = useState<ShopStatusView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    call('shop.status').then(setView, (error: unknown) => setProblem(messageOf(error)))
    return subscribe('shop.status', setView)
  }, [])
  if (problem) return <Banner tone="danger">{problem}</Banner>
  if (!view) return <Spinner label={t('settings.shop.loading')} />
  if (view.mode === 'shop') return <InShop view={view} onChange={setView} />
  return (
    <>
      <Card title={t('settings.shop.modeTitle')} description={t('settings.shop.modeHelp')}>
        <p className="muted">{saySaid(view.say, view.message)}</p>
      </Card>
      <CreateShop onDone={setView} />
      <JoinShop onDone={setView} />
    </>
  )
}
