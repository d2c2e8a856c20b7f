// Activating a mandate: start it at the customer's bank, then send the OTP and PIN the
// customer gives (they go to main and the gateway, never into the screen's state after).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { MandateView } from '../../../common/ipc'
import { Banner, Button, PinField } from '../../components'
import { SubSection } from '../../components/kit'
import { call, fieldsOf, summaryOf } from '../../lib/pos'
import { useMandates } from './store'

export function Activation({ view }: { view: MandateView }) {
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const [otp, setOtp] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const fields = fieldsOf(error)
  const { t } = useTranslation()

  const send = async () => {
    setSending(true)
    setError(null)
    try {
      useMandates
        .getState()
        .upsert(
          await call('mandates.initiateActivation', { mandateReference: view.mandateReference }),
        )
      setSent(true)
    } catch (problem) {
      setError(problem)
    } finally {
      setSending(false)
    }
  }
  const activate = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const next = await call('mandates.validateActivation', {
        mandateReference: view.mandateReference,
        otp,
        pin,
      })
      useMandates.getState().upsert(next)
    } catch (problem) {
      setError(problem)
    } finally {
      // The code and PIN are the customer's: never left in the form.
      setOtp('')
      setPin('')
      setBusy(false)
    }
  }
  return (
    <SubSection title={t('mandates.activation.title')}>
      {error !== null && <Banner tone="danger">{summaryOf(error)}</Banner>}
      <ol className="gw-steps">
        <li>
          <div className="gw-actions">
            <Button
              variant={view.can.validateActivation ? 'secondary' : 'primary'}
              icon="shield"
              busy={sending}
              onClick={() => void send()}
            >
              {view.activationInitiated
                ? t('mandates.activation.sendNew')
                : t('mandates.activation.send')}
            </Button>
            {(sent || view.activationInitiated) && (
              <span className="muted">{t('mandates.activation.sent')}</span>
            )}
          </div>
        </li>
        {view.can.validateActivation && (
          <li>
            <form
              className="gw-otp"
              onSubmit={(e) => void activate(e)}
              aria-label={t('mandates.activation.form')}
              noValidate
            >
              <PinField
                label={t('mandates.activation.otp')}
                name="otp"
                autoComplete="off"
                value={otp}
                onChange={setOtp}
                error={fields.otp}
              />
              <PinField
                label={t('mandates.activation.pin')}
                name="pin"
                autoComplete="off"
                value={pin}
                onChange={setPin}
                error={fields.pin}
                maxLength={6}
              />
              <Button
                type="submit"
                variant="primary"
                icon="check"
                busy={busy}
                disabled={otp.length < 4 || pin.length < 4}
              >
                {t('mandates.activation.activate')}
              </Button>
            </form>
            <p className="muted">{t('mandates.activation.privacy')}</p>
          </li>
        )}
      </ol>
    </SubSection>
  )
}
