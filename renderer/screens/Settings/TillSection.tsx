// The till's name, how often it talks to the gateway, in seconds (people think in seconds;
// main stores milliseconds and checks the same bounds), and after how many idle minutes the
// till locks, per role (main checks each role's cap and seals the choice).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { USER_ROLES, type UserRole } from '../../../common/ipc/contract'
import type { IdleLock, PollIntervals, SettingsView } from '../../../common/ipc'
import { POLL_LIMITS } from '../../../common/ipc'
import { IDLE_LOCK_CHOICES, IDLE_LOCK_MAX_MINUTES } from '../../../common/ipc/settings'
import { Card, SelectField, TextField } from '../../components'
import { FieldGroup, Form, FormActions } from '../../components/kit'
import { ScreenLockNote } from './ScreenLockNote'
import { useSaveForm } from './useSaveForm'
import { call, PosError } from '../../lib/pos'

const seconds = (ms: number): string => String(ms / 1000)
/** "0.75" → 750; NaN when it is not a number of seconds. */
const toMs = (text: string): number => {
  const value = Number(text.trim().replace(',', '.'))
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : Math.round(value * 1000)
}

/** The intervals, in the order shown; their words are `settings.till.<key>` in the catalogue. */
const INTERVALS: Array<keyof PollIntervals> = ['waitingMs', 'backgroundMs', 'outboxMs', 'healthMs']

/** The choices up to the role's cap, and the stored time even if it is not one of them. */
const lockChoices = (role: UserRole, current: number): number[] =>
  [...new Set([...IDLE_LOCK_CHOICES, current])]
    .filter((minutes) => minutes <= IDLE_LOCK_MAX_MINUTES[role])
    .sort((a, b) => a - b)

export function TillSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation()
  const [tillName, setTillName] = useState(settings.tillName)
  const [idleLock, setIdleLock] = useState<IdleLock>(() => ({ ...settings.idleLock }))
  const [intervals, setIntervals] = useState<Record<keyof PollIntervals, string>>(() => ({
    waitingMs: seconds(settings.pollIntervals.waitingMs),
    backgroundMs: seconds(settings.pollIntervals.backgroundMs),
    outboxMs: seconds(settings.pollIntervals.outboxMs),
    healthMs: seconds(settings.pollIntervals.healthMs),
  }))
  const { busy, fields, message, submit } = useSaveForm(async () => {
    const problems: Record<string, string> = {}
    for (const key of INTERVALS) {
      const ms = toMs(intervals[key])
      const { min, max } = POLL_LIMITS[key]
      if (Number.isNaN(ms)) problems[`pollIntervals.${key}`] = t('settings.till.notNumber')
      else if (ms < min)
        problems[`pollIntervals.${key}`] = t('settings.till.atLeast', { min: seconds(min) })
      else if (ms > max)
        problems[`pollIntervals.${key}`] = t('settings.till.atMost', { max: seconds(max) })
    }
    if (Object.keys(problems).length > 0)
      throw new PosError({
        code: 'invalid_input',
        message: t('settings.till.check'),
        fields: problems,
      })
    const pollIntervals = Object.fromEntries(
      INTERVALS.map((key) => [key, toMs(intervals[key])]),
    ) as unknown as PollIntervals
    await call('settings.update', { tillName, pollIntervals, idleLock })
    return t('settings.till.saved')
  })

  return (
    <Card title={t('settings.till.title')} description={t('settings.till.description')}>
      <Form onSubmit={submit} noValidate message={message}>
        <TextField
          label={t('settings.till.name')}
          value={tillName}
          onChange={(event) => setTillName(event.target.value)}
          error={fields.tillName}
          maxLength={40}
        />
        <h3 className="section-title">{t('settings.till.howOften')}</h3>
        <FieldGroup layout="grid">
          {INTERVALS.map((key) => (
            <TextField
              key={key}
              label={t('settings.till.inSeconds', { label: t(`settings.till.${key}.label`) })}
              hint={t('settings.till.range', {
                hint: t(`settings.till.${key}.hint`),
                min: seconds(POLL_LIMITS[key].min),
                max: seconds(POLL_LIMITS[key].max),
              })}
              inputMode="decimal"
              autoComplete="off"
              value={intervals[key]}
              onChange={(event) =>
                setIntervals((current) => ({ ...current, [key]: event.target.value }))
              }
              error={fields[`pollIntervals.${key}`]}
            />
          ))}
        </FieldGroup>
        <fieldset className="choices" aria-describedby="idle-lock-hint">
          <legend className="section-title">{t('idleLock.title')}</legend>
          <p className="field__hint" id="idle-lock-hint">
            {t('idleLock.hint')}
          </p>
          <FieldGroup layout="grid">
            {USER_ROLES.map((role) => (
              <SelectField
                key={role}
                label={t(`roles.${role}`)}
                hint={t('idleLock.max', { count: IDLE_LOCK_MAX_MINUTES[role] })}
                value={String(idleLock[role])}
                onChange={(event) =>
                  setIdleLock((current) => ({ ...current, [role]: Number(event.target.value) }))
                }
                error={fields[`idleLock.${role}`]}
                options={lockChoices(role, settings.idleLock[role]).map((minutes) => ({
                  value: String(minutes),
                  label: t('idleLock.minutes', { count: minutes }),
                }))}
              />
            ))}
          </FieldGroup>
          <ScreenLockNote />
        </fieldset>
        <FormActions submit={{ label: t('settings.till.save'), busy }} />
      </Form>
    </Card>
  )
}
