// The gateway contradicted a person's decision on a write (payout, refund, payment, debit) and
// won: said in this till's language from the decision and the alarm's time, never main's own
// English sentence, with "I have seen this" for a supervisor until one has acknowledged it.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../lib/format'
import { messageOf } from '../lib/pos'
import { Banner } from './Banner'
import { Button } from './Button'

export interface AlarmShown {
  at: string
  /** The supervisor who acknowledged it, or null while it waits for one. */
  acknowledgedBy: string | null
}

export interface OutcomeAlarmProps {
  alarm: AlarmShown
  /** The decision the gateway overruled. */
  decided: { made: boolean; byName: string; at: string } | null
  words: { made: string; notMade: string; thing: string }
  /** Present when the signed-in user may acknowledge it; throws main's AppError. */
  onAcknowledge?: (() => Promise<void>) | undefined
}

export function OutcomeAlarm({ alarm, decided, words, onAcknowledge }: OutcomeAlarmProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const seen = alarm.acknowledgedBy !== null
  const acknowledge = async () => {
    if (!onAcknowledge) return
    setBusy(true)
    setError(null)
    try {
      await onAcknowledge()
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Banner
      tone={seen ? 'info' : 'danger'}
      title={t('components.outcome.alarm.title')}
      actions={
        !seen &&
        onAcknowledge && (
          <Button size="sm" variant="primary" busy={busy} onClick={() => void acknowledge()}>
            {t('components.outcome.alarm.seen')}
          </Button>
        )
      }
    >
      <p data-testid="outcome-alarm">
        {decided
          ? t('components.outcome.alarm.text', {
              name: decided.byName,
              thing: words.thing,
              word: decided.made ? words.made : words.notMade,
              when: formatDateTime(decided.at),
              seen: formatDateTime(alarm.at),
            })
          : t('components.outcome.alarm.plain', {
              thing: words.thing,
              seen: formatDateTime(alarm.at),
            })}
      </p>
      <p className="small">
        {seen
          ? t('components.outcome.alarm.seenBy', { name: alarm.acknowledgedBy })
          : t('components.outcome.alarm.waits')}
      </p>
      {error && <p className="field__error">{error}</p>}
    </Banner>
  )
}
