import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { checkPin, pinHint } from '../../common/rules'
import { Banner, Button, Dialog, TextField } from '../components'
import { fieldError, hintOf, refusalsOf, type Refusal } from '../lib/fieldErrors'
import { call, fieldsOf, messageOf } from '../lib/pos'
import { useSession } from '../store/session'

export function ChangePinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [currentPin, setCurrentPin] = useState('')
  const [newPin, setNewPin] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [refused, setRefused] = useState<Record<string, Refusal>>({})
  const [tried, setTried] = useState(false)
  const [done, setDone] = useState(false)
  const role = useSession((store) => store.state?.user?.role) ?? 'cashier'
  // The signed-in person's own rule, checked as they type once they have tried to change it.
  const newProblem = checkPin(role, newPin)
  const confirmError =
    tried && !newProblem && confirm !== newPin ? t('app.changePin.differ') : undefined

  const reset = () => {
    setCurrentPin('')
    setNewPin('')
    setConfirm('')
    setError(null)
    setRefused({})
    setTried(false)
    setDone(false)
  }
  const close = () => {
    reset()
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (newProblem || newPin !== confirm) return
    setBusy(true)
    setError(null)
    setRefused({})
    try {
      await call('users.changeOwnPin', { currentPin, newPin })
      setDone(true)
    } catch (problem) {
      // Said once: under the field main named, or above the form when it named none.
      setError(Object.keys(fieldsOf(problem)).length > 0 ? null : messageOf(problem))
      setRefused(refusalsOf(problem, { currentPin, pin: currentPin, newPin }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={close} title={t('app.changePin.title')}>
      {done ? (
        <>
          <Banner tone="success" title={t('app.changePin.changed')}>
            {t('app.changePin.useNext')}
          </Banner>
          <div className="form__actions">
            <Button variant="primary" onClick={close}>
              {t('common.done')}
            </Button>
          </div>
        </>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          {error && <Banner tone="danger">{error}</Banner>}
          <TextField
            label={t('app.changePin.current')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={currentPin}
            onChange={(event) => setCurrentPin(event.target.value)}
            error={
              fieldError(currentPin, false, null, refused.currentPin) ??
              fieldError(currentPin, false, null, refused.pin)
            }
            autoFocus
          />
          <TextField
            label={t('app.changePin.new')}
            hint={hintOf(pinHint(role))}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={newPin}
            onChange={(event) => setNewPin(event.target.value)}
            error={fieldError(newPin, tried, newProblem, refused.newPin)}
          />
          <TextField
            label={t('app.changePin.again')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={confirmError}
          />
          <div className="form__actions">
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button variant="primary" type="submit" busy={busy}>
              {t('app.changePin.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
