// Issue 18: step-up (a PIN entered in the last 5 minutes) for payout limits, the environment
// switch (Live included), the update source, crash reporting, receipt and shift settings, and
// confirming authority settings. Through the real composition root and IPC guard, with every
// feature module registered: each refuses without a fresh PIN, changes nothing, and goes
// through once the PIN is entered again.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PIN_FRESH_MS } from '../../../main/session/session'
import { tillRuns } from '../../support/till-runs'
import { MemoryKeychain } from '../../unit/shell/helpers'

const PIN = '24681357'
let dir: string
let clock = Date.parse('2026-03-02T09:00:00Z')
const till = tillRuns({ dir: () => dir, keychain: () => new MemoryKeychain(), now: () => clock })

const code = async (channel: string, input?: unknown) => (await till.call(channel, input)).code
const value = async <T>(channel: string, input?: unknown): Promise<T> => {
  const result = await till.call<T>(channel, input)
  if (result.code !== 'ok') throw new Error(`${channel}: ${result.code}`)
  return result.value as T
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-stepup-all-'))
  await till.boot()
  expect(await code('session.setup', { tillName: 'Front', adminName: 'Ada', pin: PIN })).toBe('ok')
})

afterEach(async () => {
  await till.quit()
  rmSync(dir, { recursive: true, force: true })
})

const CHANGES: Array<[channel: string, input: unknown, read: () => Promise<unknown>]> = [
  [
    'payouts.updatePolicy',
    { approvalTtlMinutes: 30 },
    () => value<{ approvalTtlMinutes: number }>('payouts.policy').then((p) => p.approvalTtlMinutes),
  ],
  [
    'environment.switch',
    { environment: 'live', confirm: 'LIVE' },
    () => value<{ environment: string }>('environment.get').then((e) => e.environment),
  ],
  [
    'updates.configure',
    { source: { kind: 'github' }, paused: true },
    () => value<{ paused: boolean }>('updates.status').then((s) => s.paused),
  ],
  [
    'app.setCrashReporting',
    { upload: true, url: 'https://crash.tilldesk.example/submit' },
    () => value<{ upload: boolean }>('app.crashReporting').then((c) => c.upload),
  ],
  [
    'receipt.saveSettings',
    { printer: null, paper: 'a4', autoPrintOnPaid: true },
    () => value<{ paper: string }>('receipt.settings').then((r) => r.paper),
  ],
  [
    'shifts.updateSettings',
    { endOfDay: '18:30' },
    () => value<{ endOfDay: string }>('shifts.status').then((s) => JSON.stringify(s)),
  ],
]

describe('step-up for limits, environment, updates, crash reports, receipts and shifts', () => {
  it.each(CHANGES)(
    '%s refuses without a fresh PIN and changes nothing',
    async (channel, input, read) => {
      const before = await read()
      clock += PIN_FRESH_MS + 1
      expect(await code(channel, input)).toBe('step_up_required')
      expect(await read()).toEqual(before)
      expect(await code('session.stepUp', { pin: PIN })).toBe('ok')
      expect(await code(channel, input)).toBe('ok')
      expect(await read()).not.toEqual(before)
    },
  )

  it('settings.confirmAuthority refuses without a fresh PIN', async () => {
    const review = await value<{ fingerprint: string }>('settings.authority')
    clock += PIN_FRESH_MS + 1
    expect(await code('settings.confirmAuthority', { fingerprint: review.fingerprint })).toBe(
      'step_up_required',
    )
    expect(await code('session.stepUp', { pin: PIN })).toBe('ok')
    expect(await code('settings.confirmAuthority', { fingerprint: review.fingerprint })).toBe('ok')
  })
})
