import { useState } from 'react'
import type { PollIntervals, SettingsView } from '../../../common/ipc'
import { POLL_LIMITS } from '../../../common/ipc'
import { Banner, Button, Card, TextField } from '../../components'
import { useSaveForm } from './useSaveForm'
import { call } from '../../lib/pos'

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
    waitingMs: String(settings.pollIntervals.waitingMs),
    backgroundMs: String(settings.pollIntervals.backgroundMs),
    outboxMs: String(settings.pollIntervals.outboxMs),
    healthMs: String(settings.pollIntervals.healthMs),
  }))
  const { busy, fields, message, submit } = useSaveForm(async () => {
    const pollIntervals = Object.fromEntries(
      Object.entries(intervals).map(([key, value]) => [key, Number(value)]),
    ) as unknown as PollIntervals
    await call('settings.update', { tillName, pollIntervals })
    return 'Till settings saved.'
  })

  return (
    <Card title="Till" description="How this till is named and how often it talks to the gateway.">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {message && <Banner tone={message.tone}>{message.text}</Banner>}
        <TextField
          label="Till name"
          value={tillName}
          onChange={(event) => setTillName(event.target.value)}
          error={fields.tillName}
          maxLength={40}
        />
        <h3 className="section-title">Poll intervals (milliseconds)</h3>
        <div className="form__grid">
          {INTERVALS.map(({ key, label, hint }) => (
            <TextField
              key={key}
              label={label}
              hint={`${hint} ${POLL_LIMITS[key].min}–${POLL_LIMITS[key].max} ms.`}
              type="number"
              inputMode="numeric"
              min={POLL_LIMITS[key].min}
              max={POLL_LIMITS[key].max}
              step={key === 'waitingMs' ? 50 : 500}
              value={intervals[key]}
              onChange={(event) =>
                setIntervals((current) => ({ ...current, [key]: event.target.value }))
              }
              error={fields[`pollIntervals.${key}`]}
            />
          ))}
        </div>
        <div className="form__actions">
          <Button variant="primary" type="submit" busy={busy}>
            Save till settings
          </Button>
        </div>
      </form>
    </Card>
  )
}
