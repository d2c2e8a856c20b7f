// Why the till is offline reached a French screen in English (the banner, the status bar,
// Collect's notice: "The gateway is unavailable (HTTP 502)."). Main words it in English; the
// screens name the same sentence by key (common/words/offline.ts) and say it in French.
import { describe, expect, it } from 'vitest'
import { ERROR_WORDS } from '../../../common/words/errors'
import { offlineSaid } from '../../../common/words/offline'
import { sayIn } from '../../../common/words/said'
import {
  describeHealthFailure,
  describeTrafficFailure,
} from '../../../main/environment/connectivity'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'

function expectKeyedFrench(reason: string) {
  const keyed = offlineSaid(reason)
  expect(keyed, reason).toBeDefined()
  expect(english(keyed!)).toBe(reason)
  const french = sayIn(ERROR_WORDS.fr, keyed!, 'fr-CI')!
  expect(englishIn(french), french).toEqual([])
}

const timeout = Object.assign(new Error('late'), { name: 'TimeoutError' })

describe('why the till is offline', () => {
  it.each([
    describeHealthFailure(null, 503),
    describeHealthFailure(timeout),
    describeHealthFailure(new Error('ECONNREFUSED')),
    describeTrafficFailure({ kind: 'server', status: 502 }),
    describeTrafficFailure({ kind: 'timeout', status: null }),
    describeTrafficFailure({ kind: 'network', status: null }),
    describeTrafficFailure(),
    // main/collections/watcher.ts's own sentences while it polls the virtual accounts.
    'The gateway asked us to slow down.',
    'The gateway is having problems (HTTP 503).',
    'The gateway cannot be reached (no answer from the network).',
    // The environment's reason it is not ready.
    english({ key: 'environment.notSetUp' }),
    english({ key: 'environment.enterKey', params: { environment: { key: 'environment.live' } } }),
  ])('is keyed, and French has no English word: %s', (reason) => {
    expectKeyedFrench(reason)
  })

  it('keeps the gateway’s own words as written, and other words unkeyed', () => {
    const said = offlineSaid('The gateway refused the request: Merchant suspended')
    expect(said).toEqual({
      key: 'environment.offline.refused',
      params: { message: 'Merchant suspended' },
    })
    expect(offlineSaid('Something an older till said.')).toBeUndefined()
  })
})
