// The connection test in the till's language: each step's title, what was seen and what to do,
// and each capability's name, came as main's English on a French Settings → Connection. Each
// now comes keyed beside the same English, and says it in French with no word of the English
// catalogue (the key id, the address and the host are data, the same in every language).
import { describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import type { ConnectionReport } from '../../../common/ipc/environment'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { CAPABILITY_ORDER, testConnection } from '../../../main/environment/connection-test'
import type { EnvironmentService } from '../../../main/environment/environment'
import { GatewayError } from '../../../main/gateway/errors'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'

const BASE_URL = 'https://gw.example.test'
const KEY_ID = 'key_live_7'
const data = [BASE_URL, 'gw.example.test', KEY_ID]

interface Fake {
  notReady?: string | null
  health?: () => Promise<unknown>
  banks?: () => Promise<unknown>
  allowed?: Array<boolean | 'unknown'>
  now?: () => number
}

function environment(fake: Fake): EnvironmentService {
  const client = {
    health: fake.health ?? (async () => ({ time: new Date(Date.now() + 95_000).toISOString() })),
    banks: { list: fake.banks ?? (async () => []) },
    probeCapabilities: async () =>
      CAPABILITY_ORDER.map((capability, i) => ({
        capability,
        allowed: fake.allowed?.[i] ?? true,
        detail: 'seen',
        status: 200,
        kind: null,
      })),
    clockSkewSeconds: null,
  }
  return {
    state: async () => ({
      environment: 'sandbox',
      baseUrl: BASE_URL,
      keyId: KEY_ID,
      secretStorage: 'keychain',
      notReady: fake.notReady ?? null,
    }),
    credentials: async () => ({}),
    createClient: () => client,
  } as unknown as EnvironmentService
}

function networkError(): GatewayError {
  const error = Object.create(GatewayError.prototype) as GatewayError
  Object.assign(error, { kind: 'network', status: null, gatewayMessage: null })
  return error
}

function expectFrench(said: Said | undefined, english: string) {
  expect(said, english).toBeDefined()
  let french = sayIn(ERROR_WORDS.fr, said!, 'fr-CI')!
  expect(french, english).toBeDefined()
  for (const d of data) french = french.split(d).join(' ')
  expect(englishIn(french), french).toEqual([])
}

function expectKeyed(report: ConnectionReport) {
  for (const check of report.checks) {
    expect(english(check.titleSay!)).toBe(check.title)
    expect(english(check.detailSay!)).toBe(check.detail)
    expectFrench(check.titleSay, check.title)
    expectFrench(check.detailSay, check.detail)
    if (check.action) {
      expect(english(check.actionSay!)).toBe(check.action)
      expectFrench(check.actionSay, check.action)
    } else expect(check.actionSay).toBeUndefined()
  }
  for (const capability of report.capabilities) {
    expect(english(capability.labelSay!)).toBe(capability.label)
    expectFrench(capability.labelSay, capability.label)
  }
}

describe('the connection test’s words', () => {
  it('are keyed when every step passes (the clock ahead by a little)', async () => {
    const report = await testConnection({ environment: environment({}) })
    expect(report.checks.map((c) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'warn'])
    expect(report.checks[0]!.detail).toBe(
      `Sandbox at ${BASE_URL}, key ${KEY_ID} (secret in the OS keychain).`,
    )
    expectKeyed(report)
  })

  it('are keyed when the key lacks capabilities and others are not confirmed', async () => {
    const report = await testConnection({
      environment: environment({
        allowed: [true, false, true, 'unknown', false, true, true, true],
        banks: () => Promise.reject(Object.assign(networkError(), { kind: 'missing_capability' })),
      }),
    })
    const capabilities = report.checks.find((c) => c.id === 'capabilities')!
    expect(capabilities.detail).toBe('The key lacks: Payouts to bank accounts, Payment history.')
    expect(report.checks.find((c) => c.id === 'signed')!.detail).toContain('bank-list')
    expectKeyed(report)
  })

  it('are keyed when the gateway cannot be reached and the rest is skipped', async () => {
    const report = await testConnection({
      environment: environment({ health: () => Promise.reject(networkError()) }),
    })
    expect(report.checks.map((c) => c.status)).toEqual(['pass', 'fail', 'skip', 'skip', 'skip'])
    expectKeyed(report)
  })

  it('are keyed when a step fails unexpectedly, the error’s own text kept', async () => {
    const report = await testConnection({
      environment: environment({ banks: () => Promise.reject(new Error('socket hang up')) }),
    })
    const signed = report.checks.find((c) => c.id === 'signed')!
    expect(signed.detail).toBe('socket hang up')
    // An engineer's detail: English in the message and the log, a keyed sentence on screen.
    expect(signed.detailSay).toEqual({ key: 'connection.unexpected' })
    expectFrench(signed.actionSay, signed.action!)
  })

  it('say why the till is not ready by key, when main’s words made it', async () => {
    const notReady = english({ key: 'environment.notSetUp' })
    const report = await testConnection({ environment: environment({ notReady }) })
    expect(report.checks[0]!.detailSay).toEqual({ key: 'environment.notSetUp' })
    expectKeyed(report)
  })
})

describe('Settings → Connection in French', () => {
  it('says each step and capability through the renderer’s catalogue', async () => {
    const { applyLanguage } = await import('../../../renderer/i18n')
    const { saySaid } = await import('../../../renderer/i18n/errors')
    const report = await testConnection({
      environment: environment({ allowed: [true, false, true, true, true, true, true, true] }),
    })
    applyLanguage('fr')
    try {
      let shown = [
        ...report.checks.flatMap((c) => [
          saySaid(c.titleSay, c.title),
          saySaid(c.detailSay, c.detail),
          c.action ? saySaid(c.actionSay, c.action) : '',
        ]),
        ...report.capabilities.map((c) => saySaid(c.labelSay, c.label)),
      ].join('\n')
      expect(shown).toContain('Versements vers des comptes bancaires')
      for (const d of data) shown = shown.split(d).join(' ')
      expect(englishIn(shown)).toEqual([])
    } finally {
      applyLanguage('en')
    }
  })
})
