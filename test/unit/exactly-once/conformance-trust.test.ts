// A passed conformance run earns resends for its base URL and key in the same keychain entry the
// exactly-once core reads (test/conformance/trust-record.ts); a failed reference check withdraws
// it; anything else records nothing. Only a key this till holds can be given trust this way.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tillTrust, trustOf, type TrustScope } from '../../../main/exactly-once/trust'
import {
  REFERENCE_CHECKS,
  judge,
  recordTrust,
  type CheckResult,
} from '../../conformance/trust-record'
import { MemoryKeychain } from '../shell/helpers'

const TILL = '0123456789abcdef'
const BASE = 'https://sandbox.gateway.example'
const SECRET = 'sk_sandbox_0123456789'
const NOW = Date.parse('2026-11-27T09:00:00Z')

function scope(keychain: MemoryKeychain, baseUrl = BASE, keyId = 'key_1'): TrustScope {
  return {
    environment: { current: 'sandbox', baseUrl: () => baseUrl },
    settings: { get: () => ({ keyIds: { sandbox: keyId } }) },
    now: () => NOW + 60_000,
    keychain,
    integrity: { tillId: TILL },
  }
}

/** The till's next start: a fresh scope, so only the keychain carries anything over. */
async function atNextStart(keychain: MemoryKeychain, baseUrl = BASE, keyId = 'key_1') {
  const s = scope(keychain, baseUrl, keyId)
  const { store, key } = tillTrust(s)
  await store.warm(key())
  return store.state(key())
}

const passedRun = (): CheckResult[] => [
  ...REFERENCE_CHECKS.map((c) => ({ ...c, state: 'passed' as const })),
  { file: 'banks.test.ts', name: 'lists banks', state: 'passed' },
]

const withKey = (): MemoryKeychain => {
  const keychain = new MemoryKeychain()
  keychain.entries.set('Tilldesk/sandbox|key_1', SECRET)
  return keychain
}

const target = { baseUrl: `${BASE}/`, keyId: 'key_1', secret: SECRET, till: TILL, now: NOW }

describe('what a conformance run says about our reference', () => {
  it('earned only when every reference check passed and nothing else failed', () => {
    expect(judge(passedRun())).toEqual({ kind: 'earned' })
    const otherFailed = passedRun().map((r) =>
      r.file === 'banks.test.ts' ? { ...r, state: 'failed' as const } : r,
    )
    expect(judge(otherFailed)).toMatchObject({ kind: 'none' })
    const skipped = passedRun().map((r, i) => (i === 0 ? { ...r, state: 'skipped' as const } : r))
    expect(judge(skipped)).toMatchObject({ kind: 'none' })
    expect(judge(passedRun().slice(1))).toMatchObject({ kind: 'none' })
  })

  it('withdrawn when a reference check failed, whatever else passed', () => {
    const failed = passedRun().map((r, i) => (i === 1 ? { ...r, state: 'failed' as const } : r))
    expect(judge(failed)).toEqual({ kind: 'withdrawn', failed: [REFERENCE_CHECKS[1]!.name] })
  })

  it('names checks that exist in the suite (a renamed test cannot silently grant nothing)', () => {
    for (const check of REFERENCE_CHECKS) {
      const source = readFileSync(
        new URL(`../../conformance/${check.file}`, import.meta.url),
        'utf8',
      )
      expect(source).toContain(`it('${check.name}'`)
    }
  })
})

describe('recording it in the keychain', () => {
  it('a passed run grants resends for that base URL and key at the next start', async () => {
    const keychain = withKey()
    expect((await atNextStart(keychain)).honoured).toBe(false)
    const said = await recordTrust(keychain, target, judge(passedRun()))
    expect(said).toMatch(/^Resend trust recorded for https:\/\/sandbox\.gateway\.example /)
    expect(said).not.toContain(SECRET)
    expect(await atNextStart(keychain)).toEqual({
      honoured: true,
      how: 'conformance',
      since: new Date(NOW).toISOString(),
    })
    // Another address or key has shown nothing.
    expect((await atNextStart(keychain, 'https://other.example')).honoured).toBe(false)
    expect((await atNextStart(keychain, BASE, 'key_2')).honoured).toBe(false)
  })

  it('a failed run records nothing', async () => {
    const keychain = withKey()
    const failedElsewhere = passedRun().map((r) =>
      r.file === 'banks.test.ts' ? { ...r, state: 'failed' as const } : r,
    )
    const said = await recordTrust(keychain, target, judge(failedElsewhere))
    expect(said).toMatch(/nothing recorded/)
    expect((await atNextStart(keychain)).honoured).toBe(false)
    expect([...keychain.entries.keys()]).toEqual(['Tilldesk/sandbox|key_1'])
  })

  it('a failed reference check withdraws trust the till had earned there', async () => {
    const keychain = withKey()
    trustOf(scope(keychain)).learn('echo')
    await new Promise((resolve) => setImmediate(resolve))
    expect((await atNextStart(keychain)).honoured).toBe(true)
    const failed = passedRun().map((r, i) => (i === 0 ? { ...r, state: 'failed' as const } : r))
    expect(await recordTrust(keychain, target, judge(failed))).toMatch(/^Resend trust withdrawn/)
    expect((await atNextStart(keychain)).honoured).toBe(false)
  })

  it('records nothing for a key this till does not hold, or holds with another secret', async () => {
    for (const keychain of [new MemoryKeychain(), withKey()]) {
      const secret = keychain.entries.size ? 'sk_someone_elses' : SECRET
      const said = await recordTrust(keychain, { ...target, secret }, judge(passedRun()))
      expect(said).toMatch(/nothing recorded .*does not hold that secret/)
      expect((await atNextStart(keychain)).honoured).toBe(false)
    }
  })
})
