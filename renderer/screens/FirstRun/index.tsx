// First run: name the till and create the admin. Main refuses this once any profile exists.
import { useState, type FormEvent } from 'react'
import { Banner, Button, Icon, PinField, TextField } from '../../components'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'

type Step = 'welcome' | 'admin'

export function FirstRun() {
  const [step, setStep] = useState<Step>('welcome')
  // Empty on purpose: a pre-filled name is kept by every shop that doesn't notice it.
  const [tillName, setTillName] = useState('')
  const [adminName, setAdminName] = useState('')
  const [pin, setPin] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pin !== confirm) {
      setFields({ confirm: 'The two PINs differ. Type the same PIN twice.' })
      return
    }
    setBusy(true)
    setError(null)
    setFields({})
    try {
      await call('session.setup', { tillName, adminName, pin })
      // session.changed swaps this screen for the app; land on Settings to finish setup.
      useNavigation.getState().go('settings')
    } catch (problem) {
      setError(messageOf(problem))
      setFields(fieldsOf(problem))
      if (fieldsOf(problem).tillName) setStep('welcome')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="onboarding">
      <div className="onboarding__panel">
        <div className="onboarding__brand">
          <span className="nav__logo" aria-hidden="true">
            T
          </span>
          <span>Tilldesk</span>
        </div>
        <ol className="steps" aria-label="Setup steps">
          <li className={step === 'welcome' ? 'steps__item is-current' : 'steps__item is-done'}>
            <span className="steps__num">
              {step === 'welcome' ? '1' : <Icon name="check" size={14} />}
            </span>{' '}
            Name this till
          </li>
          <li className={step === 'admin' ? 'steps__item is-current' : 'steps__item'}>
            <span className="steps__num">2</span> Create the admin
          </li>
        </ol>

        {step === 'welcome' ? (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault()
              if (tillName.trim() === '') setFields({ tillName: 'Enter a till name.' })
              else {
                setFields({})
                setStep('admin')
              }
            }}
          >
            <h1 className="onboarding__title">Welcome to Tilldesk</h1>
            <p className="onboarding__lead">
              Take bank-transfer payments and pay out to bank accounts from this till. Setup takes a
              minute; it starts in the <strong>Demo</strong> environment, a practice gateway where
              no real money moves.
            </p>
            <TextField
              label="Till name"
              hint="Shown on the status bar and receipts, e.g. “Front counter” or “Till 2”."
              value={tillName}
              onChange={(event) => setTillName(event.target.value)}
              error={fields.tillName}
              maxLength={40}
              autoFocus
            />
            <div className="form__actions">
              <Button variant="primary" size="lg" type="submit">
                Continue
              </Button>
            </div>
          </form>
        ) : (
          <form className="form" onSubmit={(event) => void submit(event)}>
            <h1 className="onboarding__title">Create the admin profile</h1>
            <p className="onboarding__lead">
              The admin manages settings, API keys and staff profiles. Cashiers and supervisors are
              added later in Settings → Users.
            </p>
            {error && <Banner tone="danger">{error}</Banner>}
            <TextField
              label="Your name"
              value={adminName}
              onChange={(event) => setAdminName(event.target.value)}
              error={fields.adminName}
              autoComplete="name"
              maxLength={40}
              autoFocus
            />
            <div className="form__row">
              <PinField
                label="PIN"
                hint="4 to 8 digits. You type it to sign in."
                value={pin}
                onChange={setPin}
                error={fields.pin}
              />
              <PinField
                label="PIN again"
                value={confirm}
                onChange={setConfirm}
                error={fields.confirm}
              />
            </div>
            <div className="form__actions">
              <Button onClick={() => setStep('welcome')}>Back</Button>
              <Button variant="primary" size="lg" type="submit" busy={busy}>
                Create admin and start
              </Button>
            </div>
          </form>
        )}
      </div>
      <aside className="onboarding__aside" aria-hidden="true">
        <div className="onboarding__art">
          <p className="onboarding__quote">Paid, confirmed, reconciled.</p>
          <p className="onboarding__sub">
            Bank transfers confirmed at the counter within a second.
          </p>
        </div>
      </aside>
    </div>
  )
}
