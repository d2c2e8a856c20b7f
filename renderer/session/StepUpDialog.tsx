// Asks the signed-in person for their PIN again before a sensitive change (see stepUp.ts).
// Main checks the PIN (wrong ones count towards the lockout); the PIN never stays here.
import { useEffect, useState, type FormEvent } from 'react'
import { Banner, Button, Dialog, PinField } from '../components'
import { call, messageOf } from '../lib/pos'
import { useStepUp } from './stepUp'

export function StepUpDialog() {
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
    <Dialog open={reason !== null} onClose={() => close(false)} title="Confirm it’s you">
      <form className="form" onSubmit={(event) => void submit(event)}>
        <p>{reason}</p>
        {error && <Banner tone="danger">{error}</Banner>}
        <PinField
          label="Your PIN"
          value={pin}
          onChange={setPin}
          autoComplete="off"
          autoFocus
          required
        />
        <div className="form__actions">
          <Button variant="ghost" type="button" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={busy || pin.length < 4}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
