// Why the till is offline, and why the gateway is not ready, come from main as English (the
// status bar's `offlineReason`, the environment's `notReady`). This names such a sentence by
// key again (`environment.offline`, `environment`), so the banner, the status bar and Collect's
// notice say it in the till's language; a sentence these words do not make stays as written.
import type { Said } from '../ipc/contract'
import { ERROR_WORDS } from './errors'
import { readBack, sentencesOf } from './read-back'

const { offline, ...environment } = ERROR_WORDS.en.environment
const OFFLINE = sentencesOf(offline, 'environment.offline')
const NOT_READY = sentencesOf(environment, 'environment')

/** The keyed sentence of why the till is offline or not ready; undefined for other words. */
export function offlineSaid(reason: string): Said | undefined {
  // The gateway's own words after "refused the request:" stay as written.
  return (
    readBack(OFFLINE, reason) ??
    readBack(NOT_READY, reason, (name, found) =>
      name === 'environment' ? readBack(NOT_READY, found) : undefined,
    )
  )
}
