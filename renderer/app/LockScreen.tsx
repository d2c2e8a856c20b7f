// Shown over the app while main has locked the session (idle): only the PIN of the person who
// was signed in opens it again, or another person switches user. The screens underneath stay
// mounted and untouchable, so what was on them (an open charge, the customer display it
// drives) carries on; main keeps watching for transfers and sending approved payouts.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser, SessionLock } from '../../common/ipc'
import { Banner, Button, Icon, PinField } from '../components'
import { formatTime } from '../lib/format'
import { call, fieldsOf, messageOf } from '../lib/pos'
import { initials } from './roles'

export function LockScreen({ user, lock }: { user: PublicUser; lock: SessionLock }) {
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  useEffect(() => {
    field.current?.querySelector('input')?.focus()
  }, [])
  const unlock = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      // session.changed brings the unlocked state; this screen then goes away.
      await call('session.unlock', { pin })
    } catch (problem) {
      setError(fieldsOf(problem).pin ?? messageOf(problem))
      setPin('')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div
      className="lock-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="lock-screen"
    >
      <form className="lock-screen__card" onSubmit={(event) => void unlock(event)}>
        <Icon name="lock" size={32} />
        <h2 id="lock-title">{t('app.lock.title')}</h2>
        <p className="lock-screen__who">
          <span className="avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          {user.name} · {t(`roles.${user.role}`)}
        </p>
        <p className="muted">
          {t(lock.reason === 'manual' ? 'app.lock.whyManual' : 'app.lock.why', {
            lockedAt: formatTime(lock.lockedAt),
            signOutAt: formatTime(lock.signOutAt),
          })}
        </p>
        {error && <Banner tone="danger">{error}</Banner>}
        <div ref={field}>
          <PinField
            label={t('components.pinFor', { name: user.name })}
            name="unlock-pin"
            value={pin}
            autoComplete="off"
            onChange={setPin}
          />
        </div>
        <Button type="submit" variant="primary" size="lg" busy={busy} disabled={pin.length < 4}>
          {t('app.lock.unlock')}
        </Button>
        <Button variant="ghost" icon="switch" onClick={() => void call('session.signOut')}>
          {t('app.switchUser')}
        </Button>
      </form>
    </div>
  )
}
