// "Adopt a file from before sealing" is for the first till on an OS account, in the run its
// device key was made. On a till whose key already existed, an unsealed file a cashier wrote
// by hand (payout limits, a journal of payments, refunds, mandates, debits, collections or
// payouts) is never taken: it gives the admin a finding in words and is not used.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PayoutPolicyView } from '../../../common/ipc/payouts'
import type { IntegrityFinding } from '../../../common/ipc/settings'
import type { AppServices } from '../../../main/compose/services'
import { dispatcher, startServices } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'

let dir = ''
let keychain = new MemoryKeychain()
let services: AppServices | null = null
let adminId = ''
const { value } = dispatcher(() => services!)

async function restart(): Promise<void> {
  await services?.stop()
  services = await startServices(dir, keychain)
  await value('session.signIn', { userId: adminId, pin: '246813' })
}

const findings = () => value<IntegrityFinding[]>('settings.integrity')

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-unsealed-'))
  keychain = new MemoryKeychain()
  services = await startServices(dir, keychain)
  const setup = await value<{ user: { id: string } }>('session.setup', {
    tillName: 'Front',
    adminName: 'Ada',
    pin: '246813',
  })
  adminId = setup.user.id
  await services.integrity.flushed()
})

afterEach(async () => {
  await services?.stop()
  services = null
  rmSync(dir, { recursive: true, force: true })
})

describe('an unsealed file on a till whose device key already existed', () => {
  it('payout limits of ₦9 trillion written by hand are not used, and the admin is told', async () => {
    const before = await value<PayoutPolicyView>('payouts.policy')
    const huge = { perItem: 900_000_000_000_000, perDay: 900_000_000_000_000 }
    writeFileSync(
      join(dir, 'payouts', 'policy.json'),
      JSON.stringify({
        limits: { cashier: huge, supervisor: huge, admin: huge },
        approvalTtlMinutes: 10_080,
      }),
    )
    await restart()
    const after = await value<PayoutPolicyView>('payouts.policy')
    expect(after).toEqual(before)
    expect(await findings()).toContainEqual(
      expect.objectContaining({
        file: expect.stringContaining('policy.json'),
        problem: expect.stringMatching(/no seal/),
      }),
    )
  })

  it.each(['payments', 'refunds', 'mandates', 'debits'])(
    'a hand-written %s journal is not adopted',
    async (name) => {
      const folder = join(dir, 'gateway', 'demo')
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, `${name}.json`), JSON.stringify([{ reference: 'FORGED' }]))
      await restart()
      // The journals open with their feature; a call makes sure each has loaded.
      await value('payments.recent').catch(() => undefined)
      await value('refunds.history', {}).catch(() => undefined)
      await value('mandates.list', {}).catch(() => undefined)
      expect(await findings()).toContainEqual(
        expect.objectContaining({
          file: expect.stringContaining(`${name}.json`),
          problem: expect.stringMatching(/has no seals/),
        }),
      )
    },
  )

  it('a hand-written collections journal is not adopted', async () => {
    writeFileSync(join(dir, 'collections-demo.jsonl'), '{"kind":"charge","id":"forged"}\n')
    await restart()
    await value('charge.list', {}).catch(() => undefined)
    expect(await findings()).toContainEqual(
      expect.objectContaining({
        file: expect.stringContaining('collections-demo.jsonl'),
        problem: expect.stringMatching(/has no seals/),
      }),
    )
  })

  it("an update feed written into updates.json by hand is ignored: the build's feed is used", async () => {
    writeFileSync(
      join(dir, 'updates.json'),
      JSON.stringify({
        channel: 'stable',
        paused: true,
        source: { kind: 'generic', url: 'https://updates.example.net/feed' },
      }),
    )
    await restart()
    const status = await value<{ source: { kind: string }; paused: boolean }>('updates.status')
    expect(status.source).toEqual({ kind: 'github' })
    expect(status.paused).toBe(false)
    expect(await findings()).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('updates.json') }),
    )
  })

  it('a crash upload address written by hand is ignored: reporting stays off', async () => {
    writeFileSync(
      join(dir, 'crash-reporting.json'),
      JSON.stringify({ upload: true, url: 'https://crashes.example.net/submit' }),
    )
    await restart()
    expect(await value('app.crashReporting')).toEqual({ upload: false, url: null })
    expect(await findings()).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('crash-reporting.json') }),
    )
  })

  it("the admin's own crash reporting choice survives a restart; an edited address does not", async () => {
    await value('app.setCrashReporting', { upload: true, url: 'https://crashes.example.com/a' })
    await services!.integrity.flushed()
    await restart()
    expect(await value('app.crashReporting')).toEqual({
      upload: true,
      url: 'https://crashes.example.com/a',
    })
    const path = join(dir, 'crash-reporting.json')
    writeFileSync(path, readFileSync(path, 'utf8').replace('example.com/a', 'example.net/a'))
    await restart()
    expect(await value('app.crashReporting')).toEqual({ upload: false, url: null })
  })
})
