// First run: name the till and create the admin. Main refuses this once any profile exists.
import { useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { Language } from '../../../common/ipc/appearance'
import { LanguageChoice } from '../../app/AppearanceControls'
import { checkPin, pinHint } from '../../../common/rules'
import { Banner, Button, Icon, PinField, TextField } from '../../components'
import { applyLanguage, isLanguage } from '../../i18n'
import { fieldError, hintOf, refusalsOf, type Refusal } from '../../lib/fieldErrors'
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
  // Main's answer when it names no field; a field's refusal is said under that field only.
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [refused, setRefused] = useState<Record<string, Refusal>>({})
  const [tried, setTried] = useState(false)
  const { t, i18n } = useTranslation()
  // The shop's language from the first screen: shown at once, kept in the till's settings as
  // soon as the admin exists (changing it needs someone signed in).
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en'

  // The admin's PIN rule, checked as it is typed once the admin has tried to go on.
  const pinProblem = checkPin('admin', pin)
  const pinError = fieldError(pin, tried, pinProblem, refused.pin)
  const confirmError = tried && !pinProblem && confirm !== pin ? t('firstRun.differ') : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (pinProblem || pin !== confirm) return
    setBusy(true)
    setError(null)
    setRefused({})
    try {
      await call('session.setup', { tillName, adminName, pin })
      // Signed in as the new admin now. A refusal leaves the default (English) in settings; the
      // admin can choose again in Settings → Appearance, so the setup itself is not failed.
      await call('appearance.set', { language }).catch(() => undefined)
      // session.changed swaps this screen for the app; land on Settings to finish setup.
      useNavigation.getState().go('settings')
    } catch (problem) {
      const named = fieldsOf(problem)
      setError(Object.keys(named).length > 0 ? null : messageOf(problem))
      setFields(named)
      setRefused(refusalsOf(problem, { tillName, adminName, pin }))
      if (named.tillName) setStep('welcome')
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
        <ol className="steps" aria-label={t('firstRun.steps')}>
          <li className={step === 'welcome' ? 'steps__item is-current' : 'steps__item is-done'}>
            <span className="steps__num">
              {step === 'welcome' ? '1' : <Icon name="check" size={14} />}
            </span>{' '}
            {t('firstRun.nameStep')}
          </li>
          <li className={step === 'admin' ? 'steps__item is-current' : 'steps__item'}>
            <span className="steps__num">2</span> {t('firstRun.adminStep')}
          </li>
        </ol>

        {step === 'welcome' ? (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault()
              if (tillName.trim() === '') setFields({ tillName: t('firstRun.tillMissing') })
              else {
                setFields({})
                setStep('admin')
              }
            }}
          >
            <h1 className="onboarding__title">{t('firstRun.welcome')}</h1>
            <LanguageChoice name="first-run-language" value={language} onPick={applyLanguage} />
            <p className="onboarding__lead">
              <Trans t={t} i18nKey="firstRun.lead" components={{ strong: <strong /> }} />
            </p>
            <TextField
              label={t('firstRun.tillName')}
              hint={t('firstRun.tillHint')}
              value={tillName}
              onChange={(event) => setTillName(event.target.value)}
              error={fields.tillName}
              maxLength={40}
              autoFocus
            />
            <div className="form__actions">
              <Button variant="primary" size="lg" type="submit">
                {t('common.continue')}
              </Button>
            </div>
          </form>
        ) : (
          <form className="form" onSubmit={(event) => void submit(event)}>
            <h1 className="onboarding__title">{t('firstRun.adminTitle')}</h1>
            <p className="onboarding__lead">{t('firstRun.adminLead')}</p>
            {error && <Banner tone="danger">{error}</Banner>}
            <TextField
              label={t('firstRun.yourName')}
              value={adminName}
              onChange={(event) => setAdminName(event.target.value)}
              error={fieldError(adminName, false, null, refused.adminName)}
              autoComplete="name"
              maxLength={40}
              autoFocus
            />
            <div className="form__row">
              <PinField
                label={t('components.pin')}
                hint={hintOf(pinHint('admin'), t('firstRun.pinHint'))}
                value={pin}
                onChange={setPin}
                error={pinError}
              />
              <PinField
                label={t('firstRun.pinAgain')}
                value={confirm}
                onChange={setConfirm}
                error={confirmError}
              />
            </div>
            <div className="form__actions">
              <Button onClick={() => setStep('welcome')}>{t('common.back')}</Button>
              <Button variant="primary" size="lg" type="submit" busy={busy}>
                {t('firstRun.submit')}
              </Button>
            </div>
          </form>
        )}
      </div>
      <aside className="onboarding__aside" aria-hidden="true">
        <div className="onboarding__art">
          <p className="onboarding__quote">{t('firstRun.quote')}</p>
          <p className="onboarding__sub">{t('firstRun.sub')}</p>
        </div>
      </aside>
    </div>
  )
}
