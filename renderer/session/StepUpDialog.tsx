// Asks the signed-in person for their PIN again before a sensitive change (see stepUp.ts).
// Main checks the PIN (wrong ones count towards the lockout); the PIN never stays here.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Banner, Button, Dialog, PinField } from '../components'
import { call, messageOf } from '../lib/pos'
import { useStepUp } from './stepUp'

export function StepUpDialog() {
  const { t } = useTranslation()
  const reason = useStepUp((store) => store.reason)
  const finish = useStepUp((store) => store.finish)
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    useStepUp.setState({ mounted: true })
    return () => {
      useStepUp.getState().finish(false)
      useStepUp.setState({ mounted: false })
    }
  }, [])

  const close = (confirmed: boolean) => {
    setPin('')
    setError(null)
    finish(confirmed)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await call('session.stepUp', { pin })
      close(true)
    } catch (problem) {
      setPin('')
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={reason !== null} onClose={() => close(false)} title={t('stepUp.title')}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        {/* Main's own words for why (its messages are in English, docs/i18n.md). */}
        <p>{reason}</p>
        {error && <Banner tone="danger">{error}</Banner>}
        <PinField
          label={t('stepUp.pin')}
          value={pin}
          onChange={setPin}
          autoComplete="off"
          autoFocus
          required
        />
        <div className="form__actions">
          <Button variant="ghost" type="button" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" disabled={busy || pin.length < 4}>
            {t('stepUp.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
