// Someone whose PIN must change before they sign in sets a new one: a supervisor or admin whose
// PIN is shorter than their role now needs (6 digits), or anyone whose PIN an older Tilldesk
// kept without the keychain's pepper (it may be known). Main checks the current PIN again
// (with lockout), the new one's length and that it differs; this form only collects them.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../../common/ipc'
import { checkPin, pinHint } from '../../../common/rules'
import { sayRule } from '../../i18n/rules'
import { Banner, Button, PinPad } from '../../components'
import { call, messageOf } from '../../lib/pos'

export function ReplacePin({
  user,
  currentPin,
  reason,
  onCancel,
}: {
  user: PublicUser
  currentPin: string
  reason: string
  onCancel: () => void
}) {
  const [first, setFirst] = useState('')
  const [second, setSecond] = useState('')
  const [step, setStep] = useState<'new' | 'again'>('new')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()

  const submit = async () => {
    if (step === 'new') {
      const problem = checkPin(user.role, first)
      if (problem) {
        setError(sayRule(problem))
        return
      }
      setStep('again')
      setError(null)
      return
    }
    if (second !== first) {
      setError(t('signIn.replace.differ'))
      setFirst('')
      setSecond('')
      setStep('new')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await call('users.replaceShortPin', { id: user.id, currentPin, newPin: first })
      await call('session.signIn', { userId: user.id, pin: first })
    } catch (problem) {
      setError(messageOf(problem))
      setFirst('')
      setSecond('')
      setStep('new')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="signin__form"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Banner tone="warning">{reason}</Banner>
      <PinPad
        label={
          step === 'new'
            ? t('signIn.replace.new', {
                digits: sayRule(pinHint(user.role)).replace(/\.$/, ''),
              })
            : t('app.changePin.again')
        }
        value={step === 'new' ? first : second}
        onChange={(value) => {
          if (step === 'new') setFirst(value)
          else setSecond(value)
          setError(null)
        }}
        onSubmit={() => void submit()}
        error={error}
        disabled={busy}
      />
      <Button variant="primary" size="xl" type="submit" busy={busy} className="signin__submit">
        {step === 'new' ? t('common.next') : t('signIn.replace.submit')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </form>
  )
}
