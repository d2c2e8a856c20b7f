// A state as a coloured badge in the glossary's words. A state the words don't know is shown
// as it came (never as failed); `unknown` says so plainly. The raw state stays on the wrapper
// (data-status) for tests and styles.
import { t } from '../../i18n'
import { Badge } from '../Badge'
import type { Tone } from '../Banner'

export interface StateWords {
  label: string
  tone: Tone
}

export function wordsFor(words: Readonly<Record<string, StateWords>>, status: string): StateWords {
  return (
    words[status] ??
    (status === 'unknown'
      ? { label: t('kit.statusNotKnown'), tone: 'warning' }
      : { label: status.replace(/_/g, ' '), tone: 'neutral' })
  )
}

export function WordBadge({
  words,
  status,
}: {
  words: Readonly<Record<string, StateWords>>
  status: string
}) {
  const shown = wordsFor(words, status)
  return (
    <span data-status={status}>
      <Badge tone={shown.tone}>{shown.label}</Badge>
    </span>
  )
}
