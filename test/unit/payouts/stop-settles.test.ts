// Stopping payouts (quit, environment switch) waits for the bank-list refresh it started, so
// nothing writes into the till's data folder after stop() has returned. Before, the refresh
// went on alone and wrote banks.json afterwards, racing whatever came next (a new runtime,
// a cleanup, a copy of the folder).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { PayoutsService } from '../../../main/payouts/service'
import { FakeGateway, tempDir } from './helpers'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

it('writes nothing after stop() returns', async () => {
  const { dir, cleanup } = await tempDir()
  cleanups.push(cleanup)
  const gateway = new FakeGateway()
  let answer: () => void = () => undefined
  const list = gateway.banks.list
  gateway.banks.list = async () => {
    await new Promise<void>((resolve) => {
      answer = resolve
    })
    return list()
  }
  const service = new PayoutsService({
    dataDir: dir,
    environment: () => 'demo',
    gateway: async () => gateway,
    verifyPin: async () => undefined,
    viewer: () => null,
    send: false,
  })
  await service.start()
  const stopping = service.stop()
  answer()
  await stopping
  const files = () => readdirSync(join(dir, 'demo')).sort()
  const atStop = files()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(files()).toEqual(atStop)
  expect(existsSync(join(dir, 'demo', 'banks.json.tmp'))).toBe(false)
})
