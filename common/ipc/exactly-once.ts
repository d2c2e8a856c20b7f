// Whether this till resends a money-moving request after a lost answer (main/exactly-once/
// trust.ts): only once the gateway environment has shown that it keeps our reference.
import { defineChannels, returns } from './contract'
import { NoInput } from './shared'

export interface ResendTrustView {
  /** True once this gateway (address and key) has shown it keeps our reference. */
  honoured: boolean
  /** How it showed it: a write answered with our reference, a lookup that found one, or a passed conformance run. */
  how: 'echo' | 'lookup' | 'conformance' | null
  since: string | null
}

export const exactlyOnceChannels = defineChannels({
  'exactlyOnce.resends': {
    input: NoInput,
    result: returns<ResendTrustView>(),
    role: 'admin',
    summary:
      'Whether requests that move money are resent after a lost answer here, or only looked up and reviewed.',
  },
})
