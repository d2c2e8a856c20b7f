// The till's name, and how often it talks to the gateway, in seconds (people think in seconds;
// main stores milliseconds and checks the same bounds).
import { useState } from 'react'
import type { PollIntervals, SettingsView } from '../../../common/ipc'
import { POLL_LIMITS } from '../../../common/ipc'
import { Card, TextField } from '../../components'
import { FieldGroup, Form, FormActions } from '../../components/kit'
import { useSaveForm } from './useSaveForm'
import { call, PosError } from '../../lib/pos'

const seconds = (ms: number): string => String(ms / 1000)
/** "0.75" → 750; NaN when it is not a number of seconds. */
const toMs = (text: string): number => {
  const value = Number(text.trim().replace(',', '.'))
  return text.trim() === '' || !Number.isFinite(value) ? Number.NaN : Math.round(value * 1000)
}

const INTERVALS: Array<{ key: keyof PollIntervals; label: string; hint: string }> = [
  {
    key: 'waitingMs',
    label: 'Waiting for a transfer',
    hint: 'How often to look for a customer’s transfer while instructions are on screen.',
  },
  {
    key: 'backgroundMs',
    label: 'Background collections check',
    hint: 'When nobody is waiting at the counter.',
  },
  {
    key: 'outboxMs',
    label: 'Payout outbox',
    hint: 'How often approved payouts are sent and followed up.',
  },
  {
    key: 'healthMs',
    label: 'Online check',
    hint: 'How often the status bar checks the gateway is reachable.',
  },
]

export function TillSection({ settings }: { settings: SettingsView }) {
  const [tillName, setTillName] = useState(settings.tillName)
  const [intervals, setIntervals] = useState<Record<keyof PollIntervals, string>>(() => ({
    waitingMs: seconds(settings.pollIntervals.waitingMs),
    backgroundMs: seconds(settings.pollIntervals.backgroundMs),
    outboxMs: seconds(settings.pollIntervals.outboxMs),
    healthMs: seconds(settings.pollIntervals.healthMs),
  }))
  const { busy, fields, message, submit } = useSaveForm(async () => {
    const problems: Record<string, string> = {}
    for (const { key } of INTERVALS) {
      const ms = toMs(intervals[key])
      const { min, max } = POLL_LIMITS[key]
      if (Number.isNaN(ms)) problems[`pollIntervals.${key}`] = 'Enter a number of seconds.'
      else if (ms < min) problems[`pollIntervals.${key}`] = `At least ${seconds(min)} seconds.`
      else if (ms > max) problems[`pollIntervals.${key}`] = `At most ${seconds(max)} seconds.`
    }
    if (Object.keys(problems).length > 0)
      throw new PosError({
        code: 'invalid_input',
        message: 'Check the highlighted fields.',
        fields: problems,
      })
    const pollIntervals = Object.fromEntries(
      INTERVALS.map(({ key }) => [key, toMs(intervals[key])]),
    ) as unknown as PollIntervals
    await call('settings.update', { tillName, pollIntervals })
    return 'Till settings saved.'
  })

  return (
    <Card title="Till" description="How this till is named and how often it talks to the gateway.">
      <Form onSubmit={submit} noValidate message={message}>
        <TextField
          label="Till name"
          value={tillName}
          onChange={(event) => setTillName(event.target.value)}
          error={fields.tillName}
          maxLength={40}
        />
        <h3 className="section-title">How often to check (seconds)</h3>
        <FieldGroup layout="grid">
          {INTERVALS.map(({ key, label, hint }) => (
            <TextField
              key={key}
              label={`${label} (seconds)`}
              hint={`${hint} ${seconds(POLL_LIMITS[key].min)} to ${seconds(POLL_LIMITS[key].max)} seconds.`}
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
        <FormActions submit={{ label: 'Save till settings', busy }} />
      </Form>
    </Card>
  )
}
