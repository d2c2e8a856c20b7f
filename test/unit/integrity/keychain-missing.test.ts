// Without a keychain there is no device key to seal or check with: payouts in Sandbox and Live
// refuse to start and say why in words, while Demo keeps working on a key kept in memory.
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../main/kernel/errors'
import { IntegrityService } from '../../../main/integrity'
import type { Environment } from '../../../common/ipc/shared'
import { PayoutsService } from '../../../main/payouts/service'
import { FakeGateway, tempDir } from '../payouts/helpers'
import { MemoryKeychain } from '../shell/helpers'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function payoutsIn(environment: Environment) {
  const keychain = new MemoryKeychain()
  keychain.available = false
  const integrity = await IntegrityService.open({ keychain })
  const { dir, cleanup } = await tempDir()
  const gateway = new FakeGateway()
  const service = new PayoutsService({
    dataDir: dir,
    environment: () => environment,
    gateway: async () => gateway,
    verifyPin: async () => undefined,
    viewer: () => null,
    integrity: (env) => {
      integrity.requireProtected(env as Environment)
      return integrity.journal(env as Environment, 'payouts')
    },
    send: false,
  })
  cleanups.push(async () => {
    await service.stop()
    await cleanup()
  })
  return service
}

describe('payouts without a keychain', () => {
  it('refuse to run in Live, saying why', async () => {
    const service = await payoutsIn('live')
    const error = await service.start().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringMatching(
        /^Payouts in Live are off: No device key could be kept in the OS keychain/,
      ),
    })
    await expect(service.list()).rejects.toMatchObject({ code: 'keychain_unavailable' })
  })

  it('refuse in Sandbox too', async () => {
    const service = await payoutsIn('sandbox')
    await expect(service.start()).rejects.toMatchObject({ code: 'keychain_unavailable' })
  })

  it('keep working in Demo, on a key kept in memory', async () => {
    const service = await payoutsIn('demo')
    await service.start()
    expect((await service.list()).items).toEqual([])
  })
})
