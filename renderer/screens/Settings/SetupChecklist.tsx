// The admin's first screen until the till is ready for a shop's first day: what is done, what
// is left, and a link to each. Every step is read from main (see app/setup.ts).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setupProgress, type SetupStep } from '../../app/setup'
import { Card, Icon } from '../../components'
import { subscribe } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'

export function SetupChecklist() {
  const { t } = useTranslation()
  const go = useNavigation((s) => s.go)
  const [steps, setSteps] = useState<SetupStep[] | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    setupProgress().then(
      (next) => live && setSteps(next),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [version])
  // Any change elsewhere may tick a step off.
  useEffect(() => {
    const again = () => setVersion((n) => n + 1)
    const offs = [
      subscribe('settings.changed', again),
      subscribe('users.changed', again),
      subscribe('environment.changed', again),
    ]
    return () => offs.forEach((off) => off())
  }, [])
  if (!steps || steps.every((step) => step.done)) return null
  const left = steps.filter((step) => !step.done).length
  return (
    <Card
      title={t('settings.setup.title')}
      description={t('settings.setup.left', { count: left })}
      className="setup-checklist"
    >
      <ol className="setup-steps" aria-label={t('settings.setup.steps')}>
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'setup-step is-done' : 'setup-step'}>
            <Icon name={step.done ? 'check' : 'alert'} size={20} />
            <span className="setup-step__text">
              <strong>{step.title}</strong>
              <span className="muted">{step.detail}</span>
            </span>
            {!step.done && (
              <a
                href={`#/${step.route.join('/')}`}
                className="btn btn--secondary btn--sm"
                onClick={(event) => {
                  event.preventDefault()
                  go(step.route[0] ?? 'settings', ...step.route.slice(1))
                }}
              >
                {t('settings.setup.doIt')}
                <span className="visually-hidden">: {step.title}</span>
              </a>
            )}
            <span className="visually-hidden">
              {step.done ? t('settings.setup.done') : t('settings.setup.notDone')}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  )
}
