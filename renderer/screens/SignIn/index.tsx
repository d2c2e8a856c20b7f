// Sign-in and quick cashier switching: tap your name, type your PIN.
import { formatTime } from '../../lib/format'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../../common/ipc'
import { Badge, Button, EmptyState, Icon, PinPad, Spinner } from '../../components'
import { call, messageOf, PosError } from '../../lib/pos'
import { useSession } from '../../store/session'
import { useUsers } from '../../store/users'
import { initials } from '../../app/roles'
import { EnvironmentRibbon } from '../../app/EnvironmentRibbon'
import { ReplacePin } from './ReplacePin'

export function SignIn() {
  const { users, loaded } = useUsers()
  const tillName = useSession((store) => store.state?.tillName ?? '')
  const [selected, setSelected] = useState<PublicUser | null>(null)
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [now, setNow] = useState(() => new Date())
  /** Set when main asks for a longer PIN before this sign-in (supervisors and admins). */
  const [replacing, setReplacing] = useState<{ pin: string; reason: string } | null>(null)
  const { t } = useTranslation()

  useEffect(() => {
    void useUsers
      .getState()
      .load()
      .catch(() => undefined)
    const timer = window.setInterval(() => setNow(new Date()), 15_000)
    return () => window.clearInterval(timer)
  }, [])

  const active = users.filter((user) => !user.disabled)
  // One profile only: go straight to its PIN.
  const chosen = selected ?? (active.length === 1 ? (active[0] ?? null) : null)

  const submit = async () => {
    if (!chosen || pin.length < 4) {
      setError(t('signIn.enterPin'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      await call('session.signIn', { userId: chosen.id, pin })
    } catch (problem) {
      if (problem instanceof PosError && problem.code === 'pin_change_required') {
        setReplacing({ pin, reason: problem.message })
      } else setError(messageOf(problem))
      setPin('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="signin">
      <EnvironmentRibbon />
      <div className="signin__body">
        <header className="signin__head">
          <div className="onboarding__brand">
            <span className="nav__logo" aria-hidden="true">
              T
            </span>
            <span>Tilldesk</span>
          </div>
          <div className="signin__till">
            <span>{tillName}</span>
            <time dateTime={now.toISOString()}>{formatTime(now)}</time>
          </div>
        </header>

        {!loaded ? (
          <Spinner size={28} label={t('signIn.loading')} />
        ) : chosen ? (
          <section className="signin__card" aria-labelledby="signin-title">
            <div className="signin__who">
              <span className="avatar avatar--lg" aria-hidden="true">
                {initials(chosen.name)}
              </span>
              <div>
                <h1 id="signin-title" className="signin__name">
                  {chosen.name}
                </h1>
                <Badge tone="neutral">{t(`roles.${chosen.role}`)}</Badge>
              </div>
            </div>
            {replacing ? (
              <ReplacePin
                user={chosen}
                currentPin={replacing.pin}
                reason={replacing.reason}
                onCancel={() => setReplacing(null)}
              />
            ) : (
              <form
                className="signin__form"
                onSubmit={(event) => {
                  event.preventDefault()
                  void submit()
                }}
              >
                <PinPad
                  label={t('components.pinFor', { name: chosen.name })}
                  value={pin}
                  onChange={(value) => {
                    setPin(value)
                    setError(null)
                  }}
                  onSubmit={() => void submit()}
                  error={error}
                  disabled={busy}
                />
                <Button
                  variant="primary"
                  size="xl"
                  type="submit"
                  busy={busy}
                  className="signin__submit"
                >
                  {t('signIn.submit')}
                </Button>
              </form>
            )}
            {active.length > 1 && (
              <Button
                variant="ghost"
                icon="chevronLeft"
                onClick={() => {
                  setSelected(null)
                  setPin('')
                  setError(null)
                  setReplacing(null)
                }}
              >
                {t('signIn.another')}
              </Button>
            )}
          </section>
        ) : active.length === 0 ? (
          <EmptyState icon="lock" title={t('signIn.noneTitle')}>
            <p>{t('signIn.none')}</p>
          </EmptyState>
        ) : (
          <section className="signin__picker" aria-labelledby="picker-title">
            <h1 id="picker-title" className="signin__prompt">
              {t('signIn.who')}
            </h1>
            <ul className="profiles">
              {active.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    className="profile"
                    onClick={() => {
                      setSelected(user)
                      setPin('')
                      setError(null)
                    }}
                  >
                    <span className="avatar avatar--lg" aria-hidden="true">
                      {initials(user.name)}
                    </span>
                    <span className="profile__name">{user.name}</span>
                    <span className="profile__role">{t(`roles.${user.role}`)}</span>
                    {user.lockedUntil && (
                      <span className="profile__locked">
                        <Icon name="lock" size={14} /> {t('signIn.locked')}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  )
}
