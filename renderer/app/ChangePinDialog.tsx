import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button, Dialog, TextField } from '../components'
import { call, fieldsOf, messageOf } from '../lib/pos'

export function ChangePinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [currentPin, setCurrentPin] = useState('')
  const [newPin, setNewPin] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [done, setDone] = useState(false)

  const reset = () => {
    setCurrentPin('')
    setNewPin('')
    setConfirm('')
    setError(null)
    setFields({})
    setDone(false)
  }
  const close = () => {
    reset()
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (newPin !== confirm) {
      setFields({ confirm: t('app.changePin.differ') })
      return
    }
    setBusy(true)
    setError(null)
    setFields({})
    try {
      await call('users.changeOwnPin', { currentPin, newPin })
      setDone(true)
    } catch (problem) {
      setError(messageOf(problem))
      setFields(fieldsOf(problem))
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
            error={fields.currentPin ?? fields.pin}
            autoFocus
          />
          <TextField
            label={t('app.changePin.new')}
            hint={t('app.changePin.newHint')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={newPin}
            onChange={(event) => setNewPin(event.target.value)}
            error={fields.newPin}
          />
          <TextField
            label={t('app.changePin.again')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={fields.confirm}
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
